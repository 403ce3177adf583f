// @vitest-environment jsdom
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGlobe } from '@/globe/createGlobe';
import type { Globe, GlobeInput } from '@/globe/types';
import type { MediaNode } from '@/lib/nodeModel';

/*
 * The globe's facade on a NullEngine, in jsdom: no GPU and no browser, so what is checked is the
 * composition (host, layers, the items' join into cards, camera, diagnostics, disposal) through
 * the facade's own surface and `window.__globe`, the figures the browser tests read too.
 */

const RECT = { left: 0, top: 0, width: 800, height: 600 };

/**
 * A 2D context that takes every call and draws nothing: jsdom has none, and the card faces, the
 * atlas and the callout overlay draw on 2D canvases.
 */
function stubContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { canvas };
  return new Proxy(state, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'measureText')
        return (text: string) => ({
          width: text.length * 7,
          actualBoundingBoxAscent: 9,
          actualBoundingBoxDescent: 3,
        });
      if (key === 'getImageData' || key === 'createImageData')
        return (_x: number, _y: number, w = 1, h = 1) => ({
          width: w,
          height: h,
          data: new Uint8ClampedArray(Math.max(1, w * h * 4)),
        });
      if (key === 'getLineDash') return () => [];
      return () => ({ addColorStop: () => undefined });
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/** A NullEngine that also takes the card atlas's uploads (the WebGL engine writes them to the GPU). */
class TestEngine extends NullEngine {
  uploads = 0;
  override updateTextureData(): void {
    this.uploads++;
  }
  override generateMipmaps(): void {}
}

function makeCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.getBoundingClientRect = () =>
    ({
      ...RECT,
      x: 0,
      y: 0,
      right: RECT.width,
      bottom: RECT.height,
      toJSON: () => ({}),
    }) as DOMRect;
  Object.defineProperty(canvas, 'clientWidth', { value: RECT.width });
  Object.defineProperty(canvas, 'clientHeight', { value: RECT.height });
  document.body.append(canvas);
  return canvas;
}

const node = (id: string, lat: number, lng: number, more: Partial<MediaNode> = {}): MediaNode =>
  ({
    video_id: id,
    type: 'video',
    title: `Item ${id}`,
    youtube_id: 'dQw4w9WgXcQ',
    lat,
    lng,
    categories: [{ slug: 'damage', name: 'Damage' }],
    links: [],
    images: [],
    ...more,
  }) as unknown as MediaNode;

const COLOURS = { damage: '#ff7a59', recovery: '#4caf50' };
const input = (nodes: MediaNode[], category: string | null = null): GlobeInput => ({
  nodes,
  filter: { category, type: null },
  categoryColours: COLOURS,
  visible: true,
});

/** Waits until `done` holds, the render loop turning meanwhile (jsdom's animation frames). */
async function until(done: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let running: { globe: Globe; engine: TestEngine; canvas: HTMLCanvasElement } | null = null;

async function start() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return stubContext(this);
  } as never);
  const engine = new TestEngine({
    renderWidth: RECT.width,
    renderHeight: RECT.height,
    textureSize: 16,
    deterministicLockstep: false,
    lockstepMaxSteps: 1,
  });
  const canvas = makeCanvas();
  // The map is not fetched here: the globe shows without it, as when its host fails.
  const globe = await createGlobe(canvas, {
    mobile: false,
    reducedMotion: true,
    engine,
    mapUrl: 'data:,',
  });
  running = { globe, engine, canvas };
  return running;
}

afterEach(() => {
  running?.globe.dispose();
  running?.canvas.remove();
  running = null;
  vi.restoreAllMocks();
});

describe('the globe facade on a NullEngine', () => {
  it('joins items into cards: added, changed, removed, and filtered', async () => {
    const { globe } = await start();
    const diagnostics = () => window.__globe;
    expect(diagnostics()).toBeDefined();
    const progress: number[] = [];
    globe.on('progress', ({ percent }) => progress.push(percent));

    globe.update(input([node('a', 38.63, -90.2), node('b', 10, 20), node('c', -30, 120)]));
    expect(diagnostics()?.stats().cards).toBe(3);
    expect(diagnostics()?.card('a')).toMatchObject({ matched: true });
    await until(() => diagnostics()?.ready === true, 'every card revealed (ready)');
    expect(diagnostics()?.stats().revealed).toBe(3);
    expect(progress.length).toBeGreaterThan(0);

    // b moves to the other side of the world: its card moves with it.
    const before = diagnostics()?.project('b');
    globe.update(input([node('a', 38.63, -90.2), node('b', -10, -160), node('c', -30, 120)]));
    expect(diagnostics()?.project('b')).not.toEqual(before);
    expect(diagnostics()?.stats().cards).toBe(3);

    // c leaves: its card goes, the others stay.
    globe.update(input([node('a', 38.63, -90.2), node('b', -10, -160)]));
    expect(diagnostics()?.stats().cards).toBe(2);
    expect(diagnostics()?.card('c')).toBeNull();
    expect(diagnostics()?.project('c')).toBeNull();

    // A category route: items outside it are unmatched (shrunk and faded), the others not.
    const recovery = node('b', -10, -160, {
      categories: [{ slug: 'recovery', name: 'Recovery' }],
    } as Partial<MediaNode>);
    globe.update(input([node('a', 38.63, -90.2), recovery], 'recovery'));
    expect(diagnostics()?.card('a')?.matched).toBe(false);
    expect(diagnostics()?.card('b')?.matched).toBe(true);
  });

  it('flies to a card and back: focus resolves when the camera has arrived, facing it', async () => {
    const { globe } = await start();
    globe.update(input([node('a', 38.63, -90.2), node('far', -35, 150)]));
    await until(() => window.__globe?.ready === true, 'ready');
    expect(window.__globe?.project('far')?.onScreen).toBe(false);

    await globe.focus('far');
    expect(window.__globe?.camera().flying).toBe(false);
    const seen = window.__globe?.project('far');
    expect(seen?.onScreen).toBe(true);
    // In the middle of the canvas, where the camera looks.
    expect(Math.abs((seen?.x ?? 0) - RECT.width / 2)).toBeLessThan(RECT.width * 0.1);
    expect(Math.abs((seen?.y ?? 0) - RECT.height / 2)).toBeLessThan(RECT.height * 0.2);

    await globe.focus(null);
    expect(window.__globe?.camera().flying).toBe(false);
    expect(window.__globe?.project('far')?.onScreen).toBe(false);
    // An id the globe does not have resolves at once, and the camera stays.
    const pose = window.__globe?.camera();
    await globe.focus('nowhere');
    expect(window.__globe?.camera()).toEqual(pose);
  });

  it('flies to a story view, lets go of an opened card, and reads the view back', async () => {
    const { globe } = await start();
    globe.update(input([node('a', 38.63, -90.2), node('far', -35, 150)]));
    await until(() => window.__globe?.ready === true, 'ready');
    await globe.focus('a');

    await globe.showView({ view: { lat: -35, lng: 150, distance: 12 }, card: null });
    expect(window.__globe?.camera().flying).toBe(false);
    expect(window.__globe?.project('far')?.onScreen).toBe(true);
    expect(window.__globe?.project('a')?.onScreen).toBe(false);
    const view = await globe.currentView();
    expect(view.lat).toBeCloseTo(-35, 3);
    expect(view.lng).toBeCloseTo(150, 3);
    expect(view.distance).toBeCloseTo(12, 2);

    // A card without a view: the camera flies to it; one pointed at shows its callout.
    const announced = vi.fn();
    globe.on('cardAnnounced', announced);
    await globe.showView({ view: null, card: { id: 'a', open: false } });
    expect(window.__globe?.project('a')?.onScreen).toBe(true);
    expect(window.__globe?.callout()?.id).toBe('a');
    expect(announced).toHaveBeenCalledTimes(1);
    // Opened next: the callout goes (an opened card has none), the camera stays on it.
    await globe.showView({ view: null, card: { id: 'far', open: true } });
    expect(window.__globe?.callout()).toBeNull();
    expect(window.__globe?.project('far')?.onScreen).toBe(true);
  });

  it('releases everything on dispose: the scene, the diagnostics and the canvas listeners', async () => {
    const { globe, engine, canvas } = await start();
    globe.update(input([node('a', 38.63, -90.2)]));
    const picked = vi.fn();
    globe.on('backgroundClicked', picked);
    const click = () => {
      for (const type of ['pointerdown', 'pointerup'])
        canvas.dispatchEvent(
          new PointerEvent(type, { clientX: 5, clientY: 5, button: 0, pointerType: 'mouse' }),
        );
    };
    click();
    expect(picked).toHaveBeenCalledTimes(1);
    expect(engine.scenes.length).toBe(1);
    expect(engine.activeRenderLoops.length).toBe(1);

    globe.dispose();
    expect(engine.activeRenderLoops.length).toBe(0);
    expect(engine.scenes.length).toBe(0);
    expect(engine.isDisposed).toBe(true);
    expect(window.__globe).toBeUndefined();
    click();
    expect(picked).toHaveBeenCalledTimes(1);
    // Updates after dispose are ignored, and a second dispose is harmless.
    expect(() => globe.update(input([node('b', 0, 0)]))).not.toThrow();
    expect(() => globe.dispose()).not.toThrow();
  });
});
