import type { Engine } from '@babylonjs/core/Engines/engine';
import { Constants } from '@babylonjs/core/Engines/constants';
import { RawTexture } from '@babylonjs/core/Materials/Textures/rawTexture';
import type { Scene } from '@babylonjs/core/scene';
import {
  chooseAtlasLayout,
  textureBytes,
  tileRect,
  type AtlasLayout,
} from '@/globe/textures/atlasLayout';

/** Per frame, at most this long is spent drawing and uploading faces, so frames stay smooth. */
const UPLOAD_BUDGET_MS = 6;
/** Mipmaps are rebuilt at most this often while faces stream in (a rebuild costs a frame). */
const MIPMAP_INTERVAL_MS = 400;

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
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly queue = new Map<number, { draw: DrawFace; done: () => void }>();
  private mipmapsDirty = false;
  private lastMipmaps = 0;

  constructor(
    private readonly engine: Engine,
    scene: Scene,
    cards: number,
  ) {
    this.layout = chooseAtlasLayout(cards, engine.getCaps().maxTextureSize);
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
    this.canvas = document.createElement('canvas');
    this.canvas.width = this.layout.tileWidth + this.layout.gutter * 2;
    this.canvas.height = this.layout.tileHeight + this.layout.gutter * 2;
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

  /** Queues a face for a tile; the latest drawing for a tile wins. `done` runs once it is uploaded. */
  enqueue(tile: number, draw: DrawFace, done: () => void): void {
    this.queue.set(tile, { draw, done });
  }

  /** Whether faces are waiting to be uploaded. */
  get pending(): number {
    return this.queue.size;
  }

  /**
   * Draws and uploads queued faces for up to a few milliseconds, then refreshes the mipmaps when
   * due. Returns how many faces were uploaded (so the caller knows to render).
   */
  flush(now: number): number {
    if (this.queue.size === 0 && !this.mipmapsDirty) return 0;
    const internal = this.texture.getInternalTexture();
    if (!internal) return 0;
    const started = performance.now();
    const { tileWidth, tileHeight, gutter } = this.layout;
    const w = tileWidth + gutter * 2;
    const h = tileHeight + gutter * 2;
    let uploaded = 0;
    for (const [tile, { draw, done }] of this.queue) {
      this.queue.delete(tile);
      draw(this.ctx, gutter, gutter, tileWidth, tileHeight, gutter);
      const pixels = this.ctx.getImageData(0, 0, w, h).data;
      const { x, y } = tileRect(this.layout, tile);
      this.engine.updateTextureData(
        internal,
        new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
        x - gutter,
        y - gutter,
        w,
        h,
        0,
        0,
        false,
      );
      done();
      uploaded++;
      if (performance.now() - started > UPLOAD_BUDGET_MS) break;
    }
    if (uploaded > 0) this.mipmapsDirty = true;
    if (
      this.mipmapsDirty &&
      (this.queue.size === 0 || now - this.lastMipmaps > MIPMAP_INTERVAL_MS)
    ) {
      this.engine.generateMipmaps(internal);
      this.mipmapsDirty = false;
      this.lastMipmaps = now;
      uploaded = Math.max(uploaded, 1);
    }
    return uploaded;
  }

  dispose(): void {
    this.queue.clear();
    this.texture.dispose();
  }
}
