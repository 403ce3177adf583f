import { useMemo, useState, useSyncExternalStore } from 'react';

/** The globe's last progress report; `cards: -1` before the first. */
export interface GlobeProgress {
  percent: number;
  cards: number;
}

/** The globe's progress reports, kept where only what reads them hears of each one. */
export interface ProgressSource {
  readonly get: () => GlobeProgress;
  readonly set: (progress: GlobeProgress) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createProgressSource(): ProgressSource {
  let current: GlobeProgress = { percent: 0, cards: -1 };
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (progress) => {
      if (progress.percent === current.percent && progress.cards === current.cards) return;
      current = progress;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The globe's progress for the home route (issue 48). The engine reports it a dozen times while
 * the first view's pictures arrive; drawing the whole home screen again for each report (its
 * tools, its list, an open item) was a tenth of the start's script on a phone. The route hears
 * only what its phases read, how many cards the globe holds and whether its first view is
 * complete; the preloader's bar reads each percent from the source itself (`useProgressPercent`).
 */
export function useGlobeProgress(): { source: ProgressSource; progress: GlobeProgress } {
  const [source] = useState(createProgressSource);
  const cards = useSyncExternalStore(source.subscribe, () => source.get().cards);
  const complete = useSyncExternalStore(source.subscribe, () => source.get().percent >= 100);
  const progress = useMemo(() => ({ percent: complete ? 100 : 0, cards }), [cards, complete]);
  return { source, progress };
}

/** Each percent the globe reports, for the one element that shows it. */
export function useProgressPercent(source: ProgressSource): number {
  return useSyncExternalStore(source.subscribe, () => source.get().percent);
}
