import type { Vec3 } from '@/globe/geo';

/** The camera as the face order sees it (`orbitBasis` plus the lens). */
export interface ViewCamera {
  position: Vec3;
  forward: Vec3;
  right: Vec3;
  up: Vec3;
  /** tan(fov / 2), the vertical half field of view. */
  tanHalfFov: number;
  /** Width / height of the canvas. */
  aspect: number;
}

/** Scores of cards off screen start here: any card on screen comes before any off it. */
export const OFF_SCREEN = 10;
/** A card this far outside the frame (in half-heights) still counts as on screen: it is close. */
const MARGIN = 0.15;

/**
 * How soon a card at `p` (on the card shell, centred on the globe) should get its picture; lower
 * is sooner. On screen and facing the camera: its distance from the view's centre, in half
 * heights of the view (0 to about 2). Otherwise `OFF_SCREEN` plus how far round the globe it is
 * (up to 2), so the cards about to turn into view come next.
 */
export function viewScore(p: Vec3, camera: ViewCamera): number {
  const length = Math.hypot(p[0], p[1], p[2]) || 1;
  const n: Vec3 = [p[0] / length, p[1] / length, p[2] / length];
  const v: Vec3 = [p[0] - camera.position[0], p[1] - camera.position[1], p[2] - camera.position[2]];
  const c = camera.position;
  const cl = Math.hypot(c[0], c[1], c[2]) || 1;
  const around = 1 - (n[0] * c[0] + n[1] * c[1] + n[2] * c[2]) / cl;
  const facing = -(n[0] * v[0] + n[1] * v[1] + n[2] * v[2]) > 0;
  const depth = v[0] * camera.forward[0] + v[1] * camera.forward[1] + v[2] * camera.forward[2];
  if (!facing || depth <= 0) return OFF_SCREEN + around;
  const scale = depth * camera.tanHalfFov;
  const x = (v[0] * camera.right[0] + v[1] * camera.right[1] + v[2] * camera.right[2]) / scale;
  const y = (v[0] * camera.up[0] + v[1] * camera.up[1] + v[2] * camera.up[2]) / scale;
  if (Math.abs(x) > camera.aspect + MARGIN || Math.abs(y) > 1 + MARGIN) return OFF_SCREEN + around;
  return Math.hypot(x, y);
}

/**
 * The cards the first view shows, nearest its centre first, at most `limit` of them: the faces the
 * preloader waits for.
 */
export function firstViewCards(
  cards: readonly { key: number; position: Vec3 }[],
  camera: ViewCamera,
  limit: number,
): number[] {
  return cards
    .map(({ key, position }) => ({ key, score: viewScore(position, camera) }))
    .filter(({ score }) => score < OFF_SCREEN)
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map(({ key }) => key);
}
