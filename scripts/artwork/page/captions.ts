/** The caption strip every sample picture carries, and a gallery picture's two captioned sizes. */
import { canvasOf, context2d, FONT } from './drawing';
import type { CaptionedPicture, PictureSizes } from './types';

/** The caption strip along the bottom, text shortened with an ellipsis to fit. */
export function caption(ctx: CanvasRenderingContext2D, W: number, H: number, text: string): void {
  const stripH = Math.max(18, Math.round(H * 0.075));
  const g = ctx.createLinearGradient(0, H - stripH, 0, H);
  g.addColorStop(0, 'rgba(6, 12, 24, 0.62)');
  g.addColorStop(1, 'rgba(6, 12, 24, 0.8)');
  ctx.fillStyle = g;
  ctx.fillRect(0, H - stripH, W, stripH);
  ctx.fillStyle = 'rgba(240, 246, 250, 0.95)';
  const size = Math.max(10, Math.round(stripH * 0.46));
  ctx.font = `600 ${size}px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const pad = Math.round(stripH * 0.45);
  let shown = text;
  while (ctx.measureText(shown).width > W - pad * 2 && shown.length > 4)
    shown = `${shown.slice(0, -2).trimEnd()}…`;
  ctx.fillText(shown, pad, H - stripH / 2);
}

/**
 * A gallery entry's full picture and thumbnail from `scene` (a canvas at the full size): the
 * thumbnail scaled from it before the caption, each captioned at its own size.
 */
export function captioned(
  scene: HTMLCanvasElement,
  { full, thumb, quality }: PictureSizes,
  text: string,
): CaptionedPicture {
  const small = canvasOf(thumb.width, thumb.height);
  const sctx = context2d(small);
  sctx.imageSmoothingQuality = 'high';
  sctx.drawImage(scene, 0, 0, thumb.width, thumb.height);
  caption(sctx, thumb.width, thumb.height, text);

  caption(context2d(scene), full.width, full.height, text);
  return {
    full: scene.toDataURL('image/jpeg', quality),
    thumb: small.toDataURL('image/jpeg', quality),
  };
}
