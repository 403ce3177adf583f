import type { Engine } from '@babylonjs/core/Engines/engine';
import type { InternalTexture } from '@babylonjs/core/Materials/Textures/internalTexture';
import { Constants } from '@babylonjs/core/Engines/constants';
import { RawTexture } from '@babylonjs/core/Materials/Textures/rawTexture';
import type { Scene } from '@babylonjs/core/scene';
import {
  chooseAtlasLayout,
  textureBytes,
  tileRect,
  type AtlasLayout,
} from '@/globe/textures/atlasLayout';

/** Per frame, by default, at most this long is spent drawing and uploading faces. */
const UPLOAD_BUDGET_MS = 6;
/** A 2D canvas to draw faces on: an element on a page, an `OffscreenCanvas` in a worker. */
function drawingCanvas(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof document === 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** Mipmaps are rebuilt at most this often while faces stream in (a rebuild costs a frame). */
const MIPMAP_INTERVAL_MS = 400;

interface QueuedFace {
  draw: DrawFace;
  done: () => void;
}

type DrawFace = (
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  width: number,
  height: number,
  gutter: number,
) => void;

/**
 * The texture atlas that holds every card face. Faces are drawn on a 2D canvas and sub-uploaded
 * into their tile (no texture per card); the atlas never grows past its layout's memory.
 */
export class CardAtlas {
  readonly layout: AtlasLayout;
  readonly texture: RawTexture;
  private readonly canvas: HTMLCanvasElement | OffscreenCanvas;
  private readonly ctx: CanvasRenderingContext2D;
  /** Faces wanted first (the first view's, sharp ones), one tile at a time. */
  private readonly urgent = new Map<number, QueuedFace>();
  /** Local faces (many at once when cards arrive): drawn in runs of a row, one upload per run. */
  private readonly bulk = new Map<number, QueuedFace>();
  /** Other faces with pictures: after every card has its local face. */
  private readonly normal = new Map<number, QueuedFace>();
  private mipmapsDirty = false;
  private lastMipmaps = 0;

  constructor(
    private readonly engine: Engine,
    scene: Scene,
    /** How many cards it must hold (the layout is chosen for them), or a layout to use. */
    cards: number | AtlasLayout,
  ) {
    this.layout =
      typeof cards === 'number' ? chooseAtlasLayout(cards, engine.getCaps().maxTextureSize) : cards;
    const { size } = this.layout;
    this.texture = new RawTexture(
      null,
      size,
      size,
      Constants.TEXTUREFORMAT_RGBA,
      scene,
      true,
      false,
      Constants.TEXTURE_TRILINEAR_SAMPLINGMODE,
    );
    this.texture.wrapU = Constants.TEXTURE_CLAMP_ADDRESSMODE;
    this.texture.wrapV = Constants.TEXTURE_CLAMP_ADDRESSMODE;
    this.texture.anisotropicFilteringLevel = 4;
    // One row of tiles: a run of local faces is drawn side by side and uploaded at once.
    this.canvas = drawingCanvas(
      Math.min(size, this.layout.columns * (this.layout.tileWidth + this.layout.gutter * 2)),
      this.layout.tileHeight + this.layout.gutter * 2,
    );
    // An OffscreenCanvas's context in a worker: the same drawing calls as an element's.
    this.ctx = this.canvas.getContext('2d', {
      willReadFrequently: true,
    }) as CanvasRenderingContext2D;
  }

  /** Bytes of GPU memory the atlas holds. */
  get bytes(): number {
    return textureBytes(this.layout.size, this.layout.size);
  }

  /** UV rectangle of a tile as the card shader reads it: (u0, vBottom, u1, vTop). */
  uvRect(tile: number): [number, number, number, number] {
    const { x, y } = tileRect(this.layout, tile);
    const { size, tileWidth, tileHeight } = this.layout;
    // Half a texel inside the face, so bilinear filtering never reads the gutter at full size.
    return [
      (x + 0.5) / size,
      (y + tileHeight - 0.5) / size,
      (x + tileWidth - 0.5) / size,
      (y + 0.5) / size,
    ];
  }

  /**
   * Queues a face for a tile; the latest drawing for a tile wins. `done` runs once it is uploaded.
   * Uploads go `urgent` first, then `local` faces (by the thousand, in runs), then `normal` ones.
   */
  enqueue(
    tile: number,
    draw: DrawFace,
    done: () => void,
    order: 'urgent' | 'local' | 'normal' = 'urgent',
  ): void {
    const face = { draw, done };
    if (order === 'normal') {
      // A local face still queued for the tile goes first (in its cheap run), then this one.
      this.urgent.delete(tile);
      this.normal.set(tile, face);
      return;
    }
    this.forget(tile);
    (order === 'urgent' ? this.urgent : this.bulk).set(tile, face);
  }

  /** Drops a tile's queued face (its card is gone). */
  forget(tile: number): void {
    this.urgent.delete(tile);
    this.bulk.delete(tile);
    this.normal.delete(tile);
  }

  /** Faces waiting to be uploaded. */
  get pending(): number {
    return this.urgent.size + this.bulk.size + this.normal.size;
  }

  /**
   * Draws and uploads queued faces for up to `budgetMs`, then refreshes the mipmaps when due.
   * Returns how many faces were uploaded (so the caller knows to render).
   */
  flush(now: number, budgetMs = UPLOAD_BUDGET_MS): number {
    if (this.pending === 0 && !this.mipmapsDirty) return 0;
    const internal = this.texture.getInternalTexture();
    if (!internal) return 0;
    const started = performance.now();
    const over = () => performance.now() - started > budgetMs;
    let uploaded = 0;
    for (const [tile, face] of this.urgent) {
      if (over()) break;
      this.urgent.delete(tile);
      this.upload(internal, [[tile, face]]);
      uploaded++;
    }
    while (this.bulk.size > 0 && !over()) {
      const run = this.nextRun();
      this.upload(internal, run);
      uploaded += run.length;
    }
    if (this.bulk.size === 0) {
      for (const [tile, face] of this.normal) {
        if (over()) break;
        this.normal.delete(tile);
        this.upload(internal, [[tile, face]]);
        uploaded++;
      }
    }
    if (uploaded > 0) this.mipmapsDirty = true;
    if (this.mipmapsDirty && (this.pending === 0 || now - this.lastMipmaps > MIPMAP_INTERVAL_MS)) {
      this.engine.generateMipmaps(internal);
      this.mipmapsDirty = false;
      this.lastMipmaps = now;
      uploaded = Math.max(uploaded, 1);
    }
    return uploaded;
  }

  /** The first queued local face and those queued after it in the same row, next to each other. */
  private nextRun(): [number, QueuedFace][] {
    const first = this.bulk.keys().next().value as number;
    const row = Math.floor(first / this.layout.columns);
    const run: [number, QueuedFace][] = [];
    for (let tile = first; Math.floor(tile / this.layout.columns) === row; tile++) {
      const face = this.bulk.get(tile);
      if (!face) break;
      this.bulk.delete(tile);
      run.push([tile, face]);
    }
    return run;
  }

  /** Draws tiles that sit side by side in one row, and uploads them as one rectangle. */
  private upload(internal: InternalTexture, run: [number, QueuedFace][]): void {
    const { tileWidth, tileHeight, gutter } = this.layout;
    const w = tileWidth + gutter * 2;
    const h = tileHeight + gutter * 2;
    run.forEach(([, face], i) => {
      face.draw(this.ctx, i * w + gutter, gutter, tileWidth, tileHeight, gutter);
    });
    const pixels = this.ctx.getImageData(0, 0, w * run.length, h).data;
    const { x, y } = tileRect(this.layout, run[0]?.[0] as number);
    this.engine.updateTextureData(
      internal,
      new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
      x - gutter,
      y - gutter,
      w * run.length,
      h,
      0,
      0,
      false,
    );
    for (const [, face] of run) face.done();
  }

  dispose(): void {
    this.urgent.clear();
    this.bulk.clear();
    this.normal.clear();
    this.texture.dispose();
  }
}
