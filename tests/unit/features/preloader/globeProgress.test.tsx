// @vitest-environment jsdom
/**
 * The globe's progress (src/features/preloader/globeProgress.ts): the route hears only what its
 * phases read (the cards the globe holds, and whether its first view is complete), the preloader
 * each percent.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createProgressSource,
  useGlobeProgress,
  useProgressPercent,
} from '@/features/preloader/globeProgress';

describe('createProgressSource', () => {
  it('tells its listeners of a new report only, until they leave', () => {
    const source = createProgressSource();
    expect(source.get()).toEqual({ percent: 0, cards: -1 });
    let heard = 0;
    const stop = source.subscribe(() => heard++);
    source.set({ percent: 10, cards: 40 });
    source.set({ percent: 10, cards: 40 });
    expect(heard).toBe(1);
    stop();
    source.set({ percent: 20, cards: 40 });
    expect(heard).toBe(1);
    expect(source.get()).toEqual({ percent: 20, cards: 40 });
  });
});

describe('useGlobeProgress', () => {
  it('draws the route again for the cards and the first view complete, not for each percent', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useGlobeProgress();
    });
    const { source } = result.current;
    expect(result.current.progress).toEqual({ percent: 0, cards: -1 });
    act(() => source.set({ percent: 5, cards: 40 }));
    expect(result.current.progress).toEqual({ percent: 0, cards: 40 });
    const before = renders;
    act(() => {
      for (let percent = 10; percent < 100; percent += 10) source.set({ percent, cards: 40 });
    });
    expect(renders).toBe(before);
    act(() => source.set({ percent: 100, cards: 40 }));
    expect(result.current.progress).toEqual({ percent: 100, cards: 40 });
    expect(result.current.source).toBe(source);
  });

  it('hears a report made before it subscribed', () => {
    const { result } = renderHook(() => {
      const progress = useGlobeProgress();
      // A report between the first render and its effect (the globe is quick).
      if (progress.progress.cards === -1) progress.source.set({ percent: 100, cards: 3 });
      return progress;
    });
    expect(result.current.progress).toEqual({ percent: 100, cards: 3 });
  });
});

describe('useProgressPercent', () => {
  it('follows each percent', () => {
    const source = createProgressSource();
    const { result } = renderHook(() => useProgressPercent(source));
    expect(result.current).toBe(0);
    act(() => source.set({ percent: 42, cards: 40 }));
    expect(result.current).toBe(42);
  });
});
