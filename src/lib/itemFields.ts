/**
 * An item's fields, declared once (issue 46). Each entry says everything the archive needs to know
 * about one field: how an archive file is read leniently (`@/lib/itemReaders`) and how a form or
 * the API is checked strictly (`@/lib/itemChecks`, kept there by name), its CSV column, its Dublin Core element and
 * its schema.org property, what the open data says of it, how the editor's form holds it and shows
 * it, how the detail view says it, whether a visitor's submission carries it, and how much a
 * search weighs it. From this table come:
 *
 * - the types: `MediaNode` (`@/lib/nodeModel`, what the app shows), `NodeInput` (what the service
 *   stores) and the editor's `ItemDraft`;
 * - `normalizeArchive`'s reading, `validateNode`'s zod schema, the CSV columns and their cells, the
 *   import's comparison, the open data, OAI-PMH's `oai_dc`, the JSON-LD of an item's page, the
 *   editor's form and draft, the detail view's facts, a submission's first draft, and the search's
 *   weights.
 *
 * Adding a field is one entry here (and its reading and check, when they are new). An optional
 * field that a record does not state is left out of the item (its `read` answers `undefined`), so
 * that the records stored before it existed, and every answer made of them, stay as they were.
 */
import { msg, t } from '@lingui/core/macro';
import {
  escapeCell,
  imagesCell,
  imagesOfCell,
  listCell,
  listOfCell,
  numberOfCell,
} from '@/lib/csvCells';
import { NODE_DESCRIPTION_MAX, NODE_TITLE_MAX } from '@/lib/itemLimits';
import { galleryHasManifest, iiifManifestJsonLd, itemManifestPath } from '@/lib/iiif';
import { itemDateOf } from '@/lib/itemDate';
import {
  MAX_DESCRIPTION_LENGTH,
  readCategories,
  readCoordinate,
  readCredit,
  readDate,
  readId,
  readImages,
  readLicense,
  readLinks,
  readText,
  readThumbUrl,
  readTitle,
  readType,
  readYouTubeId,
  formImages,
  formNames,
  formText,
  type CategoryRef,
} from '@/lib/itemReaders';
import {
  CREDIT_MAX,
  LICENSE_IDS,
  LICENSES,
  licenseUrl,
  licenseWords,
  readLicenseId,
  rightsStatement,
} from '@/lib/license';
import {
  coordinateDraft,
  draftOfText,
  field,
  noneWhenBlank,
  pageOf,
  plainCell,
  same,
  textCell,
  type ItemFieldSpec,
} from '@/lib/itemFieldSpec';
import { languageChoices, languageName, readLanguage } from '@/lib/language';
import type { MediaType } from '@/lib/mediaType';
import { youtubeWatchUrl } from '@/lib/youtube';

/** The first choice of a select the archive may leave blank (the licence, the language). */
const notStated = () => ({
  value: '',
  label: t({
    message: 'Not stated',
    comment: "The editor's choice for an item whose licence or language the archive does not know",
  }),
});

/** Every field of an item, in the order records, CSV columns and the open data list them. */
export const ITEM_FIELDS = {
  video_id: field({
    label: msg({
      message: 'Id',
      comment: "The editor's field of an item's id: the short name in its address (/video/{id})",
    }),
    required: true,
    read: readId,
    stored: {
      input: same,
      csv: plainCell('video_id'),
      dc: { element: 'identifier', values: (_, item, siteUrl) => [pageOf(item, siteUrl)] },
      openData: (id, item, siteUrl) => ({ id, page: pageOf(item, siteUrl) }),
    },
    jsonLd: (_, item, siteUrl) => ({ '@id': pageOf(item, siteUrl), url: pageOf(item, siteUrl) }),
    draft: draftOfText('video_id', (value) => value.trim()),
    form: { kind: 'own' },
  }),
  type: field({
    label: msg({
      message: 'Type',
      comment: "The editor's field that says what an item is: a video or a photo gallery",
    }),
    read: readType,
    stored: {
      input: same,
      csv: { write: same, read: (cell) => ({ type: cell.trim().toLowerCase() }) },
      // DCMI Type vocabulary.
      dc: { element: 'type', values: (type) => [type === 'video' ? 'MovingImage' : 'StillImage'] },
    },
    draft: {
      empty: 'video' as MediaType,
      of: (stored): MediaType => (stored.type === 'gallery' ? 'gallery' : 'video'),
      body: same,
    },
    form: { kind: 'own' },
  }),
  title: field({
    label: msg({ message: 'Title', comment: "The editor's field of an item's title" }),
    read: readTitle,
    stored: {
      input: same,
      csv: textCell('title'),
      dc: { element: 'title', values: (title) => [title] },
    },
    jsonLd: (name) => ({ name }),
    draft: draftOfText('title'),
    form: { kind: 'text', required: true, maxLength: NODE_TITLE_MAX },
    visitor: true,
    search: { boost: 3 },
  }),
  /** A local thumbnail that replaces the provider's (lets an archive render offline). */
  thumbUrl: field({ label: msg`Thumbnail`, read: readThumbUrl }),
  description: field({
    label: msg`Description`,
    read: (raw, reading) =>
      readText(raw, 'description', MAX_DESCRIPTION_LENGTH, reading, { multiline: true }),
    stored: {
      input: same,
      csv: textCell('description'),
      dc: { element: 'description', values: (text) => (text ? [text] : []) },
    },
    jsonLd: (description, item) => ({
      description:
        description ||
        `${item.type === 'video' ? 'A video' : 'Photos'} of the St. Louis tornado of 16 May 2025.`,
    }),
    draft: draftOfText('description'),
    form: { kind: 'textarea', maxLength: NODE_DESCRIPTION_MAX },
    visitor: true,
    search: { boost: 1 },
  }),
  /** The video's provider id; `null` when the video has none (and for a gallery). */
  youtube_id: field({
    label: msg`YouTube id`,
    read: readYouTubeId,
    stored: { input: same, openData: () => ({}) },
    visitor: true,
  }),
  /** The standard watch link, in step with `youtube_id`. */
  youtube_url: field({
    label: msg`YouTube link`,
    read: (_raw, _reading, item) =>
      typeof item.youtube_id === 'string' ? youtubeWatchUrl(item.youtube_id) : null,
    stored: {
      input: same,
      derived: true,
      csv: {
        write: (value) => value ?? '',
        // A bare id is as good as a link.
        read: (cell) => {
          const text = cell.trim();
          return { [/^[A-Za-z0-9_-]{11}$/.test(text) ? 'youtube_id' : 'youtube_url']: text };
        },
      },
      dc: { element: 'relation', values: (url) => (url ? [url] : []) },
    },
    draft: {
      empty: '',
      of: (stored) => formText(stored.youtube_url) || formText(stored.youtube_id),
      body: (value, draft) => (draft.type === 'video' ? value : null),
    },
    form: { kind: 'own' },
    visitor: true,
  }),
  images: field({
    label: msg`Photos`,
    read: readImages,
    stored: {
      input: same,
      csv: {
        write: (images, item) => (item.type === 'gallery' ? escapeCell(imagesCell(images)) : ''),
        read: (cell) => ({ images: imagesOfCell(cell) }),
      },
      openData: (images) => ({
        images: images.map(({ fullUrl, thumbUrl }) => ({ fullUrl, thumbUrl })),
      }),
      // A gallery's IIIF manifest (issue 52), where harvesters look for related resources.
      dc: {
        element: 'relation',
        values: (images, item, siteUrl) =>
          galleryHasManifest(item, images) ? [`${siteUrl}${itemManifestPath(item.video_id)}`] : [],
      },
    },
    // The same manifest, as the page's description of a work about the gallery (issue 52).
    jsonLd: (images, item, siteUrl) =>
      galleryHasManifest(item, images) ? { subjectOf: iiifManifestJsonLd(item, siteUrl) } : {},
    draft: {
      empty: [],
      of: (stored) => formImages(stored.images),
      body: (images, draft) => (draft.type === 'video' ? [] : images),
    },
    form: { kind: 'own' },
    visitor: true,
  }),
  categories: field({
    label: msg`Categories`,
    read: readCategories,
    stored: {
      input: (categories: readonly CategoryRef[]) => categories.map((category) => category.name),
      csv: {
        write: (names) => escapeCell(listCell(names)),
        read: (cell) => ({ categories: listOfCell(cell) }),
      },
      dc: { element: 'subject', values: (names) => [...names] },
    },
    jsonLd: (categories) =>
      categories.length > 0 ? { keywords: categories.map((category) => category.name) } : {},
    draft: { empty: [], of: (stored) => formNames(stored.categories), body: same },
    form: { kind: 'own' },
    visitor: true,
    search: { boost: 2 },
  }),
  /** `video_id`s of related items that exist in the archive. */
  links: field({
    label: msg`Related items`,
    read: readLinks,
    stored: {
      input: same,
      csv: { write: listCell, read: (cell) => ({ links: listOfCell(cell) }) },
    },
    draft: {
      empty: [],
      of: (stored) =>
        Array.isArray(stored.links)
          ? stored.links.filter((link): link is string => typeof link === 'string')
          : [],
      body: same,
    },
    form: { kind: 'own' },
  }),
  lat: field({
    label: msg`Latitude`,
    required: true,
    read: (raw, reading) => readCoordinate(raw, 'lat', 90, reading),
    stored: {
      input: same,
      csv: { write: String, read: (cell) => ({ lat: numberOfCell(cell) }) },
      // DCMI Point: the place the item shows.
      dc: {
        element: 'coverage',
        values: (lat, item) => [`east=${item.lng}; north=${lat}; projection=WGS84`],
      },
    },
    jsonLd: (latitude, item) => ({
      contentLocation: {
        '@type': 'Place',
        geo: { '@type': 'GeoCoordinates', latitude, longitude: item.lng },
      },
    }),
    draft: coordinateDraft('lat'),
    form: { kind: 'own' },
  }),
  lng: field({
    label: msg`Longitude`,
    required: true,
    read: (raw, reading) => readCoordinate(raw, 'lng', 180, reading),
    stored: {
      input: same,
      csv: { write: String, read: (cell) => ({ lng: numberOfCell(cell) }) },
    },
    draft: coordinateDraft('lng'),
    form: { kind: 'own' },
  }),
  /**
   * When the media was recorded: an ISO 8601 day, time with offset, or range (`@/lib/itemDate`);
   * null when the archive does not say (or said something that is not a date).
   */
  date: field({
    label: msg({
      message: 'Date',
      comment: "The editor's field of when an item's media was recorded",
    }),
    read: readDate,
    stored: {
      input: same,
      csv: plainCell('date'),
      dc: { element: 'date', values: (date) => (date ? [date] : []) },
    },
    // The start as schema.org's Date or DateTime, and a range whole as `temporalCoverage`.
    jsonLd: (text) => {
      const date = itemDateOf(text);
      if (date === null) return {};
      const [start = date.text] = date.text.split('/');
      return date.end === null
        ? { dateCreated: start }
        : { dateCreated: start, temporalCoverage: date.text };
    },
    draft: draftOfText('date', noneWhenBlank),
    form: { kind: 'own' },
    visitor: true,
  }),
  /** Who made it, as the item credits them ("Anonymous" for one who asked not to be named), or null. */
  credit: field({
    label: msg({
      message: 'Credit',
      comment: "The editor's field of who made an item, as the item credits them",
    }),
    read: readCredit,
    stored: {
      input: same,
      csv: textCell('credit'),
      dc: { element: 'creator', values: (credit) => (credit ? [credit] : []) },
    },
    jsonLd: (credit) => (credit === null ? {} : { creditText: credit }),
    draft: draftOfText('credit'),
    form: {
      kind: 'text',
      maxLength: CREDIT_MAX,
      hint: msg({
        message:
          'Who made it, as the item credits them; “Anonymous” for a contributor who asked not to be named.',
        comment:
          'The hint under the Credit field. “Anonymous” is the word the archive stores and shows as the credit: keep it in English.',
      }),
    },
  }),
  /** On what terms it may be reused (`@/lib/license`), or null when the archive does not say. */
  license: field({
    label: msg`Licence`,
    read: readLicense,
    stored: {
      input: same,
      csv: plainCell('license'),
      dc: {
        element: 'rights',
        values: (license, _, siteUrl) => [rightsStatement(license, siteUrl)],
      },
      openData: (license, _, siteUrl) => ({
        license,
        license_name: license === null ? null : LICENSES[license].name,
        license_url: license === null ? null : licenseUrl(license, siteUrl),
      }),
    },
    jsonLd: (license, _, siteUrl) =>
      license === null ? {} : { license: licenseUrl(license, siteUrl) },
    draft: {
      empty: '',
      // A licence the archive knows, in its own spelling; another stays as it is, for the schema to name.
      of: (stored) => readLicenseId(stored.license) ?? formText(stored.license),
      body: (value) => (value === '' ? null : value),
    },
    form: {
      kind: 'select',
      options: () => [
        notStated(),
        ...LICENSE_IDS.map((id) => ({ value: id, label: licenseWords(id).name })),
      ],
      hintOf: (value) => {
        const licence = readLicenseId(value);
        return licence
          ? licenseWords(licence).allows
          : t({
              message: 'The item will say “Rights not stated”.',
              comment:
                'The hint under the Licence field when none is chosen; “Rights not stated” is what the item page then says',
            });
      },
      unknownLabel: (value) =>
        t({
          message: `${value} (not a licence this archive knows)`,
          comment: 'An option of the Licence field: a stored licence id the archive does not know',
        }),
    },
  }),
  /** The language the media speaks or is written in (`@/lib/language`), when the archive says. */
  language: field({
    label: msg({
      message: 'Language',
      comment: "The editor's field of the language spoken or written in an item",
    }),
    read: readLanguage,
    stored: {
      input: same,
      csv: plainCell('language'),
      dc: { element: 'language', values: (tag) => (tag ? [tag] : []) },
    },
    jsonLd: (tag) => (tag ? { inLanguage: tag } : {}),
    draft: draftOfText('language', noneWhenBlank),
    form: {
      kind: 'select',
      options: () => [notStated(), ...languageChoices()],
      hintOf: () => t`The language spoken or written in it.`,
      unknownLabel: (tag) => `${languageName(tag)} (${tag})`,
    },
    detail: (tag) => {
      if (!tag) return null;
      const language = languageName(tag);
      return t({
        message: `Language: ${language}`,
        comment: 'A line of an item’s detail view: the language spoken or written in it',
      });
    },
  }),
};

/** The order of the editor's form. */
export const FORM_ORDER: readonly (keyof ItemDraft)[] = [
  'type',
  'title',
  'video_id',
  'description',
  'date',
  'youtube_url',
  'images',
  'credit',
  'license',
  'language',
  'categories',
  'links',
  'lat',
  'lng',
];

type Fields = typeof ITEM_FIELDS;
export type ItemFieldName = keyof Fields;
/** The fields the service stores (each has a check in `@/lib/itemChecks`). */
export type StoredFieldName = StoredKeys;
type ModelOf<K extends ItemFieldName> = ReturnType<Fields[K]['read']>;
type StoredKeys = {
  [K in ItemFieldName]: Fields[K] extends { stored: object } ? K : never;
}[ItemFieldName];
type InputOf<K extends StoredKeys> =
  Fields[K] extends ItemFieldSpec<infer _M, infer I, infer _D> ? I : never;
type DraftKeys = {
  [K in ItemFieldName]: Fields[K] extends { draft: object } ? K : never;
}[ItemFieldName];
type DraftOf<K extends DraftKeys> =
  Fields[K] extends ItemFieldSpec<infer _M, infer _I, infer D> ? D : never;
/** Keys whose value may be `undefined` (an optional field not stated) are optional keys. */
type WithOptional<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** An item's fields as the app holds them (`MediaNode` is this, `@/lib/nodeModel`). */
export type ItemValues = WithOptional<{ [K in ItemFieldName]: ModelOf<K> }>;
/** An item as the service stores it after validation: every field in its final form. */
export type ItemInput = WithOptional<{ [K in StoredKeys]: InputOf<K> }>;
/** What the editor's form holds. */
export type ItemDraft = { [K in DraftKeys]: DraftOf<K> };

/** A field's declaration, read loosely by the code that walks the table. */
export type AnyItemField = ItemFieldSpec<unknown, unknown, unknown>;
/** The table as a list of `[name, field]`, in its order. */
export const ITEM_FIELD_LIST = Object.entries(ITEM_FIELDS) as unknown as readonly [
  ItemFieldName,
  AnyItemField,
][];
/** The fields the service stores, in order. */
export const STORED_FIELDS = ITEM_FIELD_LIST.filter(([, spec]) => spec.stored !== undefined) as [
  StoredKeys,
  AnyItemField & { stored: NonNullable<AnyItemField['stored']> },
][];
/** The CSV columns, in the order the export writes them. */
export const CSV_COLUMNS = STORED_FIELDS.filter(([, spec]) => spec.stored.csv).map(
  ([name]) => name,
);
/** The fields an import compares (the id is the row's key; derived fields follow the others). */
export const COMPARED_FIELDS = STORED_FIELDS.filter(
  ([name, spec]) => name !== 'video_id' && !spec.stored.derived,
).map(([name]) => name);
/** The fields a visitor's submission may carry. */
export const VISITOR_FIELDS = ITEM_FIELD_LIST.filter(([, spec]) => spec.visitor).map(
  ([name]) => name,
);
/** Each searched field's weight. */
export const SEARCH_BOOSTS: Readonly<Record<string, number>> = Object.fromEntries(
  ITEM_FIELD_LIST.flatMap(([name, spec]) => (spec.search ? [[name, spec.search.boost]] : [])),
);
