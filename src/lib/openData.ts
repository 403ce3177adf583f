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
import { STORED_FIELDS } from '@/lib/itemFields';
import { pageOf } from '@/lib/itemFieldSpec';
import { licenseUrl } from '@/lib/license';
import type { NodeInput } from '@/lib/nodeSchema';

export { pageOf } from '@/lib/itemFieldSpec';

/** The licence of the files' descriptive data. */
export const OPEN_DATA_LICENSE = {
  id: 'CC0-1.0',
  url: 'https://creativecommons.org/publicdomain/zero/1.0/',
} as const;

/** Where an item's licence is explained (absolute), or null when it states none. */
export function licenseUrlOf(
  node: Pick<NodeInput, 'license'>,
  siteUrl: string | null,
): string | null {
  return node.license === null ? null : licenseUrl(node.license, siteUrl);
}

/** One item as the open data lists it: each field as its declaration says (`@/lib/itemFields`). */
function openDataItem(node: NodeInput, siteUrl: string | null): Record<string, unknown> {
  const values = node as unknown as Record<string, unknown>;
  const item: Record<string, unknown> = {};
  for (const [name, spec] of STORED_FIELDS) {
    const value = values[name];
    if (value === undefined) continue;
    Object.assign(
      item,
      spec.stored.openData ? spec.stored.openData(value, node, siteUrl) : { [name]: value },
    );
  }
  return item;
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
    items: nodes.map((node) => openDataItem(node, siteUrl)),
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
