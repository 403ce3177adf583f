/**
 * The archive as CSV (issue 32): the columns the editors' export writes and their import reads, so
 * that a round trip changes nothing, and that a volunteer's spreadsheet of links and places can be
 * loaded as it is. One module for the editor's app and the nodes-service.
 *
 * - Columns are named after the node's fields. `categories` and `links` hold names or ids
 *   separated by `;`. `youtube_url` takes a link or an 11-character id.
 * - `images` holds a gallery's photos separated by `;`, each `full` or `full|thumb` or
 *   `full|thumb|card` (links); a list that cannot be written so (a 3D capture, a link with `;` or
 *   `|` in it) is written as JSON, which is read back as such.
 * - The header names the columns, in any order; commas, semicolons or tabs separate the cells
 *   (the header's first separator is the file's: `CSV_DELIMITERS`).
 * - A text cell that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a
 *   tab or a return) is written with a `'` before it, which spreadsheets show as text and the
 *   import takes off again: an archive's export must not run a visitor's `=HYPERLINK(…)`.
 */
import Papa from 'papaparse';
import type { NodeInput, NodeImageInput } from '@/lib/nodeSchema';

/** The columns, in the order the export writes them. */
export const ARCHIVE_CSV_COLUMNS = [
  'video_id',
  'type',
  'title',
  'description',
  'youtube_url',
  'images',
  'categories',
  'links',
  'lat',
  'lng',
  'date',
  'credit',
  'license',
] as const;
export type ArchiveCsvColumn = (typeof ARCHIVE_CSV_COLUMNS)[number];

/** The separators a file may use between cells, the first the header holds being the file's. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;

/** What separates names, ids and photos within a cell. */
const LIST_SEPARATOR = ';';
/** What separates a photo's links (full, thumbnail, card) within one entry. */
const LINK_SEPARATOR = '|';

/** A cell a spreadsheet would read as a formula, with any `'` already put before it. */
const FORMULA = /^'*[=+\-@\t\r]/;

/** A text cell as written: a formula-like one behind a `'`. */
export function escapeCell(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

/** A text cell as read: the `'` an export put before a formula-like one taken off. */
export function unescapeCell(text: string): string {
  return FORMULA.test(text) && text.startsWith("'") ? text.slice(1) : text;
}

function imagesCell(images: readonly NodeImageInput[]): string {
  const plain = images.every(
    (image) =>
      image.capture === undefined &&
      [image.fullUrl, image.thumbUrl, image.cardUrl ?? ''].every(
        (url) =>
          !url.includes(LIST_SEPARATOR) && !url.includes(LINK_SEPARATOR) && url.trim() === url,
      ),
  );
  if (!plain) return JSON.stringify(images);
  return images
    .map((image) => {
      const links = [image.fullUrl];
      if (image.thumbUrl !== image.fullUrl || image.cardUrl !== undefined)
        links.push(image.thumbUrl);
      if (image.cardUrl !== undefined) links.push(image.cardUrl);
      return links.join(LINK_SEPARATOR);
    })
    .join(`${LIST_SEPARATOR} `);
}

/** One node as the export's row: every column, as text. */
export function csvRowOfNode(node: NodeInput): Record<ArchiveCsvColumn, string> {
  return {
    video_id: node.video_id,
    type: node.type,
    title: escapeCell(node.title),
    description: escapeCell(node.description),
    youtube_url: node.youtube_url ?? '',
    images: node.type === 'gallery' ? escapeCell(imagesCell(node.images)) : '',
    categories: escapeCell(node.categories.join(`${LIST_SEPARATOR} `)),
    links: node.links.join(`${LIST_SEPARATOR} `),
    lat: String(node.lat),
    lng: String(node.lng),
    date: node.date ?? '',
    credit: escapeCell(node.credit ?? ''),
    license: node.license ?? '',
  };
}

/**
 * The archive as a CSV file: a header of `ARCHIVE_CSV_COLUMNS`, a row per node, lines ending in
 * CRLF (RFC 4180), UTF-8 with a byte-order mark so that spreadsheets read its accents right.
 */
export function archiveToCsv(nodes: readonly NodeInput[]): string {
  const text = Papa.unparse(
    { fields: [...ARCHIVE_CSV_COLUMNS], data: nodes.map(csvRowOfNode) },
    { newline: '\r\n', quotes: false, header: true },
  );
  return `\uFEFF${text}\r\n`;
}

function list(cell: string): string[] {
  return cell
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A cell of `images` as the schema's image objects (JSON as such; links as written above). */
function imagesOf(cell: string): unknown {
  const text = cell.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all: the schema says what is wrong with it as text.
      return text;
    }
  }
  return list(text).map((entry) => {
    const [fullUrl = '', thumbUrl, cardUrl] = entry.split(LINK_SEPARATOR).map((url) => url.trim());
    return {
      fullUrl,
      thumbUrl: thumbUrl || fullUrl,
      ...(cardUrl ? { cardUrl } : {}),
    };
  });
}

/** A number cell: a number when it reads as one in plain decimals, else the text (refused later). */
function numberOf(cell: string): number | string {
  const text = cell.trim();
  return /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : text;
}

/**
 * One row's cells, by column name, as a node's raw fields (what `normalizeArchive` and the schema
 * read): empty cells are left out, so the schema's defaults apply. The nodes-service reads the
 * file itself (`server/imports/`).
 */
export function csvEntryOf(cells: Readonly<Record<string, string>>): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const column of ARCHIVE_CSV_COLUMNS) {
    const raw = cells[column];
    if (raw === undefined) continue;
    const cell = unescapeCell(raw);
    if (cell.trim() === '') continue;
    switch (column) {
      case 'images':
        entry.images = imagesOf(cell);
        break;
      case 'categories':
      case 'links':
        entry[column] = list(cell);
        break;
      case 'lat':
      case 'lng':
        entry[column] = numberOf(cell);
        break;
      case 'youtube_url': {
        // A bare id is as good as a link.
        const text = cell.trim();
        entry[/^[A-Za-z0-9_-]{11}$/.test(text) ? 'youtube_id' : 'youtube_url'] = text;
        break;
      }
      case 'type':
        entry.type = cell.trim().toLowerCase();
        break;
      default:
        entry[column] = cell;
    }
  }
  // A row with photos and no video is a gallery, whether or not it says so.
  if (entry.type === undefined) {
    entry.type =
      entry.images !== undefined &&
      entry.youtube_url === undefined &&
      entry.youtube_id === undefined
        ? 'gallery'
        : 'video';
  }
  return entry;
}
