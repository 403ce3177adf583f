/**
 * The page's side of the globe in a worker: the same facade (`update`, `focus`, `turnTo`, `on`,
 * `dispose`) backed by messages, the canvas's input forwarded as plain events, its size and
 * visibility reported, and `window.__globe` answered from the worker's mirror. No Babylon code
 * loads on the page for it.
 */
import { createEmitter } from '@/globe/events';
import {
  GLOBE_WORKER_FAILED,
  type Globe,
  type GlobeDiagnostics,
  type GlobeEvents,
  type GlobeOptions,
} from '@/globe/types';
import {
  forwardedEvent,
  type FromWorker,
  type MirroredCard,
  type Snapshot,
  type SurfaceState,
  type ToWorker,
} from '@/globe/worker/protocol';
import type { MediaNode } from '@/lib/nodeModel';

/** Keys the engine moves the camera with: the page does not scroll for them. */
const CAMERA_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);
/** The events the engine reads, forwarded as they happen. */
const FORWARDED = [
  'pointerdown',
  'pointermove',
  'pointerup',
  'pointercancel',
  'pointerleave',
  'wheel',
  'keydown',
] as const;

/**
 * Whether this browser can hand a canvas to a worker (`transferControlToOffscreen`). Whether the
 * worker then gets WebGL2 on it is the worker's to find out (`GLOBE_WORKER_FAILED`): a WebGL
 * context made here to ask would block the page for the GPU's start-up (3.7 s for the first
 * context under SwiftShader), which is the very wait the worker takes off the main thread.
 */
export function workerGlobeSupported(canvas: HTMLCanvasElement): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof canvas.transferControlToOffscreen === 'function'
  );
}

function workerFailed(message: string): Error {
  const error = new Error(message);
  error.name = GLOBE_WORKER_FAILED;
  return error;
}

function surfaceOf(canvas: HTMLCanvasElement): SurfaceState {
  const rect = canvas.getBoundingClientRect();
  return {
    left: rect.left,
    top: rect.top,
    width: canvas.clientWidth,
    height: canvas.clientHeight,
    pixelRatio: window.devicePixelRatio || 1,
  };
}

/** Starts the globe in a worker on the canvas; resolves once its engine runs. */
export function createWorkerGlobe(
  canvas: HTMLCanvasElement,
  options: GlobeOptions,
): Promise<Globe> {
  const worker = new Worker(new URL('./globe.worker.ts', import.meta.url), {
    type: 'module',
    name: 'globe',
  });
  const events = createEmitter<GlobeEvents>();
  const calls = new Map<number, () => void>();
  let nextCall = 1;
  let disposed = false;
  let snapshot: Snapshot | null = null;
  let mirrorAsked = false;
  let lastNodes: readonly MediaNode[] | null = null;
  /** The last numbered message sent (input, updates, flights): see `Snapshot.seq`. */
  let seq = 0;
  const undo: (() => void)[] = [];

  const send = (message: ToWorker, transfer: Transferable[] = []) => {
    if (!disposed) worker.postMessage(message, transfer);
  };
  const call = (message: (call: number) => ToWorker): Promise<void> =>
    disposed
      ? Promise.resolve()
      : new Promise((resolve) => {
          const id = nextCall++;
          calls.set(id, resolve);
          send(message(id));
        });

  // ---- input: the canvas's events, as plain data -------------------------------------------------
  const forward = (event: Event) => {
    const e = event as PointerEvent & WheelEvent & KeyboardEvent;
    if (e.type === 'wheel') e.preventDefault();
    if (e.type === 'keydown' && !CAMERA_KEYS.has(e.key)) return;
    if (e.type === 'keydown') e.preventDefault();
    if (e.type === 'pointerdown') {
      // Drags go on outside the canvas, as Babylon's input has them on a page; the middle
      // button's autoscroll is not started.
      if (e.button === 1) e.preventDefault();
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // The pointer is already gone.
      }
    }
    send({ type: 'event', seq: ++seq, event: forwardedEvent(e) });
  };
  const listen = (
    type: string,
    handler: (event: Event) => void,
    opts?: AddEventListenerOptions,
  ) => {
    canvas.addEventListener(type, handler, opts);
    undo.push(() => canvas.removeEventListener(type, handler, opts));
  };
  for (const type of FORWARDED) listen(type, forward, type === 'wheel' ? { passive: false } : {});
  // A right-drag pans: no context menu over the globe.
  listen('contextmenu', (event) => event.preventDefault());

  // ---- where the canvas is and whether it is seen ------------------------------------------------
  let offScreen = false;
  const seen = () => !offScreen && document.visibilityState !== 'hidden';
  const resized = new ResizeObserver(() => send({ type: 'surface', surface: surfaceOf(canvas) }));
  resized.observe(canvas);
  undo.push(() => resized.disconnect());
  const onWindowResize = () => send({ type: 'surface', surface: surfaceOf(canvas) });
  window.addEventListener('resize', onWindowResize);
  undo.push(() => window.removeEventListener('resize', onWindowResize));
  const visible = new IntersectionObserver((entries) => {
    const last = entries[entries.length - 1];
    if (!last) return;
    offScreen = !last.isIntersecting;
    send({ type: 'seen', seen: seen() });
  });
  visible.observe(canvas);
  undo.push(() => visible.disconnect());
  const onVisibility = () => send({ type: 'seen', seen: seen() });
  document.addEventListener('visibilitychange', onVisibility);
  undo.push(() => document.removeEventListener('visibilitychange', onVisibility));

  // ---- window.__globe: the worker's mirror ---------------------------------------------------------
  // The worker sends snapshots once the page first reads them (a visitor's page never does).
  const read = (): Snapshot | null => {
    if (!mirrorAsked) {
      mirrorAsked = true;
      send({ type: 'mirror' });
    }
    return snapshot;
  };
  const cardOf = (id: string): MirroredCard | null => read()?.cards[id] ?? null;
  const diagnostics: GlobeDiagnostics = {
    get ready() {
      return read()?.ready ?? false;
    },
    stats() {
      const s = read();
      if (!s)
        return {
          cards: 0,
          revealed: 0,
          drawCalls: 0,
          overlayDrawCalls: 0,
          frameTimeMs: 0,
          fps: 0,
          textureBytes: 0,
          faces: { none: 0, local: 0, fallback: 0, real: 0, loading: 0, queued: 0 },
        };
      // Frames drawn in the last second as of now: none a second after the last, unless input
      // the worker has not handled yet may be moving it (then at least one).
      const stale = performance.timeOrigin + performance.now() - s.lastFrameAt > 1000;
      const pending = s.seq < seq;
      return { ...s.stats, fps: Math.max(pending ? 1 : 0, stale ? 0 : s.stats.fps) };
    },
    project: (id) => cardOf(id)?.project ?? null,
    card: (id) => cardOf(id)?.card ?? null,
    clusterOf: (id) => cardOf(id)?.clusterOf ?? null,
    camera: () => read()?.camera ?? { radius: 0, alpha: 0, beta: 0, fovDegrees: 0, flying: false },
    links: () => read()?.links ?? { related: 0, category: 0 },
    clusters: () =>
      read()?.clusters ?? {
        count: 0,
        clustered: 0,
        shown: 0,
        spacing: 0,
        badges: 0,
        fanned: null,
        list: [],
      },
    callout: () => read()?.callout ?? null,
    renderer: () => ({
      thread: 'worker',
      software: snapshot?.renderer.software ?? false,
      ratio: snapshot?.renderer.ratio ?? 0,
    }),
    recentFrames: () => [...(read()?.recentFrames ?? [])],
    renderFrames: (n) => call((id) => ({ type: 'renderFrames', call: id, n })),
  };

  const globe: Globe = {
    update(input) {
      const nodes = input.nodes === lastNodes ? undefined : input.nodes;
      lastNodes = input.nodes;
      send({ type: 'update', seq: ++seq, input: { ...input, nodes } });
    },
    focus: (id) => call((n) => ({ type: 'focus', seq: ++seq, call: n, id })),
    turnTo: (id) => call((n) => ({ type: 'turnTo', seq: ++seq, call: n, id })),
    on: events.on,
    dispose() {
      if (disposed) return;
      send({ type: 'dispose' });
      disposed = true;
      for (const action of undo.splice(0).reverse()) action();
      for (const resolve of calls.values()) resolve();
      calls.clear();
      if (window.__globe === diagnostics) delete window.__globe;
      // The worker closes itself once the engine is released; this is the bound.
      setTimeout(() => worker.terminate(), 1000);
    },
  };

  return new Promise<Globe>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      switch (message.type) {
        case 'started':
          window.__globe = diagnostics;
          resolve(globe);
          break;
        case 'failed':
          globe.dispose();
          reject(workerFailed(message.message));
          break;
        case 'event':
          events.emit(message.name, message.payload as never);
          break;
        case 'done':
          calls.get(message.call)?.();
          calls.delete(message.call);
          break;
        case 'cursor':
          canvas.style.cursor = message.cursor;
          break;
        case 'snapshot':
          snapshot = message.snapshot;
          break;
      }
    };
    worker.onerror = (event) => {
      console.error('The globe worker failed:', event.message);
      if (!disposed) {
        globe.dispose();
        reject(workerFailed(event.message || 'The globe worker could not start.'));
      }
    };
    const offscreen = canvas.transferControlToOffscreen();
    const { engine: _engine, inWorker: _inWorker, ...workerOptions } = options;
    send(
      {
        type: 'start',
        canvas: offscreen,
        options: workerOptions,
        surface: surfaceOf(canvas),
        seen: document.visibilityState !== 'hidden',
      },
      [offscreen],
    );
  });
}
