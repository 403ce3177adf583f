/**
 * The archive as a preservation package (issue 52): a BagIt 1.0 bag another archive can take in
 * and check byte by byte. What is in it is what the public archive holds, nothing an editor or a
 * contributor kept private:
 *
 * - `data/items.json` and `data/items.csv`: the published items with their credits, licences and
 *   pages (the open data's files), the JSON with the published stories;
 * - `data/stories.json` and `data/stories.csv`: the published stories, the CSV a row per stop;
 * - `data/journal.json`: the changes to the items and stories the bag holds (a deleted item's
 *   history stays out, since it may have been taken down at its maker's request);
 * - `data/media/…`: every published photo and 3D capture this archive stores, at its largest
 *   (the full-size copy: what is kept of an original, its location data taken off on upload), and
 *   `data/media.csv`, which names the file of every item's photo, or its address when it is kept
 *   elsewhere (a video on YouTube, an image given by its link);
 * - `data/licences.json` and `data/terms.json`: the licences' names and deeds, every version of
 *   the contributors' terms with its Spanish and Bosnian words;
 * - `bag-info.txt`: the archive's name, address, contact and the bagging date.
 *
 * Photos are read one at a time and streamed, so an archive of any size never sits in memory.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { archiveInputs } from '@/lib/archiveImport';
import { SITE_NAME, SITE_TITLE } from '@/lib/constants';
import { LICENSE_IDS, LICENSES, licenseUrl } from '@/lib/license';
import { normalizeArchive } from '@/lib/nodeModel';
import { openDataCsv, openDataJson } from '@/lib/openData';
import type { ListedStory } from '@/lib/storyModel';
import { TERMS_VERSIONS } from '@/lib/terms';
import { youtubeWatchUrl } from '@/lib/youtube';
import { TERMS_BS } from '@/lib/terms.bs';
import { TERMS_ES } from '@/lib/terms.es';
import { safeBagPath, type bagWriter, type BagInfo, type PayloadSource } from './bagit';
import { fileOf } from '../uploads/folderStorage';
import type { MediaStorage } from '../uploads/mediaStorage';
import { isEditable, type JournalEntry, type NodeStore } from '../storage/nodeStore';
import { wholeList } from '../storage/pageQuery';
import { hasStories, writesStories, type StoryJournalEntry } from '../storage/storyStore';
import { publishedStories } from '../storage/publishedStories';

export type BagWriter = ReturnType<typeof bagWriter>;

/** Who made the archive, for `bag-info.txt`. */
export interface ArchiveAbout {
  /** The site's public address (`SITE_URL`), or null. */
  siteUrl: string | null;
  /** Whom to write to about it (`ADMIN_EMAIL`), or null. */
  contact: string | null;
}

/** How far an export has got: `stage` in words, `done` of `total` media files, `bytes` so far. */
export interface BagProgress {
  stage: 'data' | 'media' | 'tags';
  done: number;
  total: number;
  bytes: number;
}

export interface ArchiveBagOptions {
  store: NodeStore;
  /** Where uploaded photos are kept; null: none (a photo named at the uploads is not found). */
  media: MediaStorage | null;
  /**
   * The folder the site's own files are served from (the built app, or `public/`): photos an
   * item names by a path on the site (the sample archive's `/sample/…`) are read there. Null:
   * such photos are listed in media.csv with their address only.
   */
  siteFolder?: string | null;
  about: ArchiveAbout;
  now?: Date;
  onProgress?: (progress: BagProgress) => void;
}

/** What an export wrote, and the media it could not find. */
export interface ArchiveBagSummary {
  items: number;
  stories: number;
  files: number;
  bytes: number;
  /** The addresses of media the items name that this archive's storage no longer has (media.csv says so too). */
  notFound: string[];
}

/** One media file an item names, and where the bag has it. */
interface MediaRow {
  item: string;
  role: 'video' | 'photo' | 'capture';
  url: string;
  /** Where the bag keeps it (`media/…`, under `data/`), when this archive has the file. */
  file: string | null;
  /** Reads the file (null: it is not there). */
  open: (() => Promise<PayloadSource | null>) | null;
}

/** A file as a stream with its length, or null when there is no such file. */
async function openFile(file: string): Promise<PayloadSource | null> {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { stream: createReadStream(file), bytes: info.size } : null;
}

/**
 * The site's own file an address names (`/sample/porch/1.jpg`), checked as a path inside the
 * folder: no `..`, no query, no host. Null for any other address.
 */
export function siteFileOf(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//') || /[?#\\]/.test(url)) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.slice(1));
  } catch {
    return null;
  }
  return safeBagPath(path);
}

/** The stories as a table: a row per stop. */
function storiesCsv(stories: readonly ListedStory[]): string {
  const rows = stories.flatMap((story) =>
    story.stops.map((stop, index) => ({
      story_id: story.story_id,
      story_title: story.title,
      credit: story.credit ?? '',
      license: story.license ?? '',
      changed_at: story.changedAt,
      stop: String(index + 1),
      heading: stop.heading,
      item: stop.item ?? '',
      show: stop.show ?? '',
      latitude: stop.view ? String(stop.view.lat) : '',
      longitude: stop.view ? String(stop.view.lng) : '',
      distance: stop.view ? String(stop.view.distance) : '',
      from: stop.from ?? '',
      to: stop.to ?? '',
      category: stop.category ?? '',
      type: stop.type ?? '',
      narration: stop.narration,
    })),
  );
  const fields = [
    'story_id',
    'story_title',
    'credit',
    'license',
    'changed_at',
    'stop',
    'heading',
    'item',
    'show',
    'latitude',
    'longitude',
    'distance',
    'from',
    'to',
    'category',
    'type',
    'narration',
  ];
  return `\uFEFF${Papa.unparse({ fields, data: rows }, { newline: '\r\n', header: true, escapeFormulae: true })}\r\n`;
}

/** Every photo and capture the items name, in archive order, each once per item. */
function mediaOf(
  nodes: readonly unknown[],
  media: MediaStorage | null,
  siteFolder: string | null,
): MediaRow[] {
  const rows: MediaRow[] = [];
  const seen = new Set<string>();
  for (const node of normalizeArchive(nodes).nodes) {
    const files: [MediaRow['role'], string][] = [
      ...(node.youtube_id !== null
        ? [['video', youtubeWatchUrl(node.youtube_id)] as [MediaRow['role'], string]]
        : []),
      ...node.images.flatMap((image) => [
        ['photo', image.fullUrl] as [MediaRow['role'], string],
        ...(image.capture ? [['capture', image.capture.url] as [MediaRow['role'], string]] : []),
      ]),
    ];
    for (const [role, url] of files) {
      if (seen.has(`${node.video_id} ${url}`)) continue;
      seen.add(`${node.video_id} ${url}`);
      rows.push({ item: node.video_id, role, url, ...whereIs(url, media, siteFolder) });
    }
  }
  return rows;
}

/** A stored file: streamed from a folder, read whole from a bucket (one at a time); null once gone. */
export function readStored(media: MediaStorage, key: string): Promise<PayloadSource | null> {
  return media.folder === null ? media.get(key) : openFile(fileOf(media.folder, key));
}

/** Where the bag keeps the file `url` names, and how to read it: null for one kept elsewhere. */
function whereIs(
  url: string,
  media: MediaStorage | null,
  siteFolder: string | null,
): Pick<MediaRow, 'file' | 'open'> {
  const key = media?.keyOf(url) ?? null;
  if (media !== null && key !== null) {
    return { file: `media/${key}`, open: () => readStored(media, key) };
  }
  const path = siteFolder === null ? null : siteFileOf(url);
  if (siteFolder === null || path === null) return { file: null, open: null };
  return { file: `media/site/${path}`, open: () => openFile(join(siteFolder, ...path.split('/'))) };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/** `bag-info.txt`'s fields for this archive. */
export function archiveBagInfo(about: ArchiveAbout, summary: { items: number; stories: number }) {
  const info: [string, string][] = [
    ['Source-Organization', SITE_NAME],
    ...(about.siteUrl ? ([['Organization-Address', about.siteUrl]] as [string, string][]) : []),
    ...(about.contact ? ([['Contact-Email', about.contact]] as [string, string][]) : []),
    [
      'External-Description',
      `${SITE_TITLE}. The published items (${summary.items}) and stories (${summary.stories}) ` +
        'with their credits and licences, their photos and 3D captures, their changes, ' +
        "and the licences and contributors' terms they were published under.",
    ],
    ['Bag-Software-Agent', 'Globe Archive export:bag'],
  ];
  return info satisfies BagInfo;
}

/**
 * Writes the archive into `bag` and finishes it. A resumed export (a folder writer made with
 * `resume`) keeps the media an earlier run finished.
 */
export async function writeArchiveBag(
  bag: BagWriter,
  { store, media, about, siteFolder = null, now = new Date(), onProgress }: ArchiveBagOptions,
): Promise<ArchiveBagSummary> {
  const raw = await store.listNodes();
  const nodes = archiveInputs(raw);
  const stories = await publishedStories(store);
  const listedIds = new Set(nodes.map((node) => node.video_id));
  const storyIds = new Set(stories.map((story) => story.story_id));
  const progress = (stage: BagProgress['stage'], done: number, total: number) =>
    onProgress?.({ stage, done, total, bytes: bag.totals().bytes });

  progress('data', 0, 0);
  await bag.add('items.json', json(openDataJson(nodes, now, about.siteUrl, stories)));
  await bag.add('items.csv', openDataCsv(nodes, about.siteUrl));
  await bag.add('stories.json', json({ stories }));
  await bag.add('stories.csv', storiesCsv(stories));
  const items: JournalEntry[] = isEditable(store)
    ? await wholeList((query) => store.journal(query))
    : [];
  const storyChanges: StoryJournalEntry[] =
    hasStories(store) && writesStories(store)
      ? await wholeList((query) => store.storyJournal(query))
      : [];
  await bag.add(
    'journal.json',
    json({
      items: items.filter((entry) => listedIds.has(entry.nodeId)),
      stories: storyChanges.filter((entry) => storyIds.has(entry.storyId)),
    }),
  );
  await bag.add(
    'licences.json',
    json(
      LICENSE_IDS.map((id) => ({
        id,
        short: LICENSES[id].short,
        name: LICENSES[id].name,
        allows: LICENSES[id].allows,
        url: licenseUrl(id, about.siteUrl),
      })),
    ),
  );
  await bag.add(
    'terms.json',
    json({ versions: TERMS_VERSIONS, translations: { es: TERMS_ES, bs: TERMS_BS } }),
  );

  const rows = mediaOf(raw, media, siteFolder);
  const kept = rows.filter((row) => row.file !== null && row.open !== null);
  const files = new Map<string, 'in bag' | 'not found'>();
  let done = 0;
  progress('media', 0, kept.length);
  for (const row of kept) {
    const file = row.file as string;
    if (!files.has(file)) {
      const entry = await bag.addOnce(file, row.open as () => Promise<PayloadSource | null>);
      files.set(file, entry === null ? 'not found' : 'in bag');
    }
    progress('media', ++done, kept.length);
  }
  await bag.add(
    'media.csv',
    `\uFEFF${Papa.unparse(
      {
        fields: ['item', 'role', 'url', 'file'],
        data: rows.map((row) => ({
          item: row.item,
          role: row.role,
          url: row.url,
          file:
            row.file === null
              ? ''
              : files.get(row.file) === 'in bag'
                ? `data/${row.file}`
                : 'not found',
        })),
      },
      { newline: '\r\n', header: true, escapeFormulae: true },
    )}\r\n`,
  );

  progress('tags', kept.length, kept.length);
  const summary = { items: nodes.length, stories: stories.length };
  const totals = await bag.finish(archiveBagInfo(about, summary), now);
  return {
    ...summary,
    ...totals,
    notFound: rows.flatMap((row) =>
      row.file !== null && files.get(row.file) === 'not found' ? [row.url] : [],
    ),
  };
}
