/**
 * How the archive reads each field of an item leniently (SPEC §3, §5): whatever a file, an import
 * or an old record holds, the reader keeps what can be shown, repairs what it can, and says what it
 * did in one note per repair. The fields' table (`@/lib/itemFields`) names a reader per field;
 * `normalizeArchive` runs them. The strict checks of forms and the API are `@/lib/itemChecks`.
 */
import { readCapture, type NodeCapture } from '@/lib/capture';
import { readItemDate } from '@/lib/itemDate';
import { CREDIT_MAX, readLicenseId, type LicenseId } from '@/lib/license';
import type { MediaType } from '@/lib/mediaType';
import { slugify } from '@/lib/slug';
import { safeUrl } from '@/lib/url';
import { extractYouTubeId, isYouTubeId } from '@/lib/youtube';

/** One image of a gallery, every URL already checked by `safeUrl`. */
export interface NodeImage {
  thumbUrl: string;
  fullUrl: string;
  /**
   * A copy small enough for a card face on the globe (within 320 × 320 px), when one was made:
   * photos uploaded before it existed, and images given by their URL, have none.
   */
  cardUrl?: string;
  /** A 3D capture this image is the poster of (issue 17); the image alone for other clients. */
  capture?: NodeCapture;
}

/** A category as a node carries it: the display name and its SPEC slug. */
export interface CategoryRef {
  name: string;
  slug: string;
}

/** A raw archive record: any JSON object. */
export type RawItem = Readonly<Record<string, unknown>>;

/** Longest title and description kept; longer text is cut (a hostile or broken record). */
export const MAX_TITLE_LENGTH = 300;
export const MAX_DESCRIPTION_LENGTH = 10_000;
export const MAX_ID_LENGTH = 200;

// Control characters are never meaningful in archive text; tab and newline are kept in descriptions.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL_CHAR = /[\u0000-\u001f\u007f-\u009f]/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value named in a note: its text (cut), or what kind of thing it is. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? `"${truncate(value, 40)}"` : `a ${typeof value}`;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * One record being read: what was repaired (one note each, so that the record gets one warning,
 * not several), why it cannot be shown (a required field missing), and its type once read (the
 * video's link and a gallery's photos depend on it).
 */
export class Reading {
  readonly reasons: string[] = [];
  readonly fatal: string[] = [];
  type: MediaType = 'video';
  add(reason: string): void {
    this.reasons.push(reason);
  }
  drop(reason: string): void {
    this.fatal.push(reason);
  }
}

/** A field's text: trimmed, controls removed, one line unless `multiline`, cut at `max`. */
export function readText(
  raw: RawItem,
  field: string,
  max: number,
  notes: Reading,
  { multiline }: { multiline: boolean },
): string {
  const value = raw[field];
  if (value === undefined || value === null) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') {
    text = String(value);
    notes.add(`${field} was ${describe(value)}, read as text`);
  } else {
    notes.add(`${field} was ${describe(value)}, ignored`);
    return '';
  }
  // A line break is a line break however a file ends its lines (a spreadsheet's cells use CRLF).
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  const withoutControls = trimmed.replace(CONTROL_CHARS, '');
  if (withoutControls !== trimmed) notes.add(`${field} had control characters, removed`);
  const cleaned = multiline ? withoutControls : withoutControls.replace(/\s+/g, ' ');
  if (cleaned.length > max) {
    notes.add(`${field} was longer than ${max} characters, cut`);
    return truncate(cleaned, max);
  }
  return cleaned;
}

/** The item's id; an item without a usable one cannot be shown. */
export function readId(raw: RawItem, notes: Reading): string {
  const value = raw.video_id;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') {
    notes.drop(value === undefined ? 'no video_id' : `video_id was ${describe(value)}`);
    return '';
  }
  const id = value.trim();
  if (id === '') notes.drop('empty video_id');
  else if (id.length > MAX_ID_LENGTH)
    notes.drop(`video_id longer than ${MAX_ID_LENGTH} characters`);
  else if (ANY_CONTROL_CHAR.test(id)) notes.drop('video_id has control characters');
  else return id;
  return '';
}

/** A video or a gallery (SPEC: absent → video; another value is guessed from the content). */
export function readType(raw: RawItem, notes: Reading): MediaType {
  const value = raw.type;
  const type = typeOf(raw, value, notes);
  notes.type = type;
  return type;
}

function typeOf(raw: RawItem, value: unknown, notes: Reading): MediaType {
  if (value === undefined || value === null || value === '') return 'video';
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'video' || text === 'gallery') {
    if (text !== value) notes.add(`type ${describe(value)} read as "${text}"`);
    return text;
  }
  // Guess from the content so nothing is lost.
  const guess: MediaType =
    Array.isArray(raw.images) && raw.images.length > 0 && !raw.youtube_id && !raw.youtube_url
      ? 'gallery'
      : 'video';
  notes.add(`unknown type ${describe(value)}, shown as ${guess}`);
  return guess;
}

/** A title: one line; "Untitled" when there is none. */
export function readTitle(raw: RawItem, notes: Reading): string {
  const title = readText(raw, 'title', MAX_TITLE_LENGTH, notes, { multiline: false });
  if (title !== '') return title;
  notes.add('no title');
  return 'Untitled';
}

/** A latitude (`limit` 90) or longitude (180); an item without both cannot be placed. */
export function readCoordinate(
  raw: RawItem,
  field: 'lat' | 'lng',
  limit: number,
  notes: Reading,
): number {
  const value = raw[field];
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    number = Number(value);
    notes.add(`${field} was text, read as a number`);
  } else {
    notes.drop(value === undefined ? `no ${field}` : `${field} was ${describe(value)}`);
    return 0;
  }
  if (!Number.isFinite(number)) notes.drop(`${field} is not a finite number`);
  else if (Math.abs(number) > limit) notes.drop(`${field} ${number} is outside ±${limit}`);
  else return number;
  return 0;
}

/** A local thumbnail that replaces the provider's, when it is a URL the archive may show. */
export function readThumbUrl(raw: RawItem, notes: Reading): string | null {
  if (raw.thumbUrl === undefined || raw.thumbUrl === null) return null;
  const thumbUrl = safeUrl(raw.thumbUrl);
  if (thumbUrl === null) notes.add('thumbUrl refused (not an http(s) or relative URL)');
  return thumbUrl;
}

/**
 * A video's provider id, from `youtube_id` or the link in `youtube_url` (SPEC §3: whichever is
 * missing is derived from the other; the id wins when they disagree); none for a gallery, and none
 * for a video without one (it shows the default thumbnail). The link is rebuilt from the id.
 */
export function readYouTubeId(raw: RawItem, notes: Reading): string | null {
  const rawId = raw.youtube_id;
  const rawUrl = raw.youtube_url;
  const idText = typeof rawId === 'string' ? rawId : null;
  const urlText = typeof rawUrl === 'string' ? rawUrl : null;
  if (rawId != null && idText === null) notes.add(`youtube_id was ${describe(rawId)}, ignored`);
  if (rawUrl != null && urlText === null) notes.add(`youtube_url was ${describe(rawUrl)}, ignored`);

  if (notes.type !== 'video') {
    if (idText || urlText) notes.add('a gallery has no video: youtube_id/youtube_url ignored');
    return null;
  }
  const fromId = extractYouTubeId(idText);
  const fromUrl = extractYouTubeId(urlText);
  const id = fromId ?? fromUrl;
  if (id === null) return null;
  if (fromId !== null && fromUrl !== null && fromId !== fromUrl) {
    notes.add(
      `youtube_url names another video (${truncate(fromUrl, 20)}), rebuilt from youtube_id`,
    );
  }
  if (!isYouTubeId(id))
    notes.add(`youtube id "${truncate(id, 40)}" is not an 11-character video id`);
  return id;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A gallery's images: each with a usable link, its card copy and 3D capture when they can be shown. */
export function readImages(raw: RawItem, notes: Reading): NodeImage[] {
  const value = raw.images;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    notes.add(`images was ${describe(value)}, ignored`);
    return [];
  }
  const images: NodeImage[] = [];
  const refused = { images: 0, cards: 0, captures: 0 };
  for (const item of value) {
    const entry = isRecord(item) ? item : {};
    const thumb = safeUrl(entry.thumbUrl ?? entry.thumb);
    const full = safeUrl(entry.fullUrl ?? entry.full);
    // One URL is enough to show an image: the other stands in for it.
    const thumbUrl = thumb ?? full;
    const fullUrl = full ?? thumb;
    if (thumbUrl === null || fullUrl === null) {
      refused.images++;
      continue;
    }
    // Optional: an image without one shows its thumbnail on the card; a bad one is dropped.
    const cardUrl = entry.cardUrl == null ? null : safeUrl(entry.cardUrl);
    if (entry.cardUrl != null && cardUrl === null) refused.cards++;
    // Optional too: a capture that cannot be shown leaves its poster as a photo.
    const capture = readCapture(entry.capture);
    if (capture === 'refused') refused.captures++;
    images.push({
      thumbUrl,
      fullUrl,
      ...(cardUrl === null ? {} : { cardUrl }),
      ...(capture === null || capture === 'refused' ? {} : { capture }),
    });
  }
  if (refused.images > 0)
    notes.add(`${plural(refused.images, 'image')} without a usable URL skipped`);
  if (refused.cards > 0)
    notes.add(`${plural(refused.cards, 'image cardUrl')} refused (not an http(s) or relative URL)`);
  if (refused.captures > 0)
    notes.add(
      `${plural(refused.captures, 'image capture')} refused (not a .glb, .ply, .splat or .spz at an http(s) or relative URL); shown as photos`,
    );
  return images;
}

/** When it was recorded (`@/lib/itemDate`), or null; a value that is not a date is dropped. */
export function readDate(raw: RawItem, notes: Reading): string | null {
  const value = raw.date;
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') {
    notes.add(`date was ${describe(value)}, dropped`);
    return null;
  }
  const reading = readItemDate(value);
  if (reading.ok) return reading.date.text;
  notes.add(`date ${describe(value)} dropped: ${reading.message}`);
  return null;
}

/** Who made it, one line, or null. */
export function readCredit(raw: RawItem, notes: Reading): string | null {
  const credit = readText(raw, 'credit', CREDIT_MAX, notes, { multiline: false });
  return credit === '' ? null : credit;
}

/** A licence the archive knows, or null. */
export function readLicense(raw: RawItem, notes: Reading): LicenseId | null {
  const value = raw.license;
  if (value === undefined || value === null || value === '') return null;
  const license = readLicenseId(value);
  if (license === null)
    notes.add(`license ${describe(value)} is not one this archive knows, dropped`);
  return license;
}

/** Category names with their slugs, one per slug; unusable names skipped. */
export function readCategories(raw: RawItem, notes: Reading): CategoryRef[] {
  let value = raw.categories;
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    notes.add('categories was text, read as one category');
    value = [value];
  }
  if (!Array.isArray(value)) {
    notes.add(`categories was ${describe(value)}, ignored`);
    return [];
  }
  const categories: CategoryRef[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const item of value) {
    const name =
      typeof item === 'string' ? item.replace(CONTROL_CHARS, '').replace(/\s+/g, ' ').trim() : '';
    const slug = slugify(name);
    if (slug === '' || name.length > MAX_TITLE_LENGTH) {
      skipped++;
      continue;
    }
    if (seen.has(slug)) continue;
    seen.add(slug);
    categories.push({ name, slug });
  }
  if (skipped > 0) notes.add(`${skipped} unusable categor${skipped === 1 ? 'y' : 'ies'} skipped`);
  return categories;
}

/** Ids of related items (the archive drops those it does not hold once every id is known). */
export function readLinks(raw: RawItem, notes: Reading): string[] {
  const value = raw.links;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    notes.add(`links was ${describe(value)}, ignored`);
    return [];
  }
  const links: string[] = [];
  for (const item of value) {
    const id =
      typeof item === 'number' ? String(item) : typeof item === 'string' ? item.trim() : '';
    if (id !== '' && !links.includes(id)) links.push(id);
  }
  return links;
}

/** A stored field as the editor's form holds text: the text, or '' for anything else. */
export function formText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A number as the form sends it: none when blank; text that is not one is sent as text, for the schema to name. */
export function formNumber(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
}

/** A stored gallery's images as the form edits them: those with a usable link, their card copy and capture kept. */
export function formImages(value: unknown): NodeImage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item)) return [];
    const thumb = safeUrl(item.thumbUrl ?? item.thumb) ?? safeUrl(item.fullUrl ?? item.full);
    const full = safeUrl(item.fullUrl ?? item.full) ?? thumb;
    if (!thumb || !full) return [];
    // An uploaded photo's card-sized copy and an entry's 3D capture are kept through the edit.
    const card = safeUrl(item.cardUrl);
    const capture = readCapture(item.capture);
    return [
      {
        thumbUrl: thumb,
        fullUrl: full,
        ...(card ? { cardUrl: card } : {}),
        ...(capture && capture !== 'refused' ? { capture } : {}),
      },
    ];
  });
}

/** Stored category names as the form edits them (some archives hold `{ name }` objects). */
export function formNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (isRecord(item) && typeof item.name === 'string') return [item.name];
    return [];
  });
}
