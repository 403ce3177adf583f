/** People: volunteers in vests and hard hats, neighbours in caps, carrying boxes and rakes. */
import { roundRect } from '../drawing';
import type { Rng } from '../random';
import { SHIRTS, SKIN, VESTS } from './palette';

type Carried = 'box' | 'rake';

/** One person's vest and hat colours (null: none) and what they carry. */
interface Outfit {
  vest: string | null;
  hat: string | null;
  carry: Carried | null;
}

/** What a crowd may wear and carry (each person is drawn with some chance of it). */
export interface CrowdStyle {
  vest?: boolean;
  hat?: boolean;
  caps?: boolean;
  carry?: boolean;
}

function paintPerson(
  ctx: CanvasRenderingContext2D,
  x: number,
  baseY: number,
  h: number,
  rng: Rng,
  { vest, hat, carry }: Outfit,
): void {
  const skin = rng.pick(SKIN);
  const shirt = rng.pick(SHIRTS);
  const pants = rng.pick(['#2b3444', '#3d3a35', '#4a5568', '#1f2430']);
  const stride = rng.range(-0.08, 0.08) * h;
  ctx.lineCap = 'round';
  ctx.strokeStyle = pants;
  ctx.lineWidth = h * 0.09;
  ctx.beginPath();
  ctx.moveTo(x - h * 0.04, baseY - h * 0.45);
  ctx.lineTo(x - h * 0.05 - stride, baseY - h * 0.03);
  ctx.moveTo(x + h * 0.04, baseY - h * 0.45);
  ctx.lineTo(x + h * 0.05 + stride, baseY - h * 0.03);
  ctx.stroke();
  // Arms.
  ctx.strokeStyle = shirt;
  ctx.lineWidth = h * 0.065;
  const raise = rng.chance(0.3);
  ctx.beginPath();
  ctx.moveTo(x - h * 0.11, baseY - h * 0.76);
  ctx.lineTo(x - h * 0.17, baseY - h * (raise ? 0.98 : 0.5));
  ctx.moveTo(x + h * 0.11, baseY - h * 0.76);
  ctx.lineTo(x + h * (carry ? 0.2 : 0.15), baseY - h * (carry ? 0.6 : 0.5));
  ctx.stroke();
  roundRect(ctx, x - h * 0.13, baseY - h * 0.82, h * 0.26, h * 0.4, h * 0.07);
  ctx.fillStyle = shirt;
  ctx.fill();
  if (vest) {
    roundRect(ctx, x - h * 0.12, baseY - h * 0.8, h * 0.24, h * 0.34, h * 0.05);
    ctx.fillStyle = vest;
    ctx.fill();
    ctx.fillStyle = 'rgba(235, 240, 245, 0.9)';
    ctx.fillRect(x - h * 0.12, baseY - h * 0.6, h * 0.24, h * 0.035);
  }
  ctx.beginPath();
  ctx.arc(x, baseY - h * 0.91, h * 0.085, 0, Math.PI * 2);
  ctx.fillStyle = skin;
  ctx.fill();
  if (hat) {
    ctx.beginPath();
    ctx.arc(x, baseY - h * 0.93, h * 0.095, Math.PI, 0);
    ctx.fillStyle = hat;
    ctx.fill();
    ctx.fillRect(x - h * 0.12, baseY - h * 0.94, h * 0.24, h * 0.02);
  }
  if (carry === 'box') {
    ctx.fillStyle = '#b88a55';
    ctx.fillRect(x + h * 0.08, baseY - h * 0.7, h * 0.22, h * 0.16);
    ctx.strokeStyle = '#8a6238';
    ctx.lineWidth = h * 0.012;
    ctx.strokeRect(x + h * 0.08, baseY - h * 0.7, h * 0.22, h * 0.16);
  } else if (carry === 'rake') {
    ctx.strokeStyle = '#9c7a4f';
    ctx.lineWidth = h * 0.025;
    ctx.beginPath();
    ctx.moveTo(x + h * 0.22, baseY - h * 0.95);
    ctx.lineTo(x + h * 0.32, baseY);
    ctx.moveTo(x + h * 0.22, baseY);
    ctx.lineTo(x + h * 0.42, baseY);
    ctx.stroke();
  }
}

export function paintCrowd(
  ctx: CanvasRenderingContext2D,
  W: number,
  baseY: number,
  h: number,
  rng: Rng,
  count: number,
  style: CrowdStyle,
): void {
  const xs = Array.from({ length: count }, () => rng.range(0.05, 0.95) * W).sort((a, b) => a - b);
  xs.forEach((x, i) => {
    const depth = rng.range(0.8, 1.1);
    paintPerson(ctx, x, baseY - (1 - depth) * h * 0.3, h * depth, rng, {
      vest: style.vest && rng.chance(0.85) ? rng.pick(VESTS) : null,
      hat:
        style.hat && rng.chance(0.75)
          ? rng.pick(['#f2f2f2', '#ffd12e', '#ff7a1a'])
          : style.caps && rng.chance(0.4)
            ? rng.pick(SHIRTS)
            : null,
      carry: style.carry && i % 2 === 0 ? rng.pick<Carried | null>(['box', 'rake', null]) : null,
    });
  });
}
