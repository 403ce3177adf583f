/** Street walls that fill a picture: a mural of hope, boarded-up storefronts. */
import { itemAt } from '../lists';
import type { Rng } from '../random';

export function paintMural(
  ctx: CanvasRenderingContext2D,
  W: number,
  H: number,
  hy: number,
  rng: Rng,
): void {
  const wall = '#8a4b3c';
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, W, hy);
  ctx.strokeStyle = 'rgba(60, 30, 24, 0.35)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let y = 0; y < hy; y += H * 0.035) {
    ctx.moveTo(0, y);
    ctx.lineTo(W, y);
  }
  ctx.stroke();
  const panels = rng.int(3, 5);
  const pw = (W * 0.86) / panels;
  const colors = ['#f2b134', '#e4572e', '#17bebb', '#76b041', '#6a4c93', '#ff8fab', '#2e86de'];
  for (let i = 0; i < panels; i++) {
    const x = W * 0.07 + i * pw;
    const y = hy * 0.12;
    const ph = hy * 0.8;
    ctx.fillStyle = '#d8b98a';
    ctx.fillRect(x + 4, y, pw - 8, ph);
    ctx.save();
    ctx.beginPath();
    ctx.rect(x + 4, y, pw - 8, ph);
    ctx.clip();
    const kind = rng.int(0, 3);
    const cx = x + pw / 2;
    const cy = y + ph * rng.range(0.35, 0.6);
    if (kind === 0) {
      for (let k = 0; k < 12; k++) {
        ctx.fillStyle = itemAt(colors, k % colors.length);
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.arc(cx, cy, pw, (k / 12) * Math.PI * 2, ((k + 0.5) / 12) * Math.PI * 2);
        ctx.fill();
      }
      ctx.fillStyle = '#ffd166';
      ctx.beginPath();
      ctx.arc(cx, cy, pw * 0.18, 0, Math.PI * 2);
      ctx.fill();
    } else if (kind === 1) {
      const s = pw * 0.3;
      ctx.fillStyle = rng.pick(colors);
      ctx.beginPath();
      ctx.moveTo(cx, cy + s);
      ctx.bezierCurveTo(cx - s * 1.6, cy - s * 0.2, cx - s * 0.6, cy - s * 1.3, cx, cy - s * 0.45);
      ctx.bezierCurveTo(cx + s * 0.6, cy - s * 1.3, cx + s * 1.6, cy - s * 0.2, cx, cy + s);
      ctx.fill();
    } else if (kind === 2) {
      for (let k = 0; k < 7; k++) {
        ctx.fillStyle = itemAt(colors, (k + i) % colors.length);
        ctx.fillRect(x, y + ph * 0.55 + k * ph * 0.065, pw, ph * 0.065);
      }
      ctx.fillStyle = '#3a6b35';
      for (let k = 0; k < 4; k++) {
        ctx.beginPath();
        ctx.arc(x + pw * (0.2 + k * 0.2), y + ph * 0.5, pw * 0.12, 0, Math.PI * 2);
        ctx.fill();
      }
    } else {
      for (let k = 0; k < 9; k++) {
        ctx.fillStyle = itemAt(colors, (k * 3 + i) % colors.length);
        ctx.beginPath();
        ctx.arc(
          x + rng.range(0.1, 0.9) * pw,
          y + rng.range(0.1, 0.9) * ph,
          pw * rng.range(0.06, 0.16),
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
    }
    ctx.restore();
  }
}

export function paintStorefronts(
  ctx: CanvasRenderingContext2D,
  W: number,
  hy: number,
  rng: Rng,
): void {
  let x = -rng.range(0, 60);
  while (x < W) {
    const w = rng.range(0.28, 0.4) * W;
    ctx.fillStyle = rng.pick(['#7a3f33', '#8d6e56', '#5f6b73', '#9b5a45']);
    ctx.fillRect(x, 0, w, hy);
    const awning = rng.pick(['#2e6f5e', '#7a2e3b', '#2f4f7f']);
    for (let i = 0; i < 8; i++) {
      ctx.fillStyle = i % 2 ? awning : '#eae4d6';
      ctx.fillRect(x + w * 0.05 + (i * w * 0.9) / 8, hy * 0.38, (w * 0.9) / 8, hy * 0.08);
    }
    // Plywood over the shop window.
    ctx.fillStyle = '#cfae7b';
    ctx.fillRect(x + w * 0.08, hy * 0.5, w * 0.84, hy * 0.5);
    ctx.strokeStyle = 'rgba(120, 85, 45, 0.5)';
    ctx.lineWidth = 2;
    ctx.strokeRect(x + w * 0.08, hy * 0.5, w * 0.42, hy * 0.5);
    ctx.strokeRect(x + w * 0.5, hy * 0.5, w * 0.42, hy * 0.5);
    ctx.fillStyle = '#1f3b5a';
    ctx.font = `700 ${Math.round(hy * 0.07)}px 'DejaVu Sans', sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(
      rng.pick(['STILL HERE', 'OPEN SOON', 'WE WILL REOPEN', 'STL STRONG']),
      x + w / 2,
      hy * 0.68,
    );
    ctx.fillStyle = 'rgba(220, 200, 170, 0.6)';
    for (let i = 0; i < 3; i++)
      ctx.fillRect(x + w * (0.12 + i * 0.28), hy * 0.08, w * 0.18, hy * 0.2);
    x += w + 4;
  }
}
