import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { SITE_NAME, SITE_TITLE } from '@/lib/constants';

/** Route data: the page's name for the tab title. */
export interface RouteHandle {
  title?: string;
}

/** Names the tab after the deepest route that has a title ("Statement · Globe Archive"). */
export function DocumentTitle() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_TITLE;
  }, [title]);
  return null;
}
