/**
 * The page's side of the globe in a worker: the same facade (`update`, `focus`, `turnTo`, `on`,
 * `dispose`) backed by messages, the canvas's input forwarded as plain events, its size and
 * visibility reported, and `window.__globe` answered from the worker's mirror. No Babylon code
 * loads on the page for it.
 */
import { createEmitter, type Emitter } from '@/globe/events';
import { pageSurface, type GlobeSurface } from '@/globe/surface';
import {
  GLOBE_WORKER_FAILED,
  type Globe,
  type GlobeEvents,
  type GlobeOptions,
} from '@/globe/types';
import { Mirror, mirroredDiagnostics } from '@/globe/worker/mirror';
import {
  forwardedEvent,
  type FromWorker,
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

/** Where the canvas is (CSS pixels) and the display's ratio, as the worker's stand-in takes them. */
function surfaceStateOf(surface: GlobeSurface): SurfaceState {
  const { element } = surface;
  const rect = element.getBoundingClientRect();
  return {
    left: rect.left,
    top: rect.top,
    width: element.clientWidth,
    height: element.clientHeight,
    pixelRatio: surface.pixelRatio(),
  };
}

/**
 * The page's end of the messages: sends while open, numbers what may move the globe, and keeps
 * each promise until the worker says it is kept.
 */
class WorkerChannel {
  /** The last numbered message sent (input, updates, flights): see `Snapshot.seq`. */
  seq = 0;
  closed = false;
  private readonly calls = new Map<number, (value: unknown) => void>();
  private nextCall = 1;

  constructor(private readonly worker: Worker) {}

  send(message: ToWorker, transfer: Transferable[] = []): void {
    if (!this.closed) this.worker.postMessage(message, transfer);
  }

  /** The next number for a message that may move the globe. */
  nextSeq(): number {
    return ++this.seq;
  }

  /** Sends a message that the worker answers with `done` once what it asks has happened. */
  call(message: (call: number) => ToWorker): Promise<void> {
    return this.ask(message, undefined);
  }

  /**
   * Sends a message the worker answers with a value in its `done`; `closed` is the answer once
   * the channel is closed (the globe disposed).
   */
  ask<T>(message: (call: number) => ToWorker, closed: T): Promise<T> {
    return this.closed
      ? Promise.resolve(closed)
      : new Promise<T>((resolve) => {
          const id = this.nextCall++;
          this.calls.set(id, (value) => resolve(value === undefined ? closed : (value as T)));
          this.send(message(id));
        });
  }

  /** The worker kept the promise of call `call`, answering `value`. */
  done(call: number, value?: unknown): void {
    this.calls.get(call)?.(value);
    this.calls.delete(call);
  }

  /** Sends nothing more; every promise still pending is resolved. */
  close(): void {
    this.closed = true;
    for (const resolve of this.calls.values()) resolve(undefined);
    this.calls.clear();
  }
}

/**
 * Forwards the canvas's pointer, wheel and camera keys to the worker as plain data, keeping the
 * page from scrolling for them; returns the function that stops.
 */
function forwardCanvasInput(canvas: HTMLCanvasElement, channel: WorkerChannel): () => void {
  const undo: (() => void)[] = [];
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
    channel.send({ type: 'event', seq: channel.nextSeq(), event: forwardedEvent(e) });
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
  return () => {
    for (const action of undo.splice(0).reverse()) action();
  };
}

/**
 * Reports where the canvas is and whether it is seen, as the page's surface hears it (its size,
 * its place on screen, the tab's visibility), and where it moved with the window; returns the
 * function that stops.
 */
function reportCanvasSurface(surface: GlobeSurface, channel: WorkerChannel): () => void {
  const sendState = () => channel.send({ type: 'surface', surface: surfaceStateOf(surface) });
  const stopWatching = surface.watch({
    resized: sendState,
    seen: (seen) => channel.send({ type: 'seen', seen }),
  });
  window.addEventListener('resize', sendState);
  return () => {
    window.removeEventListener('resize', sendState);
    stopWatching();
  };
}

/** What the page does with the worker's answers. */
interface PageSide {
  events: Emitter<GlobeEvents>;
  channel: WorkerChannel;
  surface: GlobeSurface;
  mirror: Mirror;
  /** The engine runs. */
  started(): void;
  /** The worker could not start the engine. */
  failed(message: string): void;
}

/** Takes one message from the worker. */
function takeAnswer(message: FromWorker, page: PageSide): void {
  switch (message.type) {
    case 'started':
      page.started();
      break;
    case 'failed':
      page.failed(message.message);
      break;
    case 'event':
      page.events.emit(message.name, message.payload as never);
      break;
    case 'done':
      page.channel.done(message.call, message.value);
      break;
    case 'cursor':
      page.surface.setCursor(message.cursor);
      break;
    case 'snapshot':
      page.mirror.take(message.snapshot);
      break;
  }
}

/** Hands the canvas to the worker with the options it takes, its box and whether it is seen. */
function handCanvasOver(
  canvas: HTMLCanvasElement,
  surface: GlobeSurface,
  channel: WorkerChannel,
  options: GlobeOptions,
): void {
  const offscreen = canvas.transferControlToOffscreen();
  const { engine: _engine, inWorker: _inWorker, ...workerOptions } = options;
  channel.send(
    {
      type: 'start',
      canvas: offscreen,
      options: workerOptions,
      surface: surfaceStateOf(surface),
      seen: surface.initiallySeen,
    },
    [offscreen],
  );
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
  const channel = new WorkerChannel(worker);
  const surface = pageSurface(canvas);
  const events = createEmitter<GlobeEvents>();
  const mirror = new Mirror(
    () => channel.send({ type: 'mirror' }),
    () => channel.seq,
  );
  const diagnostics = mirroredDiagnostics(mirror, (n) =>
    channel.call((id) => ({ type: 'renderFrames', call: id, n })),
  );
  const undo = [forwardCanvasInput(canvas, channel), reportCanvasSurface(surface, channel)];
  let lastNodes: readonly MediaNode[] | null = null;

  const globe: Globe = {
    update(input) {
      const nodes = input.nodes === lastNodes ? undefined : input.nodes;
      lastNodes = input.nodes;
      channel.send({ type: 'update', seq: channel.nextSeq(), input: { ...input, nodes } });
    },
    focus: (id) => channel.call((n) => ({ type: 'focus', seq: channel.nextSeq(), call: n, id })),
    turnTo: (id) => channel.call((n) => ({ type: 'turnTo', seq: channel.nextSeq(), call: n, id })),
    showView: (shot) =>
      channel.call((n) => ({ type: 'showView', seq: channel.nextSeq(), call: n, shot })),
    currentView: () =>
      channel.ask((n) => ({ type: 'currentView', call: n }), { lat: 0, lng: 0, distance: 0 }),
    on: events.on,
    dispose() {
      if (channel.closed) return;
      channel.send({ type: 'dispose' });
      channel.close();
      for (const action of undo.splice(0).reverse()) action();
      if (window.__globe === diagnostics) delete window.__globe;
      // The worker closes itself once the engine is released; this is the bound.
      setTimeout(() => worker.terminate(), 1000);
    },
  };

  return new Promise<Globe>((resolve, reject) => {
    const page: PageSide = {
      events,
      channel,
      surface,
      mirror,
      started() {
        window.__globe = diagnostics;
        resolve(globe);
      },
      failed(message) {
        globe.dispose();
        reject(workerFailed(message));
      },
    };
    worker.onmessage = (event: MessageEvent<FromWorker>) => takeAnswer(event.data, page);
    worker.onerror = (event) => {
      console.error('The globe worker failed:', event.message);
      if (!channel.closed) {
        globe.dispose();
        reject(workerFailed(event.message || 'The globe worker could not start.'));
      }
    };
    handCanvasOver(canvas, surface, channel, options);
  });
}
