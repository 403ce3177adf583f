import { useEffect, useState, useSyncExternalStore } from 'react';

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
  // Heard as a state update, not through useSyncExternalStore, whose updates React renders at
  // once, inside the task of the worker's message: the route's render keeps a task of its own.
  const [first] = useState(() => coarse(source.get()));
  const [progress, setProgress] = useState(first);
  useEffect(() => {
    // Compared here, not in an updater: an update that changes nothing still draws once.
    let shown = first;
    const heard = () => {
      const next = coarse(source.get());
      if (next.cards === shown.cards && next.percent === shown.percent) return;
      shown = next;
      setProgress(next);
    };
    const stop = source.subscribe(heard);
    // A report between the first render and this effect.
    heard();
    return stop;
  }, [source, first]);
  return { source, progress };
}

/** What the route reads of a report: the cards the globe holds, and 100 once it is complete. */
function coarse({ cards, percent }: GlobeProgress): GlobeProgress {
  return { cards, percent: percent >= 100 ? 100 : 0 };
}

/** Each percent the globe reports, for the one element that shows it. */
export function useProgressPercent(source: ProgressSource): number {
  return useSyncExternalStore(source.subscribe, () => source.get().percent);
}
