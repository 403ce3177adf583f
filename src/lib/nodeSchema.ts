/**
 * The one validation schema for a node as an editor submits it, shared by the editor (errors beside
 * the fields) and the nodes-service (400 with the same messages), so both refuse the same input in
 * the same words. It checks what an editor can fix; `normalizeArchive` stays the forgiving reader
 * of whatever an archive already holds.
 */
import { z } from 'zod';
import { CAPTURE_FORMATS } from '@/lib/capture';
import { readItemDate } from '@/lib/itemDate';
import { CREDIT_MAX, readLicenseId, type LicenseId } from '@/lib/license';
import type { MediaType } from '@/lib/mediaType';
import type { NodeImage } from '@/lib/nodeModel';
import { slugify } from '@/lib/slug';
import { storableTextErrors } from '@/lib/storableText';
import { safeUrl } from '@/lib/url';
import { extractYouTubeId, isYouTubeId, youtubeWatchUrl } from '@/lib/youtube';

/** Limits of an editor's submission. */
export const NODE_TITLE_MAX = 200;
export const NODE_DESCRIPTION_MAX = 5000;
export const NODE_CATEGORIES_MAX = 20;
export const NODE_CATEGORY_NAME_MAX = 60;
export const NODE_IMAGES_MAX = 100;
export const NODE_LINKS_MAX = 100;
export const NODE_ID_MAX = 100;

/**
 * Ids are what URLs (`/video/{id}`) and links carry: letters, digits, `-` and `_`, starting with a
 * letter or digit. Upper case and `_` are allowed so that ids already in an archive stay editable.
 */
export const NODE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** Ids the service's own paths use (`/nodes/journal`), so no node may take them. */
export const RESERVED_NODE_IDS: readonly string[] = ['journal'];

/**
 * One gallery image as stored: every URL checked by `safeUrl` (the model's own shape), the
 * card-sized copy's only when the image has one.
 */
export type NodeImageInput = NodeImage;

/**
 * A node as the service stores it after validation: every field present and in its final form.
 * A type alias, not an interface, so it is assignable to a store's `Record<string, unknown>`.
 */
export type NodeInput = {
  video_id: string;
  type: MediaType;
  title: string;
  description: string;
  youtube_id: string | null;
  youtube_url: string | null;
  images: NodeImageInput[];
  categories: string[];
  links: string[];
  lat: number;
  lng: number;
  /** When it was recorded: an ISO 8601 day, time or range (`@/lib/itemDate`), or null. */
  date: string | null;
  /** Who made it, as credited ("Anonymous" when they asked not to be named), or null. */
  credit: string | null;
  /** Its licence (`@/lib/license`), or null when not stated. */
  license: LicenseId | null;
};

/** A refusal for one field: `path` is dotted (`images.0.thumbUrl`), empty for the whole node. */
export interface FieldError {
  path: string;
  message: string;
}

/** What `validateNode` answers. */
export type NodeValidation = { ok: true; node: NodeInput } | { ok: false; errors: FieldError[] };

// Control characters are never meaningful in a title or a name; tab and newline are kept in text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const LINE_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/** One line of text: trimmed, controls removed, runs of white space made one space. */
export function singleLine(text: string): string {
  return text.replace(LINE_CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

/** Text of several lines: control characters removed, tabs and newlines kept. */
export function withoutControls(text: string): string {
  return text.replace(CONTROL_CHARS, '');
}

/**
 * Category names, one per slug (SPEC §3: two names with one slug are one category), keeping the
 * first spelling; names without a letter or digit are dropped.
 */
export function uniqueCategories(names: readonly string[] | null | undefined): string[] {
  const seen = new Set<string>();
  return (names ?? []).filter((name) => {
    const slug = slugify(name);
    if (slug === '' || seen.has(slug)) return false;
    seen.add(slug);
    return true;
  });
}

/**
 * One error per field path, first message first, from zod's issues and a schema's cross-field
 * errors (zod skips those while another field fails; adding them shows every error at once).
 */
export function collectFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  crossField: readonly FieldError[],
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const all = [
    ...issues,
    ...crossField.map((e) => ({ path: e.path.split('.'), message: e.message })),
  ];
  for (const issue of all) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    errors.push({ path, message: issue.message });
  }
  return errors;
}

const nodeId = (what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .min(1, { error: `${what} is required.` })
    .max(NODE_ID_MAX, { error: `${what} must be at most ${NODE_ID_MAX} characters.` })
    .regex(NODE_ID_PATTERN, {
      error: `${what} may use only letters, digits, "-" and "_", starting with a letter or digit.`,
    });

const optionalText = z
  .string({ error: 'Must be text.' })
  .nullish()
  .transform((value) => (value ?? '').trim());

const imageUrl = z
  .string({ error: 'An image link must be text.' })
  .nullish()
  .refine((value) => value == null || value.trim() === '' || safeUrl(value) !== null, {
    error: 'An image link must be an http(s) address or a path on this site.',
  })
  .transform((value) => (value == null ? null : safeUrl(value)));

/**
 * A gallery entry's 3D capture: its file's link and format (see `@/lib/capture`); also what a
 * visitor's submitted image may carry.
 */
export const captureSchema = z
  .object(
    {
      url: z
        .string({ error: 'A 3D capture needs a link.' })
        .refine((value) => safeUrl(value) !== null, {
          error: 'A 3D capture link must be an http(s) address or a path on this site.',
        })
        .transform((value) => safeUrl(value) as string),
      format: z.enum(CAPTURE_FORMATS, { error: 'A 3D capture is a glb, ply, splat or spz file.' }),
    },
    { error: 'A 3D capture is a link and a format.' },
  )
  .nullish();

const image = z
  .object(
    // The card-sized copy is optional and stands in for nothing: without it a card shows the
    // thumbnail. It is checked by the same rule as the others.
    { thumbUrl: imageUrl, fullUrl: imageUrl, cardUrl: imageUrl, capture: captureSchema },
    { error: 'Each image must have a thumbnail or full-size link.' },
  )
  .transform(({ thumbUrl, fullUrl, cardUrl, capture: model }, ctx): NodeImageInput => {
    const thumb = thumbUrl ?? fullUrl;
    const full = fullUrl ?? thumbUrl;
    if (thumb === null || full === null) {
      ctx.addIssue({ code: 'custom', message: 'Give the image a link.' });
      return z.NEVER;
    }
    return {
      thumbUrl: thumb,
      fullUrl: full,
      ...(cardUrl === null ? {} : { cardUrl }),
      ...(model ? { capture: model } : {}),
    };
  });

const category = z
  .string({ error: 'A category must be a name.' })
  .transform(singleLine)
  .pipe(
    z
      .string()
      .min(1, { error: 'A category needs a name.' })
      .max(NODE_CATEGORY_NAME_MAX, {
        error: `A category name must be at most ${NODE_CATEGORY_NAME_MAX} characters.`,
      })
      .refine((name) => slugify(name) !== '', {
        error: 'A category name needs a letter or a digit.',
      }),
  );

/**
 * An optional recording date (`@/lib/itemDate`): empty or absent is none; anything else must read
 * as a day, a time with its offset or a range, no later than tomorrow. Shared by the forms.
 */
export const itemDateField = z
  .string({ error: 'The date must be text.' })
  .nullish()
  .transform((value, ctx): string | null => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const reading = readItemDate(value);
    if (reading.ok) return reading.date.text;
    ctx.addIssue({ code: 'custom', message: reading.message });
    return z.NEVER;
  });

/** A credit line: one line of at most `CREDIT_MAX` characters; empty or absent is none. */
export const creditField = z
  .string({ error: 'The credit must be text.' })
  .nullish()
  .transform((value) => singleLine(value ?? ''))
  .pipe(z.string().max(CREDIT_MAX, { error: `A credit must be at most ${CREDIT_MAX} characters.` }))
  .transform((value) => (value === '' ? null : value));

/** A licence by its id (`@/lib/license`); empty or absent is none, an unknown one is refused. */
export const licenseField = z
  .string({ error: 'Choose a licence from the list.' })
  .nullish()
  .transform((value, ctx): LicenseId | null => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const license = readLicenseId(value);
    if (license !== null) return license;
    ctx.addIssue({ code: 'custom', message: 'Choose a licence from the list.' });
    return z.NEVER;
  });

const coordinate = (name: string, limit: number) =>
  z
    .number({ error: `${name} must be a number between -${limit} and ${limit}.` })
    .min(-limit, { error: `${name} must be between -${limit} and ${limit}.` })
    .max(limit, { error: `${name} must be between -${limit} and ${limit}.` });

/** The fields the cross-field rules read, as far as they can be read from any input. */
interface CrossFieldInput {
  type: MediaType;
  youtube_id: string | null;
  youtube_url: string | null;
  imageCount: number;
  video_id: string | null;
  links: readonly unknown[];
}

function crossFieldInput(input: unknown): CrossFieldInput {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : null);
  return {
    type: raw.type === 'gallery' ? 'gallery' : 'video',
    youtube_id: text(raw.youtube_id),
    youtube_url: text(raw.youtube_url),
    imageCount: Array.isArray(raw.images) ? raw.images.length : 0,
    video_id: text(raw.video_id),
    links: Array.isArray(raw.links) ? raw.links : [],
  };
}

/** SPEC §3/§5: either field gives the id; null when neither names one video. */
function youtubeIdOf(raw: {
  youtube_id?: string | null;
  youtube_url?: string | null;
}): string | null {
  const fromId = extractYouTubeId(raw.youtube_id ?? null);
  const fromUrl = extractYouTubeId(raw.youtube_url ?? null);
  if (fromId !== null && !isYouTubeId(fromId)) return null;
  if (fromUrl !== null && !isYouTubeId(fromUrl)) return null;
  if (fromId !== null && fromUrl !== null && fromId !== fromUrl) return null;
  return fromId ?? fromUrl;
}

/**
 * The rules that read more than one field (the video's link, a gallery's images, a link to
 * itself). Run on the raw input as well, so an editor sees them together with the other fields'
 * errors instead of only after fixing those.
 */
function crossFieldErrors(input: unknown): FieldError[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const raw = crossFieldInput(input);
  const errors: FieldError[] = [];
  if (raw.type === 'video') {
    const fromId = extractYouTubeId(raw.youtube_id);
    const fromUrl = extractYouTubeId(raw.youtube_url);
    if (fromId === null && fromUrl === null) {
      errors.push({ path: 'youtube_url', message: 'Give the YouTube link of the video.' });
    } else if (fromId !== null && !isYouTubeId(fromId)) {
      errors.push({
        path: 'youtube_id',
        message: 'A YouTube video id is 11 letters, digits, "-" or "_".',
      });
    } else if (fromUrl !== null && !isYouTubeId(fromUrl)) {
      errors.push({
        path: 'youtube_url',
        message: 'This is not a YouTube video link (no 11-character video id in it).',
      });
    } else if (fromId !== null && fromUrl !== null && fromId !== fromUrl) {
      errors.push({
        path: 'youtube_url',
        message: 'The link and the video id name different videos.',
      });
    }
  } else if (raw.imageCount === 0) {
    errors.push({ path: 'images', message: 'Add at least one image to a gallery.' });
  }
  if (raw.video_id !== null && raw.links.includes(raw.video_id)) {
    errors.push({ path: 'links', message: 'An item cannot be related to itself.' });
  }
  return errors;
}

const nodeSchema = z
  .object(
    {
      video_id: nodeId('The id').refine((id) => !RESERVED_NODE_IDS.includes(id), {
        error: 'This id is reserved; choose another.',
      }),
      type: z
        .enum(['video', 'gallery'], { error: 'The type must be video or gallery.' })
        .nullish()
        .transform((type): MediaType => type ?? 'video'),
      title: z
        .string({ error: 'The title is required.' })
        .transform((title) => singleLine(title))
        .pipe(
          z
            .string()
            .min(1, { error: 'The title is required.' })
            .max(NODE_TITLE_MAX, {
              error: `The title must be at most ${NODE_TITLE_MAX} characters.`,
            }),
        ),
      description: optionalText.transform(withoutControls).pipe(
        z.string().max(NODE_DESCRIPTION_MAX, {
          error: `The description must be at most ${NODE_DESCRIPTION_MAX.toLocaleString('en')} characters.`,
        }),
      ),
      youtube_url: optionalText,
      youtube_id: optionalText,
      images: z
        .array(image, { error: 'Images must be a list.' })
        .max(NODE_IMAGES_MAX, { error: `A gallery holds at most ${NODE_IMAGES_MAX} images.` })
        .nullish()
        .transform((images) => images ?? []),
      categories: z
        .array(category, { error: 'Categories must be a list of names.' })
        .max(NODE_CATEGORIES_MAX, {
          error: `Choose at most ${NODE_CATEGORIES_MAX} categories.`,
        })
        .nullish()
        .transform(uniqueCategories),
      links: z
        .array(nodeId('A related item'), { error: 'Related items must be a list of ids.' })
        .max(NODE_LINKS_MAX, { error: `Link at most ${NODE_LINKS_MAX} related items.` })
        .nullish()
        .transform((links) => [...new Set(links ?? [])]),
      lat: coordinate('Latitude', 90),
      lng: coordinate('Longitude', 180),
      date: itemDateField,
      credit: creditField,
      license: licenseField,
    },
    { error: 'The item must be a JSON object.' },
  )
  .transform((raw, ctx): NodeInput => {
    const youtube_id = raw.type === 'video' ? youtubeIdOf(raw) : null;
    for (const issue of crossFieldErrors(raw)) {
      ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
    }
    return {
      video_id: raw.video_id,
      type: raw.type,
      title: raw.title,
      description: raw.description,
      youtube_id,
      youtube_url: youtube_id === null ? null : youtubeWatchUrl(youtube_id),
      // A video shows its provider thumbnail; images belong to galleries only.
      images: raw.type === 'gallery' ? raw.images : [],
      categories: raw.categories,
      links: raw.links,
      lat: raw.lat,
      lng: raw.lng,
      date: raw.date,
      credit: raw.credit,
      license: raw.license,
    };
  });

/**
 * Checks a node as an editor submits it.
 *
 * @returns the clean node (text trimmed, the YouTube id and link in sync, duplicates removed), or
 *   one plain-words error per field path, in the order of the form.
 */
export function validateNode(input: unknown): NodeValidation {
  const unstorable = storableTextErrors(input);
  if (unstorable.length > 0) return { ok: false, errors: unstorable };
  const result = nodeSchema.safeParse(input);
  if (result.success) return { ok: true, node: result.data };
  return { ok: false, errors: collectFieldErrors(result.error.issues, crossFieldErrors(input)) };
}
