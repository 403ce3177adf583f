import type { Engine } from '@babylonjs/core/Engines/engine';
import type { BaseTexture } from '@babylonjs/core/Materials/Textures/baseTexture';
import type { Scene } from '@babylonjs/core/scene';
import type { CardBuffers } from '@/globe/layers/cardBuffers';
import type { CardPasses } from '@/globe/layers/cardPasses';
import { grownArray, slotCapacity } from '@/globe/layers/slotArrays';
import { CardAtlas } from '@/globe/textures/cardAtlas';

/** A rectangle in an atlas, as the shader reads it (u0, vBottom, u1, vTop). */
type UvRect = [number, number, number, number];

/**
 * Where each card's face is drawn from, and the atlas that holds the faces: nothing until the
 * card's face has been drawn into its tile (the shader draws a plain card in its colour
 * meanwhile), then its tile in the atlas, or its tile in the sharp atlas while it is looked at
 * closely. What goes into the tiles is `CardFaces`'s business; this only says which tile shows.
 */
export class CardFaceSources {
  /** Resolves once there is an atlas to draw faces into. */
  readonly ready: Promise<void>;
  private atlas: CardAtlas | null = null;
  private capacity = 0;
  private drawn = new Uint8Array(0);
  /** Slots drawing from the sharp atlas, and their rectangle there. */
  private readonly sharp = new Map<number, UvRect>();
  private resolveReady!: () => void;

  constructor(
    private readonly engine: Engine,
    private readonly scene: Scene,
    private readonly passes: CardPasses,
    private readonly buffers: CardBuffers,
  ) {
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
  }

  /** The atlas, once there is one. */
  get current(): CardAtlas | null {
    return this.atlas;
  }

  /**
   * Makes sure the atlas holds `cards` tiles. A new (larger) atlas starts empty: each of the
   * `used` slots shows no face until it is drawn again, and `redraw` is called for each live one.
   */
  ensure(
    cards: number,
    used: number,
    isLive: (slot: number) => boolean,
    redraw: (slot: number) => void,
  ): CardAtlas {
    if (this.atlas && this.atlas.layout.capacity >= cards) return this.atlas;
    this.atlas?.dispose();
    this.atlas = new CardAtlas(this.engine, this.scene, Math.max(cards, 1));
    this.passes.setAtlas(this.atlas.texture);
    for (let slot = 0; slot < used; slot++) {
      this.reserve(slot);
      this.drawn[slot] = 0;
      this.write(slot);
      if (isLive(slot)) redraw(slot);
    }
    this.buffers.touch();
    this.resolveReady();
    return this.atlas;
  }

  /** A new card in `slot`: no face yet, and not a sharp one. */
  reset(slot: number): void {
    this.reserve(slot);
    this.drawn[slot] = 0;
    this.sharp.delete(slot);
    this.write(slot);
  }

  /** The card's face has been drawn into its tile: show it. */
  uploaded(slot: number): void {
    this.reserve(slot);
    this.drawn[slot] = 1;
    this.write(slot);
  }

  /** The card in `slot` is gone: its tile is free for the next one. */
  forget(slot: number): void {
    this.atlas?.forget(slot);
  }

  /** The texture sharp faces are drawn from (set once, when the first one is wanted). */
  setSharpAtlas(texture: BaseTexture): void {
    this.passes.setSharpAtlas(texture);
  }

  /** Shows a card's sharp face (its rectangle in the sharp atlas), or its atlas face again. */
  setSharp(slot: number, rect: UvRect | null): void {
    if (rect) this.sharp.set(slot, rect);
    else this.sharp.delete(slot);
    this.write(slot);
  }

  /** Releases the atlas. */
  dispose(): void {
    this.atlas?.dispose();
  }

  /** Writes where a card's face comes from: the sharp atlas, the atlas once drawn, or nowhere yet. */
  private write(slot: number): void {
    const sharp = this.sharp.get(slot);
    const rect = sharp ?? this.atlas?.uvRect(slot);
    this.buffers.writeFace(slot, rect, sharp ? 2 : this.drawn[slot] === 1 ? 1 : 0);
  }

  private reserve(slot: number): void {
    if (slot < this.capacity) return;
    this.capacity = slotCapacity(this.capacity, slot + 1);
    this.drawn = grownArray(this.drawn, this.capacity, (n) => new Uint8Array(n));
  }
}
