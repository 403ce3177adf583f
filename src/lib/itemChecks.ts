/**
 * How forms and the API check each field of an item strictly: what an editor can fix is refused in
 * plain words, shown beside the field (the editor) or answered as a 400 (the nodes-service). The
 * fields' table (`@/lib/itemFields`) names a check per field; `validateNode` runs them together
 * with the rules that read several fields. Archive files are read leniently by `@/lib/itemReaders`.
 */
import { z } from 'zod';
import {
  NODE_CATEGORIES_MAX,
  NODE_CATEGORY_NAME_MAX,
  NODE_DESCRIPTION_MAX,
  NODE_ID_MAX,
  NODE_ID_PATTERN,
  NODE_IMAGES_MAX,
  NODE_LINKS_MAX,
  NODE_TITLE_MAX,
  RESERVED_NODE_IDS,
} from '@/lib/itemLimits';
import { CAPTURE_FORMATS } from '@/lib/capture';
import { readItemDate } from '@/lib/itemDate';
import type { NodeImage } from '@/lib/itemReaders';
import type { StoredFieldName } from '@/lib/itemFields';
import { canonicalLanguageTag } from '@/lib/language';
import { CREDIT_MAX, readLicenseId, type LicenseId } from '@/lib/license';
import type { MediaType } from '@/lib/mediaType';
import { slugify } from '@/lib/slug';
import { safeUrl } from '@/lib/url';

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
  .transform(({ thumbUrl, fullUrl, cardUrl, capture: model }, ctx): NodeImage => {
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

/** The id: what URLs and links carry, not one the service's own paths use. */
export const videoIdCheck = nodeId('The id').refine((id) => !RESERVED_NODE_IDS.includes(id), {
  error: 'This id is reserved; choose another.',
});

/** Video or gallery; absent is a video (SPEC §3). */
export const typeCheck = z
  .enum(['video', 'gallery'], { error: 'The type must be video or gallery.' })
  .nullish()
  .transform((type): MediaType => type ?? 'video');

/** A title: required, one line. */
export const titleCheck = z
  .string({ error: 'The title is required.' })
  .transform((title) => singleLine(title))
  .pipe(
    z
      .string()
      .min(1, { error: 'The title is required.' })
      .max(NODE_TITLE_MAX, {
        error: `The title must be at most ${NODE_TITLE_MAX} characters.`,
      }),
  );

/** A description: optional, several lines. */
export const descriptionCheck = optionalText.transform(withoutControls).pipe(
  z.string().max(NODE_DESCRIPTION_MAX, {
    error: `The description must be at most ${NODE_DESCRIPTION_MAX.toLocaleString('en')} characters.`,
  }),
);

/** The video's id or link as typed: read together by the cross-field rules (`@/lib/nodeSchema`). */
export const youtubeTextCheck = optionalText;

/** A gallery's photos, in order. */
export const imagesCheck = z
  .array(image, { error: 'Images must be a list.' })
  .max(NODE_IMAGES_MAX, { error: `A gallery holds at most ${NODE_IMAGES_MAX} images.` })
  .nullish()
  .transform((images) => images ?? []);

/** Category names, one per slug. */
export const categoriesCheck = z
  .array(category, { error: 'Categories must be a list of names.' })
  .max(NODE_CATEGORIES_MAX, {
    error: `Choose at most ${NODE_CATEGORIES_MAX} categories.`,
  })
  .nullish()
  .transform(uniqueCategories);

/** Related items' ids, each once. */
export const linksCheck = z
  .array(nodeId('A related item'), { error: 'Related items must be a list of ids.' })
  .max(NODE_LINKS_MAX, { error: `Link at most ${NODE_LINKS_MAX} related items.` })
  .nullish()
  .transform((links) => [...new Set(links ?? [])]);

export const latCheck = coordinate('Latitude', 90);
export const lngCheck = coordinate('Longitude', 180);

/** The forms' check of a language: empty or absent is none; anything else must be a language tag. */
export const languageCheck = z
  .string({ error: 'Choose a language from the list.' })
  .nullish()
  .transform((value, ctx): string | undefined => {
    if (value === undefined || value === null || value.trim() === '') return undefined;
    const tag = canonicalLanguageTag(value);
    if (tag !== null) return tag;
    ctx.addIssue({
      code: 'custom',
      message: 'Give the language as a tag such as en, es or bs.',
    });
    return z.NEVER;
  });

/**
 * Each stored field's check (`@/lib/itemFields` declares the fields), here rather than in the
 * table so that reading an archive, which the app does before its first frame, never loads the
 * schema library. A stored field without a check is a type error.
 */
export const FIELD_CHECKS = {
  video_id: videoIdCheck,
  type: typeCheck,
  title: titleCheck,
  description: descriptionCheck,
  youtube_id: youtubeTextCheck,
  youtube_url: youtubeTextCheck,
  images: imagesCheck,
  categories: categoriesCheck,
  links: linksCheck,
  lat: latCheck,
  lng: lngCheck,
  date: itemDateField,
  credit: creditField,
  license: licenseField,
  language: languageCheck,
} satisfies Record<StoredFieldName, z.ZodType>;
