/**
 * What stands in front of a scene's backdrop, theme by theme: rows of houses and trees, debris,
 * vehicles, relief sites and the people at work.
 */
import { mix } from '../drawing';
import type { Rng } from '../random';
import { paintDebris } from './debris';
import type { HouseOptions } from './houses';
import { paintHouse } from './houses';
import type { Mood } from './palette';
import { paintCrowd } from './people';
import { paintCanopy, paintHall } from './relief';
import type { Theme } from './themes';
import type { TreeState } from './trees';
import { paintTree } from './trees';
import type { VehicleKind } from './vehicles';
import { paintPoles, paintVehicle } from './vehicles';

/** A scene being painted: its canvas, size, scale, horizon, ground lines, random source and light. */
export interface SceneLayout {
  ctx: CanvasRenderingContext2D;
  W: number;
  H: number;
  /** The scale of the drawing against a 1280 × 853 picture. */
  S: number;
  /** The horizon's height. */
  hy: number;
  /** The base line of the middle row (the houses). */
  midBase: number;
  /** The base line of the near row (people, vehicles, debris). */
  nearBase: number;
  rng: Rng;
  mood: Mood;
}

/** A row of houses across the picture; `opts` is asked once per house. */
function houseRow({ ctx, W, S, midBase, rng, mood }: SceneLayout, opts: () => HouseOptions) {
  let x = rng.range(-0.1, 0.05) * W;
  while (x < W) {
    const w = rng.range(170, 240) * S;
    paintHouse(ctx, x, midBase, w, rng, opts(), mood);
    x += w + rng.range(30, 110) * S;
  }
}

/** `count` trees along one base line, each in one of `states`. */
function treeRow(
  { ctx, W, rng, mood }: SceneLayout,
  base: number,
  size: number,
  states: readonly TreeState[],
  count: number,
) {
  for (let i = 0; i < count; i++)
    paintTree(
      ctx,
      rng.range(0, 1) * W,
      base,
      size * rng.range(0.8, 1.2),
      rng,
      rng.pick(states),
      mood,
    );
}

/** Paints the foreground of `theme` over a scene's sky, skyline and ground. */
export function paintForeground(scene: SceneLayout, theme: Theme): void {
  const { ctx, W, H, S, hy, midBase, nearBase, rng, mood } = scene;
  switch (theme) {
    case 'storm':
    case 'funnel':
    case 'skyline':
      treeRow(scene, midBase - 10 * S, 120 * S, ['stripped', 'snapped', 'whole'], rng.int(2, 4));
      houseRow(scene, () => ({ damaged: rng.chance(0.6), tarp: false }));
      treeRow(scene, nearBase, 130 * S, ['fallen', 'snapped', 'stripped'], rng.int(1, 3));
      paintDebris(ctx, rng.range(0.2, 0.8) * W, nearBase, 260 * S, rng, mood);
      break;
    case 'cleanup':
      houseRow(scene, () => ({ damaged: rng.chance(0.4), tarp: rng.chance(0.4) }));
      treeRow(scene, nearBase - 20 * S, 140 * S, ['fallen', 'snapped', 'whole'], rng.int(1, 2));
      for (let i = 0; i < rng.int(2, 3); i++)
        paintDebris(ctx, rng.range(0.1, 0.9) * W, nearBase, rng.range(200, 320) * S, rng, mood);
      if (rng.chance(0.5))
        paintVehicle(ctx, rng.range(0.05, 0.6) * W, nearBase, 300 * S, rng, 'pickup');
      paintCrowd(ctx, W, nearBase + 20 * S, 170 * S, rng, rng.int(2, 4), {
        vest: true,
        hat: true,
        carry: true,
      });
      break;
    case 'volunteers':
      houseRow(scene, () => ({ tarp: rng.chance(0.5), damaged: rng.chance(0.3) }));
      paintDebris(ctx, rng.range(0.1, 0.9) * W, nearBase, rng.range(220, 300) * S, rng, mood);
      paintCrowd(ctx, W, nearBase + 30 * S, 190 * S, rng, rng.int(4, 7), {
        vest: true,
        caps: true,
        carry: true,
      });
      break;
    case 'community':
      treeRow(scene, midBase - 20 * S, 150 * S, ['whole', 'whole', 'stripped'], rng.int(2, 3));
      houseRow(scene, () => ({ porch: true, tarp: rng.chance(0.25) }));
      paintCrowd(ctx, W, nearBase + 20 * S, 180 * S, rng, rng.int(2, 4), { caps: true });
      break;
    case 'cookout': {
      houseRow(scene, () => ({ porch: rng.chance(0.5) }));
      const lightsY = midBase - 60 * S;
      ctx.strokeStyle = 'rgba(30, 30, 30, 0.6)';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(0, lightsY - 40 * S);
      ctx.quadraticCurveTo(W / 2, lightsY + 40 * S, W, lightsY - 40 * S);
      ctx.stroke();
      for (let i = 0; i <= 24; i++) {
        const t = i / 24;
        const y =
          (1 - t) ** 2 * (lightsY - 40 * S) +
          2 * (1 - t) * t * (lightsY + 40 * S) +
          t * t * (lightsY - 40 * S);
        const g = ctx.createRadialGradient(t * W, y, 0, t * W, y, 12 * S);
        g.addColorStop(0, 'rgba(255, 226, 150, 1)');
        g.addColorStop(1, 'rgba(255, 226, 150, 0)');
        ctx.fillStyle = g;
        ctx.fillRect(t * W - 12 * S, y - 12 * S, 24 * S, 24 * S);
      }
      const tableY = nearBase - 40 * S;
      ctx.fillStyle = rng.pick(['#c0392b', '#2e6f9e', '#e6e1d3']);
      ctx.fillRect(W * 0.1, tableY - 60 * S, W * 0.5, 26 * S);
      ctx.fillStyle = '#2b2b30';
      ctx.beginPath();
      ctx.ellipse(W * 0.78, tableY - 70 * S, 60 * S, 34 * S, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillRect(W * 0.78 - 4 * S, tableY - 40 * S, 8 * S, 60 * S);
      for (let i = 0; i < 6; i++) {
        ctx.fillStyle = `rgba(210, 210, 215, ${0.35 - i * 0.05})`;
        ctx.beginPath();
        ctx.arc(
          W * 0.78 + Math.sin(i) * 20 * S,
          tableY - (120 + i * 40) * S,
          (20 + i * 8) * S,
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
      paintCrowd(ctx, W, nearBase + 25 * S, 180 * S, rng, rng.int(3, 6), {
        caps: true,
        carry: false,
      });
      break;
    }
    case 'shelter': {
      paintHall(
        ctx,
        rng.range(0.05, 0.4) * W,
        midBase,
        rng.range(520, 700) * S,
        mood,
        rng.pick(['SHELTER', 'SUPPLIES', 'COMMUNITY CENTER', 'RELIEF SITE']),
      );
      const tents = rng.int(1, 2);
      for (let i = 0; i < tents; i++)
        paintCanopy(
          ctx,
          (i * 0.5 + rng.range(0.02, 0.2)) * W,
          nearBase - 10 * S,
          rng.range(330, 420) * S,
          rng,
          rng.pick(['#e6e6e6', '#d64541', '#2e86de']),
        );
      paintCrowd(ctx, W, nearBase + 25 * S, 180 * S, rng, rng.int(3, 5), {
        vest: rng.chance(0.5),
        caps: true,
        carry: true,
      });
      break;
    }
    case 'response':
      houseRow(scene, () => ({ damaged: rng.chance(0.5) }));
      paintPoles(ctx, W, midBase + 10 * S, 330 * S, rng, mood);
      paintVehicle(
        ctx,
        rng.range(0.02, 0.25) * W,
        nearBase,
        rng.range(380, 460) * S,
        rng,
        rng.pick<VehicleKind>(['fire', 'utility']),
      );
      paintVehicle(
        ctx,
        rng.range(0.55, 0.7) * W,
        nearBase + 10 * S,
        rng.range(300, 360) * S,
        rng,
        rng.pick<VehicleKind>(['police', 'utility', 'pickup']),
      );
      paintCrowd(ctx, W, nearBase + 35 * S, 170 * S, rng, rng.int(2, 4), {
        vest: true,
        hat: true,
      });
      break;
    case 'utility':
      houseRow(scene, () => ({ damaged: rng.chance(0.3) }));
      paintPoles(ctx, W, midBase + 10 * S, 360 * S, rng, mood);
      paintVehicle(
        ctx,
        rng.range(0.1, 0.55) * W,
        nearBase,
        rng.range(400, 460) * S,
        rng,
        'utility',
      );
      paintCrowd(ctx, W, nearBase + 35 * S, 170 * S, rng, rng.int(1, 3), {
        vest: true,
        hat: true,
      });
      break;
    case 'radio': {
      houseRow(scene, () => ({ porch: rng.chance(0.3) }));
      const x = rng.range(0.3, 0.7) * W;
      const top = hy - 300 * S;
      ctx.strokeStyle = '#c8ccd2';
      ctx.lineWidth = 4 * S;
      ctx.beginPath();
      ctx.moveTo(x - 30 * S, midBase);
      ctx.lineTo(x, top);
      ctx.lineTo(x + 30 * S, midBase);
      for (let y = top + 40 * S; y < midBase; y += 40 * S) {
        const half = ((y - top) / (midBase - top)) * 30 * S;
        ctx.moveTo(x - half, y);
        ctx.lineTo(x + half, y);
      }
      ctx.stroke();
      ctx.strokeStyle = 'rgba(255, 210, 120, 0.8)';
      for (let r = 1; r <= 3; r++) {
        ctx.lineWidth = (5 - r) * S;
        ctx.beginPath();
        ctx.arc(x, top, r * 45 * S, -0.6, 0.6);
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(x, top, r * 45 * S, Math.PI - 0.6, Math.PI + 0.6);
        ctx.stroke();
      }
      paintCanopy(ctx, rng.range(0.05, 0.5) * W, nearBase, 360 * S, rng, '#e6e6e6');
      paintCrowd(ctx, W, nearBase + 25 * S, 170 * S, rng, rng.int(2, 3), { caps: true });
      break;
    }
    case 'rebuilding':
      houseRow(scene, () => ({
        frame: rng.chance(0.5),
        scaffold: rng.chance(0.4),
        tarp: rng.chance(0.3),
      }));
      for (let i = 0; i < rng.int(1, 2); i++) {
        const x = rng.range(0.05, 0.8) * W;
        for (let k = 0; k < 6; k++) {
          ctx.fillStyle = k % 2 ? '#d9b77a' : '#c9a66b';
          ctx.fillRect(x, nearBase - (k + 1) * 12 * S, 240 * S, 11 * S);
        }
      }
      treeRow(scene, nearBase, 120 * S, ['sapling'], rng.int(1, 3));
      paintCrowd(ctx, W, nearBase + 30 * S, 175 * S, rng, rng.int(2, 4), {
        hat: true,
        carry: true,
      });
      break;
    case 'park':
      ctx.fillStyle = mix('#c2b59b', mood.ground[0], 0.4);
      ctx.beginPath();
      ctx.moveTo(W * 0.35, H);
      ctx.quadraticCurveTo(W * 0.55, H * 0.75, W * 0.5, hy);
      ctx.lineTo(W * 0.53, hy);
      ctx.quadraticCurveTo(W * 0.65, H * 0.75, W * 0.7, H);
      ctx.fill();
      treeRow(scene, hy + 30 * S, 110 * S, ['whole', 'whole', 'stripped'], rng.int(4, 7));
      treeRow(scene, midBase, 200 * S, ['whole', 'snapped', 'fallen', 'stripped'], rng.int(3, 5));
      treeRow(scene, nearBase, 240 * S, ['fallen', 'snapped'], rng.int(1, 2));
      if (rng.chance(0.5))
        paintCrowd(ctx, W, nearBase + 25 * S, 160 * S, rng, rng.int(1, 3), {
          vest: true,
          hat: true,
        });
      break;
    case 'planting':
      treeRow(scene, hy + 30 * S, 110 * S, ['whole', 'stripped'], rng.int(3, 5));
      houseRow(scene, () => ({ porch: rng.chance(0.5) }));
      treeRow(scene, nearBase - 10 * S, 160 * S, ['sapling'], rng.int(3, 5));
      paintCrowd(ctx, W, nearBase + 30 * S, 170 * S, rng, rng.int(2, 4), {
        vest: rng.chance(0.5),
        caps: true,
        carry: true,
      });
      break;
    default:
      houseRow(scene, () => ({}));
  }
}
