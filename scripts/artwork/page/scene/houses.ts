/** St. Louis houses: brick or siding, damaged, tarped, framed or scaffolded. */
import { mix } from '../drawing';
import type { Rng } from '../random';
import type { Mood } from './palette';
import { BRICKS, MOODS, SIDINGS, TARP } from './palette';

/** What a house shows besides its walls, roof, windows and door. */
export interface HouseOptions {
  /** Missing shingles, and maybe boarded windows. */
  damaged?: boolean;
  /** A blue tarp over the roof. */
  tarp?: boolean;
  /** A roof being rebuilt: bare rafters. */
  frame?: boolean;
  porch?: boolean;
  scaffold?: boolean;
}

export function paintHouse(
  ctx: CanvasRenderingContext2D,
  x: number,
  baseY: number,
  w: number,
  rng: Rng,
  opts: HouseOptions,
  mood: Mood,
): void {
  const h = w * rng.range(0.7, 0.95);
  const wall = rng.chance(0.6) ? rng.pick(BRICKS) : rng.pick(SIDINGS);
  const wallLit = mix(wall, mood.ground[1], 0.15);
  const roof = mix(rng.pick(['#3b3b42', '#4a3f3a', '#2f3540', '#55504a']), mood.ground[1], 0.15);
  const top = baseY - h;
  const peak = top - h * rng.range(0.35, 0.55);
  ctx.fillStyle = wallLit;
  ctx.fillRect(x, top, w, h);
  if (opts.frame) {
    // Exposed rafters of a roof under construction.
    ctx.strokeStyle = '#d9b77a';
    ctx.lineWidth = Math.max(1.5, w * 0.018);
    ctx.beginPath();
    for (let i = 0; i <= 8; i++) {
      const t = i / 8;
      ctx.moveTo(x + w * t, top);
      ctx.lineTo(x + w / 2, peak);
    }
    ctx.moveTo(x - w * 0.06, top);
    ctx.lineTo(x + w * 1.06, top);
    ctx.stroke();
    const partial = rng.range(0.2, 0.6);
    ctx.fillStyle = '#c9a66b';
    ctx.beginPath();
    ctx.moveTo(x - w * 0.06, top);
    ctx.lineTo(x + w / 2 - (w / 2) * (1 - partial), peak + (top - peak) * (1 - partial));
    ctx.lineTo(x + w / 2 - (w / 2) * (1 - partial) + w * 0.08, peak + (top - peak) * (1 - partial));
    ctx.lineTo(x + w * 0.02, top);
    ctx.fill();
  } else {
    ctx.fillStyle = roof;
    ctx.beginPath();
    ctx.moveTo(x - w * 0.07, top);
    ctx.lineTo(x + w / 2, peak);
    ctx.lineTo(x + w * 1.07, top);
    ctx.closePath();
    ctx.fill();
    if (opts.tarp) {
      ctx.fillStyle = TARP;
      const a = rng.range(0.05, 0.35);
      const b = a + rng.range(0.3, 0.55);
      ctx.beginPath();
      ctx.moveTo(x + w * a, top);
      ctx.lineTo(x + w / 2 - (w / 2) * (1 - a * 2) * 0.15, peak + (top - peak) * 0.15);
      ctx.lineTo(x + w * Math.min(b, 0.95), peak + (top - peak) * 0.35);
      ctx.lineTo(x + w * Math.min(b + 0.1, 1.02), top);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = 'rgba(255,255,255,0.25)';
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    if (opts.damaged) {
      // Missing shingles: a ragged patch of bare decking.
      ctx.fillStyle = mix('#7d6249', mood.ground[1], 0.3);
      ctx.beginPath();
      const cx = x + w * rng.range(0.3, 0.7);
      const ry = (f: number) => peak + (top - peak) * f;
      ctx.moveTo(cx - w * 0.14, ry(0.95));
      ctx.lineTo(cx - w * 0.08, ry(0.55));
      ctx.lineTo(cx - w * 0.02, ry(0.7));
      ctx.lineTo(cx + w * 0.03, ry(0.45));
      ctx.lineTo(cx + w * 0.09, ry(0.62));
      ctx.lineTo(cx + w * 0.13, ry(0.95));
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = mix('#4a3a2c', mood.ground[1], 0.3);
      ctx.lineWidth = Math.max(1, w * 0.006);
      ctx.beginPath();
      for (let f = 0.6; f < 0.95; f += 0.12) {
        ctx.moveTo(cx - w * 0.1, ry(f));
        ctx.lineTo(cx + w * 0.1, ry(f));
      }
      ctx.stroke();
      ctx.strokeStyle = '#9a7a55';
      ctx.lineWidth = Math.max(1, w * 0.012);
      ctx.beginPath();
      ctx.moveTo(cx - w * 0.1, top - 2);
      ctx.lineTo(cx + w * 0.02, peak + (top - peak) * 0.3);
      ctx.moveTo(cx + w * 0.1, top - 2);
      ctx.lineTo(cx + w * 0.0, peak + (top - peak) * 0.5);
      ctx.stroke();
    }
  }
  // Windows and door.
  const lit = mood.light === null || mood === MOODS.dusk;
  const glass = lit ? 'rgba(255, 214, 140, 0.85)' : mix('#2a3540', mood.sky[2], 0.3);
  const boarded = opts.damaged && rng.chance(0.5);
  const ww = w * 0.18;
  const wh = h * 0.26;
  for (const fx of [0.16, 0.66]) {
    for (const fy of h > w * 0.8 ? [0.15, 0.55] : [0.35]) {
      ctx.fillStyle = boarded ? '#c7a878' : glass;
      ctx.fillRect(x + w * fx, top + h * fy, ww, wh);
      ctx.strokeStyle = mix(wall, '#ffffff', 0.35);
      ctx.lineWidth = Math.max(1, w * 0.01);
      ctx.strokeRect(x + w * fx, top + h * fy, ww, wh);
    }
  }
  ctx.fillStyle = mix(wall, '#000000', 0.45);
  ctx.fillRect(x + w * 0.43, baseY - h * 0.42, w * 0.14, h * 0.42);
  if (opts.porch) {
    // A shed-roofed front porch: light columns, a railing and a deck.
    const py = baseY - h * 0.5;
    ctx.fillStyle = mix(roof, '#ffffff', 0.3);
    ctx.beginPath();
    ctx.moveTo(x - w * 0.06, py);
    ctx.lineTo(x + w * 1.06, py);
    ctx.lineTo(x + w * 1.0, py - h * 0.1);
    ctx.lineTo(x, py - h * 0.1);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = mix('#ece6d8', mood.ground[1], 0.1);
    for (const fx of [-0.03, 0.3, 0.68, 1.0]) ctx.fillRect(x + w * fx, py, w * 0.035, h * 0.46);
    ctx.fillRect(x - w * 0.03, baseY - h * 0.2, w * 1.06, h * 0.025);
    ctx.strokeStyle = mix('#ece6d8', mood.ground[1], 0.1);
    ctx.lineWidth = Math.max(1, w * 0.008);
    ctx.beginPath();
    for (let rx = x; rx < x + w; rx += w * 0.05) {
      if (rx > x + w * 0.4 && rx < x + w * 0.6) continue;
      ctx.moveTo(rx, baseY - h * 0.2);
      ctx.lineTo(rx, baseY - h * 0.05);
    }
    ctx.stroke();
    ctx.fillStyle = mix('#8a8078', mood.ground[1], 0.2);
    ctx.fillRect(x - w * 0.06, baseY - h * 0.05, w * 1.12, h * 0.05);
  }
  if (opts.scaffold) {
    ctx.strokeStyle = '#b9bcc2';
    ctx.lineWidth = Math.max(1, w * 0.012);
    ctx.beginPath();
    for (let i = 0; i <= 3; i++) {
      ctx.moveTo(x - w * 0.08 + (i * w * 0.4) / 3, baseY);
      ctx.lineTo(x - w * 0.08 + (i * w * 0.4) / 3, top - h * 0.05);
    }
    for (let j = 1; j <= 3; j++) {
      ctx.moveTo(x - w * 0.1, baseY - (j * h) / 3);
      ctx.lineTo(x + w * 0.34, baseY - (j * h) / 3);
    }
    ctx.stroke();
  }
}
