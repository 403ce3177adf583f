/**
 * A story (issue 51): a title, a short introduction, a cover and an ordered list of stops, each a
 * heading, a narration in Markdown and what the globe shows there (an item, opened or pointed at,
 * or a place seen from a camera view; optionally a time range and a filter). The one schema for a
 * story as an editor saves it, shared by the editor (errors beside the fields) and the
 * nodes-service (400 with the same words), as `@/lib/nodeSchema` is for an item.
 */
import { plural, t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  creditField,
  imageUrl,
  languageCheck,
  licenseField,
  nodeId,
  optionalText,
  singleLine,
  titleCheck,
  withoutControls,
  type IdWords,
} from '@/lib/itemChecks';
import { collectFieldErrors, type FieldError } from '@/lib/nodeSchema';
import { ZOOM_MAX, ZOOM_MIN } from '@/lib/constants';
import { NODE_ID_MAX, RESERVED_NODE_IDS } from '@/lib/itemLimits';
import { storableTextErrors } from '@/lib/storableText';
import { slugify } from '@/lib/slug';
import { rangeText } from '@/lib/timeRange';
import { itemDateOf } from '@/lib/itemDate';
import {
  STORY_INTRO_MAX,
  STORY_NARRATION_MAX,
  STORY_STATES,
  STORY_STOPS_MAX,
  type StoryInput,
  type StoryStop,
  type StoryView,
} from '@/lib/storyModel';

export type { FieldError } from '@/lib/nodeSchema';

/** What `validateStory` answers. */
export type StoryValidation = { ok: true; story: StoryInput } | { ok: false; errors: FieldError[] };

/** Ids the stories' own paths use (`/stories/journal`, `/stories/all`). */
const RESERVED_STORY_IDS: readonly string[] = [...RESERVED_NODE_IDS, 'all'];

const STORY_ID_WORDS: IdWords = {
  notText: () => t({ message: 'The id must be text.', comment: "A story's id" }),
  missing: () => t({ message: 'The id is required.', comment: "A story's id" }),
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
      comment: "A story's id, which its address carries",
    }),
};

const STOP_ITEM_WORDS: IdWords = {
  notText: () => t({ message: "The stop's item must be an id.", comment: 'A story stop' }),
  missing: () => t({ message: "The stop's item must be an id.", comment: 'A story stop' }),
  tooLong: () => {
    const max = NODE_ID_MAX;
    return plural(max, {
      one: "The stop's item must be at most # character.",
      other: "The stop's item must be at most # characters.",
    });
  },
  pattern: () =>
    t({
      message: 'This is not the id of an item.',
      comment: "A story stop's item: the id has characters no item id has",
    }),
};

const number = (words: () => string, min: number, max: number) =>
  z.number({ error: words }).min(min, { error: words }).max(max, { error: words });

/** Where the camera looks from: a point on the globe and the camera's distance from its centre. */
const viewSchema = z.object(
  {
    lat: number(() => t`Latitude must be between -90 and 90.`, -90, 90),
    lng: number(() => t`Longitude must be between -180 and 180.`, -180, 180),
    distance: number(
      () =>
        t({
          message: `The view's distance must be between ${ZOOM_MIN} and ${ZOOM_MAX}.`,
          comment: "A story stop's camera view: how far the camera is from the globe's centre",
        }),
      ZOOM_MIN,
      ZOOM_MAX,
    ),
  },
  { error: () => t`A view is a latitude, a longitude and a distance.` },
);

/** A `from`/`to` end of a stop's time range: a day or a time with its offset; empty is open. */
const rangeEnd = z
  .string({ error: () => t`A date must be text.` })
  .nullish()
  .transform((value, ctx): string | null => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const text = rangeText(value);
    if (text !== null) return text;
    ctx.addIssue({
      code: 'custom',
      message: t({
        message: 'Write a day (2025-05-16) or a time with its offset (2025-05-16T14:40-05:00).',
        comment: "A story stop's time range: one of its ends does not read as a date",
      }),
    });
    return z.NEVER;
  });

const stopSchema = z
  .object(
    {
      heading: z
        .string({ error: () => t`Give the stop a heading.` })
        .transform(singleLine)
        .pipe(
          z
            .string()
            .min(1, { error: () => t`Give the stop a heading.` })
            .max(200, {
              error: () =>
                plural(200, {
                  one: 'A heading must be at most # character.',
                  other: 'A heading must be at most # characters.',
                }),
            }),
        ),
      narration: optionalText.transform(withoutControls).pipe(
        z.string().max(STORY_NARRATION_MAX, {
          error: () => {
            const max = STORY_NARRATION_MAX;
            return plural(max, {
              one: 'A narration must be at most # character.',
              other: 'A narration must be at most # characters.',
            });
          },
        }),
      ),
      item: nodeId(STOP_ITEM_WORDS).nullish(),
      show: z
        .enum(['open', 'point'], {
          error: () =>
            t({
              message: 'Open the item or only point at it.',
              comment: 'A story stop: what the globe does with its item',
            }),
        })
        .nullish(),
      view: viewSchema.nullish(),
      from: rangeEnd,
      to: rangeEnd,
      category: z
        .string({ error: () => t`A category must be a name.` })
        .nullish()
        .transform((value) => {
          const slug = slugify(value ?? '');
          return slug === '' ? null : slug;
        }),
      type: z
        .enum(['video', 'gallery'], { error: () => t`The type must be video or gallery.` })
        .nullish(),
    },
    { error: () => t`Each stop must be an object.` },
  )
  .transform((raw, ctx): StoryStop => {
    const item = raw.item ?? null;
    const view: StoryView | null = raw.view ?? null;
    if (item === null && view === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['view'],
        message: t({
          message: 'Choose an item for this stop, or use a view of the globe.',
          comment: 'A story stop shows neither an item nor a place',
        }),
      });
    }
    const from = raw.from ?? null;
    const to = raw.to ?? null;
    const start = from === null ? null : itemDateOf(from);
    const end = to === null ? null : itemDateOf(to);
    if (start && end && start.from > end.to) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: t({
          message: 'The end of the time range comes before its start.',
          comment: "A story stop's time range",
        }),
      });
    }
    return {
      heading: raw.heading,
      narration: raw.narration,
      item,
      show: item === null ? null : (raw.show ?? 'open'),
      view,
      from,
      to,
      category: raw.category,
      type: raw.type ?? null,
    };
  });

const storySchema = z
  .object(
    {
      story_id: nodeId(STORY_ID_WORDS).refine((id) => !RESERVED_STORY_IDS.includes(id), {
        error: () => t`This id is reserved; choose another.`,
      }),
      title: titleCheck,
      intro: optionalText.transform(withoutControls).pipe(
        z.string().max(STORY_INTRO_MAX, {
          error: () => {
            const max = STORY_INTRO_MAX;
            return plural(max, {
              one: 'The introduction must be at most # character.',
              other: 'The introduction must be at most # characters.',
            });
          },
        }),
      ),
      cover: imageUrl,
      credit: creditField,
      license: licenseField,
      language: languageCheck,
      state: z
        .enum(STORY_STATES, {
          error: () =>
            t({
              message: 'A story is a draft or published.',
              comment: "A story's state: a draft (seen by editors only) or published",
            }),
        })
        .nullish(),
      stops: z
        .array(stopSchema, { error: () => t`The stops must be a list.` })
        .min(1, { error: () => t`A story needs at least one stop.` })
        .max(STORY_STOPS_MAX, {
          error: () => {
            const max = STORY_STOPS_MAX;
            return plural(max, {
              one: 'A story has at most # stop.',
              other: 'A story has at most # stops.',
            });
          },
        }),
    },
    { error: () => t`The story must be a JSON object.` },
  )
  .transform((raw): StoryInput => ({
    story_id: raw.story_id,
    title: raw.title,
    intro: raw.intro,
    cover: raw.cover ?? null,
    credit: raw.credit,
    license: raw.license,
    ...(raw.language === undefined ? {} : { language: raw.language }),
    state: raw.state ?? 'draft',
    stops: raw.stops,
  }));

/**
 * Checks a story as an editor saves it.
 *
 * @returns the clean story (text trimmed, an absent field in its empty form, a stop without an
 *   item without `show`), or one plain-words error per field path (`stops.2.heading`).
 */
export function validateStory(input: unknown): StoryValidation {
  const unstorable = storableTextErrors(input);
  if (unstorable.length > 0) return { ok: false, errors: unstorable };
  const result = storySchema.safeParse(input);
  if (result.success) return { ok: true, story: result.data };
  return { ok: false, errors: collectFieldErrors(result.error.issues, []) };
}
