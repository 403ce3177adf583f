/** An aerial view of city blocks with the tornado's damage path across them. */
import { FONT } from '../drawing';
import type { Rng } from '../random';
import { TARP } from './palette';

export function paintAerial(
  ctx: CanvasRenderingContext2D,
  W: number,
  H: number,
  rng: Rng,
  seedLabel: string,
): void {
  ctx.fillStyle = '#4b5f42';
  ctx.fillRect(0, 0, W, H);
  const block = W * rng.range(0.12, 0.16);
  const street = block * 0.16;
  const angle = rng.range(-0.25, 0.25);
  ctx.save();
  ctx.translate(W / 2, H / 2);
  ctx.rotate(angle);
  const span = Math.hypot(W, H);
  // Damage path: a diagonal band.
  const pathAngle = rng.range(-0.5, 0.5);
  const pathWidth = W * rng.range(0.18, 0.28);
  const inPath = (x: number, y: number) => {
    const d = -Math.sin(pathAngle) * x + Math.cos(pathAngle) * y;
    return Math.abs(d) < pathWidth / 2;
  };
  for (let bx = -span / 2; bx < span / 2; bx += block + street) {
    for (let by = -span / 2; by < span / 2; by += block + street) {
      ctx.fillStyle = '#5a6e4c';
      ctx.fillRect(bx, by, block, block);
      const lots = 4;
      const lw = block / lots;
      for (let i = 0; i < lots; i++) {
        for (const row of [0, 1]) {
          const x = bx + i * lw + lw * 0.15;
          const y = by + row * block * 0.5 + block * 0.08;
          const damaged = inPath(x, y);
          if (rng.chance(damaged ? 0.45 : 0.15)) {
            ctx.fillStyle = damaged ? '#6a5a45' : '#3e6a37';
            ctx.beginPath();
            ctx.arc(x + lw * 0.35, y + block * 0.18, lw * 0.35, 0, Math.PI * 2);
            ctx.fill();
            continue;
          }
          ctx.fillStyle = damaged
            ? rng.pick([TARP, TARP, '#7d6a56', '#58524c', '#8a4b3c'])
            : rng.pick(['#5b5f66', '#6e5f55', '#7a3f33', '#4f555e', '#8b8f94']);
          ctx.fillRect(x, y, lw * 0.7, block * 0.34);
          ctx.fillStyle = 'rgba(0,0,0,0.18)';
          ctx.fillRect(x + lw * 0.35, y, lw * 0.35, block * 0.34);
          if (damaged && rng.chance(0.4)) {
            ctx.fillStyle = '#a08866';
            ctx.fillRect(x + lw * 0.1, y + block * 0.36, lw * 0.5, block * 0.05);
          }
        }
      }
      // Street trees along the block.
      for (let i = 0; i < 6; i++) {
        const tx = bx + (i + 0.5) * (block / 6);
        const ty = by - street * 0.1;
        if (inPath(tx, ty) && rng.chance(0.7)) continue;
        ctx.fillStyle = rng.pick(['#2f5a30', '#3b6b36', '#4b7a3a']);
        ctx.beginPath();
        ctx.arc(tx, ty, street * 0.55, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }
  ctx.restore();
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.font = `600 ${Math.round(H * 0.03)}px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(seedLabel, W * 0.025, H * 0.03);
}
