/**
 * An item's page described for search engines (issue 32): schema.org JSON-LD, a `VideoObject`
 * (its embed and thumbnail) or an `ImageGallery` (its photos), with where it was recorded
 * (`contentLocation`), when (`dateCreated`), its licence and its credit. The server puts it in a
 * shared link's document; the app keeps it in step as items open and close.
 */
import { SITE_NAME } from '@/lib/constants';
import { itemDateOf } from '@/lib/itemDate';
import { LICENSES } from '@/lib/license';
import { nodeRoute, nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';

/** A URL of the item's, absolute on `siteUrl` (paths are the site's). */
function absolute(url: string, siteUrl: string): string {
  return new URL(url, `${siteUrl}/`).href;
}

/** The start of an item's date as schema.org's Date or DateTime, and a range whole as `temporalCoverage`. */
function datesOf(node: MediaNode): Record<string, string> {
  const date = itemDateOf(node.date);
  if (date === null) return {};
  const [start = date.text] = date.text.split('/');
  return date.end === null
    ? { dateCreated: start }
    : { dateCreated: start, temporalCoverage: date.text };
}

/** The item's schema.org description, as a JSON-LD object. */
export function itemJsonLd(node: MediaNode, siteUrl: string): Record<string, unknown> {
  const page = absolute(nodeRoute(node), siteUrl);
  const licence = node.license === null ? null : absolute(LICENSES[node.license].deed, siteUrl);
  const common = {
    '@context': 'https://schema.org',
    '@id': page,
    url: page,
    name: node.title,
    description:
      node.description ||
      `${node.type === 'video' ? 'A video' : 'Photos'} of the St. Louis tornado of 16 May 2025.`,
    ...datesOf(node),
    contentLocation: {
      '@type': 'Place',
      geo: { '@type': 'GeoCoordinates', latitude: node.lat, longitude: node.lng },
    },
    ...(node.categories.length > 0 ? { keywords: node.categories.map((c) => c.name) } : {}),
    ...(licence === null ? {} : { license: licence }),
    ...(node.credit === null ? {} : { creditText: node.credit }),
    isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: absolute('/', siteUrl) },
  };
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
