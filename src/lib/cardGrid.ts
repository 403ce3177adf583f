import { MAX_CARD_PREVIEW_IMAGES } from '@/lib/constants';

/**
 * SPEC §9 gallery card grid: 1 image → 1×1, 2 → 2 columns, 3-4 → 2×2, 5-8 → 4 columns by 2
 * rows; at most 8 previewed. Shared by the globe's card faces and the editor's card preview.
 */
export function galleryGrid(count: number): { columns: number; rows: number } {
  const n = Math.min(Math.max(count, 0), MAX_CARD_PREVIEW_IMAGES);
  if (n <= 1) return { columns: 1, rows: 1 };
  if (n === 2) return { columns: 2, rows: 1 };
  if (n <= 4) return { columns: 2, rows: 2 };
  return { columns: 4, rows: 2 };
}
