/** A debris pile: boards, blocks, branches and scraps of tarp. */
import { mix } from '../drawing';
import type { Rng } from '../random';
import type { Mood } from './palette';
import { TARP } from './palette';

export function paintDebris(
  ctx: CanvasRenderingContext2D,
  cx: number,
  baseY: number,
  w: number,
  rng: Rng,
  mood: Mood,
): void {
  ctx.fillStyle = mix('#4b3b2d', mood.ground[1], 0.3);
  ctx.beginPath();
  ctx.ellipse(cx, baseY, w / 2, w * 0.14, 0, Math.PI, 0);
  ctx.fill();
  const pieces = rng.int(14, 26);
  for (let i = 0; i < pieces; i++) {
    const px = cx + rng.range(-0.45, 0.45) * w;
    const rise = (1 - Math.abs(px - cx) / (w / 2)) * w * 0.2;
    const py = baseY - rng.range(0, 1) * rise;
    ctx.save();
    ctx.translate(px, py);
    ctx.rotate(rng.range(-1.2, 1.2));
    const kind = rng.next();
    if (kind < 0.45) {
      ctx.fillStyle = mix(
        rng.pick(['#8b6b4a', '#a07f5a', '#c2a077', '#6e5640']),
        mood.ground[1],
        0.2,
      );
      ctx.fillRect(-w * 0.12, -w * 0.012, w * rng.range(0.12, 0.26), w * 0.024);
    } else if (kind < 0.75) {
      ctx.fillStyle = mix(rng.pick(['#3b3b3f', '#55555c', '#6b6f77']), mood.ground[1], 0.2);
      ctx.fillRect(-w * 0.04, -w * 0.03, w * 0.08, w * 0.05);
    } else if (kind < 0.9) {
      ctx.strokeStyle = mix('#5b4632', mood.ground[1], 0.2);
      ctx.lineWidth = Math.max(1, w * 0.01);
      ctx.beginPath();
      ctx.moveTo(-w * 0.1, 0);
      ctx.lineTo(w * 0.1, 0);
      ctx.moveTo(0, 0);
      ctx.lineTo(w * 0.05, -w * 0.05);
      ctx.stroke();
    } else {
      ctx.fillStyle = TARP;
      ctx.fillRect(-w * 0.05, -w * 0.02, w * 0.1, w * 0.035);
    }
    ctx.restore();
  }
}
