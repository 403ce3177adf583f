/**
 * A sample picture's scene for its theme: the weather, the backdrop (sky, skyline, ground), the
 * foreground (scene/foreground.ts) and rain over a storm; or a whole-picture scene (a shelter's
 * cots, an aerial view, a mural, storefronts).
 */
import { mix } from '../drawing';
import type { Rng } from '../random';
import { paintAerial } from './aerial';
import {
  paintClouds,
  paintFunnel,
  paintGround,
  paintSky,
  paintSkyline,
  paintStreet,
} from './backdrop';
import { paintForeground } from './foreground';
import type { MoodName } from './palette';
import { MOODS } from './palette';
import { paintCrowd } from './people';
import { paintCots } from './relief';
import type { Theme } from './themes';
import { paintMural, paintStorefronts } from './walls';

/** Compose one scene for a theme. Returns nothing; paints into ctx. */
export function paintScene(
  ctx: CanvasRenderingContext2D,
  W: number,
  H: number,
  theme: Theme,
  rng: Rng,
): void {
  const S = Math.min(W / 1280, H / 853);
  const hy = H * rng.range(0.5, 0.6);
  const midBase = H * 0.8;
  const nearBase = H * 0.9;
  const pickMood = (list: readonly MoodName[]) => MOODS[rng.pick(list)];

  if (theme === 'cots') {
    paintCots(ctx, W, H, rng);
    paintCrowd(ctx, W, H * 0.95, 260 * S, rng, rng.int(1, 3), { caps: true });
    return;
  }
  if (theme === 'aerial') {
    paintAerial(ctx, W, H, rng, 'AERIAL ILLUSTRATION');
    return;
  }

  const mood =
    theme === 'funnel'
      ? MOODS.storm
      : theme === 'storm'
        ? pickMood(['storm', 'overcast', 'overcast', 'dawn'])
        : theme === 'cookout' || theme === 'community'
          ? pickMood(['dusk', 'day', 'dawn'])
          : theme === 'response'
            ? pickMood(['overcast', 'dawn', 'storm'])
            : pickMood(['day', 'day', 'overcast', 'dawn']);

  if (theme === 'mural' || theme === 'storefront') {
    const groundTop = H * 0.74;
    if (theme === 'mural') paintMural(ctx, W, H, groundTop, rng);
    else paintStorefronts(ctx, W, groundTop, rng);
    paintStreet(ctx, W, H, groundTop, mood);
    paintCrowd(ctx, W, nearBase, 230 * S, rng, rng.int(1, 4), { caps: true });
    return;
  }

  paintSky(ctx, W, H, hy, mood, rng);
  const heavy = theme === 'storm' || theme === 'funnel';
  paintClouds(ctx, W, hy, mood, rng, heavy ? rng.int(8, 14) : rng.int(2, 6), heavy);
  if (theme === 'funnel') paintFunnel(ctx, W, hy, rng);
  const far = mix(mood.far, mood.sky[2], 0.35);
  if (theme !== 'park' && theme !== 'planting') {
    paintSkyline(ctx, W, hy, S * rng.range(0.7, 1.1), far, rng, {
      arch: theme === 'skyline' || rng.chance(0.12),
      windows: mood === MOODS.dusk || mood === MOODS.storm,
    });
  } else {
    for (let x = -20; x < W + 40; x += rng.range(30, 60) * S) {
      ctx.fillStyle = mix(far, mood.ground[0], 0.4);
      ctx.beginPath();
      ctx.arc(x, hy, rng.range(30, 60) * S, Math.PI, 0);
      ctx.fill();
    }
  }
  paintGround(ctx, W, H, hy, mood);
  paintForeground({ ctx, W, H, S, hy, midBase, nearBase, rng, mood }, theme);
  // Rain streaks over a storm, some of the time.
  if (heavy && rng.chance(0.6)) {
    ctx.strokeStyle = 'rgba(200, 210, 215, 0.18)';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (let i = 0; i < 160; i++) {
      const x = rng.range(-0.1, 1) * W;
      const y = rng.range(0, 1) * H;
      ctx.moveTo(x, y);
      ctx.lineTo(x + 14 * S, y + 50 * S);
    }
    ctx.stroke();
  }
}

/** Darkens the picture towards its corners. */
export function vignette(ctx: CanvasRenderingContext2D, W: number, H: number): void {
  const g = ctx.createRadialGradient(
    W / 2,
    H / 2,
    Math.min(W, H) * 0.4,
    W / 2,
    H / 2,
    Math.hypot(W, H) * 0.6,
  );
  g.addColorStop(0, 'rgba(0,0,0,0)');
  g.addColorStop(1, 'rgba(0,0,0,0.35)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, H);
}
