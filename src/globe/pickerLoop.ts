import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import type { Scene } from '@babylonjs/core/scene';
import { anglesFacing } from '@/globe/camera/limits';
import { PickerCamera } from '@/globe/camera/pickerCamera';
import { pointerRay, raySphere } from '@/globe/camera/rays';
import { GLOBE_RADIUS, latLngToVector, vectorToLatLng, type LatLng } from '@/globe/geo';
import { createGlobeEngine, createGlobeScene } from '@/globe/host';
import { MarkerLayer } from '@/globe/layers/marker';
import { defaultMapUrls, SphereLayer } from '@/globe/layers/sphere';
import type { PositionPickerOptions } from '@/globe/types';

/**
 * The position picker's scene and its drawing: the public globe's map sphere and background, the
 * picker's camera and the marker, drawn by a loop that runs only while something moves.
 */

/** A form has no intro to cover a slow fade: the map appears almost at once. */
const MAP_FADE_MS = 250;
/** Frames with nothing to draw before the render loop stops until something moves again. */
const IDLE_FRAMES_BEFORE_STOP = 2;

/** What the picker draws with. */
export interface PickerScene {
  engine: AbstractEngine;
  scene: Scene;
  /** Seconds since the picker started: the camera's and the map's clock. */
  clock(): number;
  camera: PickerCamera;
  sphere: SphereLayer;
  marker: MarkerLayer;
}

/**
 * Sets up the picker's scene on the canvas, the camera facing `facing`: the public globe's scene
 * (its background, Babylon's picking off: picking is one analytic ray–sphere test), its map
 * fading in quickly, and the marker at `position` (hidden for null).
 */
export function createPickerScene(
  canvas: HTMLCanvasElement,
  options: PositionPickerOptions,
  facing: LatLng,
  position: LatLng | null,
): PickerScene {
  const engine: AbstractEngine = options.engine ?? createGlobeEngine(canvas);
  const scene = createGlobeScene(engine);
  scene.doNotHandleCursors = true;
  const started = performance.now();
  const clock = () => (performance.now() - started) / 1000;
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
  return { engine, scene, clock, camera, sphere, marker };
}

/** The canvas's size in CSS pixels. */
export function cssSizeOf(canvas: HTMLCanvasElement): { width: number; height: number } {
  const rect = canvas.getBoundingClientRect();
  return { width: rect.width || canvas.clientWidth, height: rect.height || canvas.clientHeight };
}

/** The map's point under a point of the page (client pixels), or null off the globe. */
export function mapPointAt(
  canvas: HTMLCanvasElement,
  camera: PickerCamera,
  clientX: number,
  clientY: number,
): LatLng | null {
  const rect = canvas.getBoundingClientRect();
  const { width, height } = cssSizeOf(canvas);
  const ray = pointerRay(camera.view(width, height), clientX - rect.left, clientY - rect.top);
  const hit = raySphere(ray.origin, ray.direction, GLOBE_RADIUS);
  return hit && vectorToLatLng(hit);
}

/** The camera's pose and the drawing buffer's size: a frame is needed when it changes. */
function poseOf({ camera, engine }: PickerScene): string {
  const c = camera.camera;
  return `${c.alpha},${c.beta},${c.radius},${engine.getRenderWidth()},${engine.getRenderHeight()}`;
}

/**
 * Rendering on demand: `wake()` starts the loop, which stops again after a few turns with nothing
 * to draw. The canvas's `data-picker-ready` says the first frame with the map (or, if the map
 * failed to load, without it) is drawn, and `data-picker-idle` whether the loop is stopped.
 */
export class PickerLoop {
  /** Whether the map has loaded or failed for good: its fade moves, the first frame counts. */
  mapSettled = false;
  /** Resolves once the first frame with the map settled is drawn. */
  readonly firstFrameDrawn: Promise<void>;
  private running = false;
  private ended = false;
  private idleFrames = 0;
  private renderRequested = true;
  private lastPose = '';
  private firstFrame: (() => void) | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly parts: PickerScene,
  ) {
    this.firstFrameDrawn = new Promise<void>((resolve) => (this.firstFrame = resolve));
  }

  /** One turn: draws if something moved, else counts towards stopping. */
  readonly frame = (): void => {
    const { clock, camera, marker, sphere, scene } = this.parts;
    const now = clock();
    let needed = this.renderRequested;
    if (camera.update(now)) needed = true;
    if (this.mapSettled && now < sphere.fadingUntil) needed = true;
    if (poseOf(this.parts) !== this.lastPose) needed = true;
    if (!needed) {
      if (++this.idleFrames >= IDLE_FRAMES_BEFORE_STOP) this.sleep();
      return;
    }
    this.idleFrames = 0;
    const c = camera.camera;
    const p = c.position;
    marker.setFrame([p.x, p.y, p.z], c.fov, cssSizeOf(this.canvas).height);
    sphere.setFrame(now, p);
    scene.render();
    // The camera applies its drag momentum inside render(), so read the pose afterwards.
    this.lastPose = poseOf(this.parts);
    this.renderRequested = false;
    if (this.mapSettled && this.firstFrame) {
      this.firstFrame();
      this.firstFrame = null;
      this.canvas.dataset.pickerReady = 'true';
    }
  };

  /** Starts the render loop if it is stopped; any change of what shows calls this. */
  wake(): void {
    this.renderRequested = true;
    if (this.running || this.ended) return;
    this.running = true;
    this.idleFrames = 0;
    this.canvas.dataset.pickerIdle = 'false';
    this.parts.engine.runRenderLoop(this.frame);
  }

  /** Draws at the next turn, even if nothing moved. */
  requestRender(): void {
    this.renderRequested = true;
  }

  /** Stops the loop for good (the picker is disposed): a pending first frame never comes. */
  end(): void {
    this.ended = true;
    this.firstFrame = null;
    this.sleep();
  }

  private sleep(): void {
    if (!this.running) return;
    this.running = false;
    this.parts.engine.stopRenderLoop(this.frame);
    this.canvas.dataset.pickerIdle = 'true';
  }
}
