/**
 * The visit's phases as a pure state machine (SPEC §4 loading; issue 28, item 2): every event
 * from every phase it can meet, and the rule that ends loading.
 */
import { describe, expect, it } from 'vitest';
import {
  firstViewLoaded,
  initialVisitState,
  visitReducer,
  type LoadingReport,
  type VisitEvent,
  type VisitState,
} from '@/app/routes/useVisitPhase';

const state = (overrides: Partial<VisitState>): VisitState => ({
  ...initialVisitState(true),
  ...overrides,
});
const run = (from: VisitState, ...events: VisitEvent[]) => events.reduce(visitReducer, from);

describe('where a visit starts', () => {
  it('plays the intro on a first visit, and loads straight away once it was seen', () => {
    expect(initialVisitState(false)).toEqual({
      phase: 'intro',
      loaded: false,
      waited: false,
      shownOnce: false,
    });
    expect(initialVisitState(true).phase).toBe('loading');
  });
});

describe('the intro', () => {
  it('continues into loading while the first view is still loading', () => {
    expect(run(state({ phase: 'intro' }), { type: 'introContinued' }).phase).toBe('loading');
  });

  it('continues into "Done" when everything loaded behind it', () => {
    const behind = run(state({ phase: 'intro' }), { type: 'loadingSettled', loaded: true });
    expect(behind.phase).toBe('intro');
    expect(run(behind, { type: 'introContinued' }).phase).toBe('done');
  });

  it('replays over a globe already shown, and Continue brings that globe back at once', () => {
    const shown = state({ phase: 'shown', loaded: true, shownOnce: true });
    const replayed = visitReducer(shown, { type: 'introReplayed' });
    expect(replayed).toEqual({ ...shown, phase: 'intro' });
    expect(visitReducer(replayed, { type: 'introContinued' }).phase).toBe('shown');
  });

  it('replays over the preloader too, and "Done" comes again after it', () => {
    const done = state({ phase: 'done', loaded: true });
    const replayed = visitReducer(done, { type: 'introReplayed' });
    expect(replayed.phase).toBe('intro');
    // The message's time does not run under the intro: it shows in full afterwards.
    expect(visitReducer(replayed, { type: 'loadedMessageElapsed' })).toBe(replayed);
    expect(visitReducer(replayed, { type: 'introContinued' }).phase).toBe('done');
  });

  it('ignores Continue outside the intro, and a replay during the intro', () => {
    for (const phase of ['loading', 'done', 'shown'] as const) {
      const from = state({ phase });
      expect(visitReducer(from, { type: 'introContinued' })).toBe(from);
    }
    const intro = state({ phase: 'intro' });
    expect(visitReducer(intro, { type: 'introReplayed' })).toBe(intro);
  });
});

describe('loading', () => {
  it('says "Done" when the first view has loaded, then shows the globe', () => {
    const done = run(state({ phase: 'loading' }), { type: 'loadingSettled', loaded: true });
    expect(done.phase).toBe('done');
    expect(visitReducer(done, { type: 'loadedMessageElapsed' })).toEqual({
      ...done,
      phase: 'shown',
      shownOnce: true,
    });
  });

  it('goes back to loading if loading stops being complete before the globe shows', () => {
    const done = state({ phase: 'done', loaded: true });
    expect(visitReducer(done, { type: 'loadingSettled', loaded: false })).toEqual({
      ...done,
      phase: 'loading',
      loaded: false,
    });
  });

  it('keeps the globe shown whatever loading reports after', () => {
    const shown = state({ phase: 'shown', loaded: true, shownOnce: true });
    const after = visitReducer(shown, { type: 'loadingSettled', loaded: false });
    expect(after.phase).toBe('shown');
    expect(after.loaded).toBe(false);
  });

  it('changes nothing when loading reports what the machine already knows', () => {
    const loading = state({ phase: 'loading' });
    expect(visitReducer(loading, { type: 'loadingSettled', loaded: false })).toBe(loading);
  });

  it('shows the globe only from "Done"', () => {
    for (const phase of ['intro', 'loading', 'shown'] as const) {
      const from = state({ phase });
      expect(visitReducer(from, { type: 'loadedMessageElapsed' })).toBe(from);
    }
  });

  it('remembers once that the first view waited long enough', () => {
    const waited = visitReducer(state({}), { type: 'firstViewWaitElapsed' });
    expect(waited.waited).toBe(true);
    expect(waited.phase).toBe('loading');
    expect(visitReducer(waited, { type: 'firstViewWaitElapsed' })).toBe(waited);
  });
});

describe('when loading has ended', () => {
  const report = (overrides: Partial<LoadingReport>): LoadingReport => ({
    dataLoaded: true,
    nodeCount: 3,
    progress: { percent: 100, cards: 3 },
    globeUnavailable: false,
    ...overrides,
  });

  it('waits for the data, whatever the globe says', () => {
    expect(firstViewLoaded(report({ dataLoaded: false }), true)).toBe(false);
    expect(firstViewLoaded(report({ dataLoaded: false, globeUnavailable: true }), true)).toBe(
      false,
    );
  });

  it('ends with the first view complete on a globe that holds the whole archive', () => {
    expect(firstViewLoaded(report({}), false)).toBe(true);
    expect(firstViewLoaded(report({ progress: { percent: 100, cards: 2 } }), false)).toBe(false);
    expect(firstViewLoaded(report({ progress: { percent: 0, cards: -1 } }), true)).toBe(false);
  });

  it('stops waiting for slow pictures after FIRST_VIEW_WAIT_MS', () => {
    const slow = report({ progress: { percent: 70, cards: 3 } });
    expect(firstViewLoaded(slow, false)).toBe(false);
    expect(firstViewLoaded(slow, true)).toBe(true);
  });

  it('ends with the data when there is no globe', () => {
    expect(
      firstViewLoaded(
        report({ globeUnavailable: true, progress: { percent: 0, cards: -1 } }),
        false,
      ),
    ).toBe(true);
  });
});
