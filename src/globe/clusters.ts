/**
 * Clusters: where cards would pile up on screen at the current zoom, they gather into one card
 * (the face of one of them, with a count). Pure maths on plain arrays, testable anywhere.
 *
 * The grouping is done in screen space as a card seen face-on at the current zoom appears: two
 * cards gather when their centres are closer than a fixed box of pixels, the size a card has on
 * screen at the starting zoom. Zooming in makes the cards' distances in pixels grow past that box,
 * so clusters split; zooming out gathers more (the box shrinks only with the square root of the
 * zoom there, so a far view shows tens of clusters, not a few). Turning the globe changes nothing
 * (the face-on view of a card is the same from any side), so clusters stay put while the globe
 * spins and only a settled zoom, a filter or new data regroups them.
 */
import { START_RADIUS } from '@/globe/camera/limits';
import { CARD_SHELL_RADIUS, cardBasis, type Vec3 } from '@/globe/geo';
import { CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';

/** Camera distance from the globe's centre where the spacing is one card: the starting zoom. */
const REFERENCE_RADIUS = START_RADIUS;
/** Below this spacing a cluster cannot split by zooming: it fans out instead (the closest zoom). */
export const FAN_SPACING_EPSILON = 0.02;

/**
 * How close two cards may be, in card sizes (their centres' distance across and up, as a share
 * of a card's width and height), before they gather at a camera `radius` from the globe's centre.
 */
export function clusterSpacing(radius: number): number {
  const near = Math.max(0.05, radius - CARD_SHELL_RADIUS);
  const reference = REFERENCE_RADIUS - CARD_SHELL_RADIUS;
  const k = near / reference;
  // A fixed box of pixels while zooming in; shrinking with √zoom beyond the start.
  return k <= 1 ? k : Math.sqrt(k);
}

/** The camera radius at which the spacing is `spacing` (the inverse of {@link clusterSpacing}). */
export function radiusForSpacing(spacing: number): number {
  const reference = REFERENCE_RADIUS - CARD_SHELL_RADIUS;
  const k = spacing <= 1 ? spacing : spacing * spacing;
  return CARD_SHELL_RADIUS + k * reference;
}

/** What the grouping reads of the cards. */
export interface ClusterInput {
  /** Card positions, xyz per slot (any radius: only the direction from the centre counts). */
  positions: Float32Array | readonly number[];
  /**
   * The slots to group, most deserving of showing its face first (a cluster's face is its first
   * slot in this order). Callers put matching cards first, so a cluster with any match shows one.
   */
  order: readonly number[];
  /** Minimum distance between shown cards, in card sizes ({@link clusterSpacing}). */
  spacing: number;
}

/** The grouping: each slot's leader (the card that shows) and each leader's members. */
export interface Clustering {
  spacing: number;
  /** Slot → the slot of the card that shows for it (itself when it leads); -1 for unused slots. */
  leaderOf: Int32Array;
  /** Leader slot → every slot it stands for, itself first (every leader, single cards too). */
  members: Map<number, number[]>;
}

/**
 * How far `b` is from `a` in card sizes, as a face-on view of `a` shows it: the larger of the
 * distances across (in card widths) and up (in card heights). Two cards overlap below 1.
 */
export function cardDistance(a: Vec3, b: Vec3): number {
  const la = Math.hypot(a[0], a[1], a[2]) || 1;
  const lb = Math.hypot(b[0], b[1], b[2]) || 1;
  // Both on the shell, so distances read the same whatever their layer heights.
  const pa: Vec3 = [
    (a[0] / la) * CARD_SHELL_RADIUS,
    (a[1] / la) * CARD_SHELL_RADIUS,
    (a[2] / la) * CARD_SHELL_RADIUS,
  ];
  const pb: Vec3 = [
    (b[0] / lb) * CARD_SHELL_RADIUS,
    (b[1] / lb) * CARD_SHELL_RADIUS,
    (b[2] / lb) * CARD_SHELL_RADIUS,
  ];
  const { right, up, normal } = cardBasis(pa);
  const d: Vec3 = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
  // Past the horizon of `a` (facing away), the two never meet on screen.
  if (normal[0] * pb[0] + normal[1] * pb[1] + normal[2] * pb[2] <= 0) return Infinity;
  const across = Math.abs(d[0] * right[0] + d[1] * right[1] + d[2] * right[2]) / CARD_WIDTH;
  const upward = Math.abs(d[0] * up[0] + d[1] * up[1] + d[2] * up[2]) / CARD_HEIGHT;
  return Math.max(across, upward);
}

/**
 * Groups cards greedily: in `order`, each card not yet taken leads a cluster of every untaken
 * card nearer than `spacing` card sizes to it (face-on, as {@link cardDistance} measures). Leaders
 * are therefore never nearer than `spacing` to each other: at a spacing of 1, shown cards do not
 * overlap. Linear in the number of cards (a grid of cells one spacing wide).
 */
export function clusterCards({ positions, order, spacing }: ClusterInput): Clustering {
  const slots = Math.floor(positions.length / 3);
  const leaderOf = new Int32Array(slots).fill(-1);
  const members = new Map<number, number[]>();
  const shell = new Float32Array(slots * 3);
  // A cell wide enough that every card within `spacing` of a leader is in a neighbouring cell.
  const reach = Math.max(1e-3, spacing * Math.max(CARD_WIDTH, CARD_HEIGHT));
  const cells = new Map<number, number[]>();
  const span = Math.ceil((CARD_SHELL_RADIUS * 2) / reach) + 4;
  const cellIndex = (v: number) => Math.floor(v / reach) + (span >> 1);
  const key = (x: number, y: number, z: number) => (x * span + y) * span + z;
  for (const slot of order) {
    const i = slot * 3;
    const x = positions[i] as number;
    const y = positions[i + 1] as number;
    const z = positions[i + 2] as number;
    const l = Math.hypot(x, y, z) || 1;
    const s = CARD_SHELL_RADIUS / l;
    shell[i] = x * s;
    shell[i + 1] = y * s;
    shell[i + 2] = z * s;
    const k = key(cellIndex(x * s), cellIndex(y * s), cellIndex(z * s));
    let cell = cells.get(k);
    if (!cell) cells.set(k, (cell = []));
    cell.push(slot);
  }
  for (const slot of order) {
    if ((leaderOf[slot] as number) >= 0) continue;
    leaderOf[slot] = slot;
    const group = [slot];
    members.set(slot, group);
    if (spacing <= 0) continue;
    const i = slot * 3;
    const a: Vec3 = [shell[i] as number, shell[i + 1] as number, shell[i + 2] as number];
    const { right, up, normal } = cardBasis(a);
    const cx = cellIndex(a[0]);
    const cy = cellIndex(a[1]);
    const cz = cellIndex(a[2]);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          for (const other of cells.get(key(cx + dx, cy + dy, cz + dz)) ?? []) {
            if ((leaderOf[other] as number) >= 0) continue;
            const j = other * 3;
            const bx = shell[j] as number;
            const by = shell[j + 1] as number;
            const bz = shell[j + 2] as number;
            if (normal[0] * bx + normal[1] * by + normal[2] * bz <= 0) continue;
            const ex = bx - a[0];
            const ey = by - a[1];
            const ez = bz - a[2];
            const across = Math.abs(ex * right[0] + ey * right[1] + ez * right[2]) / CARD_WIDTH;
            const upward = Math.abs(ex * up[0] + ey * up[1] + ez * up[2]) / CARD_HEIGHT;
            if (across < spacing && upward < spacing) {
              leaderOf[other] = slot;
              group.push(other);
            }
          }
        }
  }
  return { spacing, leaderOf, members };
}

/**
 * The spacing at which a cluster splits (some of its members show on their own): just below the
 * median of its members' distances from its leader, so zooming there splits at least half of it
 * away. Returns 0 for a single card.
 */
export function splitSpacing(
  positions: Float32Array | readonly number[],
  group: readonly number[],
): number {
  const leader = group[0];
  if (leader === undefined || group.length < 2) return 0;
  const at = (slot: number): Vec3 => [
    positions[slot * 3] as number,
    positions[slot * 3 + 1] as number,
    positions[slot * 3 + 2] as number,
  ];
  const a = at(leader);
  const distances = group
    .slice(1)
    .map((slot) => cardDistance(a, at(slot)))
    .sort((x, y) => x - y);
  const median = distances[(distances.length - 1) >> 1] as number;
  return median * 0.97;
}

/**
 * Where the members of a fanned-out cluster go: a grid centred on the leader's place, in the
 * leader's face-on frame, with cards shrunk so the grid stays about `box` card sizes across.
 * Returns one offset (across, up, in world units) per member and the scale to draw them at.
 */
export function fanLayout(
  count: number,
  box = 3.2,
): { offsets: [number, number][]; scale: number } {
  if (count <= 0) return { offsets: [], scale: 1 };
  const gap = 1.08;
  // Columns so the grid comes out about as wide as tall in card sizes (a card is wider than tall).
  const columns = Math.max(1, Math.ceil(Math.sqrt(count * (CARD_HEIGHT / CARD_WIDTH) * 1.6)));
  const rows = Math.ceil(count / columns);
  const scale = Math.min(1, box / Math.max(columns * gap, (rows * gap * CARD_HEIGHT) / CARD_WIDTH));
  const offsets: [number, number][] = [];
  for (let n = 0; n < count; n++) {
    const row = Math.floor(n / columns);
    const inRow = Math.min(columns, count - row * columns);
    const column = n % columns;
    offsets.push([
      (column - (inRow - 1) / 2) * CARD_WIDTH * gap * scale,
      ((rows - 1) / 2 - row) * CARD_HEIGHT * gap * scale,
    ]);
  }
  return { offsets, scale };
}

/**
 * A cluster's count badge: how many items it holds, or, while a filter is on, how many of them
 * match; a cluster with no match shows its size, dimmed (its card is faded like any non-match).
 */
export function clusterBadge(
  members: readonly number[],
  isMatched: (slot: number) => boolean,
  filtered: boolean,
): { text: string; dim: boolean; matching: number } {
  const matching = members.filter(isMatched).length;
  if (!filtered) return { text: String(members.length), dim: false, matching };
  return { text: String(matching > 0 ? matching : members.length), dim: matching === 0, matching };
}
