import { orbitBasis } from '@/globe/camera/limits';
import { GLOBE_RADIUS, type Vec3 } from '@/globe/geo';
import type { ViewCamera } from '@/globe/textures/faceOrder';

/**
 * Where points of the world show on the canvas, for an orbit camera worked out analytically from
 * its angles (Babylon's ArcRotateCamera with a vertical field of view, `FOVMODE_VERTICAL_FIXED`):
 * the one projection the globe's overlays, its diagnostics and the position picker share. The
 * inverse (a pointer's ray) is in `camera/rays.ts`.
 */

/** What the maths needs of the camera and the canvas it draws on (sizes in CSS pixels). */
export interface OrbitView {
  alpha: number;
  beta: number;
  radius: number;
  /** Vertical field of view, radians. */
  fov: number;
  width: number;
  height: number;
  /** The point the camera orbits (the origin unless the view was panned). */
  target?: Vec3;
}

/** A point of the canvas, CSS pixels from its top left; `visible` false when it is not seen. */
export interface ScreenPoint {
  x: number;
  y: number;
  visible: boolean;
}

/** Projects points for one camera pose: `eye` is the camera's position. */
export interface ScreenProjector {
  eye: Vec3;
  at(point: Vec3): ScreenPoint;
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The projection of the camera as `view` describes it now. */
export function screenProjector(view: OrbitView): ScreenProjector {
  const basis = orbitBasis(view.alpha, view.beta, view.radius, view.target);
  const tan = Math.tan(view.fov / 2);
  const aspect = view.width / Math.max(1, view.height);
  const eye = basis.position;
  return {
    eye,
    at(p) {
      const v: Vec3 = [p[0] - eye[0], p[1] - eye[1], p[2] - eye[2]];
      const depth = dot(v, basis.forward);
      if (depth <= 0) return { x: 0, y: 0, visible: false };
      const sx = dot(v, basis.right) / (depth * tan * aspect);
      const sy = dot(v, basis.up) / (depth * tan);
      const x = ((sx + 1) / 2) * view.width;
      const y = ((1 - sy) / 2) * view.height;
      return { x, y, visible: x >= 0 && x <= view.width && y >= 0 && y <= view.height };
    },
  };
}

/** Whether the globe stands between `eye` and `point` (the point is behind it). */
export function hiddenByGlobe(eye: Vec3, point: Vec3): boolean {
  const v: Vec3 = [point[0] - eye[0], point[1] - eye[1], point[2] - eye[2]];
  const l = Math.hypot(v[0], v[1], v[2]);
  const d: Vec3 = [v[0] / l, v[1] / l, v[2] / l];
  const b = dot(eye, d);
  const c = dot(eye, eye) - GLOBE_RADIUS * GLOBE_RADIUS;
  const disc = b * b - c;
  if (disc < 0) return false;
  const near = -b - Math.sqrt(disc);
  return near > 0 && near < l;
}

/**
 * Where a point of a sphere about the origin appears on the canvas (CSS pixels from its top left),
 * or null when the sphere hides it (the far side) or it lies outside the canvas.
 */
export function projectSurfacePoint(view: OrbitView, point: Vec3): { x: number; y: number } | null {
  const { eye, at } = screenProjector(view);
  // A point of the sphere is visible exactly when its outward normal faces the camera.
  const v: Vec3 = [point[0] - eye[0], point[1] - eye[1], point[2] - eye[2]];
  if (dot(point, v) >= 0) return null;
  const seen = at(point);
  return seen.visible ? { x: seen.x, y: seen.y } : null;
}

/** What the projection reads of an orbit camera (Babylon's ArcRotateCamera has it all). */
export interface OrbitCameraLike {
  alpha: number;
  beta: number;
  radius: number;
  fov: number;
  target: { x: number; y: number; z: number };
}

/** The view of `camera` on a canvas of this CSS size. */
export function viewOf(camera: OrbitCameraLike, width: number, height: number): OrbitView {
  const { alpha, beta, radius, fov, target } = camera;
  return { alpha, beta, radius, fov, width, height, target: [target.x, target.y, target.z] };
}

/** The camera as the face scheduler orders cards by it (`textures/faceOrder.ts`). */
export function viewCameraOf(camera: OrbitCameraLike, width: number, height: number): ViewCamera {
  const { alpha, beta, radius, fov, target: t } = camera;
  const basis = orbitBasis(alpha, beta, radius, [t.x, t.y, t.z]);
  return { ...basis, tanHalfFov: Math.tan(fov / 2), aspect: width / Math.max(1, height) };
}

/** The pose and canvas size as a key: a frame is due when it differs from the last frame's. */
export function poseKey(camera: OrbitCameraLike, width: number, height: number): string {
  const { alpha, beta, radius, target: t } = camera;
  return `${alpha},${beta},${radius},${t.x},${t.y},${t.z},${width},${height}`;
}
