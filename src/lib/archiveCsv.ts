/**
 * The archive as CSV (issue 32): the columns the editors' export writes and their import reads, so
 * that a round trip changes nothing, and that a volunteer's spreadsheet of links and places can be
 * loaded as it is. One module for the editor's app and the nodes-service.
 *
 * - Columns are named after the item's fields, each field saying how its cell is written and
 *   read (`@/lib/itemFields`, the cells themselves in `@/lib/csvCells`). `youtube_url` takes a
 *   link or an 11-character id.
 * - The header names the columns, in any order; commas, semicolons or tabs separate the cells
 *   (the header's first separator is the file's: `CSV_DELIMITERS`).
 */
import Papa from 'papaparse';
import { unescapeCell } from '@/lib/csvCells';
import { CSV_COLUMNS, STORED_FIELDS, type ItemFieldName } from '@/lib/itemFields';
import type { NodeInput } from '@/lib/nodeSchema';

export { escapeCell, unescapeCell } from '@/lib/csvCells';

/** The columns, in the order the export writes them: the item's fields that have one (`@/lib/itemFields`). */
export const ARCHIVE_CSV_COLUMNS: readonly ItemFieldName[] = CSV_COLUMNS;
export type ArchiveCsvColumn = ItemFieldName;

/** The separators a file may use between cells, the first the header holds being the file's. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;

const CELLS = STORED_FIELDS.flatMap(([name, spec]) =>
  spec.stored.csv ? [{ name, cell: spec.stored.csv }] : [],
);

/** One node as the export's row: every column, as text. */
export function csvRowOfNode(node: NodeInput): Record<string, string> {
  const values = node as unknown as Record<string, unknown>;
  return Object.fromEntries(CELLS.map(({ name, cell }) => [name, cell.write(values[name], node)]));
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

/**
 * One row's cells, by column name, as a node's raw fields (what `normalizeArchive` and the schema
 * read): empty cells are left out, so the schema's defaults apply. The nodes-service reads the
 * file itself (`server/imports/`).
 */
export function csvEntryOf(cells: Readonly<Record<string, string>>): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const { name, cell: column } of CELLS) {
    const raw = cells[name];
    if (raw === undefined) continue;
    const cell = unescapeCell(raw);
    if (cell.trim() === '') continue;
    Object.assign(entry, column.read(cell));
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
