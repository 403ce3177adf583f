import { useLingui } from '@lingui/react/macro';
import {
  memo,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { useNavigate } from 'react-router';
import { useAnalytics, useAppSelector } from '@/app/hooks';
import { selectFilter, selectGlobeInput, selectNodesById } from '@/features/nodes/nodesSelectors';
import { globeWordsOf } from '@/globe/globeWords';
import { GLOBE_WORKER_FAILED, type Globe, type GlobeShot, type GlobeView } from '@/globe/types';
import type { GlobeWords } from '@/globe/globeWords';
import { CLICK } from '@/lib/analytics';
import { isMobileUserAgent } from '@/lib/device';
import { nodeRoute } from '@/lib/nodeModel';
import { itemInFilterRoute } from '@/lib/routes';
import './GlobeCanvas.css';

/** What the page may ask of the globe besides what the store and the route say. */
export interface GlobeHandle {
  /**
   * Turns the globe to a card (keyboard and screen-reader browsing of the list), or lets it go
   * with `null` (focus left the list).
   */
  turnTo(id: string | null): void;
  /** Where the camera looks now (an editor's "Use this view"); null while there is no globe. */
  currentView(): Promise<GlobeView | null>;
}

interface Props {
  /** The item the camera looks at (the route's, while open or fading out); `null` flies it back. */
  selectedId: string | null;
  /**
   * A story's stop (issue 51): while given, it drives the camera instead of `selectedId`, flying
   * to its view or card each time it changes; `null` in a story whose stop is not known yet.
   */
  shot?: GlobeShot | null;
  /** On screen (after the intro and the preloader): cards reveal and the map fades in. */
  visible: boolean;
  /**
   * prefers-reduced-motion as the page reads it (one reading for the page and the engine): the
   * engine starts with it and is told when it changes.
   */
  reducedMotion: boolean;
  /**
   * The camera's flight to `selectedId` has ended, as the engine reports it (`focus()` resolved):
   * the detail overlay fades in then. Without a globe (`onUnavailable`) there is none to report.
   */
  onArrived?: (id: string) => void;
  /** Card faces loaded, 0-100, of how many cards. */
  onProgress?: (progress: { percent: number; cards: number }) => void;
  /** The globe could not start (no WebGL, say): the page carries on without it. */
  onUnavailable?: (reason: string) => void;
  ref?: Ref<GlobeHandle>;
}

/**
 * The globe's callouts and badges in the visitor's language (issue 49): its messages from the
 * active catalog, made again when the language changes (the i18n object stays the same).
 */
function useGlobeWords(): GlobeWords {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(
    () => globeWordsOf({ locale, locales: i18n.locales, messages: i18n.messages }),
    [i18n, locale],
  );
}

/**
 * The route's id drives the camera: fly to the card once it exists, back when the id clears. The
 * arrival is the engine's to report; a flight cut short by the next one (or by this effect running
 * again) resolves too, and is not an arrival. In a story the stop drives it instead, and leaving
 * the story leaves the camera where the stop put it: only an item that was open flies back when
 * its id clears.
 */
function useRouteFocus(
  globe: Globe | null,
  {
    visible,
    selectedId,
    inStory,
    nodesById,
    onArrived,
  }: {
    visible: boolean;
    selectedId: string | null;
    inStory: boolean;
    nodesById: ReadonlyMap<string, unknown>;
    onArrived: { current: { onArrived?: (id: string) => void } };
  },
) {
  const selectedExists = selectedId !== null && nodesById.has(selectedId);
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!globe || !visible || inStory) return;
    if (selectedId === null) {
      if (focused.current !== null) void globe.focus(null);
      focused.current = null;
      return;
    }
    if (!selectedExists) return;
    let current = true;
    focused.current = selectedId;
    void globe.focus(selectedId).then(() => {
      if (current) onArrived.current.onArrived?.(selectedId);
    });
    return () => {
      current = false;
    };
  }, [globe, visible, selectedId, selectedExists, inStory, onArrived]);
}

/**
 * A story stop's shot, shown each time it changes (its card once the globe has it): the camera
 * flies there in the engine's own flight. The same shot again (a re-render) flies nowhere.
 */
function useStoryShot(
  globe: Globe | null,
  visible: boolean,
  shot: GlobeShot | null,
  nodesById: ReadonlyMap<string, unknown>,
) {
  const cardKnown = shot?.card ? nodesById.has(shot.card.id) : true;
  const key = shot === null ? null : JSON.stringify(shot);
  useEffect(() => {
    if (!globe || !visible || key === null || !cardKnown) return;
    void globe.showView(JSON.parse(key) as GlobeShot);
  }, [globe, visible, key, cardKnown]);
}

/**
 * The bridge between React and the framework-free globe (ARCHITECTURE §1): creates the engine
 * (loaded as its own chunk, so the page paints before Babylon arrives), pushes the store's globe
 * input on change, turns engine events into navigation, and disposes it on unmount.
 */
export const GlobeCanvas = memo(function GlobeCanvas({
  selectedId,
  shot,
  visible,
  reducedMotion,
  onArrived,
  onProgress,
  onUnavailable,
  ref,
}: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [globe, setGlobe] = useState<Globe | null>(null);
  /**
   * After a worker could not draw on the canvas it was handed, the globe starts again on a fresh
   * canvas, on the page's own thread.
   */
  const [inWorker, setInWorker] = useState(true);
  const { t } = useLingui();
  const words = useGlobeWords();
  /** What the globe's callout says about the card the list turned to, for screen readers. */
  const [announced, setAnnounced] = useState('');
  const input = useAppSelector(selectGlobeInput);
  const nodesById = useAppSelector(selectNodesById);
  const filter = useAppSelector(selectFilter);
  const navigate = useNavigate();
  const analytics = useAnalytics();
  // What the engine's callbacks read when they fire: always this render's values.
  const now = { nodesById, filter, reducedMotion, onArrived, onProgress, onUnavailable, analytics };
  const latest = useRef(now);
  // Kept current after each commit: the engine calls back only after one.
  useLayoutEffect(() => void (latest.current = now));

  useImperativeHandle(
    ref,
    () => ({
      turnTo: (id) => void globe?.turnTo(id),
      currentView: () => (globe ? globe.currentView() : Promise.resolve(null)),
    }),
    [globe],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let created: Globe | null = null;
    let cancelled = false;
    void import('@/globe/createGlobe')
      .then(({ createGlobe }) => {
        // A mount already undone (StrictMode mounts twice) must not put a second engine on the canvas.
        return cancelled
          ? null
          : createGlobe(canvas, {
              mobile: isMobileUserAgent(navigator.userAgent),
              reducedMotion: latest.current.reducedMotion,
              inWorker,
            });
      })
      .then((instance) => {
        if (!instance) return;
        if (cancelled) {
          instance.dispose();
          return;
        }
        created = instance;
        setGlobe(instance);
      })
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === GLOBE_WORKER_FAILED && !cancelled) {
          console.warn('The globe could not draw in a worker; drawing on the page:', error.message);
          setInWorker(false);
          return;
        }
        console.error('The globe could not start:', error);
        latest.current.onUnavailable?.(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      created?.dispose();
      setGlobe(null);
    };
  }, [inWorker]);

  useEffect(() => {
    if (!globe) return;
    const offPicked = globe.on('cardPicked', ({ id }) => {
      const node = latest.current.nodesById.get(id);
      if (!node) return;
      latest.current.analytics.click(CLICK.card, id);
      // The filter goes along, so that closing the item comes back to the filtered globe.
      void navigate(itemInFilterRoute(nodeRoute(node), latest.current.filter));
    });
    const offProgress = globe.on('progress', (progress) => latest.current.onProgress?.(progress));
    const offAnnounced = globe.on('cardAnnounced', ({ text }) => setAnnounced(text));
    return () => {
      offPicked();
      offProgress();
      offAnnounced();
    };
  }, [globe, navigate]);

  // In the commit itself, before the browser paints: a filter moved by a drag reaches the engine
  // in time for the next frame, not the one after (passive effects wait for a paint).
  useLayoutEffect(() => {
    globe?.update({ ...input, visible, reducedMotion, words });
  }, [globe, input, visible, reducedMotion, words]);

  const inStory = shot !== undefined;
  useRouteFocus(globe, { visible, selectedId, inStory, nodesById, onArrived: latest });
  useStoryShot(globe, visible, shot ?? null, nodesById);

  return (
    <>
      <canvas
        // A fresh element for the page's thread: the first was handed to the worker.
        key={inWorker ? 'worker' : 'page'}
        ref={canvasRef}
        className={`globe-canvas${globe && visible ? ' globe-canvas--shown' : ''}`}
        tabIndex={visible ? 0 : -1}
        role="application"
        aria-roledescription={t({
          message: '3D globe',
          comment: "What screen readers call the globe (the element's role)",
        })}
        aria-label={t({
          message:
            "Globe of the archive's items. Drag to turn it, scroll to zoom, arrow keys to move; the same items are in the Archive items list.",
          comment: 'The globe\'s name for screen readers; "Archive items" is the list\'s heading',
        })}
      />
      <p className="visually-hidden" aria-live="polite" data-testid="globe-announcement">
        {announced === ''
          ? ''
          : t({
              message: `On the globe: ${announced}`,
              comment:
                "Said by screen readers when the list turns the globe to a card: the card's callout (its title and more)",
            })}
      </p>
    </>
  );
});
