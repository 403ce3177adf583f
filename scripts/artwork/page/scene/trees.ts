/** Trees, whole or as the storm left them. */
import { mix } from '../drawing';
import type { Rng } from '../random';
import type { Mood } from './palette';

/** A tree as the storm left it, or a newly planted one. */
export type TreeState = 'whole' | 'stripped' | 'snapped' | 'fallen' | 'sapling';

export function paintTree(
  ctx: CanvasRenderingContext2D,
  x: number,
  baseY: number,
  size: number,
  rng: Rng,
  state: TreeState,
  mood: Mood,
): void {
  const trunk = mix('#4a3526', mood.ground[1], 0.25);
  const leaf = rng.pick(['#3f6b3a', '#4f7d3f', '#2f5a36', '#5d8a45']);
  const leafShade = mix(leaf, mood.ground[1], 0.5);
  if (state === 'fallen') {
    const dir = rng.chance(0.5) ? 1 : -1;
    const len = size * 1.7;
    ctx.fillStyle = trunk;
    ctx.save();
    ctx.translate(x, baseY - size * 0.08);
    ctx.rotate(dir * rng.range(-0.08, 0.08));
    ctx.fillRect(dir > 0 ? 0 : -len, -size * 0.07, len, size * 0.14);
    ctx.restore();
    ctx.beginPath();
    ctx.ellipse(x, baseY - size * 0.2, size * 0.12, size * 0.26, 0, 0, Math.PI * 2);
    ctx.fillStyle = mix('#5b4633', mood.ground[1], 0.2);
    ctx.fill();
    ctx.fillStyle = leafShade;
    for (let i = 0; i < 6; i++) {
      ctx.beginPath();
      ctx.arc(
        x + dir * len * rng.range(0.55, 1.05),
        baseY - size * rng.range(0.05, 0.35),
        size * rng.range(0.15, 0.3),
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
    return;
  }
  if (state === 'snapped') {
    const h = size * rng.range(0.5, 0.8);
    ctx.fillStyle = trunk;
    ctx.beginPath();
    ctx.moveTo(x - size * 0.07, baseY);
    ctx.lineTo(x - size * 0.05, baseY - h);
    ctx.lineTo(x, baseY - h - size * 0.1);
    ctx.lineTo(x + size * 0.03, baseY - h + size * 0.02);
    ctx.lineTo(x + size * 0.07, baseY);
    ctx.fill();
    ctx.strokeStyle = trunk;
    ctx.lineWidth = size * 0.04;
    for (let i = 0; i < 3; i++) {
      const y = baseY - h * rng.range(0.4, 0.9);
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + rng.range(-0.35, 0.35) * size, y - rng.range(0.05, 0.2) * size);
      ctx.stroke();
    }
    return;
  }
  if (state === 'sapling') {
    ctx.strokeStyle = '#a58a62';
    ctx.lineWidth = Math.max(1, size * 0.025);
    ctx.beginPath();
    ctx.moveTo(x - size * 0.12, baseY);
    ctx.lineTo(x - size * 0.1, baseY - size * 0.7);
    ctx.moveTo(x + size * 0.12, baseY);
    ctx.lineTo(x + size * 0.1, baseY - size * 0.7);
    ctx.stroke();
    ctx.strokeStyle = trunk;
    ctx.lineWidth = Math.max(1.5, size * 0.04);
    ctx.beginPath();
    ctx.moveTo(x, baseY);
    ctx.lineTo(x, baseY - size * 0.75);
    ctx.stroke();
    ctx.fillStyle = '#6c9b4a';
    ctx.beginPath();
    ctx.ellipse(x, baseY - size * 0.85, size * 0.2, size * 0.26, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#4a3526';
    ctx.beginPath();
    ctx.ellipse(x, baseY, size * 0.22, size * 0.05, 0, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.fillStyle = trunk;
  ctx.beginPath();
  ctx.moveTo(x - size * 0.07, baseY);
  ctx.lineTo(x - size * 0.04, baseY - size * 0.8);
  ctx.lineTo(x + size * 0.04, baseY - size * 0.8);
  ctx.lineTo(x + size * 0.07, baseY);
  ctx.fill();
  const bare = state === 'stripped';
  const puffs = bare ? 3 : rng.int(5, 8);
  for (let i = 0; i < puffs; i++) {
    ctx.fillStyle = i < puffs / 2 ? leafShade : leaf;
    ctx.beginPath();
    ctx.arc(
      x + rng.range(-0.35, 0.35) * size,
      baseY - size * rng.range(0.85, 1.25),
      size * rng.range(bare ? 0.12 : 0.25, bare ? 0.2 : 0.4),
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
}
