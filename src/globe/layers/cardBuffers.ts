import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import '@babylonjs/core/Meshes/thinInstanceMesh';
import { writeCardMatrix, type Vec3 } from '@/globe/geo';
import { grownArray } from '@/globe/layers/slotArrays';
import { tweenAt } from '@/globe/tween';

/** The per-instance attributes the card shader reads besides the matrix, and their sizes. */
const KINDS = { uvRect: 4, style: 4, tweenA: 4, tweenB: 4 } as const;
type Kind = keyof typeof KINDS | 'matrix';
type InstanceData = Record<Kind, Float32Array>;

/** A card's animated values at one moment: what the shader shows. */
export interface CardPose {
  scale: number;
  opacity: number;
  lift: number;
}

/** Where a card's face comes from: nowhere yet (0), the atlas (1), the sharp atlas (2). */
export type FaceSource = 0 | 1 | 2;

function instanceData(capacity: number, from?: InstanceData): InstanceData {
  const grow = (kind: Kind, stride: number) =>
    from
      ? grownArray(from[kind], capacity * stride, (n) => new Float32Array(n))
      : new Float32Array(capacity * stride);
  return {
    matrix: grow('matrix', 16),
    uvRect: grow('uvRect', KINDS.uvRect),
    style: grow('style', KINDS.style),
    tweenA: grow('tweenA', KINDS.tweenA),
    tweenB: grow('tweenB', KINDS.tweenB),
  };
}

/**
 * The cards' instance data, a slot per card, and its upload to the thin instances of the card
 * meshes. A card's slots are written only when its state changes; animation runs in the shader
 * from a tween (start, duration, from and to) per value. The layout of those slots is known here
 * only: the card layer says what a card is, this says how the GPU is told.
 */
export class CardBuffers {
  private slots: InstanceData = instanceData(0);
  /**
   * What the GPU draws: the instance data of the cards drawn now, packed at the front (slot
   * order). Cards gathered into clusters (most of them at 10,000) are left out once they have
   * shrunk away, so the passes process only the cards that show: under a software renderer every
   * instance costs, even one moved out of view.
   */
  private packed: InstanceData = instanceData(0);
  /** Something was written since the last upload. */
  private stale = false;
  private drawnCount = 0;
  /** When a card still shrinking out of view has finished and can be left out (seconds). */
  private nextPackAt = Infinity;

  /** @param meshes The card meshes that draw this data (the opaque and the faded pass). */
  constructor(private readonly meshes: readonly Mesh[]) {}

  /** Makes room for `capacity` slots (keeping what they hold) and hands the meshes new buffers. */
  grow(capacity: number): void {
    this.slots = instanceData(capacity, this.slots);
    this.packed = instanceData(capacity);
    this.drawnCount = 0;
    for (const mesh of this.meshes) {
      mesh.thinInstanceSetBuffer('matrix', this.packed.matrix, 16, false);
      for (const [kind, stride] of Object.entries(KINDS))
        mesh.thinInstanceSetBuffer(kind, this.packed[kind as Kind], stride, false);
      mesh.thinInstanceCount = 0;
    }
    this.stale = true;
  }

  /** Something changed that the next flush must send, though no slot was written. */
  touch(): void {
    this.stale = true;
  }

  /** Draws the card in `slot` at `position`, facing out from the globe there. */
  writeMatrix(slot: number, position: Vec3): void {
    writeCardMatrix(position, this.slots.matrix, slot * 16);
    this.stale = true;
  }

  /** The card's colour (0-1 RGB): its frame, and its face's tint until a picture arrives. */
  writeColour(slot: number, rgb: readonly [number, number, number]): void {
    this.slots.style.set(rgb, slot * 4);
    this.stale = true;
  }

  /** Where the card's face is drawn from: `rect` (u, v, width, height) in the atlas `source` names. */
  writeFace(slot: number, rect: readonly number[] | undefined, source: FaceSource): void {
    if (rect) this.slots.uvRect.set(rect, slot * 4);
    this.slots.style[slot * 4 + 3] = source;
    this.stale = true;
  }

  /** Animates the card from `from` to `to` over `duration` seconds from `start`. */
  writeTween(slot: number, start: number, duration: number, from: CardPose, to: CardPose): void {
    this.slots.tweenA.set([start, duration, from.scale, to.scale], slot * 4);
    this.slots.tweenB.set([from.opacity, to.opacity, from.lift, to.lift], slot * 4);
    this.stale = true;
  }

  /** How long the card's running (or pending) tween lasts, seconds. */
  tweenDuration(slot: number): number {
    return this.slots.tweenA[slot * 4 + 1] as number;
  }

  /** The card's animated values at `now` (what the shader shows). */
  pose(slot: number, now: number): CardPose {
    const a = this.slots.tweenA;
    const b = this.slots.tweenB;
    const i = slot * 4;
    const start = a[i] as number;
    const duration = a[i + 1] as number;
    return {
      scale: tweenAt(start, duration, a[i + 2] as number, a[i + 3] as number, now),
      opacity: tweenAt(start, duration, b[i] as number, b[i + 1] as number, now),
      lift: tweenAt(start, duration, b[i + 2] as number, b[i + 3] as number, now),
    };
  }

  /** How many cards the GPU draws now. */
  get drawn(): number {
    return this.drawnCount;
  }

  /**
   * Sends the instance data to the GPU if anything changed, or a card has finished shrinking away
   * since; returns whether it did. `used` slots are looked at; `shows(slot)` says whether a card
   * is drawn whatever its tween does (the others only until they have shrunk away).
   */
  flush(now: number, used: number, shows: (slot: number) => boolean): boolean {
    if (!this.stale && now < this.nextPackAt) return false;
    this.pack(now, used, shows);
    this.stale = false;
    return true;
  }

  /**
   * Copies the instance data of every card drawn now to the front of the GPU buffers and uploads
   * that much: cards that show, and cards gathered into a cluster or removed until their shrinking
   * ends. Linear in the cards; a few hundred microseconds at 10,000.
   */
  private pack(now: number, used: number, shows: (slot: number) => boolean): void {
    const { matrix, uvRect, style, tweenA, tweenB } = this.slots;
    const packed = this.packed;
    let k = 0;
    let next = Infinity;
    for (let slot = 0; slot < used; slot++) {
      if (!shows(slot)) {
        const i = slot * 4;
        const end = (tweenA[i] as number) + (tweenA[i + 1] as number);
        // Shrunk away (or never grown: a card hidden before it was revealed): not drawn.
        if (now >= end || (tweenA[i + 2] === 0 && tweenA[i + 3] === 0)) continue;
        next = Math.min(next, end);
      }
      for (let j = 0; j < 16; j++) packed.matrix[k * 16 + j] = matrix[slot * 16 + j] as number;
      for (let j = 0; j < 4; j++) {
        const from = slot * 4 + j;
        const to = k * 4 + j;
        packed.uvRect[to] = uvRect[from] as number;
        packed.style[to] = style[from] as number;
        packed.tweenA[to] = tweenA[from] as number;
        packed.tweenB[to] = tweenB[from] as number;
      }
      k++;
    }
    this.drawnCount = k;
    this.nextPackAt = next;
    for (const mesh of this.meshes) {
      mesh.thinInstanceCount = k;
      if (k === 0) continue;
      mesh.thinInstancePartialBufferUpdate('matrix', k, 0);
      for (const kind of Object.keys(KINDS)) mesh.thinInstancePartialBufferUpdate(kind, k, 0);
    }
  }
}
