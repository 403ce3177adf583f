import { PALETTE_SIZE } from '@/lib/constants';

/**
 * The 10-colour category palette (Tableau 10: distinct hues, readable on the dark globe and
 * distinguishable by most colour-blind visitors).
 */
export const CATEGORY_PALETTE: readonly string[] = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];

if (CATEGORY_PALETTE.length !== PALETTE_SIZE) throw new Error('The palette must have 10 colours');

/** FNV-1a: a small, stable string hash (the same in every browser and on the server). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A stable colour for each category slug.
 *
 * Each slug prefers the palette slot its hash names, so a category keeps its colour when others
 * come and go; slugs are placed in sorted order and a taken slot moves on to the next free one, so
 * up to 10 categories never share a colour and the result does not depend on archive order.
 */
export function assignCategoryColours(slugs: Iterable<string>): Map<string, string> {
  const sorted = [...new Set(slugs)].sort();
  const colours = new Map<string, string>();
  const taken = new Set<number>();
  for (const slug of sorted) {
    let slot = hash(slug) % PALETTE_SIZE;
    if (taken.size < PALETTE_SIZE) {
      while (taken.has(slot)) slot = (slot + 1) % PALETTE_SIZE;
    }
    taken.add(slot);
    colours.set(slug, CATEGORY_PALETTE[slot] as string);
  }
  return colours;
}

/** A `#rrggbb` colour as red, green and blue in 0-1 (a soft blue for anything else). */
export function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return [0.5, 0.6, 0.75];
  return [
    parseInt(m[1] as string, 16) / 255,
    parseInt(m[2] as string, 16) / 255,
    parseInt(m[3] as string, 16) / 255,
  ];
}
