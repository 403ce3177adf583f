/**
 * The community's forms, checked by one schema on both sides: `/submit` (a video link or photos
 * with what they show) and `/contact` (a message to the editors). The visitor's browser shows
 * these messages beside the fields; the nodes-service answers 400 with the same ones.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { z } from 'zod';
import { i18n } from '@/i18n/i18n';
import { LANGUAGES, type Language } from '@/i18n/languages';
import type { FieldError, NodeImageInput } from '@/lib/nodeSchema';
import {
  NODE_CATEGORIES_MAX,
  NODE_CATEGORY_NAME_MAX,
  NODE_DESCRIPTION_MAX,
  NODE_TITLE_MAX,
} from '@/lib/itemLimits';
import {
  captureSchema,
  collectFieldErrors,
  itemDateField,
  singleLine,
  uniqueCategories,
  withoutControls,
} from '@/lib/nodeSchema';
import {
  categoryNameTooLong,
  creditTooLong,
  descriptionTooLong,
  titleTooLong,
  tooManyCategories,
  type TooLong,
} from '@/lib/fieldLimitWords';
import { VISITOR_FIELDS } from '@/lib/itemFields';
import { ANONYMOUS_CREDIT, CREDIT_MAX, SUBMIT_LICENSE_IDS, type LicenseId } from '@/lib/license';
import { storableTextErrors } from '@/lib/storableText';
import { rightsErrors } from '@/lib/submissionRights';
import { CURRENT_TERMS } from '@/lib/terms';
import { safeUrl } from '@/lib/url';
import { extractYouTubeId, isYouTubeId, youtubeWatchUrl } from '@/lib/youtube';

/** Limits of the community's forms. */
export const SUBMISSION_IMAGES_MAX = 20;
export const SUBMISSION_PLACE_TEXT_MAX = 300;
export const SENDER_NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;
/** Forms one client may send per minute (each of /submit and /contact), SPEC-independent. */
export const FORMS_PER_MINUTE = 5;
/** Photos one client without an editor's sign-in may upload per ten minutes. */
export const COMMUNITY_UPLOADS_PER_10_MIN = 40;
export { UPLOAD_FORMATS_TEXT, UPLOAD_MAX_BYTES } from '@/lib/uploadLimits';

/** What a visitor sends: a video link, or photos uploaded first to `/uploads`. */
export type SubmissionKind = 'video' | 'photos';

/** Whether recognisable people are shown: nobody can be recognised, or those who can agreed. */
export const PEOPLE_ANSWERS = ['not-recognisable', 'agreed'] as const;
export type PeopleAnswer = (typeof PEOPLE_ANSWERS)[number];
/** The sender's age: 16 or older, or a parent or guardian agreed. */
export const AGE_ANSWERS = ['16-or-older', 'guardian-agreed'] as const;
export type AgeAnswer = (typeof AGE_ANSWERS)[number];

/** Each answer as the form offers it and an editor reads it, read with `i18n._` where shown. */
export const PEOPLE_LABELS: Readonly<Record<PeopleAnswer, MessageDescriptor>> = {
  'not-recognisable': msg({
    message: 'Nobody can be recognised in it',
    comment:
      'An answer on /submit to "People shown": nobody can be recognised in the photo or video',
  }),
  agreed: msg({
    message: 'The people who can be recognised have agreed to it being published',
    comment: 'An answer on /submit to "People shown"',
  }),
};
export const AGE_LABELS: Readonly<Record<AgeAnswer, MessageDescriptor>> = {
  '16-or-older': msg({
    message: 'I am 16 or older',
    comment: 'An answer on /submit to "Your age"',
  }),
  'guardian-agreed': msg({
    message: 'I am under 16, and a parent or guardian agreed',
    comment: 'An answer on /submit to "Your age"',
  }),
};

/**
 * A table of words in the active language: each key reads its descriptor when it is read (never
 * when the module loads), so the page shows the visitor's language and the service its English.
 */
export function activeWords<K extends string>(
  labels: Readonly<Record<K, MessageDescriptor>>,
): Readonly<Record<K, string>> {
  const words = {} as Record<K, string>;
  for (const key of Object.keys(labels) as K[])
    Object.defineProperty(words, key, { enumerable: true, get: () => i18n._(labels[key]) });
  return words;
}

/** The answers' words in the active language, read when said (an editor's summary). */
export const PEOPLE_WORDS: Readonly<Record<PeopleAnswer, string>> = activeWords(PEOPLE_LABELS);
export const AGE_WORDS: Readonly<Record<AgeAnswer, string>> = activeWords(AGE_LABELS);

/**
 * What a contributor agreed to on /submit (issue 31), as the submission keeps it and an editor
 * reads it: how to credit them, the licence, the people shown, their age and the terms' version.
 */
export interface SubmissionRights {
  /** The name to credit, or "Anonymous". */
  credit: string;
  license: LicenseId;
  people: PeopleAnswer;
  age: AgeAnswer;
  /** The version of the terms (`@/lib/terms`) they agreed to. */
  terms: string;
  /** The language they read the terms in (issue 49); absent where the sender's page did not say. */
  termsLanguage?: Language;
}

/** A submission after validation. */
export type SubmissionInput = {
  kind: SubmissionKind;
  /** Videos: the standard watch link built from the id (null for photos). */
  youtube_url: string | null;
  youtube_id: string | null;
  /** Photos: the uploaded images, in the visitor's order (empty for a video). */
  images: NodeImageInput[];
  title: string;
  description: string;
  categories: string[];
  /** A place picked on the globe, or null. */
  place: { lat: number; lng: number } | null;
  /** A place described in words ('' when none). */
  place_text: string;
  /**
   * When it was recorded (`@/lib/itemDate`), or null when the visitor did not say; absent from
   * submissions stored before the form asked.
   */
  date?: string | null;
  name: string;
  email: string;
  /** What the contributor agreed to; absent from submissions stored before the form asked. */
  rights?: SubmissionRights;
};

/** A contact message after validation. */
export type ContactInput = {
  name: string;
  email: string;
  message: string;
};

export type SubmissionValidation =
  { ok: true; submission: SubmissionInput } | { ok: false; errors: FieldError[]; spam?: boolean };
export type ContactValidation =
  { ok: true; message: ContactInput } | { ok: false; errors: FieldError[]; spam?: boolean };

/** A pragmatic address check: one `@`, no spaces, a dot in the domain. */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/**
 * The messages are functions, said in the active language when a check fails (the service speaks
 * English); never made when this module loads.
 */
type Words = () => string;

const mustBeText: Words = () => t`Must be text.`;
const pasteYouTubeLink: Words = () => t`Paste the YouTube link of the video.`;
const notYouTubeLink: Words = () =>
  t`This is not a YouTube video link (no 11-character video id in it).`;
const addPhoto: Words = () => t`Add at least one photo.`;
const uploadPhotoAgain: Words = () =>
  t({ message: 'Upload the photo again.', comment: 'A photo of /submit that cannot be used' });
const pickPlaceAgain: Words = () =>
  t({ message: 'Pick the place again.', comment: 'The point picked on the globe is not usable' });
const nameTooLong: TooLong = (max) =>
  plural(max, {
    one: 'A name must be at most # character.',
    other: 'A name must be at most # characters.',
  });

/** A message's limit (/contact's, a removal request's), the same words for both. */
export const messageTooLong: TooLong = (max) =>
  plural(max, {
    one: 'A message must be at most # character.',
    other: 'A message must be at most # characters.',
  });

const line = (max: number, tooLong: TooLong) =>
  z
    .string({ error: mustBeText })
    .nullish()
    .transform((value) => singleLine(value ?? ''))
    .pipe(z.string().max(max, { error: () => tooLong(max) }));

const text = (max: number, tooLong: TooLong) =>
  z
    .string({ error: mustBeText })
    .nullish()
    .transform((value) => withoutControls(value ?? '').trim())
    .pipe(z.string().max(max, { error: () => tooLong(max) }));

const email = (required: boolean) =>
  line(EMAIL_MAX, (max) =>
    plural(max, {
      one: 'An e-mail address is at most # character.',
      other: 'An e-mail address is at most # characters.',
    }),
  ).refine((value) => (value === '' ? !required : EMAIL_PATTERN.test(value)), {
    error: required
      ? () => t`Give an e-mail address like name@example.org.`
      : () => t`Check the e-mail address.`,
  });

/** An e-mail address a form may leave empty, checked as the forms check one. */
export const optionalEmail = email(false);

const title = line(NODE_TITLE_MAX, titleTooLong).refine((value) => value !== '', {
  error: () => t`Give a title.`,
});

const categories = z
  .array(line(NODE_CATEGORY_NAME_MAX, categoryNameTooLong), {
    error: () => t`Categories must be a list of names.`,
  })
  .max(NODE_CATEGORIES_MAX, { error: () => tooManyCategories(NODE_CATEGORIES_MAX) })
  .nullish()
  .transform(uniqueCategories);

const imageUrl = z
  .string({ error: uploadPhotoAgain })
  .refine((value) => safeUrl(value) !== null, { error: uploadPhotoAgain });

/**
 * An uploaded photo as its upload answered it: its card-sized copy's URL is optional (an upload
 * made before those existed answered none) and checked by the same rule as the others; a 3D
 * capture's poster carries the capture as `/captures` answered it.
 */
const submittedImage = z
  .object({
    thumbUrl: imageUrl,
    fullUrl: imageUrl,
    cardUrl: imageUrl.nullish(),
    capture: captureSchema,
  })
  .transform(({ thumbUrl, fullUrl, cardUrl, capture }): NodeImageInput => ({
    thumbUrl,
    fullUrl,
    ...(cardUrl == null ? {} : { cardUrl }),
    ...(capture ? { capture } : {}),
  }));

const place = z
  .object(
    {
      lat: z.number({ error: pickPlaceAgain }).min(-90).max(90),
      lng: z.number({ error: pickPlaceAgain }).min(-180).max(180),
    },
    { error: pickPlaceAgain },
  )
  .nullish()
  .transform((value) => value ?? null);

/** One of `values`, or `message` (absent, empty or anything else). */
const answer = <T extends string>(values: readonly T[], message: Words) =>
  z
    .unknown()
    .refine((value): value is T => values.includes(value as T), { error: message })
    .transform((value) => value as T);

/** An empty field bots fill in and people never see; a filled one marks the form as spam. */
const honeypot = z.unknown().optional();

const submissionSchema = z
  .object(
    {
      kind: z.enum(['video', 'photos'], { error: () => t`Choose a video link or photos.` }),
      youtube_url: z.string({ error: mustBeText }).nullish(),
      images: z
        .array(submittedImage, { error: () => t`Upload the photos again.` })
        .max(SUBMISSION_IMAGES_MAX, {
          error: () => {
            const max = SUBMISSION_IMAGES_MAX;
            return plural(max, {
              one: 'Send at most # photo at a time.',
              other: 'Send at most # photos at a time.',
            });
          },
        })
        .nullish()
        .transform((images) => images ?? []),
      title,
      description: text(NODE_DESCRIPTION_MAX, descriptionTooLong),
      categories,
      place,
      place_text: line(SUBMISSION_PLACE_TEXT_MAX, (max) =>
        plural(max, {
          one: 'Describe the place in at most # character.',
          other: 'Describe the place in at most # characters.',
        }),
      ),
      date: itemDateField,
      name: line(SENDER_NAME_MAX, nameTooLong),
      email: optionalEmail,
      credit_as: answer(['name', 'anonymous'], () =>
        t({
          message: 'Say how to credit you, or choose Anonymous.',
          comment: '"Anonymous" is the name of the choice on /submit',
        }),
      ),
      credit_name: line(CREDIT_MAX, creditTooLong),
      license: answer(SUBMIT_LICENSE_IDS, () => t`Choose how others may reuse what you send.`),
      people: answer(
        PEOPLE_ANSWERS,
        () => t`Say whether anyone can be recognised in what you send.`,
      ),
      age: answer(
        AGE_ANSWERS,
        () => t`Say whether you are 16 or older, or a parent or guardian agreed.`,
      ),
      terms_version: z.unknown().optional(),
      terms_language: z
        .enum(LANGUAGES, {
          error: () => t`The terms were read in a language the archive does not know.`,
        })
        .optional(),
      consent: z.literal(true, {
        error: () => t`Tick the consent line so the archive may publish what you send.`,
      }),
      website: honeypot,
    },
    { error: () => t`The submission must be a JSON object.` },
  )
  .transform((raw, ctx): SubmissionInput => {
    let youtube_id: string | null = null;
    if (raw.kind === 'video') {
      const id = extractYouTubeId(raw.youtube_url);
      if (id === null) {
        ctx.addIssue({ code: 'custom', path: ['youtube_url'], message: pasteYouTubeLink() });
      } else if (!isYouTubeId(id)) {
        ctx.addIssue({ code: 'custom', path: ['youtube_url'], message: notYouTubeLink() });
      } else {
        youtube_id = id;
      }
    } else if (raw.images.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: addPhoto() });
    }
    for (const error of rightsErrors(raw)) {
      ctx.addIssue({ code: 'custom', path: [error.path], message: error.message });
    }
    return {
      kind: raw.kind,
      youtube_id,
      youtube_url: youtube_id === null ? null : youtubeWatchUrl(youtube_id),
      images: raw.kind === 'photos' ? raw.images : [],
      title: raw.title,
      description: raw.description,
      categories: raw.categories,
      place: raw.place,
      place_text: raw.place_text,
      date: raw.date,
      name: raw.name,
      email: raw.email,
      rights: {
        credit: raw.credit_as === 'anonymous' ? ANONYMOUS_CREDIT : raw.credit_name,
        license: raw.license,
        people: raw.people,
        age: raw.age,
        terms: CURRENT_TERMS.version,
        ...(raw.terms_language ? { termsLanguage: raw.terms_language } : {}),
      },
    };
  });

const contactSchema = z.object(
  {
    name: line(SENDER_NAME_MAX, nameTooLong).refine((value) => value !== '', {
      error: () => t`Give your name.`,
    }),
    email: email(true),
    message: text(CONTACT_MESSAGE_MAX, messageTooLong).refine((value) => value !== '', {
      error: () => t`Write your message.`,
    }),
    website: honeypot,
  },
  {
    error: () =>
      t({
        message: 'The message must be a JSON object.',
        comment: 'The nodes-service refuses a /contact message that is not JSON',
      }),
  },
);

/**
 * The rules that read two fields (a video needs its link, photos need a photo). Zod skips them
 * while another field fails, so they run on the raw input too and every error shows at once.
 */
function crossFieldErrors(input: unknown): FieldError[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const raw = input as Record<string, unknown>;
  if (raw.kind === 'video') {
    const id = extractYouTubeId(typeof raw.youtube_url === 'string' ? raw.youtube_url : null);
    if (id === null)
      return [{ path: 'youtube_url', message: pasteYouTubeLink() }, ...rightsErrors(input)];
    if (!isYouTubeId(id))
      return [{ path: 'youtube_url', message: notYouTubeLink() }, ...rightsErrors(input)];
  } else if (raw.kind === 'photos' && (!Array.isArray(raw.images) || raw.images.length === 0)) {
    return [{ path: 'images', message: addPhoto() }, ...rightsErrors(input)];
  }
  return rightsErrors(input);
}

/** Whether the hidden field people never see was filled (a bot's form). */
export function filledHoneypot(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const value = (input as { website?: unknown }).website;
  return value !== undefined && value !== null && value !== '';
}

/**
 * Checks a community submission.
 *
 * @returns the clean submission, or one error per field; `spam` when the hidden field was filled
 *   (the service then answers as if it had been accepted and keeps nothing).
 */
export function validateSubmission(input: unknown): SubmissionValidation {
  if (filledHoneypot(input)) return { ok: false, errors: [], spam: true };
  const unstorable = storableTextErrors(input);
  if (unstorable.length > 0) return { ok: false, errors: unstorable };
  const result = submissionSchema.safeParse(input);
  return result.success
    ? { ok: true, submission: result.data }
    : { ok: false, errors: collectFieldErrors(result.error.issues, crossFieldErrors(input)) };
}

/** Checks a contact message; like `validateSubmission`. */
export function validateContact(input: unknown): ContactValidation {
  if (filledHoneypot(input)) return { ok: false, errors: [], spam: true };
  const unstorable = storableTextErrors(input);
  if (unstorable.length > 0) return { ok: false, errors: unstorable };
  const result = contactSchema.safeParse(input);
  if (!result.success) return { ok: false, errors: collectFieldErrors(result.error.issues, []) };
  const { name, email: address, message } = result.data;
  return { ok: true, message: { name, email: address, message } };
}

/** The node an approved submission starts as, for the editor to finish before saving. */
export function nodeDraftOfSubmission(
  submission: SubmissionInput,
  videoId: string,
): Record<string, unknown> {
  const values = submission as unknown as Record<string, unknown>;
  return {
    video_id: videoId,
    type: submission.kind === 'video' ? 'video' : 'gallery',
    // What the visitor said of it (`@/lib/itemFields`: the fields a submission carries).
    ...Object.fromEntries(VISITOR_FIELDS.map((name) => [name, values[name] ?? null])),
    links: [],
    lat: submission.place?.lat ?? null,
    lng: submission.place?.lng ?? null,
    credit: submission.rights?.credit ?? null,
    license: submission.rights?.license ?? null,
  };
}
