/**
 * The archive in IIIF Presentation 3.0 (issue 52): a manifest per gallery (a canvas per photo),
 * a manifest per published story (its stops' photos in order, a range per stop), and a
 * collection of them all. Viewers (Mirador, the Universal Viewer, Clover) open a manifest;
 * harvesters find them from OAI-PMH, the item's page and its JSON-LD. Pure functions: the route
 * (`routes/iiif.ts`) reads the archive and the photos' sizes.
 */
import { SITE_NAME } from '@/lib/constants';
import {
  galleryHasManifest,
  IIIF_COLLECTION_PATH,
  iiifRights,
  itemManifestPath,
  storyManifestPath,
} from '@/lib/iiif';
import { describeItemDate, itemDateOf } from '@/lib/itemDate';
import { languageName } from '@/lib/language';
import { LICENSES, type LicenseId } from '@/lib/license';
import { nodeRoute, nodeThumbnailUrl, type MediaNode, type NodeImage } from '@/lib/nodeModel';
import { storyRoute } from '@/lib/routes';
import type { ListedStory } from '@/lib/storyModel';
import { storyCoverUrl } from '@/lib/structuredData';

export const PRESENTATION_CONTEXT = 'http://iiif.io/api/presentation/3/context.json';

/** A IIIF language map: `none` where the archive does not say which language the text is in. */
type LanguageMap = Record<string, string[]>;

/** A photo as a canvas shows it: its address, size and image service (all absolute). */
export interface CanvasPhoto {
  url: string;
  width: number;
  height: number;
  thumbUrl: string;
  /** Its IIIF Image API 3.0 level-0 service's id; null for a photo without tiles. */
  service: string | null;
}

/** What the documents are made on: the site's address. */
export interface PresentationSite {
  siteUrl: string;
}

function absolute(url: string, siteUrl: string): string {
  return new URL(url, `${siteUrl}/`).href;
}

/** `text` in the item's language (BCP 47, as stored), else in no stated language. */
function inLanguage(text: string, language: string | undefined): LanguageMap {
  return { [language ?? 'none']: [text] };
}

/** The archive's own words, which are English. */
const en = (text: string): LanguageMap => ({ en: [text] });

/** The archive as a IIIF agent: who provides every document. */
function provider(siteUrl: string) {
  return [
    {
      id: absolute('/', siteUrl),
      type: 'Agent',
      label: en(SITE_NAME),
      homepage: [
        {
          id: absolute('/', siteUrl),
          type: 'Text',
          label: en(SITE_NAME),
          format: 'text/html',
        },
      ],
    },
  ];
}

/** The credit and licence a viewer must show beside the photos. */
function requiredStatement(credit: string | null, license: LicenseId | null) {
  const licence = license === null ? 'Rights not stated' : LICENSES[license].short;
  return {
    label: en('Credit'),
    value: { none: [credit === null ? licence : `© ${credit}, ${licence}`] },
  };
}

/** The thumbnail of a resource: a JPEG the archive serves. */
function thumbnail(url: string, siteUrl: string) {
  return [{ id: absolute(url, siteUrl), type: 'Image', format: 'image/jpeg' }];
}

/** The painting annotation's body: the full-size photo, with its tiles where it has them. */
function imageBody(photo: CanvasPhoto) {
  return {
    id: photo.url,
    type: 'Image',
    format: 'image/jpeg',
    width: photo.width,
    height: photo.height,
    ...(photo.service === null
      ? {}
      : { service: [{ id: photo.service, type: 'ImageService3', profile: 'level0' }] }),
  };
}

/** One photo's canvas under `base` (the manifest's id without `/manifest`). */
function canvasOf(base: string, n: number, label: LanguageMap, photo: CanvasPhoto) {
  const id = `${base}/canvas/${n}`;
  return {
    id,
    type: 'Canvas',
    label,
    width: photo.width,
    height: photo.height,
    thumbnail: [{ id: photo.thumbUrl, type: 'Image', format: 'image/jpeg' }],
    items: [
      {
        id: `${id}/page`,
        type: 'AnnotationPage',
        items: [
          {
            id: `${id}/page/painting`,
            type: 'Annotation',
            motivation: 'painting',
            body: imageBody(photo),
            target: id,
          },
        ],
      },
    ],
  };
}

/** What the item's page says of it, as label/value pairs: when, where, what about, language. */
function itemMetadata(node: MediaNode) {
  const pairs: { label: LanguageMap; value: LanguageMap }[] = [];
  const date = itemDateOf(node.date);
  if (date !== null) pairs.push({ label: en('Date'), value: en(describeItemDate(date.text)) });
  pairs.push({
    label: en('Place'),
    value: { none: [`${node.lat.toFixed(5)}, ${node.lng.toFixed(5)}`] },
  });
  if (node.categories.length > 0) {
    pairs.push({
      label: en('Categories'),
      value: en(node.categories.map((category) => category.name).join('; ')),
    });
  }
  if (node.language !== undefined) {
    pairs.push({ label: en('Language'), value: en(languageName(node.language)) });
  }
  return pairs;
}

/** IIIF's `navDate`: the first instant the item's date covers. */
function navDateOf(text: string | null): { navDate?: string } {
  const date = itemDateOf(text);
  return date === null ? {} : { navDate: new Date(date.from).toISOString() };
}

/** Whether the archive has a manifest of `node` (`galleryHasManifest`). */
export function hasManifest(node: Pick<MediaNode, 'type' | 'images'>): boolean {
  return galleryHasManifest(node, node.images);
}

/**
 * A gallery's manifest: a canvas per photo whose size is known (`photos`, in the gallery's
 * order; null for one that is not, such as an image kept on another host), with the item's
 * title, description, credit, licence, date, place and categories.
 */
export function itemManifest(
  node: MediaNode,
  photos: readonly (CanvasPhoto | null)[],
  { siteUrl }: PresentationSite,
) {
  const id = absolute(itemManifestPath(node.video_id), siteUrl);
  const base = id.replace(/\/manifest$/, '');
  const page = absolute(nodeRoute(node), siteUrl);
  const shown = photos.flatMap((photo, i) => (photo === null ? [] : [{ photo, n: i + 1 }]));
  return {
    '@context': PRESENTATION_CONTEXT,
    id,
    type: 'Manifest',
    label: inLanguage(node.title, node.language),
    ...(node.description.trim() === ''
      ? {}
      : { summary: inLanguage(node.description, node.language) }),
    metadata: itemMetadata(node),
    requiredStatement: requiredStatement(node.credit, node.license),
    rights: iiifRights(node.license),
    ...navDateOf(node.date),
    thumbnail: thumbnail(nodeThumbnailUrl(node), siteUrl),
    provider: provider(siteUrl),
    homepage: [
      { id: page, type: 'Text', label: inLanguage(node.title, node.language), format: 'text/html' },
    ],
    partOf: [{ id: absolute(IIIF_COLLECTION_PATH, siteUrl), type: 'Collection' }],
    items: shown.map(({ photo, n }) =>
      canvasOf(base, n, en(`Photo ${n} of ${photos.length}`), photo),
    ),
  };
}

/** A stop's photos: the gallery it opens or points at, in the gallery's order. */
export interface StopPhotos {
  node: MediaNode | null;
  photos: readonly (CanvasPhoto | null)[];
}

/**
 * A story's manifest: the photos of the galleries its stops show, stop by stop, and a range per
 * stop (its heading, its canvases) in `structures`, so a viewer's table of contents reads as the
 * story does. A stop that shows a video, a place or nothing has no photo and so no range.
 */
export function storyManifest(
  story: ListedStory,
  stops: readonly StopPhotos[],
  { siteUrl }: PresentationSite,
) {
  const id = absolute(storyManifestPath(story.story_id), siteUrl);
  const base = id.replace(/\/manifest$/, '');
  let n = 0;
  const perStop = story.stops.map((stop, index) => {
    const shown = stops[index];
    const canvases =
      shown?.node && hasManifest(shown.node)
        ? shown.photos.flatMap((photo, i) =>
            photo === null
              ? []
              : [
                  canvasOf(
                    base,
                    ++n,
                    inLanguage(`${stop.heading} (${i + 1})`, story.language),
                    photo,
                  ),
                ],
          )
        : [];
    return { stop, index, canvases };
  });
  const cover = storyCoverUrl(story, siteUrl);
  return {
    '@context': PRESENTATION_CONTEXT,
    id,
    type: 'Manifest',
    label: inLanguage(story.title, story.language),
    ...(story.intro.trim() === '' ? {} : { summary: inLanguage(story.intro, story.language) }),
    metadata: [{ label: en('Stops'), value: { none: [String(story.stops.length)] } }],
    requiredStatement: requiredStatement(story.credit, story.license),
    rights: iiifRights(story.license),
    ...(cover === null ? {} : { thumbnail: thumbnail(cover, siteUrl) }),
    provider: provider(siteUrl),
    homepage: [
      {
        id: absolute(storyRoute(story.story_id), siteUrl),
        type: 'Text',
        label: inLanguage(story.title, story.language),
        format: 'text/html',
      },
    ],
    partOf: [{ id: absolute(IIIF_COLLECTION_PATH, siteUrl), type: 'Collection' }],
    items: perStop.flatMap(({ canvases }) => canvases),
    structures: perStop
      .filter(({ canvases }) => canvases.length > 0)
      .map(({ stop, index, canvases }) => ({
        id: `${base}/range/${index + 1}`,
        type: 'Range',
        label: inLanguage(stop.heading, story.language),
        items: canvases.map((canvas) => ({ id: canvas.id, type: 'Canvas' })),
      })),
  };
}

/**
 * Whether a story shows a photo the archive has a manifest of: one that shows only videos and
 * places has no canvas to paint, so it has no manifest.
 */
export function storyShowsPhotos(
  story: Pick<ListedStory, 'stops'>,
  galleryOf: (id: string) => MediaNode | undefined,
): boolean {
  return story.stops.some((stop) => {
    const node = stop.item === null ? undefined : galleryOf(stop.item);
    return node !== undefined && hasManifest(node);
  });
}

/**
 * The archive's collection: every gallery's manifest, then every published story's that shows
 * photos (`storyShowsPhotos`).
 */
export function archiveCollection(
  nodes: readonly MediaNode[],
  stories: readonly ListedStory[],
  { siteUrl }: PresentationSite,
) {
  const byId = new Map(nodes.map((node) => [node.video_id, node]));
  return {
    '@context': PRESENTATION_CONTEXT,
    id: absolute(IIIF_COLLECTION_PATH, siteUrl),
    type: 'Collection',
    label: en(SITE_NAME),
    summary: en(
      'The community’s photo galleries of the tornado that struck St. Louis on 16 May 2025, and the stories told across them.',
    ),
    requiredStatement: {
      label: en('Rights'),
      value: en('Each gallery and story states its own credit and licence.'),
    },
    provider: provider(siteUrl),
    homepage: [
      { id: absolute('/', siteUrl), type: 'Text', label: en(SITE_NAME), format: 'text/html' },
    ],
    items: [
      ...nodes.filter(hasManifest).map((node) => ({
        id: absolute(itemManifestPath(node.video_id), siteUrl),
        type: 'Manifest',
        label: inLanguage(node.title, node.language),
        thumbnail: thumbnail(nodeThumbnailUrl(node), siteUrl),
        ...navDateOf(node.date),
      })),
      ...stories
        .filter((story) => storyShowsPhotos(story, (id) => byId.get(id)))
        .map((story) => {
          const cover = storyCoverUrl(story, siteUrl);
          return {
            id: absolute(storyManifestPath(story.story_id), siteUrl),
            type: 'Manifest',
            label: inLanguage(story.title, story.language),
            ...(cover === null ? {} : { thumbnail: thumbnail(cover, siteUrl) }),
          };
        }),
    ],
  };
}

/** The images of `node` a manifest would paint, for the route to find their sizes. */
export function manifestImages(node: MediaNode): readonly NodeImage[] {
  return hasManifest(node) ? node.images : [];
}
