// @vitest-environment jsdom
import { FreeCamera } from '@babylonjs/core/Cameras/freeCamera';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGlobeHost, type GlobeHost } from '@/globe/host';

/*
 * The globe's host on a NullEngine: its loop draws only when a turn asks, holds frames behind the
 * intro after the first, pauses while the canvas is off-screen or the tab hidden, and undoes
 * everything on dispose. jsdom has no IntersectionObserver: a stand-in reports what the test says.
 */

let seen: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
class StandInIntersectionObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    seen = callback;
  }
  observe(): void {}
  disconnect(): void {
    seen = null;
  }
}

let visibility: DocumentVisibilityState = 'visible';
let host: GlobeHost | null = null;

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', StandInIntersectionObserver);
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  host?.dispose();
  host = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A host whose turns are counted, and whose frames are asked for by `wanted`. */
function start(wanted: () => boolean) {
  const engine = new NullEngine({
    renderWidth: 320,
    renderHeight: 200,
    textureSize: 16,
    deterministicLockstep: false,
    lockstepMaxSteps: 1,
  });
  const canvas = document.createElement('canvas');
  host = createGlobeHost(canvas, { engine });
  // The facade's camera stands in: a scene draws nothing without one.
  new FreeCamera('camera', new Vector3(0, 0, -10), host.scene);
  const counts = { turns: 0, frames: 0 };
  host.start({
    tick: () => {
      counts.turns++;
      return wanted();
    },
    beforeRender: () => undefined,
    afterRender: () => {
      counts.frames++;
    },
  });
  return { engine, canvas, counts, host };
}

/** Lets the loop turn for a while (jsdom's animation frames). */
const turns = (ms = 120) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the globe host', () => {
  it('draws the first frame, then only when a turn asks for one', async () => {
    let wanted = false;
    const { counts } = start(() => wanted);
    await turns();
    expect(counts.turns).toBeGreaterThan(2);
    expect(counts.frames).toBe(1);
    wanted = true;
    await turns();
    expect(counts.frames).toBeGreaterThan(2);
  });

  it('holds frames after the first while hidden behind the intro, even when asked', async () => {
    const { counts, host } = start(() => true);
    host.holdFrames = true;
    await turns();
    expect(counts.frames).toBeLessThanOrEqual(1);
    const before = counts.frames;
    await turns();
    expect(counts.frames).toBe(before);
    host.holdFrames = false;
    await turns();
    expect(counts.frames).toBeGreaterThan(before);
  });

  it('pauses while the canvas is off-screen or the tab hidden, and draws again on return', async () => {
    const { counts, host } = start(() => true);
    await turns();
    seen?.([{ isIntersecting: false }]);
    expect(host.paused).toBe(true);
    const offScreen = counts.turns;
    await turns();
    expect(counts.turns).toBe(offScreen);
    seen?.([{ isIntersecting: true }]);
    await turns();
    expect(counts.turns).toBeGreaterThan(offScreen);

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(host.paused).toBe(true);
    const hidden = counts.turns;
    await turns();
    expect(counts.turns).toBe(hidden);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await turns();
    expect(counts.turns).toBeGreaterThan(hidden);
  });

  it('resolves renderFrames after that many frames, and at once once disposed', async () => {
    const { counts, host } = start(() => false);
    await turns();
    const before = counts.frames;
    const stampsBefore = host.recentFrames().length;
    await host.renderFrames(3);
    expect(counts.frames - before).toBeGreaterThanOrEqual(3);
    // Each frame drawn is stamped in epoch time, oldest first.
    const stamps = host.recentFrames();
    expect(stamps.length - stampsBefore).toBeGreaterThanOrEqual(3);
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    expect(stamps.at(-1)).toBeGreaterThan(performance.timeOrigin);
    const waiting = host.renderFrames(1000);
    host.dispose();
    await expect(waiting).resolves.toBeUndefined();
    await expect(host.renderFrames(5)).resolves.toBeUndefined();
  });

  it('undoes everything on dispose, in reverse order: listeners, observers, the engine', async () => {
    const { engine, canvas, host } = start(() => false);
    const order: string[] = [];
    host.onDispose(() => order.push('first'));
    host.onDispose(() => order.push('second'));
    const clicked = vi.fn();
    host.listen('click', clicked);
    canvas.dispatchEvent(new Event('click'));
    expect(clicked).toHaveBeenCalledTimes(1);
    host.dispose();
    expect(order).toEqual(['second', 'first']);
    canvas.dispatchEvent(new Event('click'));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(seen).toBeNull();
    expect(engine.activeRenderLoops.length).toBe(0);
    expect(engine.scenes.length).toBe(0);
    expect(host.disposed).toBe(true);
  });
});
