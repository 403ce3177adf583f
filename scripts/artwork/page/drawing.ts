/** Helpers every drawing shares: canvases, colour mixing, the font stack. */

/** The pictures' font stack (Debian's Chromium has the Liberation and DejaVu families). */
export const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

export function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This page has no 2D canvas.');
  return ctx;
}

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mix two hex colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number, alpha = 1): string {
  const [r0, g0, b0] = hexToRgb(a);
  const [r1, g1, b1] = hexToRgb(b);
  const channel = (v: number, w: number) => Math.round(v + (w - v) * t);
  const rgb = `${channel(r0, r1)},${channel(g0, g1)},${channel(b0, b1)}`;
  return alpha === 1 ? `rgb(${rgb})` : `rgba(${rgb},${alpha})`;
}

export function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}
