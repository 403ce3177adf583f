/**
 * The item form's state and its two translations: from a stored node (whatever shape the archive
 * holds) to the fields, and from the fields to the JSON the service validates with the shared
 * schema. Coordinates stay text while typed, so "-9" on the way to "-90.2" is not refused.
 */
import type { MediaType } from '@/lib/mediaType';
import type { NodeImageInput } from '@/lib/nodeSchema';
import { readCapture } from '@/lib/capture';
import { readLicenseId } from '@/lib/license';
import { safeUrl } from '@/lib/url';
import { slugify } from '@/lib/slug';

/** What the item form edits. */
export interface ItemDraft {
  video_id: string;
  type: MediaType;
  title: string;
  description: string;
  youtube_url: string;
  images: NodeImageInput[];
  categories: string[];
  links: string[];
  lat: string;
  lng: string;
  /** When it was recorded: ISO 8601 text (`@/lib/itemDate`), '' for none. */
  date: string;
  /** Who made it, as credited; '' for none. */
  credit: string;
  /** Its licence's id (`@/lib/license`); '' for none. */
  license: string;
}

/** A new item's empty form. */
export const EMPTY_DRAFT: ItemDraft = {
  video_id: '',
  type: 'video',
  title: '',
  description: '',
  youtube_url: '',
  images: [],
  categories: [],
  links: [],
  lat: '',
  lng: '',
  date: '',
  credit: '',
  license: '',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const coordinate = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value);

function images(value: unknown): NodeImageInput[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const raw = item as Record<string, unknown>;
    const thumb = safeUrl(raw.thumbUrl ?? raw.thumb) ?? safeUrl(raw.fullUrl ?? raw.full);
    const full = safeUrl(raw.fullUrl ?? raw.full) ?? thumb;
    if (!thumb || !full) return [];
    // An uploaded photo's card-sized copy and an entry's 3D capture are kept through the edit.
    const card = safeUrl(raw.cardUrl);
    const capture = readCapture(raw.capture);
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

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === 'string') return [item];
    // Some archives hold categories as { name } objects.
    if (
      typeof item === 'object' &&
      item !== null &&
      typeof (item as { name?: unknown }).name === 'string'
    )
      return [(item as { name: string }).name];
    return [];
  });
}

/** The form of a stored node, taking SPEC §3's defaults (type video, id from either field). */
export function draftOfNode(node: Record<string, unknown>): ItemDraft {
  const type: MediaType = node.type === 'gallery' ? 'gallery' : 'video';
  return {
    video_id: text(node.video_id),
    type,
    title: text(node.title),
    description: text(node.description),
    youtube_url: text(node.youtube_url) || text(node.youtube_id),
    images: images(node.images),
    categories: names(node.categories),
    links: Array.isArray(node.links)
      ? node.links.filter((l): l is string => typeof l === 'string')
      : [],
    lat: coordinate(node.lat),
    lng: coordinate(node.lng),
    date: text(node.date),
    credit: text(node.credit),
    // A licence the archive knows, in its own spelling; another stays as it is, for the schema to name.
    license: readLicenseId(node.license) ?? text(node.license),
  };
}

function number(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  // Not a number: sent as text, so the schema's own message names the field.
  return Number.isFinite(parsed) ? parsed : trimmed;
}

/** The JSON the service receives (the shared schema checks it on both sides). */
export function bodyOfDraft(draft: ItemDraft): Record<string, unknown> {
  const isVideo = draft.type === 'video';
  return {
    video_id: draft.video_id.trim(),
    type: draft.type,
    title: draft.title,
    description: draft.description,
    youtube_url: isVideo ? draft.youtube_url : null,
    youtube_id: null,
    images: isVideo ? [] : draft.images,
    categories: draft.categories,
    links: draft.links,
    lat: number(draft.lat),
    lng: number(draft.lng),
    date: draft.date.trim() === '' ? null : draft.date,
    credit: draft.credit,
    license: draft.license === '' ? null : draft.license,
  };
}

/** A parsed position of the form, or null while the fields do not hold one. */
export function positionOfDraft(
  draft: Pick<ItemDraft, 'lat' | 'lng'>,
): { lat: number; lng: number } | null {
  const lat = number(draft.lat);
  const lng = number(draft.lng);
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** An id for a new item from its title, unique among `taken` (`-2`, `-3` … when needed). */
export function suggestId(title: string, taken: ReadonlySet<string>): string {
  const base = slugify(title).slice(0, 80).replace(/-+$/, '');
  if (base === '') return '';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

/** Labels of the fields, for a conflict's list of what changed. */
export const FIELD_LABELS: Record<keyof ItemDraft, string> = {
  video_id: 'Id',
  type: 'Type',
  title: 'Title',
  description: 'Description',
  youtube_url: 'YouTube link',
  images: 'Photos',
  categories: 'Categories',
  links: 'Related items',
  lat: 'Latitude',
  lng: 'Longitude',
  date: 'Date',
  credit: 'Credit',
  license: 'Licence',
};

/** The fields whose values differ between two drafts. */
export function changedFields(a: ItemDraft, b: ItemDraft): (keyof ItemDraft)[] {
  return (Object.keys(FIELD_LABELS) as (keyof ItemDraft)[]).filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}
