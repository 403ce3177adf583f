import { galleryGrid } from '@/lib/cardGrid';
import { MAX_CARD_PREVIEW_IMAGES } from '@/lib/constants';

export { galleryGrid };

/** A rectangle in pixels of a card face. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where each previewed image of a gallery goes inside `area`, row by row, `gap` pixels apart.
 * Returns one rectangle per image (at most 8), in image order.
 */
export function galleryCells(count: number, area: Rect, gap: number): Rect[] {
  const { columns, rows } = galleryGrid(count);
  const width = (area.width - gap * (columns - 1)) / columns;
  const height = (area.height - gap * (rows - 1)) / rows;
  const n = Math.min(count, MAX_CARD_PREVIEW_IMAGES);
  return Array.from({ length: n }, (_, i) => ({
    x: area.x + (i % columns) * (width + gap),
    y: area.y + Math.floor(i / columns) * (height + gap),
    width,
    height,
  }));
}

/** The largest part of a `sw`×`sh` image with the aspect of `dw`×`dh`, centred (CSS object-fit: cover). */
export function coverCrop(sw: number, sh: number, dw: number, dh: number): Rect {
  const scale = Math.max(dw / sw, dh / sh);
  const width = dw / scale;
  const height = dh / scale;
  return { x: (sw - width) / 2, y: (sh - height) / 2, width, height };
}
