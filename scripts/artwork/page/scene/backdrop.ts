/** A scene's backdrop: sky, clouds, a funnel, the far skyline (the Arch), ground and street. */
import { mix } from '../drawing';
import type { Rng } from '../random';
import type { Mood } from './palette';

export function paintSky(
  ctx: CanvasRenderingContext2D,
  W: number,
  H: number,
  hy: number,
  mood: Mood,
  rng: Rng,
): void {
  const sky = ctx.createLinearGradient(0, 0, 0, hy);
  sky.addColorStop(0, mood.sky[0]);
  sky.addColorStop(0.55, mood.sky[1]);
  sky.addColorStop(1, mood.sky[2]);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, W, hy + 2);
  if (mood.light) {
    const x = rng.range(0.1, 0.9) * W;
    const y = rng.range(0.15, 0.55) * hy;
    const r = rng.range(0.05, 0.08) * W;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r * 4);
    g.addColorStop(0, mood.light);
    g.addColorStop(0.2, `${mood.light}aa`);
    g.addColorStop(1, `${mood.light}00`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, hy);
    ctx.beginPath();
    ctx.arc(x, y, r * 0.5, 0, Math.PI * 2);
    ctx.fillStyle = mood.light;
    ctx.fill();
  }
}

export function paintClouds(
  ctx: CanvasRenderingContext2D,
  W: number,
  hy: number,
  mood: Mood,
  rng: Rng,
  count: number,
  heavy: boolean,
): void {
  for (let c = 0; c < count; c++) {
    const cx = rng.range(-0.1, 1.1) * W;
    const cy = heavy ? rng.range(0, 0.35) * hy : rng.range(0.08, 0.6) * hy;
    const size = rng.range(0.06, heavy ? 0.2 : 0.12) * W;
    ctx.fillStyle = heavy
      ? mix(mood.cloud, '#000000', rng.range(0, 0.4), 0.8)
      : mix(mood.cloud, mood.sky[1], rng.range(0, 0.3), rng.range(0.45, 0.8));
    ctx.beginPath();
    const puffs = rng.int(4, 8);
    for (let p = 0; p < puffs; p++) {
      const ox = (p / (puffs - 1) - 0.5) * size * 2.2;
      const r = size * rng.range(0.35, 0.65) * (1 - Math.abs(ox) / (size * 2.6));
      ctx.moveTo(cx + ox + r, cy - r * 0.2);
      ctx.ellipse(cx + ox, cy - r * 0.2, r, r * 0.75, 0, 0, Math.PI * 2);
    }
    ctx.fill();
  }
}

export function paintFunnel(ctx: CanvasRenderingContext2D, W: number, hy: number, rng: Rng): void {
  const x = rng.range(0.25, 0.75) * W;
  const top = hy * 0.2;
  const bottom = hy + 4;
  const steps = 28;
  for (let i = 0; i < steps; i++) {
    const t = i / (steps - 1);
    const y = top + (bottom - top) * t;
    const sway = Math.sin(t * 3.1 + rng.range(0, 0.3)) * W * 0.025 * t;
    const rw = W * (0.11 * (1 - t) ** 1.6 + 0.012);
    ctx.fillStyle = mix('#55605a', '#2a3130', t, 0.55);
    ctx.beginPath();
    ctx.ellipse(x + sway, y, rw, rw * 0.22 + 3, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  // Debris cloud at the base.
  for (let i = 0; i < 40; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(0.01, 0.06) * W;
    ctx.fillStyle = `rgba(40, 40, 36, ${rng.range(0.2, 0.6)})`;
    ctx.fillRect(
      x + Math.cos(a) * d + Math.sin(3.1) * W * 0.025,
      bottom - Math.abs(Math.sin(a)) * d * 0.7,
      3,
      3,
    );
  }
}

/** The Gateway Arch: a weighted catenary. */
function paintArch(
  ctx: CanvasRenderingContext2D,
  x: number,
  baseY: number,
  h: number,
  color: string,
): void {
  const w = h * 0.98;
  const a = 2.3;
  ctx.beginPath();
  for (let i = 0; i <= 40; i++) {
    const u = (i / 40) * 2 - 1;
    const y = baseY - h * (1 - (Math.cosh(a * u) - 1) / (Math.cosh(a) - 1));
    const px = x + (u * w) / 2;
    if (i === 0) ctx.moveTo(px, y);
    else ctx.lineTo(px, y);
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(2, h * 0.035);
  ctx.lineCap = 'butt';
  ctx.stroke();
}

export function paintSkyline(
  ctx: CanvasRenderingContext2D,
  W: number,
  baseY: number,
  scale: number,
  color: string,
  rng: Rng,
  { arch, windows }: { arch: boolean; windows: boolean },
): void {
  let x = -rng.range(0, 40) * scale;
  const archAt = arch ? rng.range(0.15, 0.8) * W : -1;
  while (x < W) {
    const w = rng.range(30, 90) * scale;
    const tall = Math.abs(x - W * 0.5) < W * 0.25 ? rng.range(80, 260) : rng.range(30, 140);
    const h = tall * scale;
    if (archAt > 0 && x < archAt + 160 * scale && x + w > archAt - 160 * scale) {
      x += w;
      continue;
    }
    ctx.fillStyle = color;
    ctx.fillRect(x, baseY - h, w - 2 * scale, h + 2);
    if (rng.chance(0.25)) ctx.fillRect(x + w * 0.4, baseY - h - 18 * scale, 2 * scale, 18 * scale);
    if (windows) {
      ctx.fillStyle = 'rgba(255, 220, 150, 0.5)';
      for (let wy = baseY - h + 8 * scale; wy < baseY - 8 * scale; wy += 14 * scale) {
        for (let wx = x + 6 * scale; wx < x + w - 10 * scale; wx += 12 * scale) {
          if (rng.chance(0.18)) ctx.fillRect(wx, wy, 5 * scale, 6 * scale);
        }
      }
    }
    x += w;
  }
  if (archAt > 0) paintArch(ctx, archAt, baseY, 290 * scale, color);
}

export function paintGround(
  ctx: CanvasRenderingContext2D,
  W: number,
  H: number,
  hy: number,
  mood: Mood,
): void {
  const g = ctx.createLinearGradient(0, hy, 0, H);
  g.addColorStop(0, mood.ground[0]);
  g.addColorStop(1, mood.ground[1]);
  ctx.fillStyle = g;
  ctx.fillRect(0, hy, W, H - hy);
}

export function paintStreet(
  ctx: CanvasRenderingContext2D,
  W: number,
  H: number,
  y: number,
  mood: Mood,
): void {
  ctx.fillStyle = mix('#3a3d42', mood.ground[1], 0.3);
  ctx.fillRect(0, y, W, H - y);
  ctx.fillStyle = mix('#8d9096', mood.ground[0], 0.3);
  ctx.fillRect(0, y, W, Math.max(3, (H - y) * 0.06));
}
