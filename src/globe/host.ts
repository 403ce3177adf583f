import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { Engine } from '@babylonjs/core/Engines/engine';
import { SceneInstrumentation } from '@babylonjs/core/Instrumentation/sceneInstrumentation';
import { Color4 } from '@babylonjs/core/Maths/math.color';
import { Scene } from '@babylonjs/core/scene';
import { RESIZE_DEBOUNCE_MS } from '@/lib/constants';

/**
 * The globe's host, as Babylon.js Viewer's `viewer.ts` is for its scene: it owns the engine
 * (created here or injected, as tests and the position picker do), the scene, the render loop and
 * the one list of things to undo on dispose. The layers and the facade never start a loop, add a
 * listener without handing its removal here, or resize the engine themselves.
 *
 * The loop renders on demand: each turn asks the facade's `tick` whether anything moved, and
 * draws only then. It pauses altogether while the canvas is off-screen or the tab is hidden.
 */

/** Frame times kept for the median. */
const FRAME_SAMPLES = 120;

/** Creates the WebGL engine the globe and the position picker draw with. */
export function createGlobeEngine(canvas: HTMLCanvasElement): Engine {
  return new Engine(
    canvas,
    true,
    {
      stencil: false,
      preserveDrawingBuffer: false,
      powerPreference: 'high-performance',
      // Babylon would put the canvas in the tab order (tabindex 1) on attaching input; the page
      // decides it instead.
      canvasTabIndex: canvas.tabIndex,
    },
    true,
  );
}

/**
 * The scene of a globe: the page's night-blue background (--bg), Babylon's pointer picking off
 * (cards and points of the map are picked analytically, once per frame at most), and no frustum
 * culling (everything is in view of an orbit camera facing the globe, or cheap to draw).
 */
export function createGlobeScene(engine: AbstractEngine): Scene {
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.043, 0.078, 0.149, 1);
  scene.skipPointerMovePicking = true;
  scene.skipPointerDownPicking = true;
  scene.skipPointerUpPicking = true;
  scene.skipFrustumClipping = true;
  return scene;
}

/** What one turn of the loop tells the host. */
export interface LoopTurn {
  /** Seconds on the globe's clock. */
  now: number;
  /** ms since the previous turn: the frame rate the visitor gets. */
  sinceLastMs: number;
}

/** What the facade plugs into the loop. */
export interface FrameHooks {
  /** Every turn: advances what moves; answers whether a frame is needed. */
  tick(turn: LoopTurn): boolean;
  /** Before a frame is drawn: positions for the shaders and the overlays. */
  beforeRender(now: number): void;
  /** After a frame is drawn. */
  afterRender(): void;
}

export interface GlobeHost {
  readonly engine: Engine;
  readonly scene: Scene;
  readonly canvas: HTMLCanvasElement;
  /** Seconds since the host started: the one clock of the camera, the layers and the overlays. */
  clock(): number;
  /** Draws a frame at the next turn. */
  requestRender(): void;
  /** Resolves once `n` more frames have been drawn (or the host is disposed). */
  renderFrames(n: number): Promise<void>;
  /**
   * While true, after the first frame (which compiles the shaders) nothing is drawn: the globe is
   * behind the intro or the preloader, and only uploads run.
   */
  holdFrames: boolean;
  /** Plugs the facade into the loop and starts it. */
  start(hooks: FrameHooks): void;
  /** Adds a listener to the canvas, removed on dispose. */
  listen<K extends keyof HTMLElementEventMap>(
    type: K,
    handler: (event: HTMLElementEventMap[K]) => void,
  ): void;
  /** Something to undo on dispose (run in reverse order of adding). */
  onDispose(undo: () => void): void;
  readonly disposed: boolean;
  /** Whether the loop is paused (the canvas off-screen or the tab hidden). */
  readonly paused: boolean;
  /** Median frame time (ms) of the last frames, frames drawn in the last second, draw calls. */
  frameStats(): { frameTimeMs: number; fps: number; drawCalls: number };
  /** Sizes of the canvas's drawing buffer in pixels. */
  renderSize(): { width: number; height: number };
  dispose(): void;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Creates the host on a canvas. `onResized` runs after the engine took a new canvas size (the
 * camera's drag sensitivity follows it).
 */
export function createGlobeHost(
  canvas: HTMLCanvasElement,
  options: { engine?: Engine; onResized?: () => void } = {},
): GlobeHost {
  // Babylon sets the canvas's tabindex when it attaches input; the page decides it instead.
  const tabIndex = canvas.tabIndex;
  const engine = options.engine ?? createGlobeEngine(canvas);
  engine.canvasTabIndex = tabIndex;
  const scene = createGlobeScene(engine);
  const instrumentation = new SceneInstrumentation(scene);
  const started = performance.now();
  const clock = () => (performance.now() - started) / 1000;

  const undo: (() => void)[] = [];
  let disposed = false;
  let renderRequested = true;
  let renderedOnce = false;
  let forcedFrames = 0;
  const forcedWaiters: { frames: number; resolve: () => void }[] = [];
  const frameTimes: number[] = [];
  const frameStamps: number[] = [];
  let drawCalls = 0;

  // Resizing: the observer notes a change; the loop applies it once the size has been still for
  // RESIZE_DEBOUNCE_MS (a window dragged wider does not resize every frame). Every card, texture
  // and the camera pose are kept.
  let resizeDueAt = Infinity;
  if (typeof ResizeObserver !== 'undefined') {
    const observer = new ResizeObserver(() => {
      resizeDueAt = performance.now() + RESIZE_DEBOUNCE_MS;
    });
    observer.observe(canvas);
    undo.push(() => observer.disconnect());
  }

  // Paused while nobody can see it: the canvas scrolled or laid out of view, or the tab hidden.
  let offScreen = false;
  let tabHidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (typeof IntersectionObserver !== 'undefined') {
    const seen = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (!last) return;
      offScreen = !last.isIntersecting;
      if (!offScreen) renderRequested = true;
    });
    seen.observe(canvas);
    undo.push(() => seen.disconnect());
  }
  if (typeof document !== 'undefined') {
    const onVisibility = () => {
      tabHidden = document.visibilityState === 'hidden';
      if (!tabHidden) renderRequested = true;
    };
    document.addEventListener('visibilitychange', onVisibility);
    undo.push(() => document.removeEventListener('visibilitychange', onVisibility));
  }

  function turn(hooks: FrameHooks, sinceLastMs: number): void {
    if (disposed || offScreen || tabHidden) return;
    if (performance.now() >= resizeDueAt) {
      resizeDueAt = Infinity;
      engine.resize();
      options.onResized?.();
      renderRequested = true;
    }
    const now = clock();
    let needed = hooks.tick({ now, sinceLastMs }) || renderRequested || forcedFrames > 0;
    if (host.holdFrames && renderedOnce) needed = false;
    if (!needed) return;
    renderedOnce = true;
    hooks.beforeRender(now);
    const before = performance.now();
    scene.render();
    const after = performance.now();
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
    hooks.afterRender();
  }

  const host: GlobeHost = {
    engine,
    scene,
    canvas,
    clock,
    holdFrames: false,
    requestRender() {
      renderRequested = true;
    },
    renderFrames(n) {
      if (disposed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        forcedFrames = Math.max(forcedFrames, n);
        forcedWaiters.push({ frames: n, resolve });
      });
    },
    start(hooks) {
      let lastTurn = performance.now();
      engine.runRenderLoop(() => {
        const at = performance.now();
        const since = at - lastTurn;
        lastTurn = at;
        turn(hooks, since);
      });
      canvas.tabIndex = tabIndex;
    },
    listen(type, handler) {
      canvas.addEventListener(type, handler as EventListener);
      undo.push(() => canvas.removeEventListener(type, handler as EventListener));
    },
    onDispose(action) {
      undo.push(action);
    },
    get disposed() {
      return disposed;
    },
    get paused() {
      return offScreen || tabHidden;
    },
    frameStats: () => ({
      frameTimeMs: median(frameTimes),
      // Frames drawn in the last second as of now: the globe draws none while nothing moves.
      fps: frameStamps.filter((at) => at >= performance.now() - 1000).length,
      drawCalls,
    }),
    renderSize: () => ({ width: engine.getRenderWidth(), height: engine.getRenderHeight() }),
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const waiter of forcedWaiters.splice(0)) waiter.resolve();
      for (const action of undo.splice(0).reverse()) action();
      instrumentation.dispose();
      scene.dispose();
      engine.dispose();
    },
  };
  return host;
}
