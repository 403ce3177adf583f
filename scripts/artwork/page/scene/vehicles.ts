/** The response on the street: fire engines, utility and police trucks, pickups, power poles. */
import { mix, roundRect } from '../drawing';
import { itemAt } from '../lists';
import type { Rng } from '../random';
import type { Mood } from './palette';

export type VehicleKind = 'fire' | 'utility' | 'police' | 'pickup';

export function paintVehicle(
  ctx: CanvasRenderingContext2D,
  x: number,
  baseY: number,
  w: number,
  rng: Rng,
  kind: VehicleKind,
): void {
  const h = w * 0.42;
  const body = {
    fire: '#b3262b',
    utility: '#e7e3d6',
    police: '#1f2f4d',
    pickup: rng.pick(['#4f5d6b', '#7a2e2e', '#d8d2c4']),
  }[kind];
  // Boxy body and a cab.
  ctx.fillStyle = body;
  roundRect(ctx, x, baseY - h * 0.95, w * 0.68, h * 0.78, w * 0.02);
  ctx.fill();
  roundRect(ctx, x + w * 0.68, baseY - h * 0.8, w * 0.3, h * 0.63, w * 0.03);
  ctx.fill();
  ctx.fillStyle = '#9fc3d6';
  ctx.fillRect(x + w * 0.76, baseY - h * 0.72, w * 0.16, h * 0.22);
  if (kind === 'fire') {
    ctx.strokeStyle = '#c8cbd0';
    ctx.lineWidth = Math.max(1, w * 0.012);
    ctx.beginPath();
    ctx.moveTo(x + w * 0.02, baseY - h * 1.05);
    ctx.lineTo(x + w * 0.64, baseY - h * 1.05);
    ctx.moveTo(x + w * 0.02, baseY - h * 1.13);
    ctx.lineTo(x + w * 0.64, baseY - h * 1.13);
    for (let i = 0; i <= 10; i++) {
      ctx.moveTo(x + w * (0.02 + i * 0.062), baseY - h * 1.05);
      ctx.lineTo(x + w * (0.02 + i * 0.062), baseY - h * 1.13);
    }
    ctx.stroke();
    ctx.fillStyle = '#e8e8e8';
    ctx.fillRect(x, baseY - h * 0.5, w * 0.98, h * 0.06);
  }
  if (kind === 'utility') {
    ctx.strokeStyle = '#d9d4c4';
    ctx.lineWidth = w * 0.04;
    ctx.beginPath();
    ctx.moveTo(x + w * 0.2, baseY - h * 0.95);
    ctx.lineTo(x + w * 0.45, baseY - h * 2.6);
    ctx.stroke();
    ctx.fillStyle = '#f0c419';
    ctx.fillRect(x + w * 0.4, baseY - h * 2.95, w * 0.14, h * 0.38);
    ctx.fillStyle = '#ff8c1a';
    ctx.fillRect(x, baseY - h * 0.45, w * 0.98, h * 0.05);
  }
  if (kind === 'police' || kind === 'fire') {
    for (const [dx, color] of [
      [0.74, 'rgba(255, 60, 60, '],
      [0.88, 'rgba(70, 120, 255, '],
    ] as const) {
      const lx = x + w * dx;
      const ly = baseY - h * 0.84;
      const g = ctx.createRadialGradient(lx, ly, 0, lx, ly, w * 0.18);
      g.addColorStop(0, `${color}0.9)`);
      g.addColorStop(1, `${color}0)`);
      ctx.fillStyle = g;
      ctx.fillRect(lx - w * 0.18, ly - w * 0.18, w * 0.36, w * 0.36);
    }
  }
  for (const dx of [0.16, 0.5, 0.84]) {
    ctx.beginPath();
    ctx.arc(x + w * dx, baseY - h * 0.12, h * 0.16, 0, Math.PI * 2);
    ctx.fillStyle = '#16181c';
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x + w * dx, baseY - h * 0.12, h * 0.07, 0, Math.PI * 2);
    ctx.fillStyle = '#8a8f96';
    ctx.fill();
  }
}

/** A row of power poles, some leaning, and the lines sagging between them. */
export function paintPoles(
  ctx: CanvasRenderingContext2D,
  W: number,
  baseY: number,
  h: number,
  rng: Rng,
  mood: Mood,
): void {
  const poles = [];
  for (let x = rng.range(0.02, 0.15) * W; x < W * 1.1; x += rng.range(0.22, 0.34) * W) {
    poles.push({ x, lean: rng.chance(0.35) ? rng.range(-0.25, 0.25) : 0 });
  }
  const wood = mix('#5c4330', mood.ground[1], 0.2);
  const tops = poles.map(({ x, lean }) => {
    const tx = x + Math.sin(lean) * h;
    const ty = baseY - Math.cos(lean) * h;
    ctx.strokeStyle = wood;
    ctx.lineWidth = h * 0.035;
    ctx.beginPath();
    ctx.moveTo(x, baseY);
    ctx.lineTo(tx, ty);
    ctx.stroke();
    ctx.lineWidth = h * 0.025;
    ctx.beginPath();
    ctx.moveTo(tx - h * 0.12, ty + h * 0.06);
    ctx.lineTo(tx + h * 0.12, ty + h * 0.06);
    ctx.stroke();
    return { tx, ty: ty + h * 0.06 };
  });
  ctx.strokeStyle = 'rgba(20, 20, 24, 0.7)';
  ctx.lineWidth = Math.max(1, h * 0.006);
  for (let i = 0; i + 1 < tops.length; i++) {
    for (const dx of [-0.1, 0.1]) {
      const a = itemAt(tops, i);
      const b = itemAt(tops, i + 1);
      ctx.beginPath();
      ctx.moveTo(a.tx + dx * h, a.ty);
      ctx.quadraticCurveTo((a.tx + b.tx) / 2, Math.max(a.ty, b.ty) + h * 0.12, b.tx + dx * h, b.ty);
      ctx.stroke();
    }
  }
}
