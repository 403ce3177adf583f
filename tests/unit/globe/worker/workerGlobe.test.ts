// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GLOBE_WORKER_FAILED, type Globe } from '@/globe/types';
import type { FromWorker, Snapshot, ToWorker } from '@/globe/worker/protocol';
import { remoteSurface } from '@/globe/worker/remoteSurface';
import { createWorkerGlobe, workerGlobeSupported } from '@/globe/worker/workerGlobe';
import type { MediaNode } from '@/lib/nodeModel';

/**
 * The page's side of the globe in a worker, against a stand-in worker that records what the page
 * sends and answers as the real one does: the facade backed by messages, the canvas's input
 * forwarded as plain events, and `window.__globe` read from the worker's snapshots.
 */

class StandInWorker {
  static last: StandInWorker | null = null;
  sent: ToWorker[] = [];
  transferred: Transferable[][] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    StandInWorker.last = this;
  }
  postMessage(message: ToWorker, transfer: Transferable[] = []) {
    this.sent.push(message);
    this.transferred.push(transfer);
  }
  answer(message: FromWorker) {
    this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }
  terminate() {
    this.terminated = true;
  }
}

class StandInObserver {
  observe() {}
  disconnect() {}
}

const offscreen = { stand: 'in' } as unknown as OffscreenCanvas;

function makeCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  Object.defineProperty(canvas, 'clientWidth', { value: 800 });
  Object.defineProperty(canvas, 'clientHeight', { value: 600 });
  canvas.getBoundingClientRect = () =>
    ({ left: 10, top: 20, width: 800, height: 600, right: 810, bottom: 620 }) as DOMRect;
  canvas.transferControlToOffscreen = () => offscreen;
  canvas.setPointerCapture = vi.fn();
  document.body.append(canvas);
  return canvas;
}

const node = (id: string) => ({ video_id: id }) as MediaNode;

function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    seq: 0,
    ready: true,
    stats: {
      cards: 2,
      revealed: 2,
      drawCalls: 5,
      overlayDrawCalls: 0,
      frameTimeMs: 3,
      fps: 12,
      textureBytes: 100,
      faces: { none: 0, local: 0, fallback: 0, real: 2, loading: 0, queued: 0 },
    },
    lastFrameAt: performance.timeOrigin + performance.now(),
    camera: { radius: 12.5, alpha: 1, beta: 1, fovDegrees: 75, flying: false, flights: [] },
    links: { related: 1, category: 0 },
    callout: null,
    renderer: { thread: 'worker', software: true, ratio: 0.75 },
    recentFrames: [1, 2],
    clusters: { count: 0, clustered: 0, shown: 2, spacing: 1, badges: 0, fanned: null, list: [] },
    cards: {
      a: {
        project: { x: 110, y: 220, onScreen: true },
        card: {
          scale: 1,
          opacity: 1,
          hovered: true,
          matched: true,
          face: 'real',
          words: '3 photos',
        },
        clusterOf: { shownAs: 'a', size: 1, hidden: false },
      },
    },
    ...overrides,
  };
}

let canvas: HTMLCanvasElement;
let globe: Globe;
let worker: StandInWorker;

beforeEach(async () => {
  vi.stubGlobal('Worker', StandInWorker);
  vi.stubGlobal('ResizeObserver', StandInObserver);
  vi.stubGlobal('IntersectionObserver', StandInObserver);
  canvas = makeCanvas();
  const created = createWorkerGlobe(canvas, { mobile: false, reducedMotion: true });
  worker = StandInWorker.last as StandInWorker;
  worker.answer({ type: 'started' });
  globe = await created;
});

afterEach(() => {
  globe.dispose();
  canvas.remove();
  vi.unstubAllGlobals();
});

describe('the globe in a worker, from the page', () => {
  it('hands the canvas over with the options, its box and the display ratio', () => {
    const start = worker.sent[0];
    expect(worker.options).toMatchObject({ type: 'module' });
    expect(start).toMatchObject({
      type: 'start',
      options: { mobile: false, reducedMotion: true },
      surface: { left: 10, top: 20, width: 800, height: 600 },
    });
    expect(worker.transferred[0]).toEqual([offscreen]);
    expect(window.__globe?.renderer().thread).toBe('worker');
  });

  it('sends the items only when they changed, and the filter every time', () => {
    const nodes = [node('a'), node('b')];
    const filter = { category: null, type: null };
    globe.update({ nodes, filter, categoryColours: {} });
    globe.update({ nodes, filter: { category: 'x', type: null }, categoryColours: {} });
    const updates = worker.sent.filter((m) => m.type === 'update');
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatchObject({ input: { nodes } });
    expect(updates[1]).toMatchObject({ input: { filter: { category: 'x' } } });
    expect((updates[1] as { input: { nodes?: unknown } }).input.nodes).toBeUndefined();
  });

  it('keeps a flight promise until the worker says it ended, and passes events on', async () => {
    let arrived = false;
    const flight = globe.focus('a').then(() => (arrived = true));
    const sent = worker.sent.at(-1) as { type: string; call: number; id: string };
    expect(sent).toMatchObject({ type: 'focus', id: 'a' });
    await Promise.resolve();
    expect(arrived).toBe(false);
    worker.answer({ type: 'done', call: sent.call });
    await flight;
    expect(arrived).toBe(true);

    const picked = vi.fn();
    globe.on('cardPicked', picked);
    worker.answer({ type: 'event', name: 'cardPicked', payload: { id: 'a' } });
    expect(picked).toHaveBeenCalledWith({ id: 'a' });
    worker.answer({ type: 'cursor', cursor: 'pointer' });
    expect(canvas.style.cursor).toBe('pointer');
  });

  it('flies to a story view and reads the camera back through the worker', async () => {
    const view = { lat: 38.65, lng: -90.3, distance: 14.5 };
    let arrived = false;
    const shot = { view, card: { id: 'a', open: false } };
    const flight = globe.showView(shot).then(() => (arrived = true));
    const sent = worker.sent.at(-1) as { type: string; call: number };
    expect(sent).toMatchObject({ type: 'showView', shot });
    await Promise.resolve();
    expect(arrived).toBe(false);
    worker.answer({ type: 'done', call: sent.call });
    await flight;
    expect(arrived).toBe(true);

    const reading = globe.currentView();
    const asked = worker.sent.at(-1) as { type: string; call: number };
    expect(asked.type).toBe('currentView');
    worker.answer({ type: 'done', call: asked.call, value: view });
    await expect(reading).resolves.toEqual(view);
  });

  it('forwards pointer, wheel and arrow keys as plain data, and keeps the page from scrolling', () => {
    canvas.dispatchEvent(
      new MouseEvent('pointerdown', { clientX: 50, clientY: 60, button: 2, buttons: 2 }),
    );
    const wheel = new WheelEvent('wheel', { deltaY: -100, cancelable: true });
    canvas.dispatchEvent(wheel);
    const arrow = new KeyboardEvent('keydown', { key: 'ArrowUp', cancelable: true });
    canvas.dispatchEvent(arrow);
    const letter = new KeyboardEvent('keydown', { key: 'a', cancelable: true });
    canvas.dispatchEvent(letter);
    const menu = new MouseEvent('contextmenu', { cancelable: true });
    canvas.dispatchEvent(menu);

    const forwarded = worker.sent.flatMap((m) => (m.type === 'event' ? [m.event] : []));
    expect(forwarded.map((e) => e.type)).toEqual(['pointerdown', 'wheel', 'keydown']);
    expect(forwarded[0]).toMatchObject({ clientX: 50, clientY: 60, button: 2, buttons: 2 });
    expect(forwarded[1]).toMatchObject({ deltaY: -100 });
    expect(forwarded[2]).toMatchObject({ key: 'ArrowUp' });
    // Structured clone takes plain data only: nothing of the DOM event goes along.
    expect(() => structuredClone(forwarded)).not.toThrow();
    expect(wheel.defaultPrevented).toBe(true);
    expect(arrow.defaultPrevented).toBe(true);
    expect(letter.defaultPrevented).toBe(false);
    expect(menu.defaultPrevented).toBe(true);
    expect(canvas.setPointerCapture).toHaveBeenCalled();
  });

  it('answers window.__globe from the latest snapshot, asking for them on the first read', () => {
    const diagnostics = window.__globe;
    if (!diagnostics) throw new Error('no window.__globe');
    expect(diagnostics.ready).toBe(false);
    expect(worker.sent.filter((m) => m.type === 'mirror')).toHaveLength(1);
    worker.answer({ type: 'snapshot', snapshot: snapshot() });
    expect(diagnostics.ready).toBe(true);
    expect(diagnostics.stats().fps).toBe(12);
    expect(diagnostics.project('a')).toEqual({ x: 110, y: 220, onScreen: true });
    expect(diagnostics.card('a')?.hovered).toBe(true);
    expect(diagnostics.clusterOf('a')).toEqual({ shownAs: 'a', size: 1, hidden: false });
    expect(diagnostics.project('unknown')).toBeNull();
    expect(diagnostics.recentFrames()).toEqual([1, 2]);
    // A still globe: no frame in the last second reads 0 fps.
    worker.answer({ type: 'snapshot', snapshot: snapshot({ lastFrameAt: 0 }) });
    expect(diagnostics.stats().fps).toBe(0);
    // Input the worker has not handled yet may move it: not still until it says so.
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
    expect(diagnostics.stats().fps).toBe(1);
    const handled = worker.sent.filter((m) => m.type === 'event').length;
    worker.answer({ type: 'snapshot', snapshot: snapshot({ lastFrameAt: 0, seq: handled }) });
    expect(diagnostics.stats().fps).toBe(0);
    expect(worker.sent.filter((m) => m.type === 'mirror')).toHaveLength(1);
  });

  it('resolves what is pending, lets go of window.__globe and ends the worker on dispose', () => {
    vi.useFakeTimers();
    try {
      const frames = window.__globe?.renderFrames(2);
      globe.dispose();
      expect(worker.sent.at(-1)).toEqual({ type: 'dispose' });
      expect(window.__globe).toBeUndefined();
      vi.advanceTimersByTime(1000);
      expect(worker.terminated).toBe(true);
      return frames;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the canvas as the worker knows it', () => {
  it('dispatches forwarded events with their fields, and reports size and visibility', () => {
    const cursor = vi.fn();
    const surface = remoteSurface(
      { left: 0, top: 0, width: 300, height: 200, pixelRatio: 2 },
      true,
      cursor,
    );
    const seen: string[] = [];
    surface.watch({ resized: () => seen.push('resized'), seen: (s) => seen.push(`seen ${s}`) });
    const moves: PointerEvent[] = [];
    surface.element.addEventListener('pointermove', (e) => moves.push(e));
    surface.dispatch({
      type: 'pointermove',
      clientX: 5,
      clientY: 6,
      button: -1,
      buttons: 1,
      pointerId: 3,
      pointerType: 'touch',
      isPrimary: true,
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      movementX: 1,
      movementY: 2,
      deltaX: 0,
      deltaY: 0,
      deltaMode: 0,
      key: '',
      code: '',
    });
    expect(moves[0]).toMatchObject({
      type: 'pointermove',
      clientX: 5,
      pointerId: 3,
      pointerType: 'touch',
    });
    expect(surface.element.clientWidth).toBe(300);
    surface.setState({ left: 0, top: 0, width: 300, height: 200, pixelRatio: 2 });
    surface.setState({ left: 0, top: 0, width: 400, height: 200, pixelRatio: 2 });
    surface.setSeen(false);
    expect(seen).toEqual(['resized', 'seen false']);
    expect(surface.element.getBoundingClientRect()).toMatchObject({ width: 400 });
    expect(surface.pixelRatio()).toBe(2);
    surface.setCursor('pointer');
    expect(cursor).toHaveBeenCalledWith('pointer');
  });

  it('is not chosen where the browser cannot hand a canvas to a worker', () => {
    const plain = document.createElement('canvas');
    expect(workerGlobeSupported(plain)).toBe(false);
    // Where it can, it is chosen without a WebGL context on the page (its GPU start-up blocks).
    vi.stubGlobal('Worker', StandInWorker);
    vi.stubGlobal('OffscreenCanvas', function OffscreenCanvas() {});
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    expect(workerGlobeSupported(makeCanvas())).toBe(true);
    expect(getContext).not.toHaveBeenCalled();
  });

  it('rejects with GLOBE_WORKER_FAILED when the worker cannot draw, and lets everything go', async () => {
    vi.stubGlobal('Worker', StandInWorker);
    vi.stubGlobal('ResizeObserver', StandInObserver);
    vi.stubGlobal('IntersectionObserver', StandInObserver);
    const created = createWorkerGlobe(makeCanvas(), { mobile: true, reducedMotion: false });
    const failing = StandInWorker.last as StandInWorker;
    failing.answer({ type: 'failed', message: 'no WebGL2 here' });
    await expect(created).rejects.toMatchObject({ name: GLOBE_WORKER_FAILED });
    expect(failing.sent.at(-1)).toEqual({ type: 'dispose' });
  });
});
