import { MOBILE_ROTATION_LIMIT_DEG, ZOOM_MAX, ZOOM_MIN } from '@/lib/constants';
import type { Vec3 } from '@/globe/geo';

/** Rotation limits (radians) around a start pose: SPEC "about 33°" either way on mobile. */
export function mobileRotationLimits(
  alpha: number,
  beta: number,
  limitDeg = MOBILE_ROTATION_LIMIT_DEG,
) {
  const limit = (limitDeg * Math.PI) / 180;
  return {
    lowerAlpha: alpha - limit,
    upperAlpha: alpha + limit,
    // Beta stays strictly inside (0, π), where the orbit camera is defined.
    lowerBeta: Math.max(0.01, beta - limit),
    upperBeta: Math.min(Math.PI - 0.01, beta + limit),
  };
}

/** Where the camera starts, world units from the centre. */
export const START_RADIUS = 12.5;

/** The zoom range (camera distance from the globe's centre). */
export function clampRadius(radius: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, radius));
}

/** The orbit angles (Babylon ArcRotateCamera alpha and beta) that look at `point` from outside. */
export function anglesFacing(point: Vec3): { alpha: number; beta: number } {
  const r = Math.hypot(point[0], point[1], point[2]) || 1;
  return {
    alpha: Math.atan2(point[2], point[0]),
    beta: Math.acos(Math.min(1, Math.max(-1, point[1] / r))),
  };
}

/** `to` moved by whole turns so that going from `from` to it is the short way round. */
export function nearestAngle(from: number, to: number): number {
  const turn = Math.PI * 2;
  let delta = (to - from) % turn;
  if (delta > Math.PI) delta -= turn;
  if (delta < -Math.PI) delta += turn;
  return from + delta;
}

/**
 * The orbit camera's position and axes for angles `alpha`, `beta` at `radius` around `target`
 * (Babylon's ArcRotateCamera, left-handed, Y up): used to cast pointer rays and to project cards
 * without waiting for a rendered frame.
 */
export function orbitBasis(alpha: number, beta: number, radius: number, target: Vec3 = [0, 0, 0]) {
  const position: Vec3 = [
    target[0] + radius * Math.cos(alpha) * Math.sin(beta),
    target[1] + radius * Math.cos(beta),
    target[2] + radius * Math.sin(alpha) * Math.sin(beta),
  ];
  const f: Vec3 = [target[0] - position[0], target[1] - position[1], target[2] - position[2]];
  const fl = Math.hypot(f[0], f[1], f[2]) || 1;
  const forward: Vec3 = [f[0] / fl, f[1] / fl, f[2] / fl];
  // right = up × forward and up = forward × right, the left-handed frame Babylon uses.
  const r: Vec3 = [forward[2], 0, -forward[0]];
  const rl = Math.hypot(r[0], r[1], r[2]) || 1;
  const right: Vec3 = [r[0] / rl, r[1] / rl, r[2] / rl];
  const up: Vec3 = [
    forward[1] * right[2] - forward[2] * right[1],
    forward[2] * right[0] - forward[0] * right[2],
    forward[0] * right[1] - forward[1] * right[0],
  ];
  return { position, forward, right, up };
}
