import { cardBasis, normalize, type Vec3 } from '@/globe/geo';
import type { CardOnScreen } from '@/globe/layers/overlay';
import { hiddenByGlobe, type ScreenProjector } from '@/globe/projection';
import { CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';

/**
 * Where the cards are on screen this frame: for the overlays (callouts, count badges) and the
 * diagnostics. Reads the cards, projects with `projection.ts`.
 */

/** What this reads of the cards. */
export interface CardsOnScreenSource {
  idOf(slot: number): string | null;
  isHidden(slot: number): boolean;
  position(slot: number): Vec3;
  current(slot: number, now: number): { scale: number; lift: number };
}

/** The point a card floats at (its home, lifted as it is now). */
function lifted(p: Vec3, lift: number): Vec3 {
  const n = normalize(p);
  return [p[0] + n[0] * lift, p[1] + n[1] * lift, p[2] + n[2] * lift];
}

/** Where shown cards are on screen this frame, for the overlay (null: not seen). */
export function cardLocator(
  cards: CardsOnScreenSource,
  { at, eye }: ScreenProjector,
  now: number,
): (slot: number) => CardOnScreen | null {
  return (slot) => {
    if (cards.idOf(slot) === null || cards.isHidden(slot)) return null;
    const p = cards.position(slot);
    const n = normalize(p);
    // Seen from behind (the far side of the globe): a card faces away and is not drawn.
    if (n[0] * (eye[0] - p[0]) + n[1] * (eye[1] - p[1]) + n[2] * (eye[2] - p[2]) <= 0) return null;
    const { scale, lift } = cards.current(slot, now);
    if (scale < 0.05) return null;
    const c = lifted(p, lift);
    const { right, up } = cardBasis(p);
    const w = (CARD_WIDTH / 2) * scale;
    const h = (CARD_HEIGHT / 2) * scale;
    const along = (a: Vec3, x: number, b: Vec3, y: number): Vec3 => [
      c[0] + a[0] * x + b[0] * y,
      c[1] + a[1] * x + b[1] * y,
      c[2] + a[2] * x + b[2] * y,
    ];
    return {
      top: at(along(right, 0, up, h)),
      corner: at(along(right, w * 0.92, up, h * 0.86)),
      bottom: at(along(right, 0, up, -h)),
    };
  };
}

/**
 * Where a card is on the canvas (CSS pixels from its top left) and whether a visitor sees it: not
 * gathered into a cluster, inside the canvas, facing the camera and not behind the globe.
 */
export function cardOnCanvas(
  cards: CardsOnScreenSource,
  slot: number,
  { at, eye }: ScreenProjector,
  now: number,
): { x: number; y: number; onScreen: boolean } {
  const p = cards.position(slot);
  const n = normalize(p);
  const point = lifted(p, cards.current(slot, now).lift);
  const seen = at(point);
  const v: Vec3 = [point[0] - eye[0], point[1] - eye[1], point[2] - eye[2]];
  const facing = n[0] * -v[0] + n[1] * -v[1] + n[2] * -v[2] > 0;
  return {
    x: seen.x,
    y: seen.y,
    onScreen: !cards.isHidden(slot) && seen.visible && facing && !hiddenByGlobe(eye, point),
  };
}
