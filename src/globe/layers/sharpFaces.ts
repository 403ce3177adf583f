import type { Engine } from '@babylonjs/core/Engines/engine';
import type { Scene } from '@babylonjs/core/scene';
import type { CardLayer } from '@/globe/layers/cards';
import { sharpAtlasLayout } from '@/globe/textures/atlasLayout';
import { CardAtlas } from '@/globe/textures/cardAtlas';
import { drawCardFace, type FaceContent, type FaceText } from '@/globe/textures/cardFace';
import { faceImages, type FaceImage } from '@/globe/textures/faceImages';
import type { FaceScheduler, JobResult } from '@/globe/textures/faceScheduler';
import type { MediaNode } from '@/lib/nodeModel';

/** Jobs for sharp faces use keys from here (slot + this) in the scheduler the faces share. */
export const SHARP_KEYS = 1 << 24;
/** Sharp faces are wanted now (a visitor is looking at the card): before any other picture. */
export const SHARP_PRIORITY = -1000;

/** What a sharp face is drawn from: the card as `CardFaces` keeps it (compared by identity). */
export interface SharpSource {
  text: FaceText;
  node: Pick<MediaNode, 'type' | 'youtube_id' | 'thumbUrl' | 'images'>;
}

/** What the card faces lend the sharp ones. */
export interface SharpFacesDeps {
  cards: CardLayer;
  engine: Engine;
  scene: Scene;
  /** The scheduler every face's pictures go through (sharp jobs under `SHARP_KEYS`). */
  scheduler: FaceScheduler<ImageBitmap>;
  /** The card in a slot now, if any. */
  cardOf: (slot: number) => SharpSource | undefined;
  /** The pictures to draw for a result, with the default thumbnail for those that failed. */
  pictures: (
    images: readonly FaceImage[],
    result: JobResult<ImageBitmap>,
  ) => Promise<Pick<FaceContent, 'images' | 'fallback'>>;
  /** Something changed that a frame should show. */
  changed: () => void;
}

/**
 * Sharp faces for the few cards a visitor looks at closely (hovered, focused): their pictures at a
 * larger size, in an atlas of their own with a few tiles, given to the most recently wanted cards.
 * The atlas is made the first time a sharp face arrives (most visits that never hover need none).
 */
export class SharpFaces {
  private atlas: CardAtlas | null = null;
  /** Sharp tiles in use: slot → tile, least recently wanted first. */
  private readonly tiles = new Map<number, number>();
  private readonly wanted = new Set<number>();
  /** Cards whose sharp face is on screen (uploaded and in use). */
  private readonly shown = new Set<number>();

  constructor(private readonly deps: SharpFacesDeps) {}

  /** Cards looked at closely now (cards only): they get sharp faces, others may lose theirs. */
  want(slots: readonly number[]): void {
    const wanted = new Set(slots);
    for (const slot of this.wanted)
      if (!wanted.has(slot)) this.deps.scheduler.cancel(SHARP_KEYS + slot);
    for (const slot of wanted) {
      if (this.wanted.has(slot)) continue;
      const tile = this.tiles.get(slot);
      if (tile !== undefined) {
        // Most recently wanted last: it is evicted last.
        this.tiles.delete(slot);
        this.tiles.set(slot, tile);
      } else this.request(slot);
    }
    this.wanted.clear();
    for (const slot of wanted) this.wanted.add(slot);
  }

  /** The card in `slot` shows something new: its sharp face is asked for again if wanted. */
  refresh(slot: number): void {
    if (this.wanted.has(slot)) this.request(slot);
  }

  /** The card in `slot` is gone: no sharp face, and not wanted. */
  remove(slot: number): void {
    this.drop(slot);
    this.wanted.delete(slot);
  }

  /** Whether the card's sharp face is on screen. */
  isShown(slot: number): boolean {
    return this.shown.has(slot);
  }

  /** Uploads sharp faces within the budget; returns whether any was uploaded. */
  flush(nowMs: number, uploadBudgetMs: number): boolean {
    return (this.atlas?.flush(nowMs, uploadBudgetMs) ?? 0) > 0;
  }

  /** GPU memory of the sharp atlas, once there is one. */
  get textureBytes(): number {
    return this.atlas?.bytes ?? 0;
  }

  /** A sharp job for the card in `slot` answered. */
  onResult(slot: number, result: JobResult<ImageBitmap>): void {
    const card = this.deps.cardOf(slot);
    // Only a face with every picture is worth a sharp tile; anything less stays as it is.
    if (!card || !result.images.every((o) => o.status === 'loaded')) return;
    const atlas = this.ensureAtlas();
    let tile = this.tiles.get(slot);
    if (tile === undefined) {
      const used = new Set(this.tiles.values());
      tile = [...Array(atlas.layout.capacity).keys()].find((t) => !used.has(t));
      if (tile === undefined) {
        // Full: the least recently wanted card that is not wanted now gives its tile back.
        const victim = [...this.tiles.keys()].find((s) => !this.wanted.has(s));
        if (victim === undefined) return;
        tile = this.tiles.get(victim) as number;
        this.drop(victim);
      }
      this.tiles.set(slot, tile);
    }
    const sharpTile = tile;
    const sharpImages = faceImages(card.node, atlas.layout.tileWidth);
    void this.deps.pictures(sharpImages, result).then((pictures) => {
      if (this.deps.cardOf(slot) !== card || this.tiles.get(slot) !== sharpTile) return;
      atlas.enqueue(
        sharpTile,
        (ctx, x, y, w, h, gutter) =>
          drawCardFace(ctx, { ...card.text, ...pictures }, x, y, w, h, gutter),
        () => {
          if (this.tiles.get(slot) !== sharpTile) return;
          this.deps.cards.setSharpFace(slot, atlas.uvRect(sharpTile));
          this.shown.add(slot);
          this.deps.changed();
        },
      );
    });
  }

  /** Stops showing the card's sharp face (and asking for it); its tile is free again. */
  drop(slot: number): void {
    this.deps.scheduler.cancel(SHARP_KEYS + slot);
    const tile = this.tiles.get(slot);
    if (tile === undefined) return;
    this.tiles.delete(slot);
    this.shown.delete(slot);
    this.atlas?.forget(tile);
    this.deps.cards.setSharpFace(slot, null);
  }

  /** Releases the sharp atlas. */
  dispose(): void {
    this.atlas?.dispose();
  }

  private request(slot: number): void {
    const card = this.deps.cardOf(slot);
    if (!card) return;
    const layout = sharpAtlasLayout(this.deps.engine.getCaps().maxTextureSize);
    const images = faceImages(card.node, layout.tileWidth);
    this.deps.scheduler.request(
      SHARP_KEYS + slot,
      images.map((i) => i.url),
    );
  }

  private ensureAtlas(): CardAtlas {
    if (!this.atlas) {
      const { engine, scene } = this.deps;
      this.atlas = new CardAtlas(engine, scene, sharpAtlasLayout(engine.getCaps().maxTextureSize));
      this.deps.cards.setSharpAtlas(this.atlas.texture);
    }
    return this.atlas;
  }
}
