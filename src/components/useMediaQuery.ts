import { useSyncExternalStore } from 'react';

/** The small screens' layout (the stylesheets' `max-width: 600px`): a phone held upright. */
export const NARROW_SCREEN = '(max-width: 600px)';

/**
 * Each media query, asked of the browser once: React reads its answer at every render of every
 * component that uses it, and a new `matchMedia` each time cost a home-screen render at 10,000
 * items about 2 ms. Asked again where the page's `matchMedia` is another (the tests').
 */
let queries: { from: typeof window.matchMedia; asked: Map<string, MediaQueryList> } | null = null;
function mediaQuery(text: string): MediaQueryList {
  if (queries?.from !== window.matchMedia) queries = { from: window.matchMedia, asked: new Map() };
  let query = queries.asked.get(text);
  if (!query) {
    query = window.matchMedia(text);
    queries.asked.set(text, query);
  }
  return query;
}

/** Whether the page matches a media query; follows it as it changes (a phone turned). */
export function useMediaQuery(text: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = mediaQuery(text);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => mediaQuery(text).matches,
    () => false,
  );
}
