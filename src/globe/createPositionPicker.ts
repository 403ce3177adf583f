import { anglesFacing } from '@/globe/camera/limits';
import { createEmitter } from '@/globe/events';
import { GLOBE_RADIUS, latLngToVector, roundLatLng, ST_LOUIS, type LatLng } from '@/globe/geo';
import {
  createPickerScene,
  cssSizeOf,
  mapPointAt,
  PickerLoop,
  type PickerScene,
} from '@/globe/pickerLoop';
import { listenForPicks, type CanvasListen } from '@/globe/pickerPointer';
import { projectSurfacePoint } from '@/globe/projection';
import type {
  PositionPicker,
  PositionPickerDiagnostics,
  PositionPickerEvents,
  PositionPickerOptions,
} from '@/globe/types';

export type { PositionPicker, PositionPickerEvents, PositionPickerOptions } from '@/globe/types';

/** St. Louis, where the archive's story is: the camera faces it while no position is set. */
export const PICKER_HOME: LatLng = ST_LOUIS;
const DEFAULT_ARIA_LABEL =
  'Globe preview for choosing a position: click the map to place the item, drag to turn, scroll to zoom.';

/** Only finite, in-range positions reach the scene; anything else hides the marker. */
function usable(position: LatLng | null | undefined): position is LatLng {
  return (
    !!position &&
    Number.isFinite(position.lat) &&
    Number.isFinite(position.lng) &&
    Math.abs(position.lat) <= 90
  );
}

/**
 * Gives the canvas the picker's accessible name, unless the page gave it one; `undress()` puts
 * back the page's cursor and name and clears the picker's data attributes.
 */
function dressCanvas(canvas: HTMLCanvasElement): { cursor: string; undress(): void } {
  const ownsLabel = !canvas.hasAttribute('aria-label');
  if (ownsLabel) canvas.setAttribute('aria-label', DEFAULT_ARIA_LABEL);
  const cursor = canvas.style.cursor;
  return {
    cursor,
    undress() {
      canvas.style.cursor = cursor;
      if (ownsLabel) canvas.removeAttribute('aria-label');
      delete canvas.dataset.pickerReady;
      delete canvas.dataset.pickerIdle;
    },
  };
}

/** The drawing buffer follows the canvas's CSS size; returns the observer to disconnect. */
function followCanvasSize(
  canvas: HTMLCanvasElement,
  { engine, camera }: PickerScene,
  loop: PickerLoop,
  disposed: () => boolean,
): ResizeObserver {
  const observer = new ResizeObserver(() => {
    engine.resize();
    camera.updateSensitivity();
    // Resizing clears the drawing buffer after this frame's render ran: draw now, or it flashes.
    loop.requestRender();
    if (!disposed()) loop.frame();
    loop.wake();
  });
  observer.observe(canvas);
  return observer;
}

/** Lets go of the camera, the layers, the scene and the engine. */
function disposeScene({ camera, marker, sphere, scene, engine }: PickerScene): void {
  camera.dispose();
  marker.dispose();
  sphere.dispose();
  scene.dispose();
  engine.dispose();
}

/**
 * Creates a position picker on a canvas: the public globe's map sphere (same texture and geo.ts
 * placement, so a position picked here shows at the same place there), an orbit camera, and a
 * marker at the chosen position. A click on the map picks; a drag turns and the wheel zooms. It
 * renders only while something moves. Resolves once the first frame with the map (or, if the map
 * failed to load, without it) is drawn; rejects where WebGL is unavailable.
 */
export async function createPositionPicker(
  canvas: HTMLCanvasElement,
  options: PositionPickerOptions,
): Promise<PositionPicker> {
  let position: LatLng | null = usable(options.position) ? options.position : null;
  const parts = createPickerScene(canvas, options, position ?? PICKER_HOME, position);
  const { engine, clock, camera, sphere, marker } = parts;
  const events = createEmitter<PositionPickerEvents>();
  const cleanup: (() => void)[] = [];
  const listen: CanvasListen = (type, handler) => {
    canvas.addEventListener(type, handler as EventListener);
    cleanup.push(() => canvas.removeEventListener(type, handler as EventListener));
  };
  const dressing = dressCanvas(canvas);
  const loop = new PickerLoop(canvas, parts);
  let disposed = false;

  void sphere.loaded.then(() => {
    if (disposed) return;
    loop.mapSettled = true;
    sphere.show(clock());
    loop.wake();
  });
  const restored = engine.onContextRestoredObservable.add(() => loop.wake());
  cleanup.push(() => engine.onContextRestoredObservable.remove(restored));
  listenForPicks(
    canvas,
    listen,
    {
      mapPointAt: (x, y) => mapPointAt(canvas, camera, x, y),
      wake: () => loop.wake(),
      clicked(hit) {
        const picked = roundLatLng(hit);
        setPosition(picked);
        events.emit('positionPicked', picked);
      },
    },
    dressing.cursor,
  );
  const observer = followCanvasSize(canvas, parts, loop, () => disposed);

  function setPosition(next: LatLng | null, { fly = false }: { fly?: boolean } = {}): void {
    if (disposed) return;
    position = usable(next) ? { lat: next.lat, lng: next.lng } : null;
    const point = position && latLngToVector(position.lat, position.lng, GLOBE_RADIUS);
    marker.set(point);
    if (point && fly) camera.flyTo(anglesFacing(point), clock());
    loop.wake();
  }

  function screenPointOf({ lat, lng }: LatLng): { x: number; y: number } | null {
    const { width, height } = cssSizeOf(canvas);
    return projectSurfacePoint(camera.view(width, height), latLngToVector(lat, lng, GLOBE_RADIUS));
  }
  const diagnostics: PositionPickerDiagnostics = { screenPointOf };

  function dispose(): void {
    if (disposed) return;
    disposed = true;
    loop.end();
    if (window.__positionPicker === diagnostics) delete window.__positionPicker;
    observer.disconnect();
    for (const undo of cleanup) undo();
    events.clear();
    disposeScene(parts);
    dressing.undress();
  }

  loop.wake();
  await loop.firstFrameDrawn;
  window.__positionPicker = diagnostics;

  return {
    setPosition,
    setTurnable(turnable) {
      if (!disposed) camera.setTurnable(turnable);
    },
    on: events.on,
    screenPointOf,
    dispose,
  };
}
