/**
 * How forms and the API check each field of an item strictly: what an editor can fix is refused in
 * plain words, shown beside the field (the editor) or answered as a 400 (the nodes-service). The
 * fields' table (`@/lib/itemFields`) names a check per field; `validateNode` runs them together
 * with the rules that read several fields. Archive files are read leniently by `@/lib/itemReaders`.
 */
import { plural, t } from '@lingui/core/macro';
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
import {
  categoryNameTooLong,
  creditTooLong,
  descriptionTooLong,
  titleTooLong,
  tooManyCategories,
} from '@/lib/fieldLimitWords';
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

/**
 * The messages are functions, said in the active language when a check fails (the service speaks
 * English); never made when this module loads.
 */
export type Words = () => string;

/** An id's refusals, in whole sentences for the id itself or for a related item's. */
export interface IdWords {
  notText: Words;
  missing: Words;
  tooLong: Words;
  pattern: Words;
}

/** An id's check (an item's, a story's, a reference to one), refused in `words`. */
export const nodeId = (words: IdWords) =>
  z
    .string({ error: words.notText })
    .trim()
    .min(1, { error: words.missing })
    .max(NODE_ID_MAX, { error: words.tooLong })
    .regex(NODE_ID_PATTERN, { error: words.pattern });

const ID_WORDS: IdWords = {
  notText: () => t({ message: 'The id must be text.', comment: "An archive item's id" }),
  missing: () => t({ message: 'The id is required.', comment: "An archive item's id" }),
  tooLong: () => {
    const max = NODE_ID_MAX;
    return plural(max, {
      one: 'The id must be at most # character.',
      other: 'The id must be at most # characters.',
    });
  },
  pattern: () =>
    t({
      message: 'The id may use only letters, digits, "-" and "_", starting with a letter or digit.',
      comment: "An archive item's id, which its address carries",
    }),
};

const RELATED_ID_WORDS: IdWords = {
  notText: () =>
    t({ message: 'A related item must be text.', comment: "A related item's id, in a list" }),
  missing: () =>
    t({ message: 'A related item is required.', comment: "A related item's id, in a list" }),
  tooLong: () => {
    const max = NODE_ID_MAX;
    return plural(max, {
      one: 'A related item must be at most # character.',
      other: 'A related item must be at most # characters.',
    });
  },
  pattern: () =>
    t({
      message:
        'A related item may use only letters, digits, "-" and "_", starting with a letter or digit.',
      comment: "A related item's id, in a list",
    }),
};

const mustBeText: Words = () => t`Must be text.`;

/** Optional text, trimmed: absent or null is empty. */
export const optionalText = z
  .string({ error: mustBeText })
  .nullish()
  .transform((value) => (value ?? '').trim());

/** An optional image link: empty or absent is none, else it must pass `safeUrl`. */
export const imageUrl = z
  .string({ error: () => t`An image link must be text.` })
  .nullish()
  .refine((value) => value == null || value.trim() === '' || safeUrl(value) !== null, {
    error: () => t`An image link must be an http(s) address or a path on this site.`,
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
        .string({ error: () => t`A 3D capture needs a link.` })
        .refine((value) => safeUrl(value) !== null, {
          error: () => t`A 3D capture link must be an http(s) address or a path on this site.`,
        })
        .transform((value) => safeUrl(value) as string),
      format: z.enum(CAPTURE_FORMATS, {
        error: () => t`A 3D capture is a glb, ply, splat or spz file.`,
      }),
    },
    { error: () => t`A 3D capture is a link and a format.` },
  )
  .nullish();

const image = z
  .object(
    // The card-sized copy is optional and stands in for nothing: without it a card shows the
    // thumbnail. It is checked by the same rule as the others.
    { thumbUrl: imageUrl, fullUrl: imageUrl, cardUrl: imageUrl, capture: captureSchema },
    { error: () => t`Each image must have a thumbnail or full-size link.` },
  )
  .transform(({ thumbUrl, fullUrl, cardUrl, capture: model }, ctx): NodeImage => {
    const thumb = thumbUrl ?? fullUrl;
    const full = fullUrl ?? thumbUrl;
    if (thumb === null || full === null) {
      ctx.addIssue({ code: 'custom', message: t`Give the image a link.` });
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
  .string({ error: () => t`A category must be a name.` })
  .transform(singleLine)
  .pipe(
    z
      .string()
      .min(1, { error: () => t`A category needs a name.` })
      .max(NODE_CATEGORY_NAME_MAX, { error: () => categoryNameTooLong(NODE_CATEGORY_NAME_MAX) })
      .refine((name) => slugify(name) !== '', {
        error: () => t`A category name needs a letter or a digit.`,
      }),
  );

/**
 * An optional recording date (`@/lib/itemDate`): empty or absent is none; anything else must read
 * as a day, a time with its offset or a range, no later than tomorrow. Shared by the forms.
 */
export const itemDateField = z
  .string({ error: () => t`The date must be text.` })
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
  .string({ error: () => t`The credit must be text.` })
  .nullish()
  .transform((value) => singleLine(value ?? ''))
  .pipe(z.string().max(CREDIT_MAX, { error: () => creditTooLong(CREDIT_MAX) }))
  .transform((value) => (value === '' ? null : value));

/** A licence by its id (`@/lib/license`); empty or absent is none, an unknown one is refused. */
export const licenseField = z
  .string({ error: () => t`Choose a licence from the list.` })
  .nullish()
  .transform((value, ctx): LicenseId | null => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const license = readLicenseId(value);
    if (license !== null) return license;
    ctx.addIssue({ code: 'custom', message: t`Choose a licence from the list.` });
    return z.NEVER;
  });

/** A latitude or a longitude, between -`limit` and `limit` degrees. */
const coordinate = (limit: number, words: { notNumber: Words; outside: Words }) =>
  z
    .number({ error: words.notNumber })
    .min(-limit, { error: words.outside })
    .max(limit, { error: words.outside });

/** The id: what URLs and links carry, not one the service's own paths use. */
export const videoIdCheck = nodeId(ID_WORDS).refine((id) => !RESERVED_NODE_IDS.includes(id), {
  error: () => t`This id is reserved; choose another.`,
});

/** Video or gallery; absent is a video (SPEC §3). */
export const typeCheck = z
  .enum(['video', 'gallery'], {
    error: () =>
      t({
        message: 'The type must be video or gallery.',
        comment: "An archive item's type: a video, or a gallery of photos",
      }),
  })
  .nullish()
  .transform((type): MediaType => type ?? 'video');

/** A title: required, one line. */
export const titleCheck = z
  .string({ error: () => t`The title is required.` })
  .transform((title) => singleLine(title))
  .pipe(
    z
      .string()
      .min(1, { error: () => t`The title is required.` })
      .max(NODE_TITLE_MAX, { error: () => titleTooLong(NODE_TITLE_MAX) }),
  );

/** A description: optional, several lines. */
export const descriptionCheck = optionalText
  .transform(withoutControls)
  .pipe(
    z.string().max(NODE_DESCRIPTION_MAX, { error: () => descriptionTooLong(NODE_DESCRIPTION_MAX) }),
  );

/** The video's id or link as typed: read together by the cross-field rules (`@/lib/nodeSchema`). */
export const youtubeTextCheck = optionalText;

/** A gallery's photos, in order. */
export const imagesCheck = z
  .array(image, { error: () => t`Images must be a list.` })
  .max(NODE_IMAGES_MAX, {
    error: () => {
      const max = NODE_IMAGES_MAX;
      return plural(max, {
        one: 'A gallery holds at most # image.',
        other: 'A gallery holds at most # images.',
      });
    },
  })
  .nullish()
  .transform((images) => images ?? []);

/** Category names, one per slug. */
export const categoriesCheck = z
  .array(category, { error: () => t`Categories must be a list of names.` })
  .max(NODE_CATEGORIES_MAX, { error: () => tooManyCategories(NODE_CATEGORIES_MAX) })
  .nullish()
  .transform(uniqueCategories);

/** Related items' ids, each once. */
export const linksCheck = z
  .array(nodeId(RELATED_ID_WORDS), { error: () => t`Related items must be a list of ids.` })
  .max(NODE_LINKS_MAX, {
    error: () => {
      const max = NODE_LINKS_MAX;
      return plural(max, {
        one: 'Link at most # related item.',
        other: 'Link at most # related items.',
      });
    },
  })
  .nullish()
  .transform((links) => [...new Set(links ?? [])]);

export const latCheck = coordinate(90, {
  notNumber: () => t`Latitude must be a number between -90 and 90.`,
  outside: () => t`Latitude must be between -90 and 90.`,
});
export const lngCheck = coordinate(180, {
  notNumber: () => t`Longitude must be a number between -180 and 180.`,
  outside: () => t`Longitude must be between -180 and 180.`,
});

/** The forms' check of a language: empty or absent is none; anything else must be a language tag. */
export const languageCheck = z
  .string({ error: () => t`Choose a language from the list.` })
  .nullish()
  .transform((value, ctx): string | undefined => {
    if (value === undefined || value === null || value.trim() === '') return undefined;
    const tag = canonicalLanguageTag(value);
    if (tag !== null) return tag;
    ctx.addIssue({
      code: 'custom',
      message: t({
        message: 'Give the language as a tag such as en, es or bs.',
        comment: 'A language tag (BCP 47): keep en, es and bs as they are',
      }),
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
