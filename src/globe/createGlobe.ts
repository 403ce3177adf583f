import { Engine } from '@babylonjs/core/Engines/engine';
import { SceneInstrumentation } from '@babylonjs/core/Instrumentation/sceneInstrumentation';
import { Color4 } from '@babylonjs/core/Maths/math.color';
import { Scene } from '@babylonjs/core/scene';
import { anglesFacing, orbitBasis } from '@/globe/camera/limits';
import { pointerRay } from '@/globe/camera/rays';
import {
  FOCUS_RADIUS,
  OrbitCamera,
  START_RADIUS,
  type CameraPose,
} from '@/globe/camera/orbitCamera';
import { nearestNeighbourLinks } from '@/globe/categoryLinks';
import { clusterBadge, clusterSpacing, radiusForSpacing, splitSpacing } from '@/globe/clusters';
import { GLOBE_RADIUS, cardBasis, latLngToVector, normalize, type Vec3 } from '@/globe/geo';
import { CardLayer, type CardSpec } from '@/globe/layers/cards';
import { ClusterLayer } from '@/globe/layers/clusterLayer';
import {
  GlobeOverlay,
  type CalloutContent,
  type CardOnScreen,
  type ScreenPoint,
} from '@/globe/layers/overlay';
import { LinkLayer, type LinkSpec } from '@/globe/layers/links';
import { defaultMapUrls, SphereLayer } from '@/globe/layers/sphere';
import { CardFaces } from '@/globe/layers/cardFaces';
import { revealSchedule } from '@/globe/reveal';
import { faceKey } from '@/globe/textures/faceImages';
import type { ViewCamera } from '@/globe/textures/faceOrder';
import type { Globe, GlobeDiagnostics, GlobeEvents, GlobeInput, GlobeOptions } from '@/globe/types';
import {
  ANIMATION_DURATION_MS,
  CARD_HEIGHT,
  CARD_WIDTH,
  NODE_REVEAL_INTERVAL_MS,
  POINTER_IDLE_MS,
  RESIZE_DEBOUNCE_MS,
  ZOOM_MIN,
} from '@/lib/constants';
import { matchesFilter, type ArchiveFilter } from '@/lib/filter';
import { mediaCount } from '@/lib/capture';
import type { MediaNode } from '@/lib/nodeModel';
import { hexToRgb } from '@/lib/palette';

export type { Globe, GlobeDiagnostics, GlobeEvents, GlobeInput, GlobeOptions } from '@/globe/types';

/** St. Louis, where the story is: the camera starts facing it. */
const DEFAULT_HOME = { lat: 38.63, lng: -90.2 };
/** Links between related items: a soft light blue. */
const RELATED_COLOUR: [number, number, number, number] = [0.72, 0.84, 1, 0.3];
/** The colour of a card with no category. */
const NO_CATEGORY_COLOUR = '#7cc4ff';
/** A pointer press that moves less than this, in CSS pixels, is a click, not a drag. */
const CLICK_TOLERANCE_PX = 6;
/** Frame times kept for the median. */
const FRAME_SAMPLES = 120;
/**
 * Per frame, ms spent uploading card faces: 6 at 60 fps, a share of the frame where frames are
 * slow anyway (a software renderer: uploads would otherwise crawl), more while the globe is
 * hidden (no frame to keep smooth).
 */
const UPLOAD_BUDGET_MS = 6;
const UPLOAD_SHARE_OF_FRAME = 0.3;
const UPLOAD_BUDGET_MAX_MS = 100;
const UPLOAD_BUDGET_HIDDEN_MS = 12;
/**
 * The preloader's bar, in thirds: the map, every card's local face (no network: a second or two
 * even at 10,000 cards), and the pictures of the first view's cards.
 */
const PROGRESS_SHARE = 1 / 3;
/** The zoom has been still this long (ms): clusters regroup for it. */
const SETTLE_MS = 180;
/** A spacing this much different (share) from the current grouping's is worth regrouping for. */
const REGROUP_SHARE = 0.03;
const TYPE_LABEL = { video: 'Video', gallery: 'Photo gallery' } as const;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Creates the globe on a canvas: the map sphere, the cards, their links and the orbit camera,
 * rendering only when something moves. Framework-free; the React bridge talks to it through the
 * returned facade and its events.
 */
export async function createGlobe(
  canvas: HTMLCanvasElement,
  options: GlobeOptions,
): Promise<Globe> {
  const motion = { reducedMotion: options.reducedMotion };
  // Babylon sets the canvas's tabindex when it attaches input (1 by default, which jumps the tab
  // order); the page decides it instead.
  const tabIndex = canvas.tabIndex;
  const engine = new Engine(
    canvas,
    true,
    { stencil: false, preserveDrawingBuffer: false, powerPreference: 'high-performance' },
    true,
  );
  engine.canvasTabIndex = tabIndex;
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.043, 0.078, 0.149, 1);
  // Babylon's own pointer picking is off: cards are picked analytically, once per frame at most.
  scene.skipPointerMovePicking = true;
  scene.skipPointerDownPicking = true;
  scene.skipPointerUpPicking = true;
  scene.skipFrustumClipping = true;
  const instrumentation = new SceneInstrumentation(scene);
  const started = performance.now();
  const clock = () => (performance.now() - started) / 1000;

  const home = options.home ?? DEFAULT_HOME;
  const start = anglesFacing(latLngToVector(home.lat, home.lng, 1));
  const orbit = new OrbitCamera(scene, canvas, start, options);
  canvas.tabIndex = tabIndex;
  const sphere = new SphereLayer(
    scene,
    options.mapUrl ?? defaultMapUrls(options.mobile),
    clock,
    motion,
  );
  const cards = new CardLayer(scene, engine, motion);
  const clusters = new ClusterLayer(cards);
  const overlay = new GlobeOverlay(scene);
  const related = new LinkLayer(scene, 'related-links', motion);
  const categoryLinks = new LinkLayer(scene, 'category-links', motion);
  let mapSettled = false;
  const revealSeconds = (ANIMATION_DURATION_MS / 1000) * (options.reducedMotion ? 0.001 : 1);

  const listeners = new Map<keyof GlobeEvents, Set<(event: never) => void>>();
  const emit = <K extends keyof GlobeEvents>(type: K, event: GlobeEvents[K]) => {
    for (const listener of listeners.get(type) ?? [])
      (listener as (e: GlobeEvents[K]) => void)(event);
  };

  // ---- state -----------------------------------------------------------------------------------
  let nodes = new Map<string, MediaNode>();
  const faceKeys = new Map<string, string>();
  let firstViewStarted = false;
  let focusedSlot = -1;
  /** The card the list turned the globe to (its callout shows while nothing is hovered). */
  let turnedSlot = -1;
  /** The zoom as last seen, and since when it has not changed (ms): clusters follow it settled. */
  let zoomWatch = { distance: -1, since: 0 };
  let colours: Readonly<Record<string, string>> = {};
  let filter: ArchiveFilter = { category: null, type: null };
  let shown = false;
  let renderedOnce = false;
  let readyAt = Infinity;
  let ready = false;
  let lastProgress = '';
  let renderRequested = true;
  let forcedFrames = 0;
  const forcedWaiters: { frames: number; resolve: () => void }[] = [];
  let lastPose = '';
  const frameTimes: number[] = [];
  const frameStamps: number[] = [];
  let drawCalls = 0;
  let focusReturn: CameraPose | null = null;
  let disposed = false;

  const colourOf = (node: MediaNode) =>
    colours[node.categories[0]?.slug ?? ''] ?? NO_CATEGORY_COLOUR;

  /** Where the camera looks now, as the face order reads it. */
  function viewCamera(): ViewCamera {
    const { alpha, beta, radius, fov } = orbit.camera;
    const t = orbit.camera.target;
    const basis = orbitBasis(alpha, beta, radius, [t.x, t.y, t.z]);
    return {
      ...basis,
      tanHalfFov: Math.tan(fov / 2),
      aspect: engine.getRenderWidth() / Math.max(1, engine.getRenderHeight()),
    };
  }

  /**
   * The preloader's figure (SPEC §4 "while images load"): the map, every card's local face and
   * the first view's pictures.
   */
  function reportProgress(): void {
    const total = cards.count;
    const share = ({ done, total: of }: { done: number; total: number }, empty: boolean) =>
      of === 0 ? (empty ? 1 : 0) : done / of;
    const empty = firstViewStarted || total === 0;
    const parts =
      (mapSettled ? 1 : 0) +
      share(faces.localProgress, empty) +
      share(faces.firstViewProgress, empty);
    // Rounded down, but never a hair short of 100 when every part is complete (thirds).
    const percent = Math.floor(100 * PROGRESS_SHARE * parts + 1e-9);
    const key = `${percent}/${total}`;
    if (key !== lastProgress) {
      lastProgress = key;
      emit('progress', { percent, cards: total });
    }
  }

  const faces = new CardFaces(cards, engine, scene, viewCamera, () => {
    renderRequested = true;
    reportProgress();
  });
  void sphere.loaded.then(() => {
    mapSettled = true;
    if (!disposed) reportProgress();
  });

  /** Hovered and focused cards get sharp faces. */
  function updateSharp(): void {
    faces.wantSharp([cards.hovered, focusedSlot]);
  }

  /**
   * Related links join cards that show as themselves (SPEC: "once both ends are visible"): an
   * item gathered into a cluster is not visible, so its links wait until it comes out (zoomed in,
   * fanned out). A cluster's card shows its own item, whose links are drawn. Each pair once.
   */
  function rebuildRelatedLinks(): void {
    const links: LinkSpec[] = [];
    const drawn = new Set<number>();
    for (const node of nodes.values()) {
      const a = cards.slotOf(node.video_id);
      if (a < 0 || cards.isHidden(a)) continue;
      for (const other of node.links) {
        const b = cards.slotOf(other);
        if (b < 0 || b === a || cards.isHidden(b)) continue;
        const pair = Math.min(a, b) * 2 ** 24 + Math.max(a, b);
        if (drawn.has(pair)) continue;
        drawn.add(pair);
        links.push({
          from: cards.position(a),
          to: cards.position(b),
          colour: RELATED_COLOUR,
          appearAt: Math.max(cards.revealTime(a), cards.revealTime(b)) + revealSeconds,
        });
      }
    }
    related.set(links);
  }

  function rebuildCategoryLinks(now: number): void {
    if (filter.category === null) {
      categoryLinks.set([]);
      return;
    }
    // The cards that show for the matching items (a cluster once, however many of them it holds).
    const matching = [
      ...new Set(
        [...nodes.values()]
          .filter((node) => matchesFilter(node, filter))
          .map((node) => clusters.shownSlot(cards.slotOf(node.video_id)))
          .filter((slot) => slot >= 0),
      ),
    ];
    const points: Vec3[] = matching.map((slot) => cards.position(slot));
    const colour = [...hexToRgb(colours[filter.category] ?? NO_CATEGORY_COLOUR), 0.9] as [
      number,
      number,
      number,
      number,
    ];
    categoryLinks.set(
      nearestNeighbourLinks(points).map(([i, j]) => {
        const a = matching[i] as number;
        const b = matching[j] as number;
        return {
          from: points[i] as Vec3,
          to: points[j] as Vec3,
          colour,
          appearAt: Math.max(
            now,
            cards.revealTime(a) + revealSeconds,
            cards.revealTime(b) + revealSeconds,
          ),
        };
      }),
    );
  }

  /** How far the camera is from the globe's centre (the zoom, wherever the view is panned). */
  function cameraDistance(): number {
    const t = orbit.camera.target;
    const { position } = orbitBasis(orbit.camera.alpha, orbit.camera.beta, orbit.camera.radius, [
      t.x,
      t.y,
      t.z,
    ]);
    return Math.hypot(position[0], position[1], position[2]);
  }

  /** Groups the cards for the current zoom and redraws what depends on it. */
  function regroup(now: number, relink = true): void {
    clusters.regroup(clusterSpacing(cameraDistance()), now);
    afterClustersChanged(now, relink);
  }

  function afterClustersChanged(now: number, relink = true): void {
    faces.viewChanged();
    if (relink) {
      rebuildRelatedLinks();
      rebuildCategoryLinks(now);
    }
    refreshBadges();
    refreshCallout();
    renderRequested = true;
  }

  /** Count badges: each cluster's items, or its matching items while a filter is on. */
  function refreshBadges(): void {
    const filtered = filter.category !== null || filter.type !== null;
    const matched = (slot: number) => cards.isMatched(slot);
    const badges = [];
    for (const [leader, members] of clusters.clusters())
      if (!clusters.coveredByFan(leader))
        badges.push({ slot: leader, ...clusterBadge(members, matched, filtered) });
    overlay.setBadges(badges);
  }

  /** What the callout says about a shown card: its item, or the cluster it stands for. */
  function calloutFor(slot: number): CalloutContent | null {
    const id = cards.idOf(slot);
    const node = id === null ? undefined : nodes.get(id);
    if (!node) return null;
    const colour = colourOf(node);
    const category = node.categories[0]?.name;
    const group = clusters.groupOf(slot);
    if (group.length > 1) {
      const filtered = filter.category !== null || filter.type !== null;
      const matching = group.filter((s) => cards.isMatched(s)).length;
      const spreads = !splitsByZooming(group);
      return {
        slot,
        title: node.title,
        meta: [
          `${group.length} items here`,
          ...(filtered ? [`${matching} match the filter`] : []),
          spreads ? 'click to spread them out' : 'click to zoom in',
        ].join(' · '),
        colour,
      };
    }
    const type =
      node.type === 'gallery'
        ? `${TYPE_LABEL.gallery} · ${mediaCount(node.images)}`
        : TYPE_LABEL.video;
    return { slot, title: node.title, meta: category ? `${type} · ${category}` : type, colour };
  }

  /** The callout follows the hovered card, or else the card the list turned to. */
  function refreshCallout(): void {
    const slot = cards.hovered >= 0 ? cards.hovered : turnedSlot;
    overlay.setCallout(slot >= 0 ? calloutFor(slot) : null);
    renderRequested = true;
  }

  /** The camera radius at which a cluster splits (some of it shows on its own). */
  function splitRadius(group: readonly number[]): number {
    return radiusForSpacing(splitSpacing(cards.homePositions, group));
  }

  /** Whether zooming in (not past the closest zoom) splits a cluster; if not, a click fans it out. */
  function splitsByZooming(group: readonly number[]): boolean {
    return splitRadius(group) >= ZOOM_MIN + 0.01;
  }

  /**
   * A click on a cluster: fly in until it splits, or at the closest zoom (where zooming cannot
   * split it) spread its cards out.
   */
  function openCluster(leader: number): void {
    const group = clusters.groupOf(leader);
    const angles = anglesFacing(cards.home(leader));
    const radius = splitRadius(group);
    const here = orbit.pose.radius;
    if (splitsByZooming(group)) {
      void orbit
        .flyTo({ ...angles, radius: Math.min(radius, here) }, clock())
        .then(() => !disposed && regroup(clock()));
      return;
    }
    void orbit.flyTo({ ...angles, radius: ZOOM_MIN }, clock()).then(() => {
      if (disposed) return;
      const now = clock();
      if (Math.abs(clusterSpacing(cameraDistance()) - clusters.spacing) > 1e-3) regroup(now);
      const shownAs = clusters.shownSlot(leader);
      if (clusters.isCluster(shownAs)) {
        clusters.fanOut(shownAs, now);
        afterClustersChanged(now);
      }
    });
  }

  function update(input: GlobeInput): void {
    if (disposed) return;
    const now = clock();
    const filterChanged =
      input.filter.category !== filter.category || input.filter.type !== filter.type;
    const coloursChanged = input.categoryColours !== colours;
    colours = input.categoryColours;
    filter = { ...input.filter };

    const next = new Map(input.nodes.map((node) => [node.video_id, node]));
    const added = input.nodes.filter((node) => !nodes.has(node.video_id));
    let structureChanged = added.length > 0;
    for (const id of nodes.keys()) {
      if (!next.has(id)) {
        faces.remove(cards.slotOf(id));
        clusters.forget(cards.slotOf(id));
        if (turnedSlot === cards.slotOf(id)) turnedSlot = -1;
        cards.remove(id, now);
        faceKeys.delete(id);
        structureChanged = true;
      }
    }
    cards.ensureAtlas(next.size, (slot) => {
      const id = cards.idOf(slot);
      const node = id === null ? undefined : next.get(id);
      if (node) faces.set(slot, node, colourOf(node));
    });

    added.forEach((node) => {
      const spec: CardSpec = {
        id: node.video_id,
        lat: node.lat,
        lng: node.lng,
        colour: colourOf(node),
      };
      const slot = cards.add(spec, null, matchesFilter(node, filter));
      faceKeys.set(node.video_id, faceKey(node, spec.colour));
      faces.set(slot, node, spec.colour);
    });
    const becameVisible = !shown && (input.visible ?? true);
    if (becameVisible) {
      shown = true;
      faces.shown();
      sphere.show(now);
    }
    // Once shown, waiting cards appear one by one in random order (several per tick past 50 cards).
    const waiting = shown ? cards.waiting : [];
    if (waiting.length > 0) {
      const schedule = revealSchedule(
        waiting.length,
        Math.random,
        NODE_REVEAL_INTERVAL_MS * (options.reducedMotion ? 0 : 1),
      );
      const revealStart = now + 0.05;
      waiting.forEach((slot, i) =>
        cards.reveal(slot, revealStart + (schedule[i] as number) / 1000),
      );
    }
    for (const node of input.nodes) {
      const previous = nodes.get(node.video_id);
      if (!previous) continue;
      const slot = cards.slotOf(node.video_id);
      if (previous !== node || coloursChanged) {
        if (previous.lat !== node.lat || previous.lng !== node.lng || coloursChanged) {
          cards.restyle(slot, {
            id: node.video_id,
            lat: node.lat,
            lng: node.lng,
            colour: colourOf(node),
          });
          structureChanged = true;
        }
        const key = faceKey(node, colourOf(node));
        if (faceKeys.get(node.video_id) !== key) {
          faceKeys.set(node.video_id, key);
          faces.set(slot, node, colourOf(node));
        }
        if (previous.links.join() !== node.links.join()) structureChanged = true;
      }
      cards.setMatched(slot, matchesFilter(node, filter), now);
    }
    nodes = next;

    // Cards regroup when cards come or go, move, or the filter changes what leads a cluster.
    const regrouped = structureChanged || filterChanged || clusters.spacing < 0;
    if (regrouped) regroup(now, false);
    else if (coloursChanged) refreshCallout();
    if (!firstViewStarted && next.size > 0) {
      // The first view is where the camera starts: its faces load first (the cards that show,
      // not those gathered into clusters), and the preloader waits for them alone.
      firstViewStarted = true;
      faces.startFirstView();
    }
    if (regrouped || waiting.length > 0) rebuildRelatedLinks();
    if (regrouped || coloursChanged || waiting.length > 0) rebuildCategoryLinks(now);
    if (waiting.length > 0) {
      let last = now;
      for (const id of nodes.keys())
        last = Math.max(last, cards.revealTime(cards.slotOf(id)) + revealSeconds);
      readyAt = last;
      ready = false;
    } else if (shown && nodes.size === 0) {
      // An empty archive, once shown, has nothing left to reveal.
      readyAt = now;
    }
    reportProgress();
    renderRequested = true;
  }

  // ---- pointer: hover (desktop) and clicks ---------------------------------------------------
  let pointer: { x: number; y: number; movedAt: number; picked: boolean } | null = null;
  let press: { x: number; y: number; furthest: number } | null = null;
  const cleanup: (() => void)[] = [];
  const listen = <K extends keyof HTMLElementEventMap>(
    type: K,
    handler: (e: HTMLElementEventMap[K]) => void,
  ) => {
    canvas.addEventListener(type, handler as EventListener);
    cleanup.push(() => canvas.removeEventListener(type, handler as EventListener));
  };

  /** The card under a point of the canvas (CSS pixels), or -1. */
  function pickAt(x: number, y: number, now: number): number {
    const rect = canvas.getBoundingClientRect();
    const { alpha, beta, radius, fov } = orbit.camera;
    const t = orbit.camera.target;
    const ray = pointerRay(
      { alpha, beta, radius, fov, width: rect.width, height: rect.height, target: [t.x, t.y, t.z] },
      x - rect.left,
      y - rect.top,
    );
    return cards.pick(ray.origin, ray.direction, now);
  }

  function setHover(slot: number, now: number): void {
    if (slot === cards.hovered) return;
    cards.setHovered(slot, now);
    updateSharp();
    canvas.style.cursor = slot >= 0 ? 'pointer' : '';
    refreshCallout();
  }

  listen('pointermove', (event) => {
    // A press is a click only if the pointer never strayed: a drag that comes back is still a drag.
    if (press)
      press.furthest = Math.max(
        press.furthest,
        Math.hypot(event.clientX - press.x, event.clientY - press.y),
      );
    if (options.mobile || event.pointerType !== 'mouse') return;
    pointer = { x: event.clientX, y: event.clientY, movedAt: performance.now(), picked: false };
  });
  listen('pointerleave', () => {
    pointer = null;
    setHover(-1, clock());
  });
  listen('pointerdown', (event) => {
    press = { x: event.clientX, y: event.clientY, furthest: 0 };
  });
  listen('pointerup', (event) => {
    if (!press || event.button > 0) return;
    const moved = Math.max(
      press.furthest,
      Math.hypot(event.clientX - press.x, event.clientY - press.y),
    );
    press = null;
    if (moved > CLICK_TOLERANCE_PX) return;
    const now = clock();
    const slot = pickAt(event.clientX, event.clientY, now);
    if (slot >= 0 && clusters.isCluster(slot)) {
      openCluster(slot);
      return;
    }
    const id = slot >= 0 ? cards.idOf(slot) : null;
    if (id !== null) {
      emit('cardPicked', { id });
      return;
    }
    if (clusters.fannedLeader >= 0) {
      clusters.closeFan(now);
      afterClustersChanged(now);
    }
    emit('backgroundClicked', {});
  });

  // ---- resize: debounced, keeps every card, texture and camera pose --------------------------
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  const observer = new ResizeObserver(() => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      engine.resize();
      orbit.updateSensitivity();
      renderRequested = true;
    }, RESIZE_DEBOUNCE_MS);
  });
  observer.observe(canvas);

  // ---- the render loop: renders only when something moves ------------------------------------
  let lastLoop = performance.now();
  engine.runRenderLoop(() => {
    const now = clock();
    const loopAt = performance.now();
    const uploadBudget = shown
      ? Math.min(
          UPLOAD_BUDGET_MAX_MS,
          Math.max(UPLOAD_BUDGET_MS, (loopAt - lastLoop) * UPLOAD_SHARE_OF_FRAME),
        )
      : UPLOAD_BUDGET_HIDDEN_MS;
    lastLoop = loopAt;
    let needed = renderRequested || forcedFrames > 0;
    if (orbit.update(now)) needed = true;
    if (cards.flush(now, uploadBudget)) needed = true;
    if (faces.tick(now * 1000, UPLOAD_BUDGET_MS)) needed = true;
    const { x, y, z } = orbit.camera.target;
    const pose = `${orbit.camera.alpha},${orbit.camera.beta},${orbit.camera.radius},${x},${y},${z},${engine.getRenderWidth()},${engine.getRenderHeight()}`;
    if (
      pointer &&
      (!pointer.picked || pose !== lastPose) &&
      (performance.now() - pointer.movedAt < POINTER_IDLE_MS || pose !== lastPose) &&
      !orbit.flying
    ) {
      // Hover picking at most once per frame, while the pointer is active or the view moves under
      // it (the drift toward the mouse, inertia): the lifted card is the one under the pointer.
      pointer.picked = true;
      setHover(press ? -1 : pickAt(pointer.x, pointer.y, now), now);
    }
    if (
      now < cards.animatingUntil ||
      now < sphere.fadingUntil ||
      now < related.settledAt ||
      now < categoryLinks.settledAt
    )
      needed = true;
    if (!ready && now >= readyAt) {
      ready = true;
      emit('ready', {});
    }
    // Clusters follow the zoom once it has settled (not every frame of a wheel or a flight).
    const distance = cameraDistance();
    if (Math.abs(distance - zoomWatch.distance) > 1e-4) zoomWatch = { distance, since: loopAt };
    else if (!orbit.flying && loopAt - zoomWatch.since >= SETTLE_MS && clusters.spacing > 0) {
      const spacing = clusterSpacing(distance);
      if (Math.abs(spacing - clusters.spacing) > REGROUP_SHARE * clusters.spacing) regroup(now);
    }
    if (pose !== lastPose) {
      needed = true;
      faces.viewChanged();
    }
    // Hidden behind the intro or the preloader: one frame compiles the shaders, then only uploads run.
    if (!shown && renderedOnce) needed = false;
    if (!needed) return;
    renderedOnce = true;
    cards.setTime(now);
    related.setTime(now);
    categoryLinks.setTime(now);
    sphere.setFrame(now, orbit.camera.position);
    overlay.frame(cardLocator(now), { width: canvas.clientWidth, height: canvas.clientHeight });
    const before = performance.now();
    scene.render();
    const after = performance.now();
    lastPose = pose;
    frameTimes.push(after - before);
    if (frameTimes.length > FRAME_SAMPLES) frameTimes.shift();
    frameStamps.push(after);
    while (frameStamps.length > 0 && (frameStamps[0] as number) < after - 1000) frameStamps.shift();
    drawCalls = instrumentation.drawCallsCounter.current;
    renderRequested = false;
    if (forcedFrames > 0) forcedFrames--;
    for (let i = forcedWaiters.length - 1; i >= 0; i--) {
      const waiter = forcedWaiters[i] as { frames: number; resolve: () => void };
      if (--waiter.frames <= 0) {
        forcedWaiters.splice(i, 1);
        waiter.resolve();
      }
    }
  });

  /** Projects points of the world to the canvas (CSS pixels) as the camera sees them now. */
  function screenProjector(): { at: (p: Vec3) => ScreenPoint; eye: Vec3 } {
    const t = orbit.camera.target;
    const basis = orbitBasis(orbit.camera.alpha, orbit.camera.beta, orbit.camera.radius, [
      t.x,
      t.y,
      t.z,
    ]);
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    const tan = Math.tan(orbit.camera.fov / 2);
    const aspect = width / Math.max(1, height);
    const o = basis.position;
    return {
      eye: o,
      at(p) {
        const v: Vec3 = [p[0] - o[0], p[1] - o[1], p[2] - o[2]];
        const f = basis.forward;
        const depth = v[0] * f[0] + v[1] * f[1] + v[2] * f[2];
        if (depth <= 0) return { x: 0, y: 0, visible: false };
        const r = basis.right;
        const u = basis.up;
        const sx = (v[0] * r[0] + v[1] * r[1] + v[2] * r[2]) / (depth * tan * aspect);
        const sy = (v[0] * u[0] + v[1] * u[1] + v[2] * u[2]) / (depth * tan);
        const x = ((sx + 1) / 2) * width;
        const y = ((1 - sy) / 2) * height;
        return { x, y, visible: x >= 0 && x <= width && y >= 0 && y <= height };
      },
    };
  }

  /** Where shown cards are on screen this frame, for the overlay (null: not seen). */
  function cardLocator(now: number): (slot: number) => CardOnScreen | null {
    const { at, eye } = screenProjector();
    return (slot) => {
      if (cards.idOf(slot) === null || cards.isHidden(slot)) return null;
      const p = cards.position(slot);
      const n = normalize(p);
      // Seen from behind (the far side of the globe): a card faces away and is not drawn.
      if (n[0] * (eye[0] - p[0]) + n[1] * (eye[1] - p[1]) + n[2] * (eye[2] - p[2]) <= 0)
        return null;
      const { scale, lift } = cards.current(slot, now);
      if (scale < 0.05) return null;
      const c: Vec3 = [p[0] + n[0] * lift, p[1] + n[1] * lift, p[2] + n[2] * lift];
      const { right, up } = cardBasis(p);
      const w = (CARD_WIDTH / 2) * scale;
      const h = (CARD_HEIGHT / 2) * scale;
      const along = (a: Vec3, x: number, b: Vec3, y: number): Vec3 => [
        c[0] + a[0] * x + b[0] * y,
        c[1] + a[1] * x + b[1] * y,
        c[2] + a[2] * x + b[2] * y,
      ];
      return {
        top: at(along(right, 0, up, h)),
        corner: at(along(right, w * 0.92, up, h * 0.86)),
        bottom: at(along(right, 0, up, -h)),
      };
    };
  }

  // ---- diagnostics -----------------------------------------------------------------------------
  function project(id: string): { x: number; y: number; onScreen: boolean } | null {
    const slot = cards.slotOf(id);
    if (slot < 0) return null;
    const { lift } = cards.current(slot, clock());
    const p = cards.position(slot);
    const n = normalize(p);
    const point: Vec3 = [p[0] + n[0] * lift, p[1] + n[1] * lift, p[2] + n[2] * lift];
    const { at, eye: o } = screenProjector();
    const seen = at(point);
    const rect = canvas.getBoundingClientRect();
    const v: Vec3 = [point[0] - o[0], point[1] - o[1], point[2] - o[2]];
    const facing = n[0] * -v[0] + n[1] * -v[1] + n[2] * -v[2] > 0;
    // Hidden when the globe is between the camera and the card.
    const l = Math.hypot(v[0], v[1], v[2]);
    const d: Vec3 = [v[0] / l, v[1] / l, v[2] / l];
    const b = o[0] * d[0] + o[1] * d[1] + o[2] * d[2];
    const c = o[0] * o[0] + o[1] * o[1] + o[2] * o[2] - GLOBE_RADIUS * GLOBE_RADIUS;
    const disc = b * b - c;
    const occluded = disc >= 0 && -b - Math.sqrt(disc) > 0 && -b - Math.sqrt(disc) < l;
    return {
      x: rect.left + seen.x,
      y: rect.top + seen.y,
      onScreen: !cards.isHidden(slot) && seen.visible && facing && !occluded,
    };
  }

  const diagnostics: GlobeDiagnostics = {
    get ready() {
      return ready;
    },
    stats: () => ({
      cards: cards.count,
      revealed: cards.revealedCount(clock()),
      drawCalls,
      overlayDrawCalls: overlay.drawing ? 1 : 0,
      frameTimeMs: median(frameTimes),
      // Frames drawn in the last second as of now: the globe draws none while nothing moves.
      fps: frameStamps.filter((at) => at >= performance.now() - 1000).length,
      textureBytes: cards.textureBytes + faces.textureBytes + sphere.textureBytes,
      faces: faces.counts(),
    }),
    project,
    card: (id) => {
      const slot = cards.slotOf(id);
      if (slot < 0) return null;
      const { scale, opacity } = cards.current(slot, clock());
      return {
        scale,
        opacity,
        hovered: cards.hovered === slot,
        matched: cards.isMatched(slot),
        face: faces.faceOf(slot),
      };
    },
    camera: () => ({
      radius: orbit.camera.radius,
      alpha: orbit.camera.alpha,
      beta: orbit.camera.beta,
      fovDegrees: (orbit.camera.fov * 180) / Math.PI,
      flying: orbit.flying,
    }),
    links: () => ({
      related: related.visibleCount(clock()),
      category: categoryLinks.visibleCount(clock()),
    }),
    clusters: () => {
      const idOf = (slot: number) => cards.idOf(slot) ?? '';
      const list = [...clusters.clusters()].map(([leader, members]) => ({
        id: idOf(leader),
        size: members.length,
        matching: members.filter((slot) => cards.isMatched(slot)).length,
        members: members.map(idOf),
      }));
      const fanned = clusters.fannedLeader;
      return {
        count: list.length,
        clustered: list.reduce((sum, c) => sum + c.size, 0),
        shown: cards.slots.filter((slot) => !cards.isHidden(slot)).length,
        spacing: clusters.spacing,
        badges: overlay.visibleBadges,
        fanned: fanned >= 0 ? idOf(fanned) : null,
        list,
      };
    },
    clusterOf: (id) => {
      const slot = cards.slotOf(id);
      if (slot < 0) return null;
      const shownAs = clusters.shownSlot(slot);
      return {
        shownAs: cards.idOf(shownAs) ?? id,
        size: clusters.groupOf(shownAs).length,
        hidden: cards.isHidden(slot),
      };
    },
    callout: () => {
      const content = overlay.current;
      const box = overlay.calloutBox;
      if (!content || !box) return null;
      const rect = canvas.getBoundingClientRect();
      return {
        id: cards.idOf(content.slot) ?? '',
        title: content.title,
        meta: content.meta,
        x: rect.left + box.left,
        y: rect.top + box.top,
        width: box.width,
        height: box.height,
      };
    },
    renderFrames: (n) =>
      new Promise<void>((resolve) => {
        forcedFrames = Math.max(forcedFrames, n);
        forcedWaiters.push({ frames: n, resolve });
      }),
  };
  window.__globe = diagnostics;

  return {
    update,
    focus(id) {
      const now = clock();
      if (id === null) {
        const back = focusReturn ?? { ...orbit.pose, radius: START_RADIUS };
        focusReturn = null;
        focusedSlot = -1;
        if (turnedSlot < 0) clusters.putBack(now);
        updateSharp();
        return orbit.flyTo(back, now);
      }
      const slot = cards.slotOf(id);
      if (slot < 0) return Promise.resolve();
      focusReturn ??= orbit.pose;
      focusedSlot = slot;
      // An item opened from inside a cluster shows on top of it while open.
      clusters.pullOut(slot, now);
      updateSharp();
      const angles = anglesFacing(cards.position(slot));
      return orbit.flyTo({ ...angles, radius: Math.min(orbit.pose.radius, FOCUS_RADIUS) }, now);
    },
    turnTo(id) {
      if (id === null) {
        // The list let go: the callout hides and the card goes back into its cluster.
        if (turnedSlot < 0) return Promise.resolve();
        turnedSlot = -1;
        if (focusReturn === null) {
          focusedSlot = -1;
          clusters.putBack(clock());
          updateSharp();
        }
        refreshCallout();
        return Promise.resolve();
      }
      const slot = cards.slotOf(id);
      if (slot < 0 || focusReturn !== null) return Promise.resolve();
      const now = clock();
      // The card a keyboard visitor turned to is the one looked at: it gets a sharp face, comes
      // out of its cluster if it is in one, and its callout shows and is announced.
      focusedSlot = slot;
      turnedSlot = slot;
      clusters.pullOut(slot, now);
      updateSharp();
      refreshCallout();
      const content = calloutFor(slot);
      if (content) emit('cardAnnounced', { id, text: `${content.title}. ${content.meta}.` });
      return orbit.flyTo(
        { ...anglesFacing(cards.position(slot)), radius: orbit.pose.radius },
        clock(),
      );
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      const entry = listener as (event: never) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      if (window.__globe === diagnostics) delete window.__globe;
      clearTimeout(resizeTimer);
      observer.disconnect();
      for (const undo of cleanup) undo();
      for (const waiter of forcedWaiters) waiter.resolve();
      faces.dispose();
      overlay.dispose();
      orbit.dispose();
      cards.dispose();
      related.dispose();
      categoryLinks.dispose();
      sphere.dispose();
      instrumentation.dispose();
      scene.dispose();
      engine.dispose();
    },
  };
}
