/** Video thumbnails: a sample video's drawn scene, and the fallback for a video without one. */
import { caption } from './captions';
import { canvasOf, context2d, FONT } from './drawing';
import { makeRng } from './random';
import { paintScene, vignette } from './scene/paintScene';
import { themeFor } from './scene/themes';
import type { SampleNode, Size } from './types';

export interface DefaultThumbRequest extends Size {
  quality: number;
}

export interface VideoThumbRequest {
  node: SampleNode;
  size: Size;
  quality: number;
}

/** The thumbnail the app shows for a video that has none (public/default-thumb.jpg), a JPEG. */
export function drawDefaultThumb({ width, height, quality }: DefaultThumbRequest): string {
  const canvas = canvasOf(width, height);
  const ctx = context2d(canvas);
  const bg = ctx.createRadialGradient(
    width / 2,
    height * 0.42,
    10,
    width / 2,
    height / 2,
    width * 0.62,
  );
  bg.addColorStop(0, '#1a3556');
  bg.addColorStop(0.6, '#0e1f38');
  bg.addColorStop(1, '#070f1e');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);

  // Faint meridian arcs, an echo of the globe mark.
  ctx.strokeStyle = 'rgba(140, 200, 230, 0.08)';
  ctx.lineWidth = 2;
  for (const rx of [90, 190, 290, 390]) {
    ctx.beginPath();
    ctx.ellipse(width / 2, height / 2, rx, height * 0.95, 0, 0, Math.PI * 2);
    ctx.stroke();
  }
  for (const dy of [-120, -60, 0, 60, 120]) {
    ctx.beginPath();
    ctx.moveTo(0, height / 2 + dy);
    ctx.lineTo(width, height / 2 + dy);
    ctx.stroke();
  }

  const cx = width / 2;
  const cy = height * 0.42;
  const r = 46;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(10, 24, 48, 0.75)';
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = 'rgba(200, 232, 245, 0.9)';
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx - 14, cy - 22);
  ctx.lineTo(cx + 24, cy);
  ctx.lineTo(cx - 14, cy + 22);
  ctx.closePath();
  ctx.fillStyle = '#e8f6fc';
  ctx.fill();

  ctx.fillStyle = '#d3e6f0';
  ctx.font = `600 26px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('Video preview unavailable', cx, height * 0.72);
  ctx.fillStyle = 'rgba(160, 190, 210, 0.75)';
  ctx.font = `16px ${FONT}`;
  ctx.fillText('Globe Archive', cx, height * 0.72 + 32);
  return canvas.toDataURL('image/jpeg', quality);
}

/** A sample video node's thumbnail: a scene for its theme, captioned, as a JPEG data URL. */
export function drawVideoThumb({ node, size, quality }: VideoThumbRequest): string {
  const rng = makeRng(`${node.video_id}#video`);
  const canvas = canvasOf(size.width, size.height);
  const ctx = context2d(canvas);
  paintScene(ctx, size.width, size.height, themeFor(node, 1), rng);
  vignette(ctx, size.width, size.height);
  caption(ctx, size.width, size.height, `Sample video — ${node.title}`);
  return canvas.toDataURL('image/jpeg', quality);
}
