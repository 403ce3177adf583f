import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import type { ArcRotateCameraPointersInput } from '@babylonjs/core/Cameras/Inputs/arcRotateCameraPointersInput';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import { nearestAngle } from '@/globe/camera/limits';
import type { OrbitView } from '@/globe/projection';
import { GLOBE_RADIUS } from '@/globe/geo';
import { ease } from '@/globe/tween';
import { CAMERA_FLIGHT_MS } from '@/lib/constants';

/**
 * The position picker's camera. Narrower than the public globe's 75° (SPEC §9) because this one
 * works close to the map, where a wide lens bends it; nearer limits for the same reason.
 */
export const PICKER_CAMERA = {
  fovDeg: 45,
  /** Closest: about 500 km of map across the view, as sharp as the 4096 px map allows. */
  minRadius: GLOBE_RADIUS + 0.6,
  /** Farthest: the whole globe, filling about four fifths of the view's height. */
  maxRadius: 16,
  /** Start: a region around a city (the Midwest around St. Louis), with coasts to find one's way. */
  startRadius: GLOBE_RADIUS + 1.8,
  inertia: 0.9,
} as const;

/** Wheel zoom: the height above the map changes by e^(k·deltaY), about 15% a wheel notch. */
const WHEEL_ZOOM_PER_PIXEL = 0.0015;
/** Line and page wheel deltas, in pixels. */
const WHEEL_LINE_PX = 16;
const WHEEL_PAGE_PX = 400;

interface Flight {
  from: { alpha: number; beta: number };
  to: { alpha: number; beta: number };
  start: number;
  duration: number;
}

/**
 * An ArcRotateCamera about the globe's centre that rotates with a drag and zooms with the wheel
 * or a pinch, never pans, and turns the globe at the speed the pointer moves over the map at any
 * height. Flights turn it to face a point, keeping its height.
 */
export class PickerCamera {
  /** The Babylon camera (read its pose; move it through this class). */
  readonly camera: ArcRotateCamera;
  private flight: Flight | null = null;
  private readonly cleanup: (() => void)[] = [];

  constructor(
    scene: Scene,
    private readonly canvas: HTMLCanvasElement,
    start: { alpha: number; beta: number },
    private readonly reducedMotion: boolean,
  ) {
    const camera = new ArcRotateCamera(
      'picker-camera',
      start.alpha,
      start.beta,
      PICKER_CAMERA.startRadius,
      Vector3.Zero(),
      scene,
    );
    this.camera = camera;
    camera.fov = (PICKER_CAMERA.fovDeg * Math.PI) / 180;
    camera.minZ = 0.05;
    camera.maxZ = 100;
    camera.inertia = PICKER_CAMERA.inertia;
    camera.lowerRadiusLimit = PICKER_CAMERA.minRadius;
    camera.upperRadiusLimit = PICKER_CAMERA.maxRadius;
    // Short of the poles, where alpha spins on the spot.
    camera.lowerBetaLimit = 0.1;
    camera.upperBetaLimit = Math.PI - 0.1;
    // Our wheel zoom scales the height above the map; a form needs no keyboard orbit (its fields do that).
    camera.inputs.removeByType('ArcRotateCameraMouseWheelInput');
    camera.inputs.removeByType('ArcRotateCameraKeyboardMoveInput');
    camera.attachControl(true);
    const pointers = camera.inputs.attached.pointers as ArcRotateCameraPointersInput | undefined;
    if (pointers) {
      // Left button (and one finger) rotates; no pan of any kind, so the globe stays centred.
      pointers.buttons = [0];
      pointers.panningSensibility = 0;
      pointers.multiTouchPanning = false;
      pointers.multiTouchPanAndZoom = false;
      pointers.pinchZoom = true;
      // Babylon's pinch divides by the sensibilities, which grow as the camera nears the map, so
      // a pinch changes the height above the map in proportion, like the wheel.
      pointers.pinchPrecision = 40;
    }
    this.updateSensitivity();
    this.listen();
  }

  private listen(): void {
    const onWheel = (event: WheelEvent) => {
      // The wheel zooms the globe, not the page, while the pointer is over it (the hint says so).
      event.preventDefault();
      const unit =
        event.deltaMode === 1 ? WHEEL_LINE_PX : event.deltaMode === 2 ? WHEEL_PAGE_PX : 1;
      const factor = Math.min(
        2,
        Math.max(0.5, Math.exp(event.deltaY * unit * WHEEL_ZOOM_PER_PIXEL)),
      );
      this.zoomBy(factor);
    };
    const onPointerDown = () => this.cancelFlight();
    this.canvas.addEventListener('wheel', onWheel, { passive: false });
    this.canvas.addEventListener('pointerdown', onPointerDown);
    this.cleanup.push(() => {
      this.canvas.removeEventListener('wheel', onWheel);
      this.canvas.removeEventListener('pointerdown', onPointerDown);
    });
  }

  private turnable = true;

  /**
   * Whether a drag turns the globe and a pinch zooms it. Off (a touch screen, until the visitor
   * asks to move the map), the camera leaves the pointer alone and the canvas lets the page
   * scroll and zoom under a finger; a tap still picks (issue 47).
   */
  setTurnable(turnable: boolean): void {
    if (turnable === this.turnable) return;
    this.turnable = turnable;
    if (turnable) this.camera.attachControl(true);
    else this.camera.detachControl();
    this.canvas.style.touchAction = turnable ? 'none' : 'manipulation';
  }

  /** Scales the height above the map by `factor` (within the limits) at once. */
  zoomBy(factor: number): void {
    this.cancelFlight();
    const camera = this.camera;
    camera.inertialRadiusOffset = 0;
    const height = (camera.radius - GLOBE_RADIUS) * factor;
    camera.radius = Math.min(
      PICKER_CAMERA.maxRadius,
      Math.max(PICKER_CAMERA.minRadius, GLOBE_RADIUS + height),
    );
    this.updateSensitivity();
  }

  /**
   * A drag turns the globe so the map under the pointer keeps up with it: the map's angular size
   * per pixel at the view's centre, over Babylon's inertia gain of 1/(1 - inertia).
   */
  updateSensitivity(): void {
    const camera = this.camera;
    const height = Math.max(1, this.canvas.clientHeight);
    const radiansPerPixel =
      (2 * (camera.radius - GLOBE_RADIUS) * Math.tan(camera.fov / 2)) / (height * GLOBE_RADIUS);
    const sensibility = 1 / (radiansPerPixel * (1 - camera.inertia));
    camera.angularSensibilityY = sensibility;
    // Alpha turns about the axis: a parallel of latitude is shorter than the equator by sin(beta).
    camera.angularSensibilityX = sensibility * Math.max(0.2, Math.sin(camera.beta));
  }

  /** The pose and lens for the analytic ray maths, on a canvas of this CSS size. */
  view(width: number, height: number): OrbitView {
    const { alpha, beta, radius, fov } = this.camera;
    return { alpha, beta, radius, fov, width, height };
  }

  /** Turns to face the angles `to` (keeping the height), in 0.6 s or at once with reduced motion. */
  flyTo(to: { alpha: number; beta: number }, now: number): void {
    const camera = this.camera;
    this.cancelFlight();
    // A flight owns the pose: leftover drag momentum would fight it.
    camera.inertialAlphaOffset = 0;
    camera.inertialBetaOffset = 0;
    camera.inertialRadiusOffset = 0;
    const beta = Math.min(
      camera.upperBetaLimit ?? Math.PI,
      Math.max(camera.lowerBetaLimit ?? 0, to.beta),
    );
    this.flight = {
      from: { alpha: camera.alpha, beta: camera.beta },
      to: { alpha: nearestAngle(camera.alpha, to.alpha), beta },
      start: now,
      duration: this.reducedMotion ? 0 : CAMERA_FLIGHT_MS / 1000,
    };
  }

  private cancelFlight(): void {
    this.flight = null;
  }

  /** Advances a flight to `now` (seconds); returns whether the camera is moving or about to. */
  update(now: number): boolean {
    const camera = this.camera;
    let moving = false;
    if (this.flight) {
      const { from, to, start, duration } = this.flight;
      const k = duration > 0 ? (now - start) / duration : 1;
      const e = ease(k);
      camera.alpha = from.alpha + (to.alpha - from.alpha) * e;
      camera.beta = from.beta + (to.beta - from.beta) * e;
      if (k >= 1) this.flight = null;
      moving = true;
    }
    this.updateSensitivity();
    return (
      moving ||
      camera.inertialAlphaOffset !== 0 ||
      camera.inertialBetaOffset !== 0 ||
      camera.inertialRadiusOffset !== 0
    );
  }

  /** Detaches the inputs and listeners and disposes the camera. */
  dispose(): void {
    this.cancelFlight();
    for (const undo of this.cleanup) undo();
    this.camera.detachControl();
    this.camera.dispose();
  }
}
