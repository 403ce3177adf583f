// @vitest-environment jsdom
/**
 * The globe's orbit camera under a NullEngine: a pan (two fingers, a right-drag) keeps the render
 * loop going until it has moved the camera and glided out, and the arrow keys move the view the
 * same way on both axes, as OrbitControls' keys do.
 */
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Scene } from '@babylonjs/core/scene';
import { afterEach, describe, expect, it } from 'vitest';
import { ARROW_PAN, OrbitCamera } from '@/globe/camera/orbitCamera';

const disposals: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposals.splice(0)) dispose();
});

function start() {
  const canvas = document.createElement('canvas');
  Object.defineProperty(canvas, 'clientHeight', { value: 600 });
  document.body.append(canvas);
  const engine = new NullEngine({
    renderWidth: 800,
    renderHeight: 600,
    textureSize: 16,
    deterministicLockstep: false,
    lockstepMaxSteps: 1,
  });
  const scene = new Scene(engine);
  const orbit = new OrbitCamera(
    scene,
    canvas,
    { alpha: Math.PI / 2, beta: Math.PI / 2 },
    { mobile: false, reducedMotion: false },
  );
  disposals.push(() => {
    orbit.dispose();
    scene.dispose();
    engine.dispose();
    canvas.remove();
  });
  return { canvas, scene, orbit };
}

describe('OrbitCamera', () => {
  it('asks for frames while a pan has pixels to apply, and until its glide ends', () => {
    const { scene, orbit } = start();
    expect(orbit.update(0)).toBe(false);
    // What Babylon 9's pointer input does on a two-finger move: pixels into the movement system.
    orbit.camera.movement.activeInput = true;
    orbit.camera.movement.panAccumulatedPixels.x += 40;
    const before = orbit.camera.target.clone();
    expect(orbit.update(16)).toBe(true);
    let frames = 0;
    while (orbit.update(16 * (frames + 2)) && frames < 2000) {
      scene.render();
      frames += 1;
    }
    expect(Vector3.Distance(before, orbit.camera.target)).toBeGreaterThan(0.01);
    // It glides out and the loop may rest again.
    expect(frames).toBeLessThan(2000);
    expect(orbit.update(100_000)).toBe(false);
  });

  it('moves the camera toward the arrow, the same way on both axes', () => {
    const { canvas, orbit } = start();
    // Looking at the origin from +Z... the camera's right and up in the world.
    const view = orbit.camera.getViewMatrix().m;
    const right = new Vector3(view[0], view[4], view[8]);
    const up = new Vector3(view[1], view[5], view[9]);
    const moved = (key: string) => {
      const from = orbit.camera.target.clone();
      canvas.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      const delta = orbit.camera.target.subtract(from);
      return [Vector3.Dot(delta, right), Vector3.Dot(delta, up)].map((v) =>
        Math.abs(v) < 1e-6 ? 0 : Math.sign(v),
      );
    };
    expect(moved('ArrowLeft')).toEqual([-1, 0]);
    expect(moved('ArrowRight')).toEqual([1, 0]);
    expect(moved('ArrowUp')).toEqual([0, 1]);
    expect(moved('ArrowDown')).toEqual([0, -1]);
    expect(ARROW_PAN).toEqual({
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    });
  });
});

describe('OrbitCamera flights', () => {
  it('keeps when each flight began and ended, on the frames’ clock, a cut-short one too', async () => {
    const { orbit } = start();
    const before = performance.timeOrigin + performance.now();
    const first = orbit.flyTo({ alpha: 1, beta: 1, radius: orbit.camera.radius }, 0);
    expect(orbit.flights).toEqual([{ from: expect.any(Number), until: null }]);
    // A second flight cuts the first short: it ends as the second begins.
    const second = orbit.flyTo({ alpha: 2, beta: 1, radius: orbit.camera.radius }, 0.1);
    await first;
    expect(orbit.flights[0]?.until).not.toBeNull();
    orbit.update(10);
    await second;
    const [a, b] = orbit.flights;
    expect(a?.from).toBeGreaterThanOrEqual(before);
    expect(b?.from).toBeGreaterThanOrEqual(a?.until ?? Infinity);
    expect(b?.until).toBeGreaterThanOrEqual(b?.from ?? Infinity);
    expect(orbit.flying).toBe(false);
  });
});
