import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import type { ArcRotateCameraPointersInput } from '@babylonjs/core/Cameras/Inputs/arcRotateCameraPointersInput';
import { PointerEventTypes, PointerInfo } from '@babylonjs/core/Events/pointerEvents';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { Scene } from '@babylonjs/core/scene';
import type { SurfaceElement } from '@/globe/surface';
import {
  START_RADIUS,
  clampRadius,
  mobileRotationLimits,
  nearestAngle,
} from '@/globe/camera/limits';
import {
  CAMERA_FLIGHT_MS,
  CAMERA_FOV_DEG,
  ORBIT_DAMPING,
  ORBIT_KEY_PAN_SPEED,
  WHEEL_STEP,
  ZOOM_MAX,
  ZOOM_MIN,
} from '@/lib/constants';

/** Where the camera starts, world units from the centre. */
export { START_RADIUS };
/** How close a flight to a card comes. */
export const FOCUS_RADIUS = 10;
/** How far the camera leans toward the mouse on desktop, radians at the window's edge. */
const DRIFT = { alpha: 0.06, beta: 0.04 };

/**
 * Which way each arrow key moves the view, as OrbitControls' keys do: the camera (and its target)
 * moves toward the arrow, so what is on screen slides the other way, the same on both axes.
 * `[right, up]` in units of the key pan step.
 */
export const ARROW_PAN: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export interface CameraPose {
  alpha: number;
  beta: number;
  radius: number;
}

interface Flight {
  from: CameraPose & { target: Vector3 };
  to: CameraPose;
  start: number;
  duration: number;
  done: () => void;
}

function easeInOut(k: number): number {
  return k < 0.5 ? 4 * k * k * k : 1 - (-2 * k + 2) ** 3 / 2;
}

/**
 * The orbit camera of SPEC §2 and §9 on Babylon's ArcRotateCamera: damping 0.05 (inertia 0.95),
 * rotate/zoom/pan speed 1 as three.js OrbitControls define them, zoom 10-50 with a 5% wheel step,
 * middle-drag dolly, right-drag pan, arrow-key pan of 7 px, touch rotate / pinch-dolly-pan, the
 * mobile rotation limit, the desktop drift toward the mouse, and 0.6 s flights.
 */
/** How many flights the diagnostics keep (`camera().flights`). */
const FLIGHTS_KEPT = 16;

export class OrbitCamera {
  readonly camera: ArcRotateCamera;
  private flight: Flight | null = null;
  /**
   * The last flights' start and end (null while under way), in ms since the epoch on the clock the
   * frames are stamped with (`performance.timeOrigin + performance.now()`), for the diagnostics.
   */
  readonly flights: { from: number; until: number | null }[] = [];
  private drift = { alpha: 0, beta: 0, targetAlpha: 0, targetBeta: 0 };
  private readonly cleanup: (() => void)[] = [];

  constructor(
    private readonly scene: Scene,
    /** The canvas, or its stand-in in a worker: the pointer, wheel and keys come from it. */
    private readonly canvas: SurfaceElement,
    start: { alpha: number; beta: number },
    /** Read live: reduced motion may be switched on or off during the visit. */
    private readonly options: { readonly mobile: boolean; readonly reducedMotion: boolean },
  ) {
    const camera = new ArcRotateCamera(
      'camera',
      start.alpha,
      start.beta,
      START_RADIUS,
      Vector3.Zero(),
      scene,
    );
    this.camera = camera;
    camera.fov = (CAMERA_FOV_DEG * Math.PI) / 180;
    camera.minZ = 0.1;
    camera.maxZ = 500;
    camera.inertia = 1 - ORBIT_DAMPING;
    camera.panningInertia = 1 - ORBIT_DAMPING;
    camera.lowerRadiusLimit = ZOOM_MIN;
    camera.upperRadiusLimit = ZOOM_MAX;
    camera.lowerBetaLimit = 0.05;
    camera.upperBetaLimit = Math.PI - 0.05;
    if (options.mobile) {
      const limits = mobileRotationLimits(start.alpha, start.beta);
      camera.lowerAlphaLimit = limits.lowerAlpha;
      camera.upperAlphaLimit = limits.upperAlpha;
      camera.lowerBetaLimit = limits.lowerBeta;
      camera.upperBetaLimit = limits.upperBeta;
    }
    // Zoom and keys are ours (exact SPEC steps); Babylon keeps rotate, pan and touch.
    camera.inputs.removeByType('ArcRotateCameraMouseWheelInput');
    camera.inputs.removeByType('ArcRotateCameraKeyboardMoveInput');
    // Right-drag pans without Ctrl (OrbitControls' mapping).
    camera.attachControl(true, false);
    const pointers = camera.inputs.attached.pointers as ArcRotateCameraPointersInput | undefined;
    if (pointers) {
      // Left rotates, right pans; middle is the dolly below.
      pointers.buttons = [0, 2];
      pointers.panningSensibility = 0; // set per frame by updateSensitivity()
      pointers.multiTouchPanAndZoom = true;
      pointers.multiTouchPanning = true;
      pointers.pinchZoom = true;
    }
    this.updateSensitivity();
    this.listen();
  }

  private listen(): void {
    const canvas = this.canvas;
    const add = <K extends keyof HTMLElementEventMap>(
      type: K,
      handler: (e: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ) => {
      canvas.addEventListener(type, handler, options);
      this.cleanup.push(() => canvas.removeEventListener(type, handler, options));
    };
    // Babylon's pointer input (rotate, pan, pinch) reads the scene's pointer observable. The
    // scene listens to no element itself (a worker has none to listen to): the surface's presses,
    // moves and releases are handed to it here, the same on a page and in a worker.
    const scene = this.scene;
    scene.detachControl();
    const feed = (type: number) => (event: PointerEvent) => {
      if (scene.onPointerObservable.hasSpecificMask(type))
        scene.onPointerObservable.notifyObservers(new PointerInfo(type, event, null), type);
    };
    add('pointerdown', feed(PointerEventTypes.POINTERDOWN));
    add('pointermove', feed(PointerEventTypes.POINTERMOVE));
    add('pointerup', feed(PointerEventTypes.POINTERUP));
    add('pointercancel', feed(PointerEventTypes.POINTERUP));
    add(
      'wheel',
      (event) => {
        event.preventDefault();
        if (event.deltaY === 0) return;
        this.cancelFlight();
        this.zoomBy(event.deltaY > 0 ? 1 / (1 - WHEEL_STEP) : 1 - WHEEL_STEP);
      },
      { passive: false },
    );
    let middle: { y: number } | null = null;
    add('pointerdown', (event) => {
      if (event.button === 1) {
        event.preventDefault();
        middle = { y: event.clientY };
        canvas.setPointerCapture(event.pointerId);
      }
      this.cancelFlight();
    });
    add('pointermove', (event) => {
      if (middle && (event.buttons & 4) !== 0) {
        const dy = event.clientY - middle.y;
        middle.y = event.clientY;
        // OrbitControls' dolly: one 5% step per move, in the direction of the drag.
        if (dy !== 0) this.zoomBy(dy > 0 ? 1 / (1 - WHEEL_STEP) : 1 - WHEEL_STEP);
      } else if (event.pointerType === 'mouse' && event.buttons === 0) {
        this.leanToward(event.clientX, event.clientY);
      }
    });
    add('pointerup', (event) => {
      if (event.button === 1) middle = null;
    });
    add('pointerleave', () => this.leanToward(null, null));
    add('keydown', (event) => {
      const step = ARROW_PAN[event.key];
      if (!step) return;
      event.preventDefault();
      this.cancelFlight();
      this.panPixels(step[0] * ORBIT_KEY_PAN_SPEED, step[1] * ORBIT_KEY_PAN_SPEED);
    });
  }

  private zoomBy(factor: number): void {
    this.camera.inertialRadiusOffset = 0;
    this.camera.radius = clampRadius(this.camera.radius * factor);
  }

  /** Pans like OrbitControls: the scene moves with the pointer, `dx`,`dy` in CSS pixels. */
  private panPixels(dx: number, dy: number): void {
    const camera = this.camera;
    const worldPerPixel = (2 * camera.radius * Math.tan(camera.fov / 2)) / this.cssHeight;
    const view = camera.getViewMatrix();
    // Rows of the view matrix's inverse rotation: the camera's right and up in world space.
    const m = view.m;
    const right = new Vector3(m[0], m[4], m[8]);
    const up = new Vector3(m[1], m[5], m[9]);
    camera.target
      .addInPlace(right.scale(dx * worldPerPixel))
      .addInPlace(up.scale(dy * worldPerPixel));
  }

  /** 0 with reduced motion (flights are instant, no drift), else 1. */
  private get motion(): number {
    return this.options.reducedMotion ? 0 : 1;
  }

  /** Desktop drift: the camera leans slightly toward the mouse (off on mobile and with reduced motion). */
  private leanToward(x: number | null, y: number | null): void {
    if (this.options.mobile || this.motion === 0) return;
    if (x === null || y === null) {
      this.drift.targetAlpha = 0;
      this.drift.targetBeta = 0;
      return;
    }
    const rect = this.canvas.getBoundingClientRect();
    const nx = ((x - rect.left) / Math.max(1, rect.width)) * 2 - 1;
    const ny = ((y - rect.top) / Math.max(1, rect.height)) * 2 - 1;
    this.drift.targetAlpha = nx * DRIFT.alpha;
    this.drift.targetBeta = ny * DRIFT.beta;
  }

  /** The canvas's CSS height, read on resize only: reading it per frame forces a layout. */
  private cssHeight = 0;

  /**
   * Three.js rotates 2π per canvas height of drag; with inertia 0.95 Babylon sums 20× each step.
   * Reads the canvas's size: call it when the canvas was resized.
   */
  updateSensitivity(): void {
    this.cssHeight = Math.max(1, this.canvas.clientHeight);
    this.applySensitivity();
  }

  /** Sets the drag and pan sensitivities for the current zoom (per frame: the pan depends on it). */
  private applySensitivity(): void {
    const height = this.cssHeight;
    const sensibility = ((1 / (1 - this.camera.inertia)) * height) / (2 * Math.PI);
    this.camera.angularSensibilityX = sensibility;
    this.camera.angularSensibilityY = sensibility;
    const pointers = this.camera.inputs.attached.pointers as
      ArcRotateCameraPointersInput | undefined;
    if (pointers) {
      const worldPerPixel = (2 * this.camera.radius * Math.tan(this.camera.fov / 2)) / height;
      pointers.panningSensibility = 1 / (worldPerPixel * (1 - this.camera.panningInertia));
    }
  }

  /** Advances flights and drift; returns whether the camera is still moving. */
  update(now: number): boolean {
    const camera = this.camera;
    let moving = false;
    if (this.flight) {
      const { from, to, start, duration, done } = this.flight;
      const k = duration > 0 ? Math.min(1, (now - start) / duration) : 1;
      const e = easeInOut(k);
      camera.alpha = from.alpha + (to.alpha - from.alpha) * e;
      camera.beta = from.beta + (to.beta - from.beta) * e;
      camera.radius = from.radius + (to.radius - from.radius) * e;
      camera.target.copyFrom(Vector3.Lerp(from.target, Vector3.ZeroReadOnly, e));
      if (k >= 1) {
        this.flight = null;
        this.flightEnded();
        done();
      }
      moving = true;
    }
    const d = this.drift;
    const da = (d.targetAlpha - d.alpha) * ORBIT_DAMPING;
    const db = (d.targetBeta - d.beta) * ORBIT_DAMPING;
    if (Math.abs(da) > 1e-5 || Math.abs(db) > 1e-5) {
      d.alpha += da;
      d.beta += db;
      camera.alpha += da;
      camera.beta += db;
      moving = true;
    }
    this.applySensitivity();
    // Babylon 9's inputs feed the camera's movement system: rotation and zoom show through the
    // legacy inertial getters, a pan (right-drag, two fingers) only there. Pixels a pan has
    // gathered move the camera at the next render, and its glide lasts while it yields a delta.
    const { panAccumulatedPixels, panDeltaCurrentFrame } = camera.movement;
    return (
      moving ||
      camera.inertialAlphaOffset !== 0 ||
      camera.inertialBetaOffset !== 0 ||
      camera.inertialRadiusOffset !== 0 ||
      camera.inertialPanningX !== 0 ||
      camera.inertialPanningY !== 0 ||
      panAccumulatedPixels.lengthSquared() > 0 ||
      panDeltaCurrentFrame.lengthSquared() > 0
    );
  }

  get pose(): CameraPose {
    return { alpha: this.camera.alpha, beta: this.camera.beta, radius: this.camera.radius };
  }

  /** Flies to a pose in 0.6 s (near instant with reduced motion); resolves when it arrives. */
  flyTo(to: CameraPose, now: number): Promise<void> {
    this.cancelFlight();
    const camera = this.camera;
    camera.inertialAlphaOffset = 0;
    camera.inertialBetaOffset = 0;
    camera.inertialRadiusOffset = 0;
    camera.inertialPanningX = 0;
    camera.inertialPanningY = 0;
    const clamp = (v: number, lo: number | null, hi: number | null) =>
      Math.min(hi ?? Infinity, Math.max(lo ?? -Infinity, v));
    const alpha = clamp(
      nearestAngle(camera.alpha, to.alpha),
      camera.lowerAlphaLimit,
      camera.upperAlphaLimit,
    );
    const beta = clamp(to.beta, camera.lowerBetaLimit, camera.upperBetaLimit);
    this.flights.push({ from: performance.timeOrigin + performance.now(), until: null });
    if (this.flights.length > FLIGHTS_KEPT) this.flights.shift();
    return new Promise((done) => {
      this.flight = {
        from: {
          alpha: camera.alpha,
          beta: camera.beta,
          radius: camera.radius,
          target: camera.target.clone(),
        },
        to: { alpha, beta, radius: clampRadius(to.radius) },
        start: now,
        duration: (CAMERA_FLIGHT_MS / 1000) * this.motion,
        done,
      };
    });
  }

  private cancelFlight(): void {
    if (!this.flight) return;
    const { done } = this.flight;
    this.flight = null;
    this.flightEnded();
    done();
  }

  private flightEnded(): void {
    const last = this.flights.at(-1);
    if (last && last.until === null) last.until = performance.timeOrigin + performance.now();
  }

  get flying(): boolean {
    return this.flight !== null;
  }

  dispose(): void {
    this.cancelFlight();
    for (const undo of this.cleanup) undo();
    this.camera.detachControl();
    this.camera.dispose();
  }
}
