/**
 * Turns an uploaded file into the three JPEGs the archive serves: a full-size photo, a thumbnail
 * and a card-sized copy for the globe's card faces. The type is decided by the bytes (sharp's
 * decoders), never by a name or a header; every photo is decoded and re-encoded, which applies
 * its EXIF orientation and leaves all its metadata behind: camera GPS positions must not be
 * published with a community's photos.
 */
import { join } from 'node:path';
import type { Metadata } from 'sharp';
import { regionInPixels, type BlurRegion } from '@/lib/blurRegions';
import type sharpLibrary from 'sharp';

/** sharp's entry function (its default export). */
type Sharp = typeof sharpLibrary;

/** The full-size photo fits within this square (never enlarged). */
export const FULL_MAX_EDGE = 2560;
/** The thumbnail fits within this square. */
export const THUMB_MAX_EDGE = 640;
/**
 * The card-sized copy fits within this square: the globe draws a card face into an atlas tile of
 * at most 256 × 154 pixels, so the 640-pixel thumbnail would be fetched and decoded for nothing.
 */
export const CARD_MAX_EDGE = 320;
/** JPEG quality of the full-size photo: no visible loss on a detail view. */
export const FULL_JPEG_QUALITY = 85;
/** JPEG quality of the thumbnail: card faces are small, so bytes matter more than detail. */
export const THUMB_JPEG_QUALITY = 78;
/**
 * JPEG quality of the card-sized copy: as the thumbnail's. Lower saves little (a 12-megapixel
 * photo's card: about 22 KB at 78, 19 KB at 70) and rings around text and fine edges.
 */
export const CARD_JPEG_QUALITY = 78;
/**
 * Largest decoded image accepted, pixels. A few kilobytes of PNG can declare a 100,000² image
 * (a decompression bomb); 60 megapixels is above any phone or consumer camera.
 */
export const MAX_INPUT_PIXELS = 60_000_000;
/**
 * Photos decoded at once. A 60-megapixel photo takes ~240 MB decoded; queueing the rest bounds
 * the server's memory under a burst of uploads.
 */
export const MAX_CONCURRENT_IMAGES = 2;

/** sharp's names of the formats in `UPLOAD_FORMATS_TEXT` (AVIF is `heif` compressed with AV1). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

/** The processed photo. */
export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  /** The card-sized copy (within `CARD_MAX_EDGE`), for the globe's card faces. */
  card: Buffer;
  /** Size of `full` after orientation and resizing, pixels. */
  width: number;
  height: number;
}

/** The bytes are not a photo in an accepted format (or are damaged). */
export class NotAPhoto extends Error {
  override name = 'NotAPhoto';
}

/** The photo declares more pixels than `MAX_INPUT_PIXELS`. */
export class TooManyPixels extends Error {
  override name = 'TooManyPixels';
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(
      `The photo is ${width} × ${height} pixels: at most ${MAX_INPUT_PIXELS / 1e6} megapixels.`,
    );
  }
}

/**
 * sharp (a native library) cannot be loaded: not installed, or installed for another platform (a
 * Lambda zip packed on macOS). Only photo uploads need it, so it is loaded on the first one.
 */
export class ImageLibraryUnavailable extends Error {
  override name = 'ImageLibraryUnavailable';
}

let loadingSharp: Promise<Sharp> | null = null;

/**
 * sharp, loaded on first use rather than at start: the serverless function then starts, and
 * serves everything but uploads, from a zip without it (see the README's deployment section).
 */
function loadSharp(): Promise<Sharp> {
  loadingSharp ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      // Not remembered: installing it beside a running server should not need a restart.
      loadingSharp = null;
      throw new ImageLibraryUnavailable(
        `sharp, the photo library, could not be loaded (${error instanceof Error ? error.message : String(error)}); ` +
          `install it for this platform (${process.platform}-${process.arch}), e.g. ` +
          '`npm install --os=linux --cpu=x64 sharp` beside an x86_64 Lambda function.',
        { cause: error },
      );
    },
  );
  return loadingSharp;
}

let running = 0;
const waiting: (() => void)[] = [];

async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_IMAGES) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function acceptedSize(
  sharp: Sharp,
  bytes: Buffer,
): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // The header only: cheap, and enough to refuse a wrong format or a bomb before decoding.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new NotAPhoto('Unsupported or damaged image.', { cause: error });
  }
  const { format, compression, width, height } = metadata;
  if (
    !ACCEPTED_FORMATS.has(format) ||
    (format === 'heif' && compression !== 'av1') ||
    !width ||
    !height
  ) {
    throw new NotAPhoto(`Not an accepted format (${format}).`);
  }
  if (width * height > MAX_INPUT_PIXELS) throw new TooManyPixels(width, height);
  return { width, height };
}

/**
 * The thumbnail and the card-sized copy of a full-size JPEG: from it, not from the original
 * (decoding ≤ 2560 px is cheaper than 60 MP), one pipeline cloned for each (a 12-megapixel photo's
 * card adds ~30 ms).
 */
async function smallCopiesOf(sharp: Sharp, full: Buffer): Promise<{ thumb: Buffer; card: Buffer }> {
  const fromFull = sharp(full);
  const [thumb, card] = await Promise.all([
    fromFull
      .clone()
      .resize(THUMB_MAX_EDGE, THUMB_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: THUMB_JPEG_QUALITY, mozjpeg: true })
      .toBuffer(),
    fromFull
      .clone()
      .resize(CARD_MAX_EDGE, CARD_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: CARD_JPEG_QUALITY, mozjpeg: true })
      .toBuffer(),
  ]);
  return { thumb, card };
}

/**
 * Checks and converts one upload.
 *
 * @throws NotAPhoto for anything that is not a complete photo in an accepted format (text, SVG,
 *   PDF, a truncated JPEG); TooManyPixels for an image larger than `MAX_INPUT_PIXELS`;
 *   ImageLibraryUnavailable when sharp cannot be loaded.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  return withImageSlot(async () => {
    await acceptedSize(sharp, bytes);
    try {
      // mozjpeg: files about a third smaller for about 60 % more encoding time (a 12-megapixel
      // photo: 0.53 s instead of 0.34 s here); a photo is encoded once and downloaded many times.
      // failOn 'warning' (sharp's default, spelled out): a truncated or corrupt photo is refused
      // rather than published half grey. Animated images give their first frame (pages: 1).
      const { data: full, info } = await sharp(bytes, {
        limitInputPixels: MAX_INPUT_PIXELS,
        failOn: 'warning',
        pages: 1,
      })
        .rotate()
        // JPEG has no transparency: a transparent PNG shows on white, as on the page, not black.
        .flatten({ background: '#ffffff' })
        .resize(FULL_MAX_EDGE, FULL_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: FULL_JPEG_QUALITY, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      const { thumb, card } = await smallCopiesOf(sharp, full);
      return { full, thumb, card, width: info.width, height: info.height };
    } catch (error) {
      throw new NotAPhoto('The photo could not be decoded.', { cause: error });
    }
  });
}

/**
 * Cells across the longer side of a blurred region: the region is first shrunk to at most this
 * many pixels that way, so what it showed is gone for good (no sharpening brings back a face or a
 * plate from 6 × 4 averages), then grown back smoothly and blurred over the cells' edges.
 */
export const BLUR_CELLS = 6;

/**
 * One region's blurred pixels: shrunk to `BLUR_CELLS` across, grown back with a cubic kernel, and
 * blurred by half a cell so no block edge shows. Raw pixels of the region's size.
 */
async function blurredTile(
  sharp: Sharp,
  photo: Buffer,
  area: { left: number; top: number; width: number; height: number },
): Promise<{ data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 }> {
  const cell = Math.max(1, Math.max(area.width, area.height) / BLUR_CELLS);
  const small = await sharp(photo)
    .extract(area)
    .resize(
      Math.max(1, Math.round(area.width / cell)),
      Math.max(1, Math.round(area.height / cell)),
      { fit: 'fill' },
    )
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = small.info.channels;
  const grown = sharp(small.data, {
    raw: { width: small.info.width, height: small.info.height, channels },
  }).resize(area.width, area.height, { fit: 'fill', kernel: 'cubic' });
  const sigma = cell / 2;
  const data = await (sigma >= 0.3 ? grown.blur(sigma) : grown).raw().toBuffer();
  return { data, width: area.width, height: area.height, channels };
}

/**
 * A copy of a stored full-size photo (a JPEG `processImage` made) with `regions` blurred beyond
 * recognition, and its thumbnail and card-sized copy made from it, so no published copy shows what
 * the regions covered. The photo given is left as it is: it stays private.
 *
 * @throws NotAPhoto when the bytes cannot be decoded; ImageLibraryUnavailable when sharp cannot be
 *   loaded.
 */
export async function blurImage(
  photo: Buffer,
  regions: readonly BlurRegion[],
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  return withImageSlot(async () => {
    const { width, height } = await acceptedSize(sharp, photo);
    try {
      const tiles = await Promise.all(
        regions.map(async (region) => {
          const area = regionInPixels(region, width, height);
          const tile = await blurredTile(sharp, photo, area);
          return {
            input: tile.data,
            raw: { width: tile.width, height: tile.height, channels: tile.channels },
            left: area.left,
            top: area.top,
          };
        }),
      );
      const { data: full, info } = await sharp(photo, {
        limitInputPixels: MAX_INPUT_PIXELS,
        failOn: 'warning',
      })
        .composite(tiles)
        .jpeg({ quality: FULL_JPEG_QUALITY, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      const { thumb, card } = await smallCopiesOf(sharp, full);
      return { full, thumb, card, width: info.width, height: info.height };
    } catch (error) {
      throw new NotAPhoto('The photo could not be blurred.', { cause: error });
    }
  });
}

/** Tiles of a photo's IIIF image service are this many pixels square (at every scale). */
export const IIIF_TILE_SIZE = 512;
/** JPEG quality of the IIIF tiles: as the full-size photo's, which they are cut from. */
export const IIIF_TILE_QUALITY = FULL_JPEG_QUALITY;

/**
 * Writes a stored full-size photo's IIIF Image API 3.0 level-0 files into `dir` (sharp's `iiif3`
 * layout: `info.json` and `{region}/{w},{h}/0/default.jpg`), the tiles cut at every scale from
 * full size down to one tile. `id` is the image service's base; the file's `id` is `id` itself.
 */
export async function tileImage(full: Buffer, dir: string, id: string): Promise<void> {
  const sharp = await loadSharp();
  await withImageSlot(async () => {
    // A stored photo was made here, within FULL_MAX_EDGE; the limit still guards a damaged one.
    await sharp(full, { limitInputPixels: MAX_INPUT_PIXELS })
      .jpeg({ quality: IIIF_TILE_QUALITY, mozjpeg: false })
      .tile({ layout: 'iiif3', size: IIIF_TILE_SIZE, id: id.slice(0, id.lastIndexOf('/')) })
      .toFile(join(dir, id.slice(id.lastIndexOf('/') + 1)));
  });
}

/**
 * A stored photo's size in pixels, read from its header (a IIIF canvas's size, for a photo
 * published before its tiles existed or a photo of the site's own); null for bytes that are not
 * an image sharp reads.
 */
export async function imageSizeOf(
  input: Buffer | string,
): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    const { width, height } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}
