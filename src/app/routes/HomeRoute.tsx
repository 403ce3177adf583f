import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { FilterTray } from '@/features/filter/FilterTray';
import { routeChanged } from '@/features/filter/filterSlice';
import { GlobeCanvas, type GlobeHandle } from '@/features/globe/GlobeCanvas';
import { Intro } from '@/features/intro/Intro';
import { hasSeenIntro, rememberIntroSeen } from '@/features/intro/introStorage';
import { ArchiveItemsList } from '@/features/nodes/ArchiveItemsList';
import { LoadFailure } from '@/features/nodes/LoadFailure';
import { selectCategories, selectNodes, selectNodesStatus } from '@/features/nodes/nodesSelectors';
import { loadNodes } from '@/features/nodes/nodesSlice';
import { Preloader } from '@/features/preloader/Preloader';
import { LOADED_MESSAGE_MS } from '@/lib/constants';

/** SPEC §4: intro (first visit) → loading (progress) → "Done" (500 ms) → the globe is shown. */
type Phase = 'intro' | 'loading' | 'done' | 'shown';

/**
 * The home routes (`/`, `/video/:id`, `/gallery/:id`, `/category/:category`): one element for all
 * of them, so moving between items never remounts the globe. The route drives the filter; this
 * component composes the visitor's journey around the globe.
 */
export function HomeRoute() {
  const dispatch = useAppDispatch();
  const { category = null, id = null } = useParams();
  const [search] = useSearchParams();
  const type = search.get('type');
  const [introDone, setIntroDone] = useState(
    () => search.get('skipIntro') === 'true' || hasSeenIntro(),
  );
  const [shown, setShown] = useState(false);
  const [progress, setProgress] = useState({ percent: 0, cards: -1 });
  const [globeProblem, setGlobeProblem] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const status = useAppSelector(selectNodesStatus);
  const nodeCount = useAppSelector(selectNodes).length;
  const categories = useAppSelector(selectCategories);
  const globeRef = useRef<GlobeHandle>(null);

  useLayoutEffect(() => {
    dispatch(routeChanged({ category, type }));
  }, [dispatch, category, type]);

  useEffect(() => {
    void dispatch(loadNodes());
  }, [dispatch]);

  // Loading ends when the archive is here and every card face is drawn (or there is no globe);
  // "Done" shows for 500 ms, then the globe. Once shown it stays shown.
  const everythingLoaded =
    status === 'loaded' &&
    (globeProblem !== null || (progress.cards === nodeCount && progress.percent >= 100));
  const phase: Phase = shown
    ? 'shown'
    : !introDone
      ? 'intro'
      : everythingLoaded
        ? 'done'
        : 'loading';
  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => setShown(true), LOADED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const continueFromIntro = useCallback(() => {
    rememberIntroSeen();
    setIntroDone(true);
  }, []);
  const turnTo = useCallback((nodeId: string) => globeRef.current?.turnTo(nodeId), []);

  return (
    <div className={`home home--${phase}`}>
      <h1 className="visually-hidden">
        Globe Archive: community media of the St. Louis tornado of 16 May 2025
      </h1>
      <GlobeCanvas
        ref={globeRef}
        selectedId={id}
        visible={phase === 'shown'}
        onProgress={setProgress}
        onUnavailable={setGlobeProblem}
      />
      {phase === 'intro' && <Intro onContinue={continueFromIntro} />}
      {phase !== 'intro' && <LoadFailure />}
      {(phase === 'loading' || phase === 'done') && status !== 'failed' && (
        <Preloader
          percent={progress.cards === nodeCount ? progress.percent : 0}
          done={phase === 'done'}
        />
      )}
      {phase === 'shown' && (
        <>
          <img className="corner-logo" src="/TPR-Logo.svg" alt="" width="56" height="56" />
          <FilterTray categories={categories} />
        </>
      )}
      {globeProblem !== null && (
        <p className="globe-problem" role="status">
          The 3D globe cannot start in this browser. Every item is in the Archive items list.
        </p>
      )}
      {phase === 'shown' && globeProblem === null && (
        <button
          type="button"
          className="list-toggle"
          aria-expanded={listOpen}
          aria-controls="archive-panel"
          onClick={() => setListOpen((open) => !open)}
        >
          {listOpen ? 'Close list' : 'List'}
        </button>
      )}
      <div
        id="archive-panel"
        className={`archive-panel${listOpen || globeProblem !== null ? ' archive-panel--open' : ''}`}
      >
        <ArchiveItemsList onItemFocus={turnTo} />
      </div>
    </div>
  );
}
