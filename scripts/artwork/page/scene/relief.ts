/** Relief sites: a supply canopy, a community hall, a shelter's rows of cots. */
import { FONT, mix, roundRect } from '../drawing';
import type { Rng } from '../random';
import type { Mood } from './palette';

/** A pop-up canopy over a table of boxes and water. */
export function paintCanopy(
  ctx: CanvasRenderingContext2D,
  x: number,
  baseY: number,
  w: number,
  rng: Rng,
  color: string,
): void {
  const h = w * 0.55;
  ctx.strokeStyle = '#c9ccd1';
  ctx.lineWidth = Math.max(1.5, w * 0.012);
  ctx.beginPath();
  ctx.moveTo(x + w * 0.03, baseY);
  ctx.lineTo(x + w * 0.03, baseY - h);
  ctx.moveTo(x + w * 0.97, baseY);
  ctx.lineTo(x + w * 0.97, baseY - h);
  ctx.stroke();
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x - w * 0.03, baseY - h);
  ctx.lineTo(x + w * 0.2, baseY - h * 1.35);
  ctx.lineTo(x + w * 0.8, baseY - h * 1.35);
  ctx.lineTo(x + w * 1.03, baseY - h);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  const scallops = 6;
  for (let i = 0; i < scallops; i++) {
    const sx = x - w * 0.03 + (i * w * 1.06) / scallops;
    ctx.moveTo(sx, baseY - h);
    ctx.arc(sx + (w * 1.06) / scallops / 2, baseY - h, (w * 1.06) / scallops / 2, Math.PI, 0, true);
  }
  ctx.fill();
  // A table with boxes and water under it.
  ctx.fillStyle = '#e9e6de';
  ctx.fillRect(x + w * 0.08, baseY - h * 0.38, w * 0.84, h * 0.06);
  ctx.fillStyle = '#9aa0a8';
  ctx.fillRect(x + w * 0.12, baseY - h * 0.32, w * 0.02, h * 0.32);
  ctx.fillRect(x + w * 0.86, baseY - h * 0.32, w * 0.02, h * 0.32);
  let bx = x + w * 0.1;
  while (bx < x + w * 0.85) {
    const bw = w * rng.range(0.08, 0.14);
    const bh = h * rng.range(0.1, 0.22);
    if (rng.chance(0.4)) {
      ctx.fillStyle = '#5aa0e6';
      for (let k = 0; k < 4; k++)
        ctx.fillRect(bx + k * bw * 0.25, baseY - h * 0.38 - bh, bw * 0.18, bh);
    } else {
      ctx.fillStyle = rng.pick(['#b88a55', '#c79b63', '#a47646']);
      ctx.fillRect(bx, baseY - h * 0.38 - bh, bw, bh);
    }
    bx += bw * 1.15;
  }
}

/** A community hall with a sign over its door. */
export function paintHall(
  ctx: CanvasRenderingContext2D,
  x: number,
  baseY: number,
  w: number,
  mood: Mood,
  label: string,
): void {
  const h = w * 0.38;
  ctx.fillStyle = mix('#a9a295', mood.ground[1], 0.15);
  ctx.fillRect(x, baseY - h, w, h);
  ctx.fillStyle = mix('#5d5a55', mood.ground[1], 0.15);
  ctx.fillRect(x - w * 0.02, baseY - h - h * 0.08, w * 1.04, h * 0.1);
  ctx.fillStyle = '#e9e3d3';
  ctx.fillRect(x + w * 0.3, baseY - h * 0.92, w * 0.4, h * 0.14);
  ctx.fillStyle = '#2e3b4d';
  ctx.font = `700 ${Math.round(h * 0.09)}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x + w * 0.5, baseY - h * 0.85);
  ctx.fillStyle = 'rgba(255, 214, 140, 0.8)';
  for (let i = 0; i < 6; i++)
    ctx.fillRect(x + w * (0.05 + i * 0.16), baseY - h * 0.6, w * 0.09, h * 0.22);
  ctx.fillStyle = '#3a3431';
  ctx.fillRect(x + w * 0.45, baseY - h * 0.35, w * 0.1, h * 0.35);
}

/** A whole picture: a shelter's hall inside, rows of cots. */
export function paintCots(ctx: CanvasRenderingContext2D, W: number, H: number, rng: Rng): void {
  const wall = ctx.createLinearGradient(0, 0, 0, H * 0.5);
  wall.addColorStop(0, '#6d6a66');
  wall.addColorStop(1, '#a39d93');
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, W, H * 0.5);
  const floor = ctx.createLinearGradient(0, H * 0.5, 0, H);
  floor.addColorStop(0, '#8d8476');
  floor.addColorStop(1, '#5b534a');
  ctx.fillStyle = floor;
  ctx.fillRect(0, H * 0.5, W, H * 0.5);
  // High windows and ceiling lights.
  for (let i = 0; i < 5; i++) {
    ctx.fillStyle = 'rgba(205, 226, 240, 0.75)';
    ctx.fillRect(W * (0.06 + i * 0.2), H * 0.08, W * 0.1, H * 0.12);
    const lx = W * (0.16 + i * 0.2);
    const g = ctx.createRadialGradient(lx, 0, 0, lx, 0, H * 0.3);
    g.addColorStop(0, 'rgba(255, 240, 210, 0.6)');
    g.addColorStop(1, 'rgba(255, 240, 210, 0)');
    ctx.fillStyle = g;
    ctx.fillRect(lx - H * 0.3, 0, H * 0.6, H * 0.3);
  }
  ctx.fillStyle = '#5d574f';
  ctx.fillRect(0, H * 0.5 - H * 0.015, W, H * 0.015);
  const blankets = ['#3f6fa8', '#6c8f4e', '#a8483f', '#6b5b95', '#c99a3c', '#4d7f83'];
  for (let row = 0; row < 3; row++) {
    const t = row / 2;
    const y = H * (0.6 + t * 0.24);
    const s = 0.6 + t * 0.6;
    const cw = W * 0.19 * s;
    const gap = cw * 0.3;
    const start = -rng.range(0, cw);
    for (let x = start; x < W; x += cw + gap) {
      const mh = cw * 0.1;
      // Frame, legs, mattress, blanket and pillow.
      ctx.fillStyle = '#2e2e33';
      ctx.fillRect(x + cw * 0.04, y, cw * 0.03, cw * 0.16);
      ctx.fillRect(x + cw * 0.93, y, cw * 0.03, cw * 0.16);
      ctx.fillStyle = '#4f5a49';
      ctx.fillRect(x, y - mh * 0.2, cw, mh * 0.4);
      ctx.fillStyle = '#d9d4c8';
      roundRect(ctx, x + cw * 0.01, y - mh, cw * 0.98, mh * 0.85, mh * 0.3);
      ctx.fill();
      ctx.fillStyle = rng.pick(blankets);
      roundRect(ctx, x + cw * 0.3, y - mh * 1.15, cw * 0.7, mh * 1.1, mh * 0.35);
      ctx.fill();
      ctx.fillStyle = '#f6f3ec';
      roundRect(ctx, x + cw * 0.04, y - mh * 1.45, cw * 0.22, mh * 0.7, mh * 0.3);
      ctx.fill();
    }
  }
}
