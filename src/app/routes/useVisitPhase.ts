import { useCallback, useEffect, useLayoutEffect, useReducer, useState } from 'react';
import { hasSeenIntro, onIntroForgotten, rememberIntroSeen } from '@/features/intro/introStorage';
import { FIRST_VIEW_WAIT_MS, LOADED_MESSAGE_MS } from '@/lib/constants';

/** SPEC §4: intro (first visit) → loading (progress) → "Done" (500 ms) → the globe is shown. */
export type VisitPhase = 'intro' | 'loading' | 'done' | 'shown';

/** The visit as a state machine (the Redux style guide's enum, not a handful of booleans). */
export interface VisitState {
  phase: VisitPhase;
  /**
   * Everything the first view needs is here (see `firstViewLoaded`). Kept beside the phase
   * because the intro may come first: Continue then goes straight to "Done".
   */
  loaded: boolean;
  /**
   * FIRST_VIEW_WAIT_MS have passed since the globe took the whole archive: slow pictures stop
   * counting.
   */
  waited: boolean;
  /** The globe has been shown: it stays shown, also under an intro replayed over it. */
  shownOnce: boolean;
}

/** What happens to a visit, in the past tense (house rule 5). */
export type VisitEvent =
  /** The visitor pressed Continue or Skip on the intro. */
  | { type: 'introContinued' }
  /** "Replay intro" forgot that the intro was seen: it plays again, over whatever was showing. */
  | { type: 'introReplayed' }
  /** The first view's loading came to an end, or (rarely) stopped being complete. */
  | { type: 'loadingSettled'; loaded: boolean }
  /** FIRST_VIEW_WAIT_MS passed after the globe took the whole archive. */
  | { type: 'firstViewWaitElapsed' }
  /** "Done" has shown for LOADED_MESSAGE_MS. */
  | { type: 'loadedMessageElapsed' };

/** Where a visit starts: the intro on a first visit, else straight into loading. */
export function initialVisitState(introSeen: boolean): VisitState {
  return { phase: introSeen ? 'loading' : 'intro', loaded: false, waited: false, shownOnce: false };
}

/** The phase the visit is in when no intro covers it. */
function phaseBehindIntro(state: VisitState): VisitPhase {
  if (state.shownOnce) return 'shown';
  return state.loaded ? 'done' : 'loading';
}

/**
 * Every transition of the visit. The intro comes first, also when replayed over a globe already
 * shown; "Done" comes only when loading is over and no intro covers it; once shown, the globe
 * stays shown whatever loading reports after.
 */
export function visitReducer(state: VisitState, event: VisitEvent): VisitState {
  switch (event.type) {
    case 'introContinued':
      return state.phase === 'intro' ? { ...state, phase: phaseBehindIntro(state) } : state;
    case 'introReplayed':
      return state.phase === 'intro' ? state : { ...state, phase: 'intro' };
    case 'loadingSettled': {
      if (state.loaded === event.loaded) return state;
      const next = { ...state, loaded: event.loaded };
      return state.phase === 'loading' || state.phase === 'done'
        ? { ...next, phase: phaseBehindIntro(next) }
        : next;
    }
    case 'firstViewWaitElapsed':
      return state.waited ? state : { ...state, waited: true };
    case 'loadedMessageElapsed':
      return state.phase === 'done' ? { ...state, phase: 'shown', shownOnce: true } : state;
  }
}

/** What the page knows about loading, from the store and from the globe's reports. */
export interface LoadingReport {
  /** The archive's data arrived (nodes status `loaded`). */
  dataLoaded: boolean;
  /** How many nodes the archive holds. */
  nodeCount: number;
  /** The globe's last progress report; `cards: -1` before the first. */
  progress: { percent: number; cards: number };
  /** The globe could not start: loading ends with the data. */
  globeUnavailable: boolean;
}

/**
 * The globe holds the whole archive: its progress from here on is the first view's loading. The
 * globe may take it well after the data came (its engine starts in a worker, in parallel with the
 * data's fetch), and its bar only counts from here.
 */
function globeHoldsArchive(report: LoadingReport): boolean {
  return report.dataLoaded && report.progress.cards === report.nodeCount;
}

/**
 * Loading ends when the archive is here and the globe has it, with the first view's images (the
 * map and the faces nearest the centre) or FIRST_VIEW_WAIT_MS after the globe took the archive,
 * whichever comes first: a slow or blocked image host never keeps the globe hidden, and an engine
 * that starts late still shows its bar rise. With no globe, loading ends with the data.
 */
export function firstViewLoaded(report: LoadingReport, waited: boolean): boolean {
  if (!report.dataLoaded) return false;
  if (report.globeUnavailable) return true;
  return globeHoldsArchive(report) && (report.progress.percent >= 100 || waited);
}

/**
 * The visit's phases (SPEC §2 home screen flow, §4 loading): owns the intro's Continue and
 * Replay, the FIRST_VIEW_WAIT_MS bound after the globe took the archive and the
 * LOADED_MESSAGE_MS of "Done", so that the route only reads the phase. The intro is skipped when
 * already seen, with `?skipIntro=true` (`skipIntro`), or when the visitor pressed the document's
 * own Skip before the app's first commit replaced its splash (`skippedByDocument`, read live).
 */
export function useVisitPhase(
  report: LoadingReport,
  {
    skipIntro,
    skippedByDocument = () => false,
  }: { skipIntro: boolean; skippedByDocument?: () => boolean },
) {
  const [state, dispatch] = useReducer(visitReducer, skipIntro, (skip) =>
    initialVisitState(skip || skippedByDocument() || hasSeenIntro()),
  );
  // The app renders in slices (main.tsx's transition) while the document's splash, and its Skip,
  // stay on the screen: a press between this render and its commit counts too. Heard at the
  // first commit only, before the intro paints (the reader kept from the first render, so that a
  // new one later cannot skip a replayed intro); after it the app's own Skip answers.
  const [skippedAtFirstCommit] = useState(() => skippedByDocument);
  useLayoutEffect(() => {
    if (skippedAtFirstCommit()) dispatch({ type: 'introContinued' });
  }, [skippedAtFirstCommit]);

  // Loading's end is derived from the store and the globe's reports; the machine hears of it in
  // the same render (React's "adjust state while rendering"), so "Done" is never a frame late.
  const loaded = firstViewLoaded(report, state.waited);
  if (loaded !== state.loaded) dispatch({ type: 'loadingSettled', loaded });

  // The clock for slow pictures starts once, when the globe first holds the archive (later
  // changes to the archive do not start it again).
  const holds = globeHoldsArchive(report);
  const [holdsOnce, setHoldsOnce] = useState(false);
  if (holds && !holdsOnce) setHoldsOnce(true);
  useEffect(() => {
    if (!holdsOnce) return;
    const timer = setTimeout(() => dispatch({ type: 'firstViewWaitElapsed' }), FIRST_VIEW_WAIT_MS);
    return () => clearTimeout(timer);
  }, [holdsOnce]);

  const { phase } = state;
  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => dispatch({ type: 'loadedMessageElapsed' }), LOADED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // "Replay intro" (on /statement) forgets that it was seen: it plays again on the globe.
  useEffect(() => onIntroForgotten(() => dispatch({ type: 'introReplayed' })), []);

  const continueFromIntro = useCallback(() => {
    rememberIntroSeen();
    dispatch({ type: 'introContinued' });
  }, []);

  /** The intro played over what shows (offered beside a shared link's view). */
  const playIntro = useCallback(() => dispatch({ type: 'introReplayed' }), []);

  // The preloader's bar counts the globe's progress once it holds the whole archive, not before.
  return { phase, barCounts: holds, continueFromIntro, playIntro };
}
