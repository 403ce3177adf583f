import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { Engine } from '@babylonjs/core/Engines/engine';
import { SceneInstrumentation } from '@babylonjs/core/Instrumentation/sceneInstrumentation';
import { Color4 } from '@babylonjs/core/Maths/math.color';
import { Scene } from '@babylonjs/core/scene';
import { ForcedFrames, FrameRecord } from '@/globe/frames';
import { pageSurface, type GlobeSurface } from '@/globe/surface';
import { RESIZE_DEBOUNCE_MS } from '@/lib/constants';

/**
 * The globe's host, as Babylon.js Viewer's `viewer.ts` is for its scene: it owns the engine
 * (created here or injected, as tests and the position picker do), the scene, the render loop and
 * the one list of things to undo on dispose. The layers and the facade never start a loop, add a
 * listener without handing its removal here, or resize the engine themselves.
 *
 * The loop renders on demand: each turn asks the facade's `tick` whether anything moved, and
 * draws only then. It pauses altogether while the canvas is off-screen or the tab is hidden.
 *
 * It runs the same on the page's main thread (a canvas element) and in a worker (an
 * `OffscreenCanvas`): what it knows of the page comes through its surface (`surface.ts`).
 */

/**
 * Creates the WebGL engine the globe and the position picker draw with. By default it follows the
 * device-pixel ratio itself (`engine.resize()`, the picker); the globe's host sizes it instead
 * (`adaptToDeviceRatio: false`), and leaves out multisampling on a software renderer.
 */
export function createGlobeEngine(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  { antialias = true, adaptToDeviceRatio = true } = {},
): Engine {
  return new Engine(
    canvas,
    antialias,
    {
      stencil: false,
      preserveDrawingBuffer: false,
      powerPreference: 'high-performance',
      // Babylon would put the canvas in the tab order (tabindex 1) on attaching input; the page
      // decides it instead.
      canvasTabIndex: 'tabIndex' in canvas ? canvas.tabIndex : -1,
    },
    adaptToDeviceRatio,
  );
}

/** What `WEBGL_debug_renderer_info` says of a software renderer. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i;

/**
 * Whether WebGL is drawn by the CPU here (SwiftShader, llvmpipe): asked of a throw-away 1×1
 * context, since multisampling is chosen when the engine's context is made. False where it
 * cannot tell.
 */
export function softwareRenderer(): boolean {
  if (typeof OffscreenCanvas === 'undefined') return false;
  try {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return SOFTWARE_RENDERER.test(renderer);
  } catch {
    return false;
  }
}

/**
 * Device pixels drawn per CSS pixel: the display's ratio, at most 2 (a phone's 3× display gets
 * 2×: its pixels are too small to see the difference, and they cost 2.25× the fill), and on a
 * software renderer at most 1, scaled by 0.75 (every pixel is shaded by the CPU; the browser
 * scales the picture up).
 */
export function renderRatio(pixelRatio: number, software: boolean): number {
  const ratio = Math.max(0.5, pixelRatio || 1);
  return software ? Math.min(ratio, 1) * SOFTWARE_RENDER_SCALE : Math.min(ratio, MAX_RENDER_RATIO);
}
const MAX_RENDER_RATIO = 2;
const SOFTWARE_RENDER_SCALE = 0.75;

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
  /** Where the globe is drawn and what it hears. */
  readonly surface: GlobeSurface;
  /** Device pixels drawn per CSS pixel (`renderRatio`). */
  readonly ratio: number;
  /** Whether WebGL is drawn by the CPU here (`softwareRenderer()`). */
  readonly software: boolean;
  /** Runs after every frame drawn; returns the function that stops it. */
  afterFrame(listener: () => void): () => void;
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
  /** When the last frames were drawn (ms since the epoch, oldest first; at most 240). */
  recentFrames(): number[];
  /** Sizes of the canvas's drawing buffer in pixels. */
  renderSize(): { width: number; height: number };
  /** The canvas's size in CSS pixels, as of the last resize. */
  cssSize(): { width: number; height: number };
  dispose(): void;
}

/**
 * The drawing buffer's size: the canvas's CSS size times `ratio`. A change is noted, and the loop
 * applies it once the size has been still for RESIZE_DEBOUNCE_MS (a window dragged wider does not
 * resize every frame). Every card, texture and the camera pose are kept.
 */
class BufferSizing {
  /** Device pixels drawn per CSS pixel (`renderRatio`). */
  ratio = 1;
  /** The canvas's size in CSS pixels, as of the last resize. */
  css = { width: 0, height: 0 };
  private dueAt = Infinity;

  constructor(
    private readonly engine: Engine,
    private readonly surface: GlobeSurface,
    private readonly software: boolean,
  ) {
    this.apply();
  }

  /** The canvas's size or the display's ratio changed: applied once it has been still. */
  noteResized(): void {
    this.dueAt = performance.now() + RESIZE_DEBOUNCE_MS;
  }

  /** Applies a noted change once it is due; answers whether it did. */
  applyIfDue(): boolean {
    if (performance.now() < this.dueAt) return false;
    this.dueAt = Infinity;
    this.apply();
    return true;
  }

  private apply(): void {
    this.ratio = renderRatio(this.surface.pixelRatio(), this.software);
    const { clientWidth, clientHeight } = this.surface.element;
    this.css = { width: Math.max(1, clientWidth), height: Math.max(1, clientHeight) };
    this.engine.setSize(
      Math.round(this.css.width * this.ratio),
      Math.round(this.css.height * this.ratio),
    );
  }
}

export interface HostOptions {
  /** The engine to draw with (a `NullEngine` in unit tests); default: WebGL on the canvas. */
  engine?: Engine;
  /** Default: the canvas element itself (`pageSurface`). */
  surface?: GlobeSurface;
  /** Whether the renderer is software (default: asked of WebGL, `softwareRenderer()`). */
  software?: boolean;
  /** Runs after the engine took a new canvas size (the camera's sensitivity follows it). */
  onResized?: () => void;
}

/** Creates the host on a canvas: an element in the page, or an `OffscreenCanvas` in a worker. */
export function createGlobeHost(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  options: HostOptions = {},
): GlobeHost {
  const surface = options.surface ?? pageSurface(canvas as HTMLCanvasElement);
  // Babylon sets the canvas's tabindex when it attaches input; the page decides it instead.
  const tabIndex = 'tabIndex' in canvas ? canvas.tabIndex : -1;
  const software = options.engine ? false : (options.software ?? softwareRenderer());
  const engine =
    options.engine ??
    createGlobeEngine(canvas, { antialias: !software, adaptToDeviceRatio: false });
  engine.canvasTabIndex = tabIndex;
  const scene = createGlobeScene(engine);
  const instrumentation = new SceneInstrumentation(scene);
  const started = performance.now();
  const clock = () => (performance.now() - started) / 1000;

  const undo: (() => void)[] = [];
  const frameListeners = new Set<() => void>();
  const record = new FrameRecord();
  const forced = new ForcedFrames();
  const sizing = new BufferSizing(engine, surface, software);
  let disposed = false;
  let renderRequested = true;
  let renderedOnce = false;
  // Paused while nobody can see it: the canvas scrolled or laid out of view, or the tab hidden.
  let unseen = !surface.initiallySeen;
  undo.push(
    surface.watch({
      resized: () => sizing.noteResized(),
      seen(seen) {
        unseen = !seen;
        if (seen) renderRequested = true;
      },
    }),
  );

  function turn(hooks: FrameHooks, sinceLastMs: number): void {
    if (disposed || unseen) return;
    if (sizing.applyIfDue()) {
      options.onResized?.();
      renderRequested = true;
    }
    const now = clock();
    let needed = hooks.tick({ now, sinceLastMs }) || renderRequested || forced.owed;
    if (host.holdFrames && renderedOnce) needed = false;
    if (!needed) return;
    renderedOnce = true;
    hooks.beforeRender(now);
    const before = performance.now();
    scene.render();
    record.add(before, performance.now(), instrumentation.drawCallsCounter.current);
    renderRequested = false;
    forced.drawn();
    hooks.afterRender();
    for (const listener of frameListeners) listener();
  }

  const host: GlobeHost = {
    engine,
    scene,
    surface,
    get ratio() {
      return sizing.ratio;
    },
    software,
    afterFrame(listener) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
    clock,
    holdFrames: false,
    requestRender() {
      renderRequested = true;
    },
    renderFrames(n) {
      return disposed ? Promise.resolve() : forced.ask(n);
    },
    start(hooks) {
      let lastTurn = performance.now();
      engine.runRenderLoop(() => {
        const at = performance.now();
        const since = at - lastTurn;
        lastTurn = at;
        turn(hooks, since);
      });
      if ('tabIndex' in canvas) canvas.tabIndex = tabIndex;
    },
    listen(type, handler) {
      surface.element.addEventListener(type, handler);
      undo.push(() => surface.element.removeEventListener(type, handler));
    },
    onDispose(action) {
      undo.push(action);
    },
    get disposed() {
      return disposed;
    },
    get paused() {
      return unseen;
    },
    recentFrames: () => record.recentFrames(),
    frameStats: () => record.stats(),
    renderSize: () => ({ width: engine.getRenderWidth(), height: engine.getRenderHeight() }),
    cssSize: () => sizing.css,
    dispose() {
      if (disposed) return;
      disposed = true;
      forced.releaseAll();
      for (const action of undo.splice(0).reverse()) action();
      instrumentation.dispose();
      scene.dispose();
      engine.dispose();
    },
  };
  return host;
}
