/**
 * The rows of an import's JSON file (issue 45): a list of items, or an archive file's
 * `{ "nodes": [...] }` (an export, its journal and deleted items included, is importable as it
 * is). `JSON.parse` of the whole file would build all of it at once: 16 MB of `[{},{},…]` is five
 * million objects, two seconds of a held server and half a gigabyte. So one pass over the text
 * first finds where each row of the list starts and ends, counting what the rows hold and
 * refusing a file past the limits before anything is built; then each row is parsed on its own,
 * a slice of the event loop at a time. What the file holds besides the list (the journal) is
 * passed over, never built. An export's stories (issue 51) are passed over too (an import takes
 * items), counted so the report says they were not imported.
 */
import { archiveEntries, ArchiveFormatError } from '@/lib/nodeModel';
import type { ImportEntry } from '@/lib/archiveImport';
import type { Slicer } from '../support/slices';
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from '../uploads/boundedJson';
import {
  IMPORT_MAX_DEPTH,
  IMPORT_MAX_ROW_VALUES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_VALUES,
  ImportFileRefused,
  tooManyRows,
} from './importLimits';

const COLON = 0x3a;
const NEWLINE = 0x0a;

/** Characters scanned between chances for the event loop to run other work. */
const SCAN_SLICE = 1 << 20;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** One row of the list: where its text is, and the line it starts on. */
interface RowSpan {
  start: number;
  end: number;
  line: number;
}

const notJson = (why: string) => new ImportFileRefused(400, `The file is not valid JSON: ${why}.`);

/** How deep anything in the file may nest (rows: `IMPORT_MAX_DEPTH` below their list). */
const FILE_MAX_DEPTH = 64;

/** The rows' spans, and how many stories an archive file's `stories` list holds (null: none). */
interface ScannedFile {
  rows: RowSpan[];
  stories: number | null;
}

/** The entries of a `stories` list so far, and where the scan is in it. */
interface StoriesCount {
  count: number;
  /** After `[` or `,`: the next character starts an entry. */
  expecting: boolean;
  open: boolean;
}

/** Counts the stories' entries, one character of the list's own level at a time. */
function countStories(stories: StoriesCount, code: number): void {
  if (code === COMMA) stories.expecting = true;
  else if (code === CLOSE_ARRAY) stories.open = false;
  else if (stories.expecting) {
    stories.count += 1;
    stories.expecting = false;
  }
}

/**
 * Finds the list of rows and each row's span, without building any of it.
 *
 * @throws ImportFileRefused past a limit, or where the file is not JSON the scan can follow
 *   (each row's own text is checked when it is parsed).
 */
async function scanRows(text: string, slicer: Slicer): Promise<ScannedFile> {
  const rows: RowSpan[] = [];
  /** The `stories` list of an archive file's object, once found. */
  let stories: StoriesCount | null = null;
  /** What encloses the scan: `[` or `{` for each open container, outermost first. */
  const stack: number[] = [];
  let rootOpened = false;
  /** The depth of the rows' list once it is found (1: the file is the list; 2: `nodes`). */
  let listDepth = -1;
  let listDone = false;
  /** Where the last text at depth 1 of an object file started, and the member name it made. */
  let keyStart = -1;
  let pendingKey: string | null = null;
  let row: { start: number; line: number; values: number } | null = null;
  let values = 0;
  let line = 1;
  /** Between rows, at the list's own depth: whether a row may come now (after `[` or `,`). */
  let expectingRow = false;

  const endRow = (end: number) => {
    if (row === null) return;
    let last = end;
    while (last > row.start && isSpace(text.charCodeAt(last - 1))) last -= 1;
    rows.push({ start: row.start, end: last, line: row.line });
    row = null;
  };
  const rowLimit = (what: string) =>
    new ImportFileRefused(413, `Row #${rows.length + 1} (line ${row?.line ?? line}) ${what}`);

  for (let i = 0; i < text.length; i += 1) {
    if (i % SCAN_SLICE === 0 && i > 0) await slicer.maybeYield();
    const code = text.charCodeAt(i);
    if (code === NEWLINE) line += 1;
    if (isSpace(code)) continue;
    const depth = stack.length;
    if (depth === 0) {
      if (rootOpened) throw notJson(`more follows the end of the file's value on line ${line}`);
      // A file that is one text, number or name is no list: the archive reader says what it is.
      if (code !== OPEN_ARRAY && code !== OPEN_OBJECT) return notAList(text);
      rootOpened = true;
    }

    // A member of the archive file's object (not inside the rows' list), whose name is read.
    const rootMember = depth === 1 && stack[0] === OPEN_OBJECT && (listDepth === -1 || listDone);
    if (stories?.open && depth === 2) countStories(stories, code);

    if (listDepth !== -1 && !listDone && depth === listDepth) {
      // At the list's own level: a bare value row (a number, a name) ends at `,` or `]`.
      if (row !== null && (code === COMMA || code === CLOSE_ARRAY)) endRow(i);
      if (row === null) {
        if (code === CLOSE_ARRAY) {
          if (expectingRow && rows.length > 0) throw notJson(`a "," ends the list on line ${line}`);
          stack.pop();
          listDone = true;
          continue;
        }
        if (code === COMMA) {
          if (expectingRow) throw notJson(`a value is missing before the "," on line ${line}`);
          expectingRow = true;
          continue;
        }
        if (!expectingRow) throw notJson(`a "," is missing before line ${line}`);
        if (rows.length >= IMPORT_MAX_ROWS) throw tooManyRows();
        row = { start: i, line, values: 0 };
        expectingRow = false;
      }
    }

    if (code === QUOTE) {
      const start = i;
      for (i += 1; i < text.length; i += 1) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i += 1;
        else if (inner === QUOTE) break;
        else if (inner === NEWLINE) line += 1;
      }
      if (i >= text.length) throw notJson('it ends inside a text');
      if (rootMember) keyStart = start;
    } else if (code === COLON) {
      if (rootMember && keyStart !== -1) {
        // A member of the archive file's object: its name, to find `nodes` (and `stories`).
        pendingKey = JSON.parse(text.slice(keyStart, text.lastIndexOf('"', i) + 1)) as string;
        keyStart = -1;
      }
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      stack.push(code);
      if (stack.length > FILE_MAX_DEPTH) {
        throw new ImportFileRefused(413, `The file nests more than ${FILE_MAX_DEPTH} levels deep.`);
      }
      if (listDepth === -1 && code === OPEN_ARRAY) {
        if (depth === 0) listDepth = 1;
        else if (depth === 1 && pendingKey === 'nodes') listDepth = 2;
        if (listDepth !== -1) {
          expectingRow = true;
          continue;
        }
      }
      if (rootMember && code === OPEN_ARRAY && pendingKey === 'stories' && stories === null) {
        stories = { count: 0, expecting: true, open: true };
      }
      pendingKey = null;
      if (row !== null) {
        row.values += 1;
        values += 1;
        if (stack.length - listDepth > IMPORT_MAX_DEPTH) {
          throw rowLimit(`nests more than ${IMPORT_MAX_DEPTH} levels deep; an item needs a few.`);
        }
      }
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      const open = stack.pop();
      if (open !== (code === CLOSE_OBJECT ? OPEN_OBJECT : OPEN_ARRAY)) {
        throw notJson(`a "${String.fromCharCode(code)}" on line ${line} closes nothing it opened`);
      }
      if (row !== null && stack.length === listDepth) endRow(i + 1);
    } else if (code === COMMA) {
      pendingKey = null;
      if (row !== null) {
        row.values += 1;
        values += 1;
      }
    }
    if (row !== null && row.values > IMPORT_MAX_ROW_VALUES) {
      throw rowLimit(
        `holds more than ${IMPORT_MAX_ROW_VALUES.toLocaleString('en')} values; an item holds a few hundred at most.`,
      );
    }
    if (values > IMPORT_MAX_VALUES) {
      throw new ImportFileRefused(
        413,
        `The rows of the file hold more than ${IMPORT_MAX_VALUES.toLocaleString('en')} values together; import it in parts.`,
      );
    }
  }
  if (!rootOpened) return notAList(text);
  if (stack.length > 0) throw notJson('it ends before everything it opens is closed');
  // An object without a `nodes` list: the archive reader's words.
  if (listDepth === -1) {
    throw new ImportFileRefused(
      400,
      'The archive is not a list of nodes (got an object without a "nodes" list).',
    );
  }
  return { rows, stories: stories?.count ?? null };
}

/** What the report says of an archive file's stories: an import takes items only. */
function storiesNote(count: number | null): string[] {
  if (count === null || count === 0) return [];
  const stories = count === 1 ? 'story' : `${count.toLocaleString('en')} stories`;
  return [
    `The file holds ${count === 1 ? 'a ' : ''}${stories} ("stories"): an import takes items only, so ${count === 1 ? 'it is' : 'they are'} not imported. Editors add stories under Stories; a server started with this file as its ARCHIVE_FILE takes them in.`,
  ];
}

/** A file that is one value but no list or object (a text, a number): the reader's words. */
function notAList(text: string): never {
  let raw: unknown;
  try {
    // No object or array in it (the scan found none first): parsing builds nothing large.
    raw = JSON.parse(text);
  } catch {
    throw new ImportFileRefused(400, 'The file is not valid JSON.');
  }
  try {
    archiveEntries(raw);
  } catch (error) {
    if (error instanceof ArchiveFormatError) throw new ImportFileRefused(400, error.message);
    throw error;
  }
  throw new ImportFileRefused(400, 'The file is not valid JSON.');
}

/** The rows of a JSON import, each an entry for `planImport` (`#7`, with the line it starts on). */
export async function readJsonRows(
  text: string,
  slicer: Slicer,
): Promise<{ entries: ImportEntry[]; notes: string[] }> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') throw new ImportFileRefused(400, 'The file is empty.');
  const scanned = await scanRows(body, slicer);
  const entries: ImportEntry[] = [];
  for (const [index, { start, end, line }] of scanned.rows.entries()) {
    await slicer.maybeYield();
    let entry: unknown;
    try {
      entry = JSON.parse(body.slice(start, end));
    } catch (error) {
      const why = error instanceof SyntaxError ? `: ${error.message}` : '';
      throw new ImportFileRefused(
        400,
        `The file is not valid JSON: row #${index + 1} (line ${line}) cannot be read${why}.`,
      );
    }
    entries.push({ row: `#${index + 1}`, line, entry });
  }
  return { entries, notes: storiesNote(scanned.stories) };
}
