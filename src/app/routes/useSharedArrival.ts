import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { hasSeenIntro } from '@/features/intro/introStorage';
import { isSharedView } from '@/lib/routes';

/** How this visit began, and whether the intro is offered beside what the link shared. */
export interface SharedArrival {
  /** It began on a shared link to a view, the intro not seen: the intro did not play first. */
  arrived: boolean;
  /** The intro is offered (until watched or declined). */
  offered: boolean;
  close: () => void;
}

/**
 * Whether this visit began on a shared link to a view of the globe (an item, a category, a
 * search: `isSharedView`) by a visitor who has not seen the intro: the view shows at once, and the
 * intro is offered beside it until it is watched or declined (issue 47). Read once, from the
 * address the home screen first opened at; declining records nothing, so a later first visit to
 * the plain home screen still plays the intro (SPEC §2).
 */
export function useSharedArrival(): SharedArrival {
  const location = useLocation();
  const [arrived] = useState(
    () => isSharedView(location.pathname, location.search) && !hasSeenIntro(),
  );
  const [open, setOpen] = useState(arrived);
  const close = useCallback(() => setOpen(false), []);
  return { arrived, offered: arrived && open, close };
}
