import { CARD_SHELL_RADIUS, latLngToVector, type Vec3 } from '@/globe/geo';
import { grownArray, slotCapacity } from '@/globe/layers/slotArrays';
import { CARD_WIDTH } from '@/lib/constants';

/**
 * Neighbouring cards float at different heights: two overlapping cards at the same height, tilted
 * a few degrees apart, would cut through each other. Each card takes the lowest of these layers
 * that no overlapping card uses.
 */
export const LAYERS = 6;
/** Height between two layers, world units. */
export const LAYER_STEP = 0.09;
/** Grid cell for finding overlapping cards (at least a card's width). */
const CELL = 2;
/** Cells along an axis the grid can number: the shell fits well inside ±64 cells. */
const CELL_SPAN = 128;

/** A number per cell: no string per neighbour looked at. */
function cellKey(x: number, y: number, z: number): number {
  const half = CELL_SPAN / 2;
  return ((x + half) * CELL_SPAN + (y + half)) * CELL_SPAN + z + half;
}

/**
 * Where each card belongs: its place on the card shell, lifted to the lowest layer no overlapping
 * card uses. Overlapping cards are found through a grid of cells on the shell, so placing a card
 * looks at its neighbours only (linear in N for the whole archive, not quadratic). Plain maths, no
 * engine: the card layer draws and picks cards where this puts them.
 */
export class CardPlacement {
  private capacity = 0;
  /** Each slot's place (xyz, at its layer's height): clusters group these. */
  private homes = new Float32Array(0);
  private layers = new Uint8Array(0);
  /** The slots in each cell, by the cell their place on the shell falls in. */
  private readonly grid = new Map<number, Set<number>>();
  private readonly cellOf = new Map<number, number>();

  /**
   * Places the card in `slot` at a latitude and longitude (moving it if it was placed elsewhere)
   * and returns its home: the point on the shell, raised to its layer.
   */
  place(slot: number, lat: number, lng: number): Vec3 {
    this.unplace(slot);
    this.reserve(slot);
    const shell = latLngToVector(lat, lng, CARD_SHELL_RADIUS);
    const { layer, key } = this.chooseLayer(slot, shell);
    this.layers[slot] = layer;
    let members = this.grid.get(key);
    if (!members) this.grid.set(key, (members = new Set()));
    members.add(slot);
    this.cellOf.set(slot, key);
    const home = latLngToVector(lat, lng, CARD_SHELL_RADIUS + layer * LAYER_STEP);
    this.homes.set(home, slot * 3);
    return home;
  }

  /**
   * Frees the layer the card in `slot` held, for the next card placed near it. Its home is kept:
   * a removed card shrinks away where it was.
   */
  unplace(slot: number): void {
    const key = this.cellOf.get(slot);
    if (key === undefined) return;
    this.grid.get(key)?.delete(slot);
    this.cellOf.delete(slot);
  }

  /** A card's own place, whether or not it is fanned out elsewhere. */
  home(slot: number): Vec3 {
    const p = this.homes;
    return [p[slot * 3] as number, p[slot * 3 + 1] as number, p[slot * 3 + 2] as number];
  }

  /** Every card's own place (xyz per slot; slots never used are zero), for grouping into clusters. */
  get homePositions(): Float32Array {
    return this.homes;
  }

  private reserve(slot: number): void {
    if (slot < this.capacity) return;
    this.capacity = slotCapacity(this.capacity, slot + 1);
    this.homes = grownArray(this.homes, this.capacity * 3, (n) => new Float32Array(n));
    this.layers = grownArray(this.layers, this.capacity, (n) => new Uint8Array(n));
  }

  /** The lowest layer no overlapping card uses, found through the grid, and the card's cell. */
  private chooseLayer(slot: number, shell: Vec3): { layer: number; key: number } {
    const [cx, cy, cz] = shell.map((v) => Math.floor(v / CELL)) as Vec3;
    const used = new Set<number>();
    const p = this.homes;
    // Once every layer is taken the answer is known: stop (a crowded cell holds hundreds).
    search: for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          for (const other of this.grid.get(cellKey(cx + dx, cy + dy, cz + dz)) ?? []) {
            if (other === slot) continue;
            // Compared on the shell: a card's layer must not keep it from overlapping another.
            const i = other * 3;
            const r =
              CARD_SHELL_RADIUS /
              Math.hypot(p[i] as number, p[i + 1] as number, p[i + 2] as number);
            const d = Math.hypot(
              (p[i] as number) * r - shell[0],
              (p[i + 1] as number) * r - shell[1],
              (p[i + 2] as number) * r - shell[2],
            );
            if (d < CARD_WIDTH) {
              used.add(this.layers[other] as number);
              if (used.size >= LAYERS) break search;
            }
          }
        }
    let layer = 0;
    while (used.has(layer) && layer < LAYERS) layer++;
    // Every layer taken (a crowded city): spread the rest over the layers rather than pile on one.
    return { layer: layer < LAYERS ? layer : slot % LAYERS, key: cellKey(cx, cy, cz) };
  }
}
