const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/** When the first contentful paint reached the screen, if it has yet; null before it. */
export function firstContentfulPaint(): number | null {
  return (
    performance.getEntriesByType?.('paint').find((entry) => entry.name === FIRST_CONTENTFUL_PAINT)
      ?.startTime ?? null
  );
}

/**
 * When the document's first contentful paint reached the screen, on the `performance.now()` clock
 * (on a first visit, the frame with the splash): resolves once it has happened, which may be after
 * the splash's animation began (a cold browser, a tab opened in the background). Null where the
 * browser does not time paints.
 */
export function documentPainted(): Promise<number | null> {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  )
    return Promise.resolve(null);
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const painted = list.getEntries().find((entry) => entry.name === FIRST_CONTENTFUL_PAINT);
      if (!painted) return;
      observer.disconnect();
      resolve(painted.startTime);
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
