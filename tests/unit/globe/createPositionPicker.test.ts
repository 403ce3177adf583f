// @vitest-environment jsdom
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPositionPicker, PICKER_HOME } from '@/globe/createPositionPicker';
import type { LatLng } from '@/globe/geo';
import type { PositionPicker } from '@/globe/types';

const RECT = { left: 30, top: 50, width: 640, height: 400 };
const CHICAGO: LatLng = { lat: 41.88, lng: -87.63 };

let observers: { disconnect: ReturnType<typeof vi.fn> }[] = [];

/** jsdom lays nothing out and has no ResizeObserver: a canvas with a fixed box stands in. */
function makeCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.getBoundingClientRect = () =>
    ({
      ...RECT,
      x: RECT.left,
      y: RECT.top,
      right: 670,
      bottom: 450,
      toJSON: () => ({}),
    }) as DOMRect;
  document.body.append(canvas);
  return canvas;
}

function pointer(canvas: HTMLCanvasElement, type: string, x: number, y: number, buttons = 0) {
  canvas.dispatchEvent(
    new PointerEvent(type, {
      clientX: RECT.left + x,
      clientY: RECT.top + y,
      button: 0,
      buttons,
      pointerId: 1,
      pointerType: 'mouse',
      bubbles: true,
    }),
  );
}

function click(canvas: HTMLCanvasElement, x: number, y: number) {
  pointer(canvas, 'pointerdown', x, y, 1);
  pointer(canvas, 'pointerup', x, y);
}

async function start(position: LatLng | null = null, reducedMotion = false) {
  const canvas = makeCanvas();
  const engine = new NullEngine({
    renderWidth: RECT.width,
    renderHeight: RECT.height,
    textureSize: 16,
    deterministicLockstep: false,
    lockstepMaxSteps: 1,
  });
  const picker = await createPositionPicker(canvas, { engine, position, reducedMotion });
  return { canvas, engine, picker };
}

describe('createPositionPicker (NullEngine)', () => {
  let picker: PositionPicker | null = null;

  beforeEach(() => {
    observers = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        disconnect = vi.fn();
        constructor() {
          observers.push(this);
        }
        observe() {}
      },
    );
  });
  afterEach(() => {
    picker?.dispose();
    picker = null;
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  it('is ready after its first frame, facing St. Louis, with an accessible name', async () => {
    const made = await start();
    picker = made.picker;
    expect(made.canvas.dataset.pickerReady).toBe('true');
    expect(made.canvas.getAttribute('aria-label')).toMatch(/click the map/i);
    expect(window.__positionPicker?.screenPointOf(PICKER_HOME)).toEqual(
      picker.screenPointOf(PICKER_HOME),
    );
    const home = picker.screenPointOf(PICKER_HOME);
    expect(home?.x).toBeCloseTo(RECT.width / 2, 6);
    expect(home?.y).toBeCloseTo(RECT.height / 2, 6);
    // The antipode is on the far side.
    expect(picker.screenPointOf({ lat: -38.63, lng: 89.76 })).toBeNull();
  });

  it('a click on the map reports the position under it, rounded to 5 places', async () => {
    const made = await start();
    picker = made.picker;
    const picked = vi.fn();
    picker.on('positionPicked', picked);
    click(made.canvas, RECT.width / 2, RECT.height / 2);
    expect(picked).toHaveBeenCalledTimes(1);
    expect(picked).toHaveBeenLastCalledWith(PICKER_HOME);

    const chicago = picker.screenPointOf(CHICAGO) as { x: number; y: number };
    click(made.canvas, chicago.x, chicago.y);
    const [{ lat, lng }] = picked.mock.lastCall as [LatLng];
    expect(lat).toBeCloseTo(CHICAGO.lat, 4);
    expect(lng).toBeCloseTo(CHICAGO.lng, 4);
    expect(Math.round(lat * 1e5) / 1e5).toBe(lat);
    expect(Math.round(lng * 1e5) / 1e5).toBe(lng);
  });

  it('a drag turns, it does not pick, even when it comes back to where it started', async () => {
    const made = await start();
    picker = made.picker;
    const picked = vi.fn();
    picker.on('positionPicked', picked);
    pointer(made.canvas, 'pointerdown', 300, 200, 1);
    pointer(made.canvas, 'pointermove', 330, 210, 1);
    pointer(made.canvas, 'pointermove', 302, 200, 1);
    pointer(made.canvas, 'pointerup', 302, 200);
    expect(picked).not.toHaveBeenCalled();
    // A wobble within a few pixels is still a click.
    pointer(made.canvas, 'pointerdown', 300, 200, 1);
    pointer(made.canvas, 'pointermove', 303, 202, 1);
    pointer(made.canvas, 'pointerup', 303, 202);
    expect(picked).toHaveBeenCalledTimes(1);
  });

  it('renders only while something moves, and flies to a position set from outside', async () => {
    const made = await start(null);
    picker = made.picker;
    await vi.waitFor(() => expect(made.canvas.dataset.pickerIdle).toBe('true'));
    picker.setPosition(CHICAGO, { fly: true });
    expect(made.canvas.dataset.pickerIdle).toBe('false');
    await vi.waitFor(() => expect(made.canvas.dataset.pickerIdle).toBe('true'), {
      timeout: 3000,
    });
    const centre = picker.screenPointOf(CHICAGO);
    expect(centre?.x).toBeCloseTo(RECT.width / 2, 3);
    expect(centre?.y).toBeCloseTo(RECT.height / 2, 3);
    // Without `fly` the marker moves but the camera stays.
    picker.setPosition(PICKER_HOME);
    await vi.waitFor(() => expect(made.canvas.dataset.pickerIdle).toBe('true'));
    expect(picker.screenPointOf(CHICAGO)?.x).toBeCloseTo(RECT.width / 2, 3);
  });

  it('starts facing the position it is given', async () => {
    const made = await start(CHICAGO, true);
    picker = made.picker;
    expect(picker.screenPointOf(CHICAGO)?.x).toBeCloseTo(RECT.width / 2, 6);
  });

  it('lets go of everything on dispose', async () => {
    const made = await start();
    const picked = vi.fn();
    made.picker.on('positionPicked', picked);
    made.picker.dispose();
    click(made.canvas, RECT.width / 2, RECT.height / 2);
    expect(picked).not.toHaveBeenCalled();
    expect(made.engine.isDisposed).toBe(true);
    expect(observers[0]?.disconnect).toHaveBeenCalled();
    expect(made.canvas.dataset.pickerReady).toBeUndefined();
    expect(made.canvas.hasAttribute('aria-label')).toBe(false);
    expect(window.__positionPicker).toBeUndefined();
    // Twice is harmless.
    made.picker.dispose();
  });
});
