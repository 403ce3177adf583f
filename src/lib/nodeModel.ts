import { readCapture, type NodeCapture } from '@/lib/capture';
import { DEFAULT_THUMBNAIL_URL, MAX_CARD_PREVIEW_IMAGES } from '@/lib/constants';
import { readItemDate } from '@/lib/itemDate';
import { CREDIT_MAX, readLicenseId, type LicenseId } from '@/lib/license';
import type { MediaType } from '@/lib/mediaType';
import { slugify } from '@/lib/slug';
import { runSteps, type Steps } from '@/lib/steps';
import { safeUrl } from '@/lib/url';
import { extractYouTubeId, isYouTubeId, youtubeThumbnailUrl, youtubeWatchUrl } from '@/lib/youtube';

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

/**
 * A media node after normalisation: every SPEC §3 rule applied, every URL checked, every field of
 * the type it says. Plain data, so it can live in the Redux store and travel as JSON.
 */
export interface MediaNode {
  video_id: string;
  type: MediaType;
  title: string;
  description: string;
  /** Provider id (videos only); `null` when the video has none. */
  youtube_id: string | null;
  /** Standard watch URL, in sync with `youtube_id`. */
  youtube_url: string | null;
  /** A local thumbnail that replaces the provider's (lets an archive render offline). */
  thumbUrl: string | null;
  images: NodeImage[];
  categories: CategoryRef[];
  /** `video_id`s of related nodes that exist in the archive. */
  links: string[];
  lat: number;
  lng: number;
  /**
   * When the media was recorded: an ISO 8601 day, time with offset, or range, as `@/lib/itemDate`
   * reads it; null when the archive does not say (or said something that is not a date).
   */
  date: string | null;
  /** Who made it, as the item credits them ("Anonymous" for one who asked not to be named), or null. */
  credit: string | null;
  /** On what terms it may be reused (`@/lib/license`), or null when the archive does not say. */
  license: LicenseId | null;
}

/** What normalisation did to one node of the input. */
export interface NodeProblem {
  /** Position of the node in the input list. */
  index: number;
  /** The node's id when it has a usable one. */
  id: string | null;
  action: 'dropped' | 'repaired';
  reasons: string[];
}

/** The archive after normalisation. */
export interface NormalizedArchive {
  nodes: MediaNode[];
  problems: NodeProblem[];
}

/** Thrown when the input is not an archive at all (not a list of nodes). */
export class ArchiveFormatError extends Error {
  override name = 'ArchiveFormatError';
}

/** Longest title and description kept; longer text is cut (a hostile or broken record). */
export const MAX_TITLE_LENGTH = 300;
export const MAX_DESCRIPTION_LENGTH = 10_000;
export const MAX_ID_LENGTH = 200;

// Control characters are never meaningful in archive text; tab and newline are kept in descriptions.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL_CHAR = /[\u0000-\u001f\u007f-\u009f]/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? `"${truncate(value, 40)}"` : `a ${typeof value}`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Collects what was repaired in one node, so that it gets one warning, not several. */
class Notes {
  readonly reasons: string[] = [];
  add(reason: string): void {
    this.reasons.push(reason);
  }
}

function readText(
  raw: Record<string, unknown>,
  field: string,
  max: number,
  notes: Notes,
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

function readId(raw: Record<string, unknown>): { id: string | null; reason?: string } {
  const value = raw.video_id;
  if (typeof value === 'number' && Number.isFinite(value)) return { id: String(value) };
  if (typeof value !== 'string') {
    return {
      id: null,
      reason: value === undefined ? 'no video_id' : `video_id was ${describe(value)}`,
    };
  }
  const id = value.trim();
  if (id === '') return { id: null, reason: 'empty video_id' };
  if (id.length > MAX_ID_LENGTH)
    return { id: null, reason: `video_id longer than ${MAX_ID_LENGTH} characters` };
  if (ANY_CONTROL_CHAR.test(id)) return { id: null, reason: 'video_id has control characters' };
  return { id };
}

function readType(raw: Record<string, unknown>, notes: Notes): MediaType {
  const value = raw.type;
  if (value === undefined || value === null || value === '') return 'video';
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'video' || text === 'gallery') {
    if (text !== value) notes.add(`type ${describe(value)} read as "${text}"`);
    return text;
  }
  // SPEC: absent → video; any other value is reported. Guess from the content so nothing is lost.
  const guess: MediaType =
    Array.isArray(raw.images) && raw.images.length > 0 && !raw.youtube_id && !raw.youtube_url
      ? 'gallery'
      : 'video';
  notes.add(`unknown type ${describe(value)}, shown as ${guess}`);
  return guess;
}

function readCoordinate(
  raw: Record<string, unknown>,
  field: 'lat' | 'lng',
  limit: number,
  notes: Notes,
): { value: number | null; reason?: string } {
  const value = raw[field];
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    number = Number(value);
    notes.add(`${field} was text, read as a number`);
  } else {
    return {
      value: null,
      reason: value === undefined ? `no ${field}` : `${field} was ${describe(value)}`,
    };
  }
  if (!Number.isFinite(number)) return { value: null, reason: `${field} is not a finite number` };
  if (Math.abs(number) > limit)
    return { value: null, reason: `${field} ${number} is outside ±${limit}` };
  return { value: number };
}

function readYouTube(
  raw: Record<string, unknown>,
  type: MediaType,
  notes: Notes,
): { youtube_id: string | null; youtube_url: string | null } {
  const rawId = raw.youtube_id;
  const rawUrl = raw.youtube_url;
  const idText = typeof rawId === 'string' ? rawId : null;
  const urlText = typeof rawUrl === 'string' ? rawUrl : null;
  if (rawId != null && idText === null) notes.add(`youtube_id was ${describe(rawId)}, ignored`);
  if (rawUrl != null && urlText === null) notes.add(`youtube_url was ${describe(rawUrl)}, ignored`);

  if (type !== 'video') {
    if (idText || urlText) notes.add('a gallery has no video: youtube_id/youtube_url ignored');
    return { youtube_id: null, youtube_url: null };
  }
  // Whichever is missing is derived from the other (SPEC §3); the id wins when they disagree.
  const fromId = extractYouTubeId(idText);
  const fromUrl = extractYouTubeId(urlText);
  const id = fromId ?? fromUrl;
  // A video without an id is allowed: it shows the default thumbnail (SPEC §3).
  if (id === null) return { youtube_id: null, youtube_url: null };
  if (fromId !== null && fromUrl !== null && fromId !== fromUrl) {
    notes.add(
      `youtube_url names another video (${truncate(fromUrl, 20)}), rebuilt from youtube_id`,
    );
  }
  if (!isYouTubeId(id))
    notes.add(`youtube id "${truncate(id, 40)}" is not an 11-character video id`);
  return { youtube_id: id, youtube_url: youtubeWatchUrl(id) };
}

function readImages(raw: Record<string, unknown>, notes: Notes): NodeImage[] {
  const value = raw.images;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    notes.add(`images was ${describe(value)}, ignored`);
    return [];
  }
  const images: NodeImage[] = [];
  let refused = 0;
  let cardsRefused = 0;
  let capturesRefused = 0;
  for (const item of value) {
    const thumb = isRecord(item) ? safeUrl(item.thumbUrl ?? item.thumb) : null;
    const full = isRecord(item) ? safeUrl(item.fullUrl ?? item.full) : null;
    // One URL is enough to show an image: the other stands in for it.
    const thumbUrl = thumb ?? full;
    const fullUrl = full ?? thumb;
    if (thumbUrl === null || fullUrl === null) {
      refused++;
      continue;
    }
    // Optional: an image without one shows its thumbnail on the card; a bad one is dropped.
    const rawCard = isRecord(item) ? item.cardUrl : undefined;
    const cardUrl = rawCard === undefined || rawCard === null ? null : safeUrl(rawCard);
    if (rawCard != null && cardUrl === null) cardsRefused++;
    // Optional too: a capture that cannot be shown leaves its poster as a photo.
    const capture = readCapture(isRecord(item) ? item.capture : undefined);
    if (capture === 'refused') capturesRefused++;
    images.push({
      thumbUrl,
      fullUrl,
      ...(cardUrl === null ? {} : { cardUrl }),
      ...(capture === null || capture === 'refused' ? {} : { capture }),
    });
  }
  if (refused > 0)
    notes.add(`${refused} image${refused === 1 ? '' : 's'} without a usable URL skipped`);
  if (cardsRefused > 0)
    notes.add(
      `${cardsRefused} image cardUrl${cardsRefused === 1 ? '' : 's'} refused (not an http(s) or relative URL)`,
    );
  if (capturesRefused > 0)
    notes.add(
      `${capturesRefused} image capture${capturesRefused === 1 ? '' : 's'} refused (not a .glb, .ply, .splat or .spz at an http(s) or relative URL); shown as photos`,
    );
  return images;
}

function readDate(raw: Record<string, unknown>, notes: Notes): string | null {
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

function readCredit(raw: Record<string, unknown>, notes: Notes): string | null {
  const credit = readText(raw, 'credit', CREDIT_MAX, notes, { multiline: false });
  return credit === '' ? null : credit;
}

function readLicense(raw: Record<string, unknown>, notes: Notes): LicenseId | null {
  const value = raw.license;
  if (value === undefined || value === null || value === '') return null;
  const license = readLicenseId(value);
  if (license === null)
    notes.add(`license ${describe(value)} is not one this archive knows, dropped`);
  return license;
}

function readCategories(raw: Record<string, unknown>, notes: Notes): CategoryRef[] {
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

function readLinks(raw: Record<string, unknown>, notes: Notes): string[] {
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

interface Candidate {
  node: MediaNode;
  index: number;
  notes: Notes;
}

function normalizeOne(raw: unknown, index: number): Candidate | NodeProblem {
  if (!isRecord(raw)) {
    return {
      index,
      id: null,
      action: 'dropped',
      reasons: [`not a node object (${describe(raw)})`],
    };
  }
  const { id, reason: idReason } = readId(raw);
  const notes = new Notes();
  const lat = readCoordinate(raw, 'lat', 90, notes);
  const lng = readCoordinate(raw, 'lng', 180, notes);
  const fatal = [idReason, lat.reason, lng.reason].filter((r): r is string => r !== undefined);
  if (id === null || lat.value === null || lng.value === null) {
    return { index, id, action: 'dropped', reasons: fatal };
  }
  const type = readType(raw, notes);
  let title = readText(raw, 'title', MAX_TITLE_LENGTH, notes, { multiline: false });
  if (title === '') {
    title = 'Untitled';
    notes.add('no title');
  }
  const thumbUrl =
    raw.thumbUrl === undefined || raw.thumbUrl === null ? null : safeUrl(raw.thumbUrl);
  if (raw.thumbUrl != null && thumbUrl === null)
    notes.add('thumbUrl refused (not an http(s) or relative URL)');
  const node: MediaNode = {
    video_id: id,
    type,
    title,
    description: readText(raw, 'description', MAX_DESCRIPTION_LENGTH, notes, { multiline: true }),
    ...readYouTube(raw, type, notes),
    thumbUrl,
    images: readImages(raw, notes),
    categories: readCategories(raw, notes),
    links: readLinks(raw, notes),
    lat: lat.value,
    lng: lng.value,
    date: readDate(raw, notes),
    credit: readCredit(raw, notes),
    license: readLicense(raw, notes),
  };
  return { node, index, notes };
}

/** Accepts the list of nodes itself, or an archive file's `{ "nodes": [...] }` envelope. */
export function archiveEntries(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (isRecord(raw) && Array.isArray(raw.nodes)) return raw.nodes;
  throw new ArchiveFormatError(
    `The archive is not a list of nodes (got ${describe(raw)}${isRecord(raw) ? ' without a "nodes" list' : ''}).`,
  );
}

/**
 * Applies every rule of SPEC §3 and §5 to a raw archive. Bad data never breaks the archive: a node
 * that cannot be shown (no id, a duplicate id, no usable position, not an object) is dropped, one
 * with lesser faults is repaired, and each such node is listed once in `problems`; the rest load.
 *
 * @throws ArchiveFormatError when `raw` is not a list of nodes at all.
 */
export function normalizeArchive(raw: unknown): NormalizedArchive {
  return runSteps(normalizeArchiveSteps(raw));
}

/**
 * `normalizeArchive` a node at a time (`@/lib/steps`), for a caller that must not hold its thread
 * for a whole large archive (the nodes-service's import).
 */
export function* normalizeArchiveSteps(raw: unknown): Steps<NormalizedArchive> {
  const entries = archiveEntries(raw);
  const problems: NodeProblem[] = [];
  const candidates: Candidate[] = [];
  const ids = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    yield;
    const result = normalizeOne(entry, index);
    if ('action' in result) {
      problems.push(result);
    } else if (ids.has(result.node.video_id)) {
      problems.push({
        index,
        id: result.node.video_id,
        action: 'dropped',
        reasons: ['duplicate video_id'],
      });
    } else {
      ids.add(result.node.video_id);
      candidates.push(result);
    }
  }

  const nodes = candidates.map(({ node, index, notes }) => {
    // Links to ids that are not in the archive (or to the node itself) are ignored.
    const links = node.links.filter((link) => link !== node.video_id && ids.has(link));
    const unknown = node.links.length - links.length;
    if (unknown > 0)
      notes.add(`${unknown} link${unknown === 1 ? '' : 's'} to unknown items ignored`);
    if (notes.reasons.length > 0)
      problems.push({ index, id: node.video_id, action: 'repaired', reasons: notes.reasons });
    return unknown > 0 ? { ...node, links } : node;
  });
  problems.sort((a, b) => a.index - b.index);
  return { nodes, problems };
}

/** One line naming the node and what was done to it, for the console and the server log. */
export function describeProblem(problem: NodeProblem): string {
  const name =
    problem.id === null
      ? `#${problem.index + 1}`
      : `"${truncate(problem.id, 60)}" (#${problem.index + 1})`;
  return `Archive node ${name} ${problem.action}: ${problem.reasons.join('; ')}.`;
}

/** SPEC §3 video thumbnail: a local override, else the provider's high-quality one, else the local default. */
export function videoThumbnailUrl(node: Pick<MediaNode, 'thumbUrl' | 'youtube_id'>): string {
  if (node.thumbUrl !== null) return node.thumbUrl;
  return node.youtube_id === null ? DEFAULT_THUMBNAIL_URL : youtubeThumbnailUrl(node.youtube_id);
}

/** The picture that stands for any item: its video thumbnail, or its gallery's first image. */
export function nodeThumbnailUrl(
  node: Pick<MediaNode, 'type' | 'thumbUrl' | 'youtube_id' | 'images'>,
): string {
  return node.type === 'video'
    ? videoThumbnailUrl(node)
    : (node.images[0]?.thumbUrl ?? DEFAULT_THUMBNAIL_URL);
}

/**
 * The smallest stored image that fills a card's tile on the globe: the image's card-sized copy,
 * else (an image without one: uploaded before those existed, or given by its URL) its thumbnail.
 */
export function cardImageUrl(image: NodeImage): string {
  return image.cardUrl ?? image.thumbUrl;
}

/** The gallery images previewed on a card (the first 8). */
export function cardPreviewImages(node: Pick<MediaNode, 'images'>): NodeImage[] {
  return node.images.slice(0, MAX_CARD_PREVIEW_IMAGES);
}

/** The route that opens a node: `/video/{id}` or `/gallery/{id}`. */
export function nodeRoute(node: Pick<MediaNode, 'type' | 'video_id'>): string {
  return `/${node.type}/${encodeURIComponent(node.video_id)}`;
}
