/**
 * An item's page described for search engines (issue 32): schema.org JSON-LD, a `VideoObject`
 * (its embed and thumbnail) or an `ImageGallery` (its photos), with where it was recorded
 * (`contentLocation`), when (`dateCreated`), its licence and its credit. The server puts it in a
 * shared link's document; the app keeps it in step as items open and close.
 */
import { SITE_NAME } from '@/lib/constants';
import { ITEM_FIELD_LIST } from '@/lib/itemFields';
import { licenseUrl } from '@/lib/license';
import { nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';

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
