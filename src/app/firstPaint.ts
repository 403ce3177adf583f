import { createContext, useContext } from 'react';
import { firstContentfulPaint } from '@/lib/documentPainted';

/**
 * What the document painted before the app's script ran (index.html's first frame), read once
 * before the app replaces it, so that the app carries on from it instead of starting over.
 */
export interface FirstPaint {
  /**
   * When the intro's splash began to show, on the `performance.now()` clock (its animation's
   * start): the splash's 4 s (SPEC §9) and the typed letters after it count from there. Null
   * when the document showed no splash.
   */
  splashShownAt: number | null;
  /**
   * The shared item the server named in the preloader (`/video/{id}`, `/gallery/{id}`; see
   * server/app/firstPaintPage.ts), shown until the globe opens it, with the picture it showed
   * above the title (null: none); or a shared story's stop (`/story/{id}/{n}`), its `id` then
   * `story:{id}/{n}`. Null on a static host, which cannot know titles, and for any other page.
   */
  item: { id: string; title: string; picture: string | null } | null;
  /**
   * Whether the visitor has pressed the document's Skip (index.html's script then records the
   * intro as seen, as the app's Skip does, and shows the preloader): the app goes there too, also
   * where storage is blocked. Read live, not once: the document's splash, and its Skip, stay on
   * the screen until the app's first commit replaces them, so a press while the app renders
   * (a transition, in slices) counts as well.
   */
  introSkipped: () => boolean;
}

/** Nothing painted before the app: the app starts its own clocks. */
export const NO_FIRST_PAINT: FirstPaint = {
  splashShownAt: null,
  item: null,
  introSkipped: () => false,
};

/** The document's first frame as it is now (call before the app renders over it). */
export function readFirstPaint(doc: Document): FirstPaint {
  // The splash is the logo's inline drawing (an <svg>).
  const splash = doc.querySelector('#root [data-first-paint="intro"] .intro__splash');
  const item = doc.querySelector<HTMLElement>(
    '#root [data-first-paint="loading"] .preloader__item',
  );
  const story = item?.dataset.story;
  const id = story === undefined ? item?.dataset.item : `story:${story}`;
  const picture = doc
    .querySelector('#root [data-first-paint="loading"] .preloader__picture')
    ?.getAttribute('src');
  return {
    splashShownAt: splash ? splashStart(splash) : null,
    item: item && id ? { id, title: item.textContent ?? '', picture: picture ?? null } : null,
    introSkipped: () => doc.documentElement.hasAttribute('data-intro-skipped'),
  };
}

/**
 * When the splash began to show: its animation's start; without one (reduced motion keeps it
 * still), the first contentful paint, which it was part of; before either (the frame is not
 * painted yet, a tab in the background), now.
 */
function splashStart(splash: Element): number {
  const started = splash.getAnimations?.()[0]?.startTime;
  if (typeof started === 'number') return started;
  return firstContentfulPaint() ?? performance.now();
}

/** The first frame, for the home route (main.tsx provides it; without a provider, none). */
export const FirstPaintContext = createContext<FirstPaint>(NO_FIRST_PAINT);

export function useFirstPaint(): FirstPaint {
  return useContext(FirstPaintContext);
}
