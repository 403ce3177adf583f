/**
 * The public's open-data files of the archive (issue 32): every published item with its credit
 * and licence, as JSON and as CSV (the import's columns, then the item's page and its licence's
 * address), at stable URLs under `/api/open-data/`, linked from /resources. The JSON also lists
 * the published stories (issue 51), each with its page, its licence and its stops in order; the
 * CSV, whose rows are items, does not.
 *
 * The descriptive data (titles, descriptions, places, dates) is the archive's and is offered
 * under CC0 1.0; each item's media keep the licence its `license` names, and an item without one
 * may not be reused without asking (its rights are not stated). A story's words are its editors'
 * writing and keep the licence the story names.
 */
import Papa from 'papaparse';
import { csvRowOfNode, ARCHIVE_CSV_COLUMNS } from '@/lib/archiveCsv';
import { SITE_NAME, SITE_TITLE } from '@/lib/constants';
import { STORED_FIELDS } from '@/lib/itemFields';
import { pageOf } from '@/lib/itemFieldSpec';
import { LICENSES, licenseUrl } from '@/lib/license';
import type { NodeInput } from '@/lib/nodeSchema';
import { storyRoute } from '@/lib/routes';
import type { ListedStory } from '@/lib/storyModel';
import { safeUrl } from '@/lib/url';

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

/** A link of the archive's on the site (a path when its address is unknown). */
const onSite = (path: string, siteUrl: string | null) =>
  siteUrl === null ? path : new URL(path, `${siteUrl}/`).href;

/**
 * One published story as the open data lists it: its page, words, cover, credit and licence, the
 * day it last changed, and its stops in order, each with its page and the page of the item it
 * shows (null for a place, or an item the open data does not list).
 */
function openDataStory(
  story: ListedStory,
  siteUrl: string | null,
  itemPages: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const cover = safeUrl(story.cover);
  return {
    id: story.story_id,
    page: onSite(storyRoute(story.story_id), siteUrl),
    title: story.title,
    intro: story.intro,
    cover: cover === null ? null : onSite(cover, siteUrl),
    credit: story.credit,
    license: story.license,
    license_name: story.license === null ? null : LICENSES[story.license].name,
    license_url: licenseUrlOf(story, siteUrl),
    language: story.language ?? null,
    changed: story.changedAt,
    stops: story.stops.map((stop, index) => ({
      position: index + 1,
      page: onSite(storyRoute(story.story_id, index + 1), siteUrl),
      heading: stop.heading,
      narration: stop.narration,
      item: stop.item,
      item_page: stop.item === null ? null : (itemPages.get(stop.item) ?? null),
    })),
  };
}

/** The JSON file: the published items, and the published stories (none given: none listed). */
export function openDataJson(
  nodes: readonly NodeInput[],
  generated: Date,
  siteUrl: string | null = null,
  stories: readonly ListedStory[] = [],
) {
  const itemPages = new Map(nodes.map((node) => [node.video_id, pageOf(node, siteUrl)]));
  return {
    title: SITE_TITLE,
    publisher: SITE_NAME,
    generated: generated.toISOString(),
    site: siteUrl,
    data_license: OPEN_DATA_LICENSE,
    rights:
      'The descriptive data is dedicated to the public domain (CC0 1.0). Each item’s video or photos keep the licence its "license" names; an item without one may not be reused without asking its maker. Each story’s words keep the licence its "license" names.',
    count: nodes.length,
    items: nodes.map((node) => openDataItem(node, siteUrl)),
    stories: stories.map((story) => openDataStory(story, siteUrl, itemPages)),
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
