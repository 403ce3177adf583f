import { coverCrop, galleryCells, type Rect } from '@/globe/cardFaceLayout';

/** What a card face shows. Images are already decoded (or `null` where they failed). */
export interface FaceContent {
  type: 'video' | 'gallery';
  title: string;
  /** Category colour for the accent bar. */
  accent: string;
  /** The video thumbnail, or the gallery's previewed images (at most 8). */
  images: (HTMLImageElement | null)[];
  /** Drawn where an image failed. */
  fallback: HTMLImageElement | null;
  /** Total images of a gallery (the badge says "12 photos" when 8 are shown). */
  imageCount: number;
}

const BACKGROUND = '#0d1830';
const FRAME = '#1c2c4c';

function drawImageCover(
  ctx: CanvasRenderingContext2D,
  image: HTMLImageElement | null,
  cell: Rect,
): void {
  if (!image || image.naturalWidth === 0) {
    ctx.fillStyle = '#22324f';
    ctx.fillRect(cell.x, cell.y, cell.width, cell.height);
    return;
  }
  const crop = coverCrop(image.naturalWidth, image.naturalHeight, cell.width, cell.height);
  ctx.drawImage(
    image,
    crop.x,
    crop.y,
    crop.width,
    crop.height,
    cell.x,
    cell.y,
    cell.width,
    cell.height,
  );
}

function drawPlayBadge(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number): void {
  ctx.fillStyle = 'rgba(8, 14, 28, 0.62)';
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.32, cy - r * 0.45);
  ctx.lineTo(cx + r * 0.5, cy);
  ctx.lineTo(cx - r * 0.32, cy + r * 0.45);
  ctx.closePath();
  ctx.fill();
}

/**
 * Draws a card face into `ctx` at (x, y), `width`×`height` pixels, with a `gutter` of frame colour
 * around it (atlas tiles bleed into their neighbours at small mipmap levels; a uniform frame
 * colour makes that invisible). Text is drawn with `fillText`, so titles stay text.
 */
export function drawCardFace(
  ctx: CanvasRenderingContext2D,
  face: FaceContent,
  x: number,
  y: number,
  width: number,
  height: number,
  gutter: number,
): void {
  ctx.save();
  ctx.fillStyle = FRAME;
  ctx.fillRect(x - gutter, y - gutter, width + gutter * 2, height + gutter * 2);
  const border = Math.max(1, Math.round(width / 96));
  const area: Rect = {
    x: x + border,
    y: y + border,
    width: width - border * 2,
    height: height - border * 2,
  };
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(area.x, area.y, area.width, area.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';

  if (face.type === 'video') {
    drawImageCover(ctx, face.images[0] ?? face.fallback, area);
  } else if (face.images.length === 0) {
    drawImageCover(ctx, face.fallback, area);
  } else {
    const gap = Math.max(1, Math.round(width / 128));
    galleryCells(face.images.length, area, gap).forEach((cell, i) =>
      drawImageCover(ctx, face.images[i] ?? face.fallback, cell),
    );
  }

  // Small faces (thousands of cards) show the picture alone; larger ones get the title strip.
  if (width >= 120) {
    const strip = Math.round(height * 0.3);
    const gradient = ctx.createLinearGradient(
      0,
      area.y + area.height - strip,
      0,
      area.y + area.height,
    );
    gradient.addColorStop(0, 'rgba(6, 12, 24, 0)');
    gradient.addColorStop(0.45, 'rgba(6, 12, 24, 0.78)');
    gradient.addColorStop(1, 'rgba(6, 12, 24, 0.92)');
    ctx.fillStyle = gradient;
    ctx.fillRect(area.x, area.y + area.height - strip, area.width, strip);
    const size = Math.round(height * 0.1);
    ctx.font = `600 ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    ctx.fillStyle = '#f4f7fc';
    ctx.textBaseline = 'alphabetic';
    const maxWidth = area.width - size * 1.2;
    let title = face.title;
    if (ctx.measureText(title).width > maxWidth) {
      while (title.length > 1 && ctx.measureText(`${title}…`).width > maxWidth)
        title = title.slice(0, -1);
      title = `${title.trimEnd()}…`;
    }
    ctx.fillText(title, area.x + size * 0.6, area.y + area.height - size * 0.7, maxWidth);
  }
  if (face.type === 'video') {
    drawPlayBadge(
      ctx,
      area.x + area.width / 2,
      area.y + area.height * 0.42,
      Math.max(4, height * 0.14),
    );
  } else if (width >= 120) {
    const size = Math.round(height * 0.075);
    const label = `${face.imageCount} photo${face.imageCount === 1 ? '' : 's'}`;
    ctx.font = `600 ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    const w = ctx.measureText(label).width + size;
    ctx.fillStyle = 'rgba(8, 14, 28, 0.7)';
    ctx.fillRect(area.x + size * 0.5, area.y + size * 0.5, w, size * 1.6);
    ctx.fillStyle = '#f4f7fc';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, area.x + size, area.y + size * 1.3);
  }
  // The category accent along the top edge.
  ctx.fillStyle = face.accent;
  ctx.fillRect(area.x, area.y, area.width, Math.max(2, Math.round(height * 0.035)));
  ctx.restore();
}
