import { sayOnGlobe } from '@/globe/globeWords';
import { coverCrop, galleryCells, type Rect } from '@/globe/cardFaceLayout';

/** A decoded picture and the share of its height that is picture (see `FaceImage`). */
export interface FacePicture {
  image: CanvasImageSource & { readonly width: number; readonly height: number };
  pictureHeight: number;
}

/** What a card is, as its faces show it with or without pictures. */
export interface FaceText {
  type: 'video' | 'gallery';
  title: string;
  /** Category colour (`#rrggbb`): the accent bar and the local face's tint. */
  accent: string;
  /** Total images of a gallery (the badge says "12 photos" when 8 are shown). */
  imageCount: number;
  /** How many of them are 3D captures' posters (the badge adds "+ 3D"). */
  captureCount: number;
}

/** What a card face shows with its pictures. */
export interface FaceContent extends FaceText {
  /**
   * The video thumbnail, or the gallery's previewed images (at most 8): a picture, `'failed'`
   * (the fallback is drawn in its place) or `null` (not here yet: a plain cell for now).
   */
  images: (FacePicture | 'failed' | null)[];
  /** Drawn where an image failed: the local default thumbnail. */
  fallback: FacePicture | null;
}

const BACKGROUND = '#0d1830';
const FRAME = '#1c2c4c';
const EMPTY_CELL = '#22324f';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Below this tile width a face shows pictures and glyphs only: text would be a smudge. */
const TEXT_MIN_WIDTH = 96;

function drawImageCover(
  ctx: CanvasRenderingContext2D,
  picture: FacePicture | null,
  cell: Rect,
): void {
  const { width = 0, height = 0 } = picture?.image ?? {};
  if (!picture || width === 0 || height === 0) {
    ctx.fillStyle = EMPTY_CELL;
    ctx.fillRect(cell.x, cell.y, cell.width, cell.height);
    return;
  }
  // Only the picture band of the file (no letterbox bars), then cover-cropped to the cell.
  const band = height * picture.pictureHeight;
  const crop = coverCrop(width, band, cell.width, cell.height);
  ctx.drawImage(
    picture.image,
    crop.x,
    crop.y + (height - band) / 2,
    crop.width,
    crop.height,
    cell.x,
    cell.y,
    cell.width,
    cell.height,
  );
}

/**
 * The frame every face sits in: the gutter and border in the frame colour (atlas tiles bleed into
 * their neighbours at small mipmap levels; a uniform colour makes that invisible) and the dark
 * panel inside. Returns the panel.
 */
function drawPanel(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  width: number,
  height: number,
  gutter: number,
): Rect {
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
  return area;
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
): string | null {
  ctx.save();
  let label: string | null = null;
  const area = drawPanel(ctx, x, y, width, height, gutter);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';

  const pictureOf = (image: FacePicture | 'failed' | null | undefined) =>
    image === 'failed' || image === undefined ? face.fallback : image;
  if (face.type === 'video') {
    drawImageCover(ctx, pictureOf(face.images[0]), area);
  } else if (face.images.length === 0) {
    drawImageCover(ctx, face.fallback, area);
  } else {
    const gap = Math.max(1, Math.round(width / 128));
    galleryCells(face.images.length, area, gap).forEach((cell, i) =>
      drawImageCover(ctx, pictureOf(face.images[i]), cell),
    );
  }

  // Small faces (thousands of cards) show the picture alone; larger ones get the title strip.
  if (width >= TEXT_MIN_WIDTH + 24) {
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
    ctx.font = `600 ${size}px ${FONT}`;
    ctx.fillStyle = '#f4f7fc';
    ctx.textBaseline = 'alphabetic';
    const maxWidth = area.width - size * 1.2;
    const [title = ''] = wrapText(ctx, face.title, maxWidth, 1);
    ctx.fillText(title, area.x + size * 0.6, area.y + area.height - size * 0.7, maxWidth);
  }
  if (face.type === 'video') {
    drawPlayBadge(
      ctx,
      area.x + area.width / 2,
      area.y + area.height * 0.42,
      Math.max(4, height * 0.14),
    );
  } else if (width >= TEXT_MIN_WIDTH + 24) {
    const size = Math.round(height * 0.075);
    label = cardMediaCount(face);
    ctx.font = `600 ${size}px ${FONT}`;
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
  return label;
}

/** "1 photo", "12 photos", "6 photos + 3D", "1 3D capture": short enough for a card's badge. */
export function cardMediaCount({
  imageCount,
  captureCount,
}: Pick<FaceText, 'imageCount' | 'captureCount'>): string {
  const photos = imageCount - captureCount;
  if (photos === 0 && captureCount > 0) return sayOnGlobe('captures', { captures: captureCount });
  const label = sayOnGlobe('photos', { photos });
  return captureCount > 0 ? sayOnGlobe('photosAnd3d', { photos: label }) : label;
}

/**
 * The words a card's faces say beside its title: a video's badge on its local face, a gallery's
 * count on both (where the tile is large enough for words). Each draw returns the words it drew,
 * and a change of language draws again the faces whose words it changes (issue 49).
 */
export function faceWords(face: Pick<FaceText, 'type' | 'imageCount' | 'captureCount'>): string {
  return face.type === 'video' ? sayOnGlobe('videoBadge') : cardMediaCount(face);
}

/**
 * `text` cut into at most `lines` lines of `maxWidth` pixels at word boundaries (a word too long
 * for a line is cut), the last line ending in "…" when text is left over.
 */
export function wrapText(
  ctx: Pick<CanvasRenderingContext2D, 'measureText'>,
  text: string,
  maxWidth: number,
  lines: number,
): string[] {
  const fits = (s: string) => ctx.measureText(s).width <= maxWidth;
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  let i = 0;
  while (i < words.length && out.length < lines) {
    const word = words[i] as string;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      i++;
      continue;
    }
    if (line === '') {
      // One word wider than the line: as much of it as fits.
      let cut = word;
      while (cut.length > 1 && !fits(cut)) cut = cut.slice(0, -1);
      out.push(cut);
      words[i] = word.slice(cut.length);
      continue;
    }
    out.push(line);
    line = '';
  }
  if (line !== '' && out.length < lines) out.push(line);
  if (i < words.length && out.length > 0) {
    let last = out[out.length - 1] as string;
    while (last.length > 1 && !fits(`${last}…`)) last = last.slice(0, -1);
    out[out.length - 1] = `${last.trimEnd()}…`;
  }
  return out;
}

/** Two stacked photo frames with a hill and a sun: "a gallery" at any size. */
function drawPhotosGlyph(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number): void {
  const w = r * 1.7;
  const h = r * 1.25;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.35)';
  ctx.fillRect(cx - w / 2 + r * 0.28, cy - h / 2 - r * 0.28, w, h);
  ctx.fillStyle = 'rgba(8, 14, 28, 0.62)';
  ctx.fillRect(cx - w / 2, cy - h / 2, w, h);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeRect(cx - w / 2, cy - h / 2, w, h);
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.moveTo(cx - w / 2 + r * 0.15, cy + h / 2 - r * 0.15);
  ctx.lineTo(cx - r * 0.2, cy - r * 0.05);
  ctx.lineTo(cx + r * 0.15, cy + r * 0.25);
  ctx.lineTo(cx + r * 0.4, cy + r * 0.05);
  ctx.lineTo(cx + w / 2 - r * 0.15, cy + h / 2 - r * 0.15);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx + r * 0.45, cy - r * 0.25, r * 0.15, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * The face a card shows before (or without) its pictures, drawn from its own data with no
 * network: a panel tinted with the category colour, the type's glyph, and where the tile is large
 * enough to read, the type or photo count and the title on up to three lines.
 */
export function drawLocalFace(
  ctx: CanvasRenderingContext2D,
  face: FaceText,
  x: number,
  y: number,
  width: number,
  height: number,
  gutter: number,
): string | null {
  ctx.save();
  const area = drawPanel(ctx, x, y, width, height, gutter);
  const tint = ctx.createLinearGradient(area.x, area.y, area.x + area.width, area.y + area.height);
  tint.addColorStop(0, `${face.accent}8c`);
  tint.addColorStop(1, `${face.accent}1a`);
  ctx.fillStyle = tint;
  ctx.fillRect(area.x, area.y, area.width, area.height);

  const text = width >= TEXT_MIN_WIDTH;
  // Small tiles: the glyph in the middle. Larger: the glyph top right, the words on the left.
  const r = text ? height * 0.13 : height * 0.26;
  const gx = text ? area.x + area.width - r * 1.6 : area.x + area.width / 2;
  const gy = text ? area.y + r * 1.75 : area.y + area.height / 2;
  if (face.type === 'video') drawPlayBadge(ctx, gx, gy, r);
  else drawPhotosGlyph(ctx, gx, gy, r);

  const words = text ? faceWords(face) : null;
  if (words !== null) {
    const pad = Math.round(height * 0.08);
    const small = Math.max(8, Math.round(height * 0.085));
    ctx.font = `700 ${small}px ${FONT}`;
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = 'rgba(244, 247, 252, 0.85)';
    const label = face.type === 'video' ? words : words.toLocaleUpperCase();
    ctx.fillText(label, area.x + pad, area.y + pad + small * 1.2, area.width - r * 3.4 - pad);

    const size = Math.max(9, Math.round(height * 0.115));
    ctx.font = `600 ${size}px ${FONT}`;
    ctx.fillStyle = '#f4f7fc';
    const lineHeight = size * 1.2;
    const room = area.height - pad * 2 - small * 2.2;
    const lines = wrapText(
      ctx,
      face.title,
      area.width - pad * 2,
      Math.max(1, Math.min(3, Math.floor(room / lineHeight))),
    );
    const bottom = area.y + area.height - pad;
    lines.forEach((line, i) =>
      ctx.fillText(line, area.x + pad, bottom - (lines.length - 1 - i) * lineHeight - size * 0.2),
    );
  }
  ctx.fillStyle = face.accent;
  ctx.fillRect(area.x, area.y, area.width, Math.max(2, Math.round(height * 0.035)));
  ctx.restore();
  return words;
}
