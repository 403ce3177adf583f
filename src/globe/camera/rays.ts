import type { Vec3 } from '@/globe/geo';
import { orbitBasis } from '@/globe/camera/limits';

/**
 * Pointer rays and projections for an orbit camera, worked out analytically from its angles
 * (Babylon's ArcRotateCamera with a vertical field of view, the default `FOVMODE_VERTICAL_FIXED`),
 * so picking a point of the globe needs neither Babylon's mesh picking nor a rendered frame.
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

/** The camera's position and the unit direction through a point of the canvas (CSS pixels from its top left). */
export function pointerRay(
  view: OrbitView,
  x: number,
  y: number,
): { origin: Vec3; direction: Vec3 } {
  const basis = orbitBasis(view.alpha, view.beta, view.radius, view.target);
  const tan = Math.tan(view.fov / 2);
  const aspect = view.width / Math.max(1, view.height);
  const nx = (x / Math.max(1, view.width)) * 2 - 1;
  const ny = 1 - (y / Math.max(1, view.height)) * 2;
  const d = [0, 1, 2].map(
    (k) =>
      (basis.forward[k] as number) +
      (basis.right[k] as number) * nx * tan * aspect +
      (basis.up[k] as number) * ny * tan,
  ) as Vec3;
  const l = Math.hypot(d[0], d[1], d[2]);
  return { origin: basis.position, direction: [d[0] / l, d[1] / l, d[2] / l] };
}

/**
 * Where a ray (unit `direction`) first meets a sphere of `radius` about the origin, or null when
 * it misses it or the sphere is behind the ray's origin.
 */
export function raySphere(origin: Vec3, direction: Vec3, radius: number): Vec3 | null {
  // |o + t d|² = r² with |d| = 1: t² + 2 b t + c = 0.
  const b = origin[0] * direction[0] + origin[1] * direction[1] + origin[2] * direction[2];
  const c = origin[0] ** 2 + origin[1] ** 2 + origin[2] ** 2 - radius * radius;
  const disc = b * b - c;
  if (disc < 0) return null;
  const root = Math.sqrt(disc);
  // The near hit, or the far one when the origin is inside the sphere.
  const t = -b - root >= 0 ? -b - root : -b + root;
  if (t < 0) return null;
  return [origin[0] + direction[0] * t, origin[1] + direction[1] * t, origin[2] + direction[2] * t];
}

/**
 * Where a point of a sphere about the origin appears on the canvas (CSS pixels from its top left),
 * or null when the sphere hides it (the far side) or it lies outside the canvas.
 */
export function projectSurfacePoint(view: OrbitView, point: Vec3): { x: number; y: number } | null {
  const basis = orbitBasis(view.alpha, view.beta, view.radius);
  const v: Vec3 = [
    point[0] - basis.position[0],
    point[1] - basis.position[1],
    point[2] - basis.position[2],
  ];
  // A point of the sphere is visible exactly when its outward normal faces the camera.
  if (point[0] * v[0] + point[1] * v[1] + point[2] * v[2] >= 0) return null;
  const depth = v[0] * basis.forward[0] + v[1] * basis.forward[1] + v[2] * basis.forward[2];
  if (depth <= 0) return null;
  const tan = Math.tan(view.fov / 2);
  const aspect = view.width / Math.max(1, view.height);
  const sx =
    (v[0] * basis.right[0] + v[1] * basis.right[1] + v[2] * basis.right[2]) /
    (depth * tan * aspect);
  const sy = (v[0] * basis.up[0] + v[1] * basis.up[1] + v[2] * basis.up[2]) / (depth * tan);
  if (Math.abs(sx) > 1 || Math.abs(sy) > 1) return null;
  return { x: ((sx + 1) / 2) * view.width, y: ((1 - sy) / 2) * view.height };
}
