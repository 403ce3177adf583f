import { Attention } from '@/globe/attention';
import { anglesFacing } from '@/globe/camera/limits';
import { OrbitCamera } from '@/globe/camera/orbitCamera';
import { calloutContent } from '@/globe/callouts';
import { NodeCards } from '@/globe/cardJoin';
import { cardLocator } from '@/globe/cardsOnScreen';
import { ClusterControl } from '@/globe/clusterControl';
import { createDiagnostics } from '@/globe/diagnostics';
import { createEmitter } from '@/globe/events';
import { latLngToVector, ST_LOUIS } from '@/globe/geo';
import { createGlobeHost } from '@/globe/host';
import { CardFaces } from '@/globe/layers/cardFaces';
import { CardLayer } from '@/globe/layers/cards';
import { ClusterLayer } from '@/globe/layers/clusterLayer';
import { LinkLayer } from '@/globe/layers/links';
import { GlobeOverlay, type CalloutContent } from '@/globe/layers/overlay';
import { defaultMapUrls, SphereLayer } from '@/globe/layers/sphere';
import { LinkPlanner } from '@/globe/linkPlanning';
import { cardAt, PointerInput } from '@/globe/pointerInput';
import { LoadingProgress } from '@/globe/progress';
import { poseKey, screenProjector, viewCameraOf, viewOf } from '@/globe/projection';
import { revealSchedule } from '@/globe/reveal';
import type { GlobeSurface } from '@/globe/surface';
import type { Globe, GlobeDiagnostics, GlobeEvents, GlobeInput, GlobeOptions } from '@/globe/types';
import { ANIMATION_DURATION_MS, NODE_REVEAL_INTERVAL_MS } from '@/lib/constants';
import { isFiltering, sameIds, sameRange, type ArchiveFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';

/** The colour of a card with no category. */
const NO_CATEGORY_COLOUR = '#7cc4ff';
/**
 * Per frame, ms spent uploading card faces: 6 at 60 fps, a share of the frame where frames are
 * slow anyway (a software renderer: uploads would otherwise crawl), more while the globe is
 * hidden (no frame to keep smooth).
 */
const UPLOAD_BUDGET_MS = 6;
const uploadBudgetMs = (shown: boolean, frameMs: number) =>
  shown ? Math.min(100, Math.max(UPLOAD_BUDGET_MS, frameMs * 0.3)) : 12;

/** Where the globe runs: a canvas in the page, or an `OffscreenCanvas` in a worker. */
export interface CanvasPlace {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  /** What the globe hears of the page; default: the canvas element (`pageSurface`). */
  surface?: GlobeSurface;
}

/**
 * Draws the globe on a canvas: the map sphere, the cards, their links and the orbit camera,
 * rendering only when something moves. Framework-free; the page talks to it through the facade
 * and its events (`createGlobe.ts` puts it in a worker where the browser can). This composes the
 * parts: the host (`host.ts`: engine, loop, disposal), the layers (`layers/`), the items' join
 * into cards (`cardJoin.ts`), clusters (`clusterControl.ts`), the pointer (`pointerInput.ts`),
 * and the diagnostics (`diagnostics.ts`), returned beside the facade for the caller to publish.
 */
export function globeOnCanvas(
  place: CanvasPlace,
  options: GlobeOptions,
): {
  globe: Globe;
  diagnostics: GlobeDiagnostics;
  /** Runs after every frame drawn (the worker's mirror follows the frames). */
  afterFrame(listener: () => void): () => void;
} {
  const motion = { reducedMotion: options.reducedMotion };
  const host = createGlobeHost(place.canvas, {
    engine: options.engine,
    surface: place.surface,
    onResized: () => {
      orbit.updateSensitivity();
      overlay.fit(host.cssSize(), host.ratio);
    },
  });
  const canvas = host.surface.element;
  const { engine, scene, clock } = host;
  const home = options.home ?? ST_LOUIS;
  const start = anglesFacing(latLngToVector(home.lat, home.lng, 1));
  const orbit = new OrbitCamera(scene, canvas, start, {
    mobile: options.mobile,
    get reducedMotion() {
      return motion.reducedMotion;
    },
  });
  const mapUrls = options.mapUrl ?? defaultMapUrls(options.mobile);
  const sphere = new SphereLayer(scene, mapUrls, clock, motion);
  const cards = new CardLayer(scene, engine, motion);
  const clusters = new ClusterLayer(cards);
  const overlay = new GlobeOverlay(scene);
  overlay.fit(host.cssSize(), host.ratio);
  const related = new LinkLayer(scene, 'related-links', motion);
  const categoryLinks = new LinkLayer(scene, 'category-links', motion);
  const events = createEmitter<GlobeEvents>();
  /** How long a card takes to appear: links to it wait that long. */
  const revealSeconds = () => (ANIMATION_DURATION_MS / 1000) * (motion.reducedMotion ? 0.001 : 1);

  let colours: Readonly<Record<string, string>> = {};
  let filter: ArchiveFilter = { category: null, type: null };
  let shown = false;
  let readyAt = Infinity;
  let ready = false;
  /** The camera's pose and the canvas size this turn, and at the last frame drawn. */
  let pose = '';
  let lastPose = '';

  const colourOf = (node: MediaNode) =>
    colours[node.categories[0]?.slug ?? ''] ?? NO_CATEGORY_COLOUR;
  const filtered = () => isFiltering(filter);

  const progress = new LoadingProgress(
    cards,
    () => faces,
    (figure) => events.emit('progress', figure),
  );
  const faces = new CardFaces(
    cards,
    engine,
    scene,
    () => {
      const { width, height } = host.renderSize();
      return viewCameraOf(orbit.camera, width, height);
    },
    () => {
      host.requestRender();
      progress.report();
    },
  );
  void sphere.loaded.then(() => !host.disposed && progress.mapLoaded());
  const items = new NodeCards(cards, faces, clusters);

  const links = new LinkPlanner(
    related,
    categoryLinks,
    cards,
    (slot) => clusters.shownSlot(slot),
    revealSeconds,
  );
  const relinkCategory = (now: number) =>
    links.categorise(
      items.values(),
      filter,
      colours[filter.category ?? ''] ?? NO_CATEGORY_COLOUR,
      now,
    );
  function relink(now: number): void {
    links.relate(items.values());
    relinkCategory(now);
  }
  const parts = { host, orbit, cards, clusters, faces, overlay };
  const clusterControl = new ClusterControl(parts, {
    relink,
    refreshCallout: () => attention.refreshCallout(),
    filtered,
  });

  function calloutFor(slot: number): CalloutContent | null {
    const node = items.ofSlot(slot);
    if (!node) return null;
    const group = clusters.groupOf(slot);
    const summary = {
      size: group.length,
      matching: group.filter((s) => cards.isMatched(s)).length,
      filtered: filtered(),
      spreads: !clusterControl.splitsByZooming(group),
    };
    return calloutContent(slot, node, colourOf(node), summary);
  }

  const attention = new Attention(parts, calloutFor, (id, text) =>
    events.emit('cardAnnounced', { id, text }),
  );

  function update(input: GlobeInput): void {
    if (host.disposed) return;
    const now = clock();
    const filterChanged =
      input.filter.category !== filter.category ||
      input.filter.type !== filter.type ||
      !sameIds(input.filter.ids, filter.ids) ||
      !sameRange(input.filter.range, filter.range);
    const coloursChanged = input.categoryColours !== colours;
    // The page's one reading of reduced motion: flights, the reveal's pace and the links' wait
    // follow a change during the visit (the layers' tweens keep the reading they started with).
    motion.reducedMotion = input.reducedMotion ?? motion.reducedMotion;
    colours = input.categoryColours;
    filter = { ...input.filter };
    const joined = items.join(input.nodes, filter, colourOf, coloursChanged, now);
    attention.forget(joined.exitedSlots);
    if (!shown && (input.visible ?? true)) {
      shown = true;
      host.holdFrames = false;
      faces.shown();
      sphere.show(now);
    }
    // Once shown, waiting cards appear one by one in random order (several per tick past 50 cards).
    const waiting = shown ? cards.waiting : [];
    if (waiting.length > 0) {
      const interval = NODE_REVEAL_INTERVAL_MS * (motion.reducedMotion ? 0 : 1);
      const schedule = revealSchedule(waiting.length, Math.random, interval);
      waiting.forEach((slot, i) => cards.reveal(slot, now + 0.05 + (schedule[i] as number) / 1000));
    }
    // Cards regroup when cards come or go, move, or the filter changes what leads a cluster.
    const regrouped = joined.structureChanged || filterChanged || clusters.spacing < 0;
    if (regrouped) clusterControl.regroup(now, false);
    else if (coloursChanged) attention.refreshCallout();
    // The first view is where the camera starts: its faces load first (the cards that show, not
    // those gathered into clusters), and the preloader waits for them alone.
    if (items.size > 0 && progress.chooseFirstView()) faces.startFirstView();
    if (regrouped || waiting.length > 0) links.relate(items.values());
    if (regrouped || coloursChanged || waiting.length > 0) relinkCategory(now);
    if (waiting.length > 0) {
      let last = now;
      for (const node of items.values())
        last = Math.max(last, cards.revealTime(cards.slotOf(node.video_id)) + revealSeconds());
      readyAt = last;
      ready = false;
    } else if (shown && items.size === 0) {
      // An empty archive, once shown, has nothing left to reveal.
      readyAt = now;
    }
    progress.report();
    host.requestRender();
  }

  // ---- the pointer: hover (desktop) and clicks ------------------------------------------------
  const pickAt = (x: number, y: number, now: number) =>
    cardAt(canvas, orbit.camera, cards, x, y, now);
  const pointer = new PointerInput(host, options.mobile, {
    left: () => attention.hover(-1, clock()),
    click(x, y) {
      const now = clock();
      const slot = pickAt(x, y, now);
      if (slot >= 0 && clusters.isCluster(slot)) return clusterControl.open(slot);
      const id = slot >= 0 ? cards.idOf(slot) : null;
      if (id !== null) return events.emit('cardPicked', { id });
      clusterControl.closeFan(now);
      events.emit('backgroundClicked', {});
    },
  });

  // ---- the loop: advance what moves, draw only when something did ------------------------------
  host.holdFrames = true;
  host.start({
    tick({ now, sinceLastMs }) {
      const uploadBudget = uploadBudgetMs(shown, sinceLastMs);
      let needed = false;
      if (orbit.update(now)) needed = true;
      if (cards.flush(now, uploadBudget)) needed = true;
      if (faces.tick(now * 1000, UPLOAD_BUDGET_MS)) needed = true;
      const { width, height } = host.renderSize();
      pose = poseKey(orbit.camera, width, height);
      const probe = pointer.hoverProbe(pose !== lastPose, orbit.flying);
      if (probe) attention.hover(pointer.pressed ? -1 : pickAt(probe.x, probe.y, now), now);
      if (
        now < cards.animatingUntil ||
        now < sphere.fadingUntil ||
        now < related.settledAt ||
        now < categoryLinks.settledAt
      )
        needed = true;
      if (!ready && now >= readyAt) {
        ready = true;
        events.emit('ready', {});
      }
      // Clusters follow the zoom once it has settled (not every frame of a wheel or a flight).
      clusterControl.followZoom(now);
      if (pose !== lastPose) {
        needed = true;
        faces.viewChanged();
      }
      return needed;
    },
    beforeRender(now) {
      cards.setTime(now);
      related.setTime(now);
      categoryLinks.setTime(now);
      sphere.setFrame(now, orbit.camera.position);
      const size = host.cssSize();
      const projector = screenProjector(viewOf(orbit.camera, size.width, size.height));
      overlay.frame(cardLocator(cards, projector, now), size);
    },
    afterRender() {
      lastPose = pose;
    },
  });

  const layers = { sphere, cards, clusters, overlay, related, categoryLinks };
  const diagnostics = createDiagnostics({ ...layers, host, orbit, faces, ready: () => ready });
  // Undone in reverse: faces, overlay, camera, cards, links, then the map.
  for (const part of [sphere, categoryLinks, related, cards, orbit, overlay, faces])
    host.onDispose(() => part.dispose());

  const globe: Globe = {
    update,
    focus(id) {
      if (id === null) return attention.focus(null);
      const slot = cards.slotOf(id);
      return slot < 0 ? Promise.resolve() : attention.focus(slot);
    },
    turnTo(id) {
      if (id === null) return attention.turnTo(null);
      const slot = cards.slotOf(id);
      return slot < 0 ? Promise.resolve() : attention.turnTo(slot);
    },
    on: events.on,
    dispose: () => host.dispose(),
  };
  return { globe, diagnostics, afterFrame: host.afterFrame };
}
