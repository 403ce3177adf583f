/**
 * Where the archive's IIIF Presentation 3.0 documents are (issue 52), for the app that links
 * them, the server that answers them, OAI-PMH and JSON-LD; and the one rights URI each names.
 */
import { LICENSES, type LicenseId } from '@/lib/license';
import type { MediaType } from '@/lib/mediaType';

/** The archive's IIIF collection: every gallery's manifest and every published story's. */
export const IIIF_COLLECTION_PATH = '/iiif/collection';

/** A gallery's manifest, `/iiif/item/{id}/manifest`. */
export function itemManifestPath(itemId: string): string {
  return `/iiif/item/${encodeURIComponent(itemId)}/manifest`;
}

/** A published story's manifest, `/iiif/story/{id}/manifest`. */
export function storyManifestPath(storyId: string): string {
  return `/iiif/story/${encodeURIComponent(storyId)}/manifest`;
}

/** The media type of a IIIF Presentation 3.0 document. */
export const IIIF_PRESENTATION_TYPE =
  'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"';

/** Where IIIF's own drag-and-drop logo leads when a viewer does not take the link. */
export const IIIF_ABOUT_URL = 'https://iiif.io/';

/**
 * The `rights` of a IIIF resource: Presentation 3.0 takes only a Creative Commons or
 * RightsStatements.org URI, written with `http:` as those vocabularies name themselves. A
 * Creative Commons licence is its deed; "shown in this archive only" is In Copyright (the maker
 * keeps every right, and the archive's terms say what it may do); none stated is Copyright
 * Undetermined.
 */
export function iiifRights(license: LicenseId | null): string {
  if (license === null) return 'http://rightsstatements.org/vocab/UND/1.0/';
  const deed = LICENSES[license].deed;
  return deed.startsWith('https://creativecommons.org/')
    ? deed.replace(/^https:/, 'http:')
    : 'http://rightsstatements.org/vocab/InC/1.0/';
}

/** Whether the archive has a IIIF manifest of an item: a gallery with at least one photo. */
export function galleryHasManifest(item: { type: MediaType }, images: readonly unknown[]): boolean {
  return item.type === 'gallery' && images.length > 0;
}

/** A gallery's manifest as schema.org describes a related document (its JSON-LD `subjectOf`). */
export function iiifManifestJsonLd(item: { video_id: string }, siteUrl: string) {
  const url = `${siteUrl}${itemManifestPath(item.video_id)}`;
  return {
    '@type': 'CreativeWork',
    '@id': url,
    url,
    name: 'IIIF Presentation 3.0 manifest',
    encodingFormat: IIIF_PRESENTATION_TYPE,
  };
}
