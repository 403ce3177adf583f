/**
 * The public's open-data files of the archive (issue 32): every published item with its credit
 * and licence, as JSON and as CSV (the import's columns, then the item's page and its licence's
 * address), at stable URLs under `/api/open-data/`, linked from /resources.
 *
 * The descriptive data (titles, descriptions, places, dates) is the archive's and is offered
 * under CC0 1.0; each item's media keep the licence its `license` names, and an item without one
 * may not be reused without asking (its rights are not stated).
 */
import Papa from 'papaparse';
import { csvRowOfNode, ARCHIVE_CSV_COLUMNS } from '@/lib/archiveCsv';
import { SITE_NAME, SITE_TITLE } from '@/lib/constants';
import { LICENSES } from '@/lib/license';
import { nodeRoute } from '@/lib/nodeModel';
import type { NodeInput } from '@/lib/nodeSchema';

/** The licence of the files' descriptive data. */
export const OPEN_DATA_LICENSE = {
  id: 'CC0-1.0',
  url: 'https://creativecommons.org/publicdomain/zero/1.0/',
} as const;

/** An item's page: absolute when the site's address is known, else a path on it. */
export function pageOf(node: Pick<NodeInput, 'type' | 'video_id'>, siteUrl: string | null): string {
  return `${siteUrl ?? ''}${nodeRoute(node)}`;
}

/** Where an item's licence is explained (absolute), or null when it states none. */
export function licenseUrlOf(
  node: Pick<NodeInput, 'license'>,
  siteUrl: string | null,
): string | null {
  if (node.license === null) return null;
  const deed = LICENSES[node.license].deed;
  return deed.startsWith('/') ? `${siteUrl ?? ''}${deed}` : deed;
}

/** The JSON file. */
export function openDataJson(
  nodes: readonly NodeInput[],
  generated: Date,
  siteUrl: string | null = null,
) {
  return {
    title: SITE_TITLE,
    publisher: SITE_NAME,
    generated: generated.toISOString(),
    site: siteUrl,
    data_license: OPEN_DATA_LICENSE,
    rights:
      'The descriptive data is dedicated to the public domain (CC0 1.0). Each item’s video or photos keep the licence its "license" names; an item without one may not be reused without asking its maker.',
    count: nodes.length,
    items: nodes.map((node) => ({
      id: node.video_id,
      type: node.type,
      title: node.title,
      description: node.description,
      page: pageOf(node, siteUrl),
      youtube_url: node.youtube_url,
      images: node.images.map(({ fullUrl, thumbUrl }) => ({ fullUrl, thumbUrl })),
      categories: node.categories,
      links: node.links,
      lat: node.lat,
      lng: node.lng,
      date: node.date,
      credit: node.credit,
      license: node.license,
      license_name: node.license === null ? null : LICENSES[node.license].name,
      license_url: licenseUrlOf(node, siteUrl),
    })),
  };
}

/** The CSV file: the import's columns, then `page` and `license_url`. */
export function openDataCsv(nodes: readonly NodeInput[], siteUrl: string | null = null): string {
  const text = Papa.unparse(
    {
      fields: [...ARCHIVE_CSV_COLUMNS, 'page', 'license_url'],
      data: nodes.map((node) => ({
        ...csvRowOfNode(node),
        page: pageOf(node, siteUrl),
        license_url: licenseUrlOf(node, siteUrl) ?? '',
      })),
    },
    { newline: '\r\n', header: true },
  );
  return `\uFEFF${text}\r\n`;
}
