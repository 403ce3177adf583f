import { CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';

/** How an atlas is cut into card tiles. */
export interface AtlasLayout {
  /** Square texture side, pixels. */
  size: number;
  /** Card face inside a tile, pixels (card aspect 1.66:1). */
  tileWidth: number;
  tileHeight: number;
  /** Frame-coloured border around each face, pixels. */
  gutter: number;
  columns: number;
  rows: number;
  capacity: number;
}

const TILE_WIDTHS = [256, 192, 160, 128, 96, 80, 64, 48, 40, 32, 24];

/** A `size`² atlas cut into tiles `tileWidth` pixels wide (card aspect, with gutters). */
export function atlasLayoutOf(size: number, tileWidth: number): AtlasLayout {
  const tileHeight = Math.round((tileWidth * CARD_HEIGHT) / CARD_WIDTH);
  const gutter = tileWidth >= 96 ? 2 : 1;
  const columns = Math.floor(size / (tileWidth + gutter * 2));
  const rows = Math.floor(size / (tileHeight + gutter * 2));
  return { size, tileWidth, tileHeight, gutter, columns, rows, capacity: columns * rows };
}

/**
 * One atlas for every card, so cards draw in one call whatever their number. Memory is bounded by
 * the atlas (at most `maxSize`², 85 MB with mipmaps at 4096²): a small archive gets sharp 256-pixel
 * faces in a 2048² atlas (21 MB); a large one gets smaller faces, as its cards are small on screen.
 */
export function chooseAtlasLayout(cards: number, maxSize = 4096): AtlasLayout {
  const limit = Math.min(maxSize, 4096);
  // The sharpest face (at least 128 px) in an atlas of up to 2048², smallest atlas first...
  for (const width of TILE_WIDTHS.filter((w) => w >= 128)) {
    for (const size of [1024, 2048].filter((s) => s <= limit)) {
      const candidate = atlasLayoutOf(size, width);
      if (candidate.capacity >= cards) return candidate;
    }
  }
  // ...else the largest atlas, with faces as sharp as the number of cards allows.
  for (const width of TILE_WIDTHS) {
    const candidate = atlasLayoutOf(limit, width);
    if (candidate.capacity >= cards) return candidate;
  }
  return atlasLayoutOf(limit, TILE_WIDTHS[TILE_WIDTHS.length - 1] as number);
}

/** Pixel rectangle (face without gutter) of tile `index`. */
export function tileRect(atlas: AtlasLayout, index: number): { x: number; y: number } {
  const column = index % atlas.columns;
  const row = Math.floor(index / atlas.columns);
  return {
    x: column * (atlas.tileWidth + atlas.gutter * 2) + atlas.gutter,
    y: row * (atlas.tileHeight + atlas.gutter * 2) + atlas.gutter,
  };
}

/** Bytes of an RGBA texture with a full mipmap chain. */
export function textureBytes(width: number, height: number, mipmaps = true): number {
  return Math.round(width * height * 4 * (mipmaps ? 4 / 3 : 1));
}

/**
 * The small atlas of sharp faces for the cards a visitor looks at closely (hovered, focused):
 * 480-pixel faces, the provider's high-quality thumbnail at its own width; 24 of them in 2048².
 */
export function sharpAtlasLayout(maxSize = 4096): AtlasLayout {
  return atlasLayoutOf(Math.min(2048, maxSize), 480);
}
