import { useLingui } from '@lingui/react/macro';
import {
  memo,
  Suspense,
  type ComponentProps,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { lazyWithWords } from '@/i18n/catalogs';
import { useNavigate } from 'react-router';
import { useFirstPaint, type FirstPaint } from '@/app/firstPaint';
import { useAppSelector, usePrefersReducedMotion } from '@/app/hooks';
import { useDetailTransition } from '@/app/routes/useDetailTransition';
import { useGlobeProgress } from '@/features/preloader/globeProgress';
import { useHomeParams } from '@/app/routes/useHomeParams';
import { useRouteFilter } from '@/app/routes/useRouteFilter';
import { useSharedArrival, type SharedArrival } from '@/app/routes/useSharedArrival';
import { useTimelineFilter } from '@/app/routes/useTimelineFilter';
import { useVisitPhase } from '@/app/routes/useVisitPhase';
import { AfterFirstPaint } from '@/components/useAfterFirstPaint';
import { RemovalFormContext } from '@/features/detail/askForRemoval';
import { GlobeCanvas, type GlobeHandle } from '@/features/globe/GlobeCanvas';
import { Intro } from '@/features/intro/Intro';
import { IntroOffer } from '@/features/intro/IntroOffer';
import { LoadFailure } from '@/features/nodes/LoadFailure';
import {
  selectCategories,
  selectCategoryColours,
  selectFilter,
  selectMatchingNodes,
  selectNodes,
  selectNodesById,
  selectNodesStatus,
} from '@/features/nodes/nodesSelectors';
import { Preloader } from '@/features/preloader/Preloader';
import { RemovalAsk } from '@/features/submit/RemovalAsk';
import { isMobileUserAgent } from '@/lib/device';
import type { MediaNode } from '@/lib/nodeModel';
import type { StoryStop } from '@/lib/storyModel';
import type { ArchiveFilter } from '@/lib/filter';
import type { GlobeShot } from '@/globe/types';
import type { RouteFilter } from '@/features/filter/filterSlice';
import { filterRoute, spanOfRange } from '@/lib/routes';
import { yieldToBrowser } from '@/lib/steps';
import { letOfflineWorkerStart } from '@/offline/offlineStart';
import './HomeRoute.css';

/** "Ask for removal or correction" on an item's page: its form loads when it is asked for. */
const removalForm = (itemId: string) => <RemovalAsk itemId={itemId} />;
/**
 * What the home screen shows only once the globe is shown: Filters and the search box, the
 * timeline, and an item's detail view (opened after the flight to its card). Their code and their
 * words are not needed before, so they stay out of what loads before the intro (issue 49's
 * budget). They are asked for once the archive is here, while the globe loads its pictures, so
 * that the reveal does not also fetch, compile and evaluate them (the tasks a tap on Filters waits
 * behind, issue 48). The timeline and the list are drawn again for what they show, not for every
 * address the home screen is drawn for (the words written as they are typed).
 */
const toolsModule = () => import('@/features/filter/HomeTools');
const timelineModule = () => import('@/features/filter/Timeline');
const detailModule = () => import('@/features/detail/DetailOverlay');
const HomeTools = lazyWithWords(() =>
  toolsModule().then((module) => ({ default: module.HomeTools })),
);
const DetailOverlay = lazyWithWords(() =>
  detailModule().then((module) => ({ default: module.DetailOverlay })),
);
const Timeline = lazyWithWords(() =>
  timelineModule().then((module) => ({ default: memo(module.Timeline) })),
);
/**
 * Asks for the tools', the timeline's and the detail view's code once the archive is here, each in
 * a task of its own: Vite's loader adds a `<link rel="modulepreload">` for each chunk a module
 * needs, and the three together held a phone's main thread for 76 ms of one task (CPU ÷4, issue
 * 48). The detail view comes first where an item is being opened (a shared link). The browser keeps
 * the modules, so `lazy` finds them loaded at the reveal. A chunk that fails to load is the
 * component's to report when it renders, not an unhandled rejection here.
 */
function useRevealCodeOnData(loaded: boolean, itemFirst: boolean) {
  const order = useRef(itemFirst);
  useEffect(() => {
    if (!loaded) return;
    const loaders = order.current
      ? [detailModule, toolsModule, timelineModule]
      : [toolsModule, timelineModule, detailModule];
    void (async () => {
      for (const load of loaders) {
        await yieldToBrowser();
        load().catch(() => undefined);
      }
    })();
  }, [loaded]);
}
/**
 * The Archive items list: asked for with the home screen's first render, so it comes while the
 * archive does (the list has nothing to show before), and kept out of what loads before the intro
 * (issue 51's budget).
 */
const ItemsList = lazyWithWords(() =>
  import('@/features/nodes/ArchiveItemsList').then((module) => ({
    default: memo(module.ArchiveItemsList),
  })),
);

/** The story player (issue 51): its code and words load when a story is opened. */
const StoryPlayer = lazyWithWords(() => import('@/app/story/StoryPlayer'));

/** The filter a story's stop puts on the globe (none before its stop is known). */
function stopFilter(stop: StoryStop | null): RouteFilter {
  return {
    category: stop?.category ?? null,
    type: stop?.type ?? null,
    q: null,
    from: stop?.from ?? null,
    to: stop?.to ?? null,
  };
}

/**
 * A story on the home screen: the stop its player shows, the filter and the camera's shot it
 * asks for. Outside a story (`story` null) the route drives both as before.
 */
function useStoryStop(story: string | null, globeRef: RefObject<GlobeHandle | null>) {
  const [stop, setStop] = useState<StoryStop | null>(null);
  const currentView = useCallback(
    () => globeRef.current?.currentView() ?? Promise.resolve(null),
    [globeRef],
  );
  const shown = story === null ? null : stop;
  const shot = useMemo<GlobeShot | null>(
    () =>
      shown === null
        ? null
        : {
            view: shown.view,
            card: shown.item === null ? null : { id: shown.item, open: shown.show !== 'point' },
          },
    [shown],
  );
  const player = (storyId: string, stopText: string | null, globeShown: boolean) => ({
    storyId,
    stopText,
    onStop: setStop,
    globeShown,
    currentView,
  });
  return { stop: shown, shot: story === null ? undefined : shot, player };
}

/**
 * The shared item's (or story stop's) title and picture the server painted under the preloader,
 * where this page is theirs: they stay there, and only there, never added later, where they would
 * push the preloader's lines.
 */
function paintedLines(
  painted: FirstPaint['item'],
  id: string | null,
  story: string | null,
  stop: string | null,
): FirstPaint['item'] {
  const shown = story === null ? id : `story:${story}/${stop ?? 1}`;
  return painted?.id === shown ? painted : null;
}

/** Closing an item returns to the globe as filtered when it opened. */
function useCloseDetail(filter: ArchiveFilter) {
  const navigate = useNavigate();
  return useCallback(
    () =>
      void navigate(
        filterRoute(
          filter.category,
          filter.type,
          filter.q ?? null,
          filter.range ? spanOfRange(filter.range) : undefined,
        ),
      ),
    [navigate, filter],
  );
}

/**
 * The timeline, from the task after the frame that reveals the tools: the reveal's commit was one
 * task with both, and a tap on Filters as it showed waited behind the timeline's first drawing.
 */
function LaterTimeline(props: ComponentProps<typeof Timeline>) {
  return (
    <AfterFirstPaint>
      <Suspense fallback={null}>
        <Timeline {...props} />
      </Suspense>
    </AfterFirstPaint>
  );
}

/**
 * The open item's detail view, with the items it links to; its code loads on demand (above) and
 * the removal form in it when it is asked for.
 */
function ShownDetail({
  id,
  nodesById,
  ...view
}: { id: string; nodesById: ReadonlyMap<string, MediaNode> } & Omit<
  ComponentProps<typeof DetailOverlay>,
  'node' | 'related'
>) {
  const node = nodesById.get(id) ?? null;
  const related = (node?.links ?? [])
    .map((link) => nodesById.get(link))
    .filter((n) => n !== undefined);
  return (
    <RemovalFormContext value={removalForm}>
      <Suspense fallback={null}>
        <DetailOverlay node={node} related={related} {...view} />
      </Suspense>
    </RemovalFormContext>
  );
}

/** The intro offered to a visitor who came by a shared link, until it is watched or declined. */
function offerOf(arrival: SharedArrival, playIntro: () => void) {
  if (!arrival.offered) return null;
  const watch = () => {
    arrival.close();
    playIntro();
  };
  return <IntroOffer onWatch={watch} onDismiss={arrival.close} />;
}

/**
 * The Archive items panel's state. **List** opens it and hides itself; the panel's own **Close
 * list**, at its top beside its heading, closes it (nothing floats over its last item). Focus goes
 * to the list when it opens and back to **List** when it closes, so a keyboard or a screen reader
 * follows the panel.
 */
function useListPanel() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef<'list' | 'opener' | null>(null);
  useEffect(() => {
    const to = moveFocus.current;
    moveFocus.current = null;
    if (to === 'list') document.getElementById('archive-items')?.focus({ preventScroll: true });
    else if (to === 'opener') openerRef.current?.focus();
  }, [open]);
  const show = useCallback(() => {
    moveFocus.current = 'list';
    setOpen(true);
  }, []);
  // There while the panel is open (a keyboard that slid it in through the skip link has List),
  // and the same element from render to render, so that the list is not drawn again for it.
  const closer = useMemo(
    () =>
      open && (
        <button
          type="button"
          className="archive-panel__close"
          aria-controls="archive-panel"
          onClick={() => {
            moveFocus.current = 'opener';
            setOpen(false);
          }}
        >
          {t({
            message: 'Close list',
            comment: 'Closes the panel of the Archive items list (over the globe)',
          })}
        </button>
      ),
    [open, t],
  );
  return { listOpen: open, showList: show, listCloser: closer, listOpenerRef: openerRef };
}

/** The home screen's own words, in the active language. */
function useHomeWords() {
  const { t } = useLingui();
  return {
    heading: t({
      message: 'Globe Archive: community media of the St. Louis tornado of 16 May 2025',
      comment:
        'The home screen\'s heading, for screen readers. "Globe Archive" is the name of the site',
    }),
    globeProblem: t({
      message:
        'The 3D globe cannot start in this browser. Every item is in the Archive items list.',
      comment: '"Archive items" is the heading of the list',
    }),
    list: t({
      message: 'List',
      comment: 'A button over the globe that opens the Archive items list (a noun)',
    }),
  };
}

/**
 * The home routes (`/`, `/video/:id`, `/gallery/:id`, `/category/:category`): one element for all
 * of them, so moving between items never remounts the globe. The route drives the filter; this
 * component composes the visitor's journey around the globe from hooks that own its clocks: the
 * visit's phases (`useVisitPhase`) and the detail transition (`useDetailTransition`), which waits
 * for the flights the engine reports. It keeps no timer of its own.
 *
 * While `active` is false (the visitor is on another page of the main layout) it stays mounted but
 * hidden and inert, keeping the globe, its camera and its filter exactly as they were: coming back
 * is instant, and /env can read the running globe's figures.
 */
export function HomeRoute({ active = true }: { active?: boolean }) {
  const words = useHomeWords();
  const { category, id, type, q, from, to, skipIntro, story, stop } = useHomeParams(active);
  const inStory = story !== null;
  const globeRef = useRef<GlobeHandle>(null);
  const storyStop = useStoryStop(story, globeRef);
  useRouteFilter(active, inStory ? stopFilter(storyStop.stop) : { category, type, q, from, to });
  const { source: progressSource, progress } = useGlobeProgress();
  const [globeProblem, setGlobeProblem] = useState<string | null>(null);
  const { listOpen, showList, listCloser, listOpenerRef } = useListPanel();
  const status = useAppSelector(selectNodesStatus);
  const nodes = useAppSelector(selectNodes);
  const nodeCount = nodes.length;
  const categories = useAppSelector(selectCategories);
  const nodesById = useAppSelector(selectNodesById);
  const colours = useAppSelector(selectCategoryColours);
  const filter = useAppSelector(selectFilter);
  const timelineFilter = useTimelineFilter(filter);
  const matchingCount = useAppSelector(selectMatchingNodes).length;
  useRevealCodeOnData(status === 'loaded', id !== null);
  // One reading of reduced motion for the page, its hooks and the engine.
  const reducedMotion = usePrefersReducedMotion();
  const [mobile] = useState(() => isMobileUserAgent(navigator.userAgent));
  const firstPaint = useFirstPaint();

  // A first-time visitor who came by a shared link sees what it shares at once, the intro
  // offered beside it (issue 47); the intro plays first only on the plain home screen.
  const sharedArrival = useSharedArrival();
  const { phase, barCounts, continueFromIntro, playIntro } = useVisitPhase(
    {
      dataLoaded: status === 'loaded',
      nodeCount,
      progress,
      globeUnavailable: globeProblem !== null,
    },
    // The document's own Skip, pressed before the app came, counts as the app's.
    { skipIntro: skipIntro || sharedArrival.arrived, skippedByDocument: firstPaint.introSkipped },
  );

  // Beside what the link shared: above the item where one is open, else under the tools.
  const introOffer = offerOf(sharedArrival, playIntro);

  // The service worker's precache waits for the globe (issue 50).
  useEffect(() => {
    if (phase === 'shown') letOfflineWorkerStart();
  }, [phase]);
  const detail = useDetailTransition({
    id,
    ready: phase === 'shown' && status === 'loaded',
    known: id !== null && nodesById.has(id),
    reducedMotion,
    globeUnavailable: globeProblem !== null,
  });
  const closeDetail = useCloseDetail(filter);
  const turnTo = useCallback((nodeId: string | null) => globeRef.current?.turnTo(nodeId), []);
  // The document's splash carries on into the intro it painted; a replayed one starts afresh.
  const [splashShownAt, setSplashShownAt] = useState(firstPaint.splashShownAt);
  if (phase !== 'intro' && splashShownAt !== null) setSplashShownAt(null);
  const done = phase === 'done';
  const sharedItem = paintedLines(firstPaint.item, id, story, stop);

  return (
    <div
      className={`home home--${phase}${active ? '' : ' home--away'}${inStory ? ' home--story' : ''}`}
      inert={!active}
    >
      <h1 className="visually-hidden">{words.heading}</h1>
      <GlobeCanvas
        ref={globeRef}
        selectedId={detail.focusId}
        shot={storyStop.shot}
        visible={phase === 'shown' && active}
        reducedMotion={reducedMotion}
        onArrived={detail.arrived}
        onProgress={progressSource.set}
        onUnavailable={setGlobeProblem}
      />
      {phase === 'intro' && active && (
        <Intro onContinue={continueFromIntro} splashShownAt={splashShownAt} />
      )}
      {phase !== 'intro' && <LoadFailure />}
      {(phase === 'loading' || done) && status !== 'failed' && (
        <Preloader progress={progressSource} counts={barCounts} {...{ done, item: sharedItem }} />
      )}
      {phase === 'shown' && inStory && active && (
        <Suspense fallback={null}>
          <StoryPlayer {...storyStop.player(story, stop, globeProblem === null)} />
        </Suspense>
      )}
      {phase === 'shown' && (
        <>
          <img className="corner-logo" src="/TPR-Logo.svg" alt="" width="56" height="56" />
          <div className="home-tools" hidden={inStory}>
            <Suspense fallback={null}>
              <HomeTools
                categories={categories}
                matching={matchingCount}
                total={nodeCount}
                nodesById={nodesById}
                filter={filter}
              />
            </Suspense>
            {detail.shownId === null && introOffer}
          </div>
          {status === 'loaded' && <LaterTimeline nodes={nodes} filter={timelineFilter} />}
        </>
      )}
      {detail.shownId !== null && active && (
        <ShownDetail
          key={detail.shownId}
          id={detail.shownId}
          nodesById={nodesById}
          colours={colours}
          shown={detail.overlayIn}
          mobile={mobile}
          onClose={closeDetail}
          onFadedOut={detail.onFadedOut}
          above={phase === 'shown' ? introOffer : null}
        />
      )}
      {globeProblem !== null && (
        <p className="globe-problem" role="status">
          {words.globeProblem}
        </p>
      )}
      {phase === 'shown' && globeProblem === null && !inStory && (
        <button
          ref={listOpenerRef}
          type="button"
          className="list-toggle"
          aria-expanded={listOpen}
          aria-controls="archive-panel"
          hidden={listOpen}
          onClick={showList}
        >
          {words.list}
        </button>
      )}
      <div
        id="archive-panel"
        className={`archive-panel${listOpen || (globeProblem !== null && !inStory) ? ' archive-panel--open' : ''}`}
      >
        <Suspense fallback={null}>
          <ItemsList onItemFocus={turnTo} headerAction={globeProblem === null && listCloser} />
        </Suspense>
      </div>
    </div>
  );
}
