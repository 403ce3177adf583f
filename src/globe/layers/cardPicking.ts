import { GLOBE_RADIUS, cardBasis, type Vec3 } from '@/globe/geo';
import { grownArray, slotCapacity } from '@/globe/layers/slotArrays';
import { CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';

/** What the pointer test needs to know of the cards beyond where they are. */
export interface PickCandidates {
  /** The slots of the cards to test; of two equally near, the first listed wins. */
  slots: Iterable<number>;
  /** A card's scale and lift off its place now, as the shader draws it. */
  pose(slot: number): { scale: number; lift: number };
  /** The card under the pointer now (-1: none). */
  hovered: number;
}

/** Below this scale a card has shrunk away (gathered into a cluster, removed): not pickable. */
const PICKABLE_SCALE = 0.01;

/**
 * Where each card is drawn and which way it faces (its centre, its normal away from the globe, and
 * its right and up axes), and the pointer test against them. Analytic (a ray against each card's
 * rectangle, at its current scale and lift): a few hundred microseconds at 10,000 cards, where a
 * mesh pick took tens of milliseconds. Plain maths, no engine.
 */
export class CardFrames {
  private capacity = 0;
  private positions = new Float32Array(0);
  private normals = new Float32Array(0);
  private rights = new Float32Array(0);
  private ups = new Float32Array(0);

  /** The card in `slot` is drawn at `position`, facing out from the globe there. */
  set(slot: number, position: Vec3): void {
    this.reserve(slot);
    const { normal, right, up } = cardBasis(position);
    this.positions.set(position, slot * 3);
    this.normals.set(normal, slot * 3);
    this.rights.set(right, slot * 3);
    this.ups.set(up, slot * 3);
  }

  /** Where the card in `slot` is drawn. */
  position(slot: number): Vec3 {
    const p = this.positions;
    return [p[slot * 3] as number, p[slot * 3 + 1] as number, p[slot * 3 + 2] as number];
  }

  /** The nearest card a ray hits in front of the globe, or -1. */
  pick(origin: Vec3, direction: Vec3, candidates: PickCandidates): number {
    const [ox, oy, oz] = origin;
    const [dx, dy, dz] = direction;
    // The map sphere hides cards behind it.
    const b = ox * dx + oy * dy + oz * dz;
    const c = ox * ox + oy * oy + oz * oz - GLOBE_RADIUS * GLOBE_RADIUS;
    const disc = b * b - c;
    let best = disc >= 0 ? -b - Math.sqrt(disc) : Infinity;
    if (best < 0) best = Infinity;
    let hit = -1;
    const { positions: position, normals: normal, rights: right, ups: up } = this;
    for (const slot of candidates.slots) {
      const i = slot * 3;
      const nx = normal[i] as number;
      const ny = normal[i + 1] as number;
      const nz = normal[i + 2] as number;
      const facing = dx * nx + dy * ny + dz * nz;
      if (facing >= -1e-6) continue; // seen from behind: culled, not pickable
      const { scale, lift } = candidates.pose(slot);
      if (scale <= PICKABLE_SCALE) continue;
      // The hovered card also counts where it rests: lifting it toward the camera moves it on
      // screen (a lot, close up and near the edge), and it must not slip from under the pointer
      // and back, flickering.
      const lifts = slot === candidates.hovered && lift > 0 ? [lift, 0] : [lift];
      for (const h of lifts) {
        const cx = (position[i] as number) + nx * h;
        const cy = (position[i + 1] as number) + ny * h;
        const cz = (position[i + 2] as number) + nz * h;
        const t = ((cx - ox) * nx + (cy - oy) * ny + (cz - oz) * nz) / facing;
        if (t <= 0 || t >= best) continue;
        const px = ox + dx * t - cx;
        const py = oy + dy * t - cy;
        const pz = oz + dz * t - cz;
        const x =
          px * (right[i] as number) + py * (right[i + 1] as number) + pz * (right[i + 2] as number);
        const y = px * (up[i] as number) + py * (up[i + 1] as number) + pz * (up[i + 2] as number);
        if (Math.abs(x) <= (CARD_WIDTH / 2) * scale && Math.abs(y) <= (CARD_HEIGHT / 2) * scale) {
          best = t;
          hit = slot;
          break;
        }
      }
    }
    return hit;
  }

  private reserve(slot: number): void {
    if (slot < this.capacity) return;
    this.capacity = slotCapacity(this.capacity, slot + 1);
    const f32 = (n: number) => new Float32Array(n);
    const length = this.capacity * 3;
    this.positions = grownArray(this.positions, length, f32);
    this.normals = grownArray(this.normals, length, f32);
    this.rights = grownArray(this.rights, length, f32);
    this.ups = grownArray(this.ups, length, f32);
  }
}
