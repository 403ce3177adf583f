/**
 * An item's page described for search engines (issue 32): schema.org JSON-LD, a `VideoObject`
 * (its embed and thumbnail) or an `ImageGallery` (its photos), with where it was recorded
 * (`contentLocation`), when (`dateCreated`), its licence and its credit. The server puts it in a
 * shared link's document; the app keeps it in step as items open and close. A story's page is an
 * `ItemList` of its stops (issue 51, `storyJsonLd`). No React here: the server builds the same.
 */
import { SITE_NAME } from '@/lib/constants';
import { ITEM_FIELD_LIST } from '@/lib/itemFields';
import { licenseUrl } from '@/lib/license';
import { nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { storyRoute } from '@/lib/routes';
import type { StoryInput } from '@/lib/storyModel';
import { safeUrl } from '@/lib/url';

/** A URL of the item's, absolute on `siteUrl` (paths are the site's). */
function absolute(url: string, siteUrl: string): string {
  return new URL(url, `${siteUrl}/`).href;
}

/** What every item's description says, each field as its declaration says (`@/lib/itemFields`). */
function commonJsonLd(node: MediaNode, siteUrl: string): Record<string, unknown> {
  const values = node as unknown as Record<string, unknown>;
  const common: Record<string, unknown> = { '@context': 'https://schema.org' };
  for (const [name, spec] of ITEM_FIELD_LIST) {
    if (spec.jsonLd && values[name] !== undefined)
      Object.assign(common, spec.jsonLd(values[name], node, siteUrl));
  }
  common.isPartOf = { '@type': 'WebSite', name: SITE_NAME, url: absolute('/', siteUrl) };
  return common;
}

/** The item's schema.org description, as a JSON-LD object. */
export function itemJsonLd(node: MediaNode, siteUrl: string): Record<string, unknown> {
  const licence = node.license === null ? null : licenseUrl(node.license, siteUrl);
  const common = commonJsonLd(node, siteUrl);
  if (node.type === 'video') {
    return {
      ...common,
      '@type': 'VideoObject',
      thumbnailUrl: absolute(nodeThumbnailUrl(node), siteUrl),
      ...(node.youtube_id === null
        ? {}
        : {
            embedUrl: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(node.youtube_id)}`,
          }),
    };
  }
  return {
    ...common,
    '@type': 'ImageGallery',
    ...(node.images[0] ? { thumbnailUrl: absolute(node.images[0].thumbUrl, siteUrl) } : {}),
    associatedMedia: node.images.map((image) => ({
      '@type': 'ImageObject',
      contentUrl: absolute(image.fullUrl, siteUrl),
      thumbnailUrl: absolute(image.thumbUrl, siteUrl),
      ...(licence === null ? {} : { license: licence }),
      ...(node.credit === null ? {} : { creditText: node.credit }),
    })),
  };
}

/** A story's cover as an absolute URL, through the one checked URL helper; null for none. */
export function storyCoverUrl(story: Pick<StoryInput, 'cover'>, siteUrl: string): string | null {
  const cover = safeUrl(story.cover);
  return cover === null ? null : absolute(cover, siteUrl);
}

/**
 * A story's schema.org description (issue 51): an `ItemList` of its stops in their order, each a
 * `ListItem` with its position, its heading as its name, the address of the stop's own page
 * (`/story/{id}` for the first, `/story/{id}/{n}` after it: each stop's canonical address) and,
 * where the stop shows an item, that item's page as the `item` it is about (by `@id`). This is the
 * shape search engines read for an ordered list of pages: Google's "summary page" form of its
 * carousel markup (an `ItemList` whose `ListItem`s carry `position` and `url`), rather than a
 * `CreativeWork` that would say nothing of the order or of the pages a stop links. (The carousel
 * itself is shown only for a few kinds of content; the list still tells a crawler how the
 * story's pages and items hang together.) `ItemList` is an `Intangible`: schema.org gives it no
 * licence or credit, which the story's page and its items' own data carry.
 *
 * @param itemPageOf the page of an item the archive shows (`/video/{id}`), or undefined for one
 *   it does not (a stop of an item deleted since is listed without an `item`).
 */
export function storyJsonLd(
  story: StoryInput,
  siteUrl: string,
  itemPageOf: (id: string) => string | undefined,
): Record<string, unknown> {
  const url = absolute(storyRoute(story.story_id), siteUrl);
  const cover = storyCoverUrl(story, siteUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    '@id': url,
    name: story.title,
    ...(story.intro.trim() === '' ? {} : { description: story.intro }),
    ...(cover === null ? {} : { image: cover }),
    url,
    numberOfItems: story.stops.length,
    itemListOrder: 'https://schema.org/ItemListOrderAscending',
    itemListElement: story.stops.map((stop, index) => {
      const page = stop.item === null ? undefined : itemPageOf(stop.item);
      return {
        '@type': 'ListItem',
        position: index + 1,
        name: stop.heading,
        url: absolute(storyRoute(story.story_id, index + 1), siteUrl),
        ...(page === undefined ? {} : { item: { '@id': absolute(page, siteUrl) } }),
      };
    }),
  };
}

/**
 * JSON-LD as the text of a `<script type="application/ld+json">`: nothing in it can close the
 * element or start markup (`<`, `>` and `&` are written as escapes, as are the two line
 * separators JavaScript once refused in strings).
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
