import { useDeferredValue, useMemo } from 'react';
import type { ArchiveFilter } from '@/lib/filter';

/**
 * The filter as the timeline counts by it: a search's answer follows at low priority (the matches
 * under the box, the globe and the list come first), and the same object while the category, the
 * media, the range and that answer are the same, so that the words alone changing (written to
 * the address as they are typed) leave the timeline as it is.
 */
export function useTimelineFilter(filter: ArchiveFilter): ArchiveFilter {
  const ids = useDeferredValue(filter.ids ?? null);
  const { category, type } = filter;
  // The range is a new object with every change of the filter: the same by its instants.
  const from = filter.range?.from ?? null;
  const until = filter.range?.until ?? null;
  const chosen = filter.range != null;
  return useMemo(
    () => ({ category, type, range: chosen ? { from, until } : null, ids }),
    [category, type, chosen, from, until, ids],
  );
}
