/**
 * Where the archive's items are: St. Louis, and how far from it (or from the archive's other
 * items) a point is before the archive asks whether it is right (issue 47: a tap on a phone placed
 * photos in the Gulf of Mexico).
 */
import { countText } from '@/lib/numbers';

export interface Place {
  lat: number;
  lng: number;
}

/** St. Louis, where the storm struck and the globe starts. */
export const ARCHIVE_CENTRE: Place = { lat: 38.63, lng: -90.2 };

/** Farther than this from St. Louis (or from every other item), a point is questioned (km). */
export const FAR_KM = 80;

const EARTH_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points (km). */
export function distanceKm(a: Place, b: Place): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How far from St. Louis a point is, when that is far enough to ask; null when near. */
export function farFromStLouis(point: Place): number | null {
  const km = distanceKm(point, ARCHIVE_CENTRE);
  return km > FAR_KM ? km : null;
}

/** How far the nearest of `others` is, when every one is far; null when one is near or none. */
export function farFromOthers(point: Place, others: readonly Place[]): number | null {
  if (others.length === 0) return null;
  let nearest = Infinity;
  for (const other of others) nearest = Math.min(nearest, distanceKm(point, other));
  return nearest > FAR_KM ? nearest : null;
}

/** "about 1,520 km", rounded as a person would say it. */
export function kmText(km: number): string {
  const step = km >= 1000 ? 10 : km >= 100 ? 5 : 1;
  return `about ${countText(Math.round(km / step) * step)} km`;
}
