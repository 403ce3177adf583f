import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import { anglesFacing } from '@/globe/camera/limits';
import { PickerCamera } from '@/globe/camera/pickerCamera';
import { pointerRay, raySphere } from '@/globe/camera/rays';
import {
  GLOBE_RADIUS,
  latLngToVector,
  roundLatLng,
  ST_LOUIS,
  vectorToLatLng,
  type LatLng,
} from '@/globe/geo';
import { createEmitter } from '@/globe/events';
import { createGlobeEngine, createGlobeScene } from '@/globe/host';
import { MarkerLayer } from '@/globe/layers/marker';
import { defaultMapUrls, SphereLayer } from '@/globe/layers/sphere';
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
/** A press that moves less than this, CSS pixels, is a click that picks, not a drag that turns. */
const CLICK_TOLERANCE_PX = 5;
/** A form has no intro to cover a slow fade: the map appears almost at once. */
const MAP_FADE_MS = 250;
/** Frames with nothing to draw before the render loop stops until something moves again. */
const IDLE_FRAMES_BEFORE_STOP = 2;
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
  const engine: AbstractEngine = options.engine ?? createGlobeEngine(canvas);
  // The public globe's scene: its background, Babylon's picking off (picking is one analytic
  // ray–sphere test).
  const scene = createGlobeScene(engine);
  scene.doNotHandleCursors = true;
  const started = performance.now();
  const clock = () => (performance.now() - started) / 1000;

  let position: LatLng | null = usable(options.position) ? options.position : null;
  const facing = position ?? PICKER_HOME;
  const camera = new PickerCamera(
    scene,
    canvas,
    anglesFacing(latLngToVector(facing.lat, facing.lng, 1)),
    options.reducedMotion,
  );
  const sphere = new SphereLayer(scene, options.mapUrl ?? defaultMapUrls(false), clock, {
    reducedMotion: options.reducedMotion,
    fadeMs: MAP_FADE_MS,
  });
  const marker = new MarkerLayer(scene);
  marker.set(position && latLngToVector(position.lat, position.lng, GLOBE_RADIUS));

  const events = createEmitter<PositionPickerEvents>();

  const cleanup: (() => void)[] = [];
  const listen = <K extends keyof HTMLElementEventMap>(
    type: K,
    handler: (e: HTMLElementEventMap[K]) => void,
  ) => {
    canvas.addEventListener(type, handler as EventListener);
    cleanup.push(() => canvas.removeEventListener(type, handler as EventListener));
  };
  const ownsLabel = !canvas.hasAttribute('aria-label');
  if (ownsLabel) canvas.setAttribute('aria-label', DEFAULT_ARIA_LABEL);
  const cursor = canvas.style.cursor;

  // ---- rendering on demand: the loop runs only while something moves -------------------------
  let disposed = false;
  let running = false;
  let idleFrames = 0;
  let renderRequested = true;
  let mapSettled = false;
  let lastPose = '';
  let firstFrame: (() => void) | null = null;
  const firstFrameDrawn = new Promise<void>((resolve) => (firstFrame = resolve));

  const cssSize = () => {
    const rect = canvas.getBoundingClientRect();
    return { width: rect.width || canvas.clientWidth, height: rect.height || canvas.clientHeight };
  };

  function frame(): void {
    const now = clock();
    let needed = renderRequested;
    if (camera.update(now)) needed = true;
    if (mapSettled && now < sphere.fadingUntil) needed = true;
    const c = camera.camera;
    const pose = `${c.alpha},${c.beta},${c.radius},${engine.getRenderWidth()},${engine.getRenderHeight()}`;
    if (pose !== lastPose) needed = true;
    if (!needed) {
      if (++idleFrames >= IDLE_FRAMES_BEFORE_STOP) sleep();
      return;
    }
    idleFrames = 0;
    const p = c.position;
    marker.setFrame([p.x, p.y, p.z], c.fov, cssSize().height);
    sphere.setFrame(now, p);
    scene.render();
    // The camera applies its drag momentum inside render(), so read the pose afterwards.
    lastPose = `${c.alpha},${c.beta},${c.radius},${engine.getRenderWidth()},${engine.getRenderHeight()}`;
    renderRequested = false;
    if (mapSettled && firstFrame) {
      firstFrame();
      firstFrame = null;
      canvas.dataset.pickerReady = 'true';
    }
  }

  /** Starts the render loop if it is stopped; any change of what shows calls this. */
  function wake(): void {
    renderRequested = true;
    if (running || disposed) return;
    running = true;
    idleFrames = 0;
    canvas.dataset.pickerIdle = 'false';
    engine.runRenderLoop(frame);
  }

  function sleep(): void {
    if (!running) return;
    running = false;
    engine.stopRenderLoop(frame);
    canvas.dataset.pickerIdle = 'true';
  }

  void sphere.loaded.then(() => {
    if (disposed) return;
    mapSettled = true;
    sphere.show(clock());
    wake();
  });
  const restored = engine.onContextRestoredObservable.add(() => wake());
  cleanup.push(() => engine.onContextRestoredObservable.remove(restored));

  // ---- pointer: a click picks, a drag turns (Babylon's input), hover shows what a click does ----
  let press: { id: number; x: number; y: number; furthest: number } | null = null;
  const down = new Set<number>();

  /** The map's point under a canvas point (CSS pixels), or null off the globe. */
  function mapPointAt(clientX: number, clientY: number): LatLng | null {
    const rect = canvas.getBoundingClientRect();
    const { width, height } = cssSize();
    const ray = pointerRay(camera.view(width, height), clientX - rect.left, clientY - rect.top);
    const hit = raySphere(ray.origin, ray.direction, GLOBE_RADIUS);
    return hit && vectorToLatLng(hit);
  }

  listen('pointerdown', (event) => {
    down.add(event.pointerId);
    // A second finger makes it a pinch, never a click.
    press =
      down.size === 1 && event.button === 0
        ? { id: event.pointerId, x: event.clientX, y: event.clientY, furthest: 0 }
        : null;
    wake();
  });
  listen('pointermove', (event) => {
    if (press && event.pointerId === press.id)
      // A drag that comes back to where it started is still a drag.
      press.furthest = Math.max(
        press.furthest,
        Math.hypot(event.clientX - press.x, event.clientY - press.y),
      );
    if (event.buttons !== 0) {
      canvas.style.cursor = 'grabbing';
      wake();
    } else if (event.pointerType === 'mouse') {
      canvas.style.cursor = mapPointAt(event.clientX, event.clientY) ? 'crosshair' : 'grab';
    }
  });
  const release = (event: PointerEvent) => {
    down.delete(event.pointerId);
    const wasPress = press !== null && press.id === event.pointerId ? press : null;
    if (wasPress) press = null;
    if (event.type !== 'pointerup' || !wasPress) return;
    const moved = Math.max(
      wasPress.furthest,
      Math.hypot(event.clientX - wasPress.x, event.clientY - wasPress.y),
    );
    canvas.style.cursor = '';
    if (moved > CLICK_TOLERANCE_PX) return;
    const hit = mapPointAt(event.clientX, event.clientY);
    if (!hit) return;
    const picked = roundLatLng(hit);
    setPosition(picked);
    events.emit('positionPicked', picked);
  };
  listen('pointerup', release);
  listen('pointercancel', release);
  listen('pointerleave', () => (canvas.style.cursor = cursor));
  // The camera zooms on the wheel itself; this only restarts the drawing.
  listen('wheel', () => wake());

  // ---- resize: the drawing buffer follows the canvas's CSS size -------------------------------
  const observer = new ResizeObserver(() => {
    engine.resize();
    camera.updateSensitivity();
    // Resizing clears the drawing buffer after this frame's render ran: draw now, or it flashes.
    renderRequested = true;
    if (!disposed) frame();
    wake();
  });
  observer.observe(canvas);

  function setPosition(next: LatLng | null, { fly = false }: { fly?: boolean } = {}): void {
    if (disposed) return;
    position = usable(next) ? { lat: next.lat, lng: next.lng } : null;
    const point = position && latLngToVector(position.lat, position.lng, GLOBE_RADIUS);
    marker.set(point);
    if (point && fly) camera.flyTo(anglesFacing(point), clock());
    wake();
  }

  function screenPointOf({ lat, lng }: LatLng): { x: number; y: number } | null {
    const { width, height } = cssSize();
    return projectSurfacePoint(camera.view(width, height), latLngToVector(lat, lng, GLOBE_RADIUS));
  }
  const diagnostics: PositionPickerDiagnostics = { screenPointOf };

  function dispose(): void {
    if (disposed) return;
    disposed = true;
    firstFrame = null;
    if (window.__positionPicker === diagnostics) delete window.__positionPicker;
    sleep();
    observer.disconnect();
    for (const undo of cleanup) undo();
    events.clear();
    camera.dispose();
    marker.dispose();
    sphere.dispose();
    scene.dispose();
    engine.dispose();
    canvas.style.cursor = cursor;
    if (ownsLabel) canvas.removeAttribute('aria-label');
    delete canvas.dataset.pickerReady;
    delete canvas.dataset.pickerIdle;
  }

  wake();
  await firstFrameDrawn;
  window.__positionPicker = diagnostics;

  return {
    setPosition,
    on: events.on,
    screenPointOf,
    dispose,
  };
}
