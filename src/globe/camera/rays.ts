import type { Vec3 } from '@/globe/geo';
import { orbitBasis } from '@/globe/camera/limits';
import type { OrbitView } from '@/globe/projection';

/**
 * Pointer rays for an orbit camera, worked out analytically from its angles
 * (Babylon's ArcRotateCamera with a vertical field of view, the default `FOVMODE_VERTICAL_FIXED`),
 * so picking a point of the globe needs neither Babylon's mesh picking nor a rendered frame. The
 * other way, from the world to the canvas, is `projection.ts`.
 */

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
