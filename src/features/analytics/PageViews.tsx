import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAnalytics } from '@/app/hooks';

/**
 * SPEC §7: a page view with the path on each route change. Rendered after the tab title is set, so
 * the view carries the page's title; the same path twice in a row (StrictMode's second effect, a
 * link to the page already open) counts once.
 */
export function PageViews() {
  const analytics = useAnalytics();
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === path) return;
    last.current = path;
    analytics.pageView(path, document.title);
  }, [analytics, path]);
  return null;
}
