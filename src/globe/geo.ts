/**
 * Placement on the globe. Babylon's world is left-handed with Y up. Babylon's `CreateSphere` puts
 * its u coordinate westward as seen from outside, so the map shader samples it at 1 - u (east to
 * the right, as on any map) and these formulas place longitude -180° at u = 0 of that mirrored
 * map, north at +Y: a point placed at a latitude and longitude sits over the same place of the
 * equirectangular map.
 */
import { ARCHIVE_CENTRE } from '@/lib/archiveArea';

/** A 3D vector as a plain tuple (no Babylon types here, so the maths is testable anywhere). */
export type Vec3 = [number, number, number];

/** Radius of the map sphere, world units. */
export const GLOBE_RADIUS = 5;
/** Radius at which cards float above the map. */
export const CARD_SHELL_RADIUS = 6.1;

const DEG = Math.PI / 180;

/** The point at a latitude and longitude (degrees) on a sphere of `radius` about the origin. */
export function latLngToVector(lat: number, lng: number, radius: number): Vec3 {
  const phi = (90 - lat) * DEG;
  const theta = (lng + 180) * DEG;
  return [
    radius * Math.sin(phi) * Math.cos(theta),
    radius * Math.cos(phi),
    radius * Math.sin(phi) * Math.sin(theta),
  ];
}

/** A place on the globe, degrees: latitude -90..90 (north positive), longitude -180..180 (east positive). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** St. Louis, where the archive's story is: the globe and the position picker start facing it. */
export const ST_LOUIS: LatLng = ARCHIVE_CENTRE;

/**
 * The latitude and longitude (degrees) of the direction `v` from the globe's centre: the inverse
 * of {@link latLngToVector} at any radius. Longitude comes back in [-180, 180); at the poles, where
 * it is undefined, it is 0.
 */
export function vectorToLatLng(v: Vec3): LatLng {
  const r = length(v);
  if (r === 0) return { lat: 0, lng: 0 };
  // Clamped: rounding can push |y| / r a hair past 1, where acos is NaN.
  const lat = 90 - Math.acos(Math.min(1, Math.max(-1, v[1] / r))) / DEG;
  const onAxis = Math.hypot(v[0], v[2]) < r * 1e-12;
  const theta = onAxis ? Math.PI : Math.atan2(v[2], v[0]);
  return { lat, lng: wrapLongitude(theta / DEG - 180) };
}

/** A longitude moved by whole turns into [-180, 180). */
export function wrapLongitude(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/**
 * A position rounded to `decimals` places (5 ≈ 1 m, finer than any map can show), longitude kept
 * in [-180, 180) and no negative zero, so a picked value reads cleanly in a form field.
 */
export function roundLatLng({ lat, lng }: LatLng, decimals = 5): LatLng {
  const scale = 10 ** decimals;
  const round = (value: number) => Math.round(value * scale) / scale + 0;
  return { lat: round(lat), lng: round(wrapLongitude(round(lng))) };
}

export function length(v: Vec3): number {
  return Math.hypot(v[0], v[1], v[2]);
}

export function normalize(v: Vec3): Vec3 {
  const l = length(v) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/**
 * A card's frame at a point: `normal` points away from the globe, `up` towards the north pole
 * along the surface, `right` completes it so the card reads left to right from outside.
 */
export function cardBasis(position: Vec3): { normal: Vec3; up: Vec3; right: Vec3 } {
  const normal = normalize(position);
  // Near the poles "north" is undefined; any tangent will do, so take the one towards -Z.
  const pole: Vec3 = Math.abs(normal[1]) > 0.999 ? [0, 0, -1] : [0, 1, 0];
  const up = normalize([
    pole[0] - normal[0] * dot(pole, normal),
    pole[1] - normal[1] * dot(pole, normal),
    pole[2] - normal[2] * dot(pole, normal),
  ]);
  // The card's local +Z looks into the globe (Babylon planes face -Z), and x = y × z keeps it unmirrored.
  const inward: Vec3 = [-normal[0], -normal[1], -normal[2]];
  return { normal, up, right: cross(up, inward) };
}

/**
 * Writes a card's world matrix (Babylon layout: rows are the local axes, translation in 12-14)
 * into `out` at `offset`.
 */
export function writeCardMatrix(position: Vec3, out: Float32Array, offset: number): void {
  const { normal, up, right } = cardBasis(position);
  out.set(
    [
      right[0],
      right[1],
      right[2],
      0,
      up[0],
      up[1],
      up[2],
      0,
      -normal[0],
      -normal[1],
      -normal[2],
      0,
      position[0],
      position[1],
      position[2],
      1,
    ],
    offset,
  );
}

/** The highest a link rises: 1.5 × the globe's radius from its centre, close to the cards. */
export const ARC_MAX_RADIUS = 1.5 * GLOBE_RADIUS;

/**
 * Points of a link between two points above the globe: along the great circle between them,
 * raised at its middle the more the farther apart they are (0.1 units for neighbours, 0.7 for
 * opposite sides), and never beyond {@link ARC_MAX_RADIUS}, so links hug the globe.
 */
export function arcPoints(a: Vec3, b: Vec3, segments: number): Vec3[] {
  const ra = length(a);
  const rb = length(b);
  const na = normalize(a);
  const nb = normalize(b);
  const angle = Math.acos(Math.min(1, Math.max(-1, dot(na, nb))));
  // Opposite ends have no one great circle: take the one through the poles (or the X axis).
  let sin = Math.sin(angle);
  let far = nb;
  if (sin < 1e-6 && angle > 1) {
    const axis: Vec3 = Math.abs(na[1]) > 0.9 ? [1, 0, 0] : [0, 1, 0];
    far = normalize(cross(cross(na, axis), na));
    sin = 1;
  }
  const half = angle > 1 && far !== nb;
  // Neighbours a little, the far side of the globe at most 0.7 units above the cards.
  const rise = Math.max(
    0,
    Math.min(ARC_MAX_RADIUS - Math.max(ra, rb), 0.1 + 0.6 * Math.sin(angle / 2)),
  );
  const points: Vec3[] = [];
  for (let i = 0; i <= segments; i++) {
    const t = i / segments;
    let dir: Vec3;
    if (half) {
      // Round through the perpendicular `far`: a half turn in two quarter turns.
      const phi = t * Math.PI;
      dir = normalize([
        na[0] * Math.cos(phi) + far[0] * Math.sin(phi),
        na[1] * Math.cos(phi) + far[1] * Math.sin(phi),
        na[2] * Math.cos(phi) + far[2] * Math.sin(phi),
      ]);
    } else {
      // Spherical interpolation of the direction; linear where the points (almost) coincide.
      const wa = sin < 1e-6 ? 1 - t : Math.sin((1 - t) * angle) / sin;
      const wb = sin < 1e-6 ? t : Math.sin(t * angle) / sin;
      dir = normalize([na[0] * wa + nb[0] * wb, na[1] * wa + nb[1] * wb, na[2] * wa + nb[2] * wb]);
    }
    const radius = ra + (rb - ra) * t + Math.sin(Math.PI * t) * rise;
    points.push([dir[0] * radius, dir[1] * radius, dir[2] * radius]);
  }
  return points;
}
