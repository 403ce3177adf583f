/**
 * The rows of an import's CSV file (issue 45), read by csv-parse a slice at a time: the library's
 * own errors (a quote that never closes is a refusal naming its row), its byte offsets for where
 * each row starts, and limits that stop the reading early. Kept apart from `@/lib/archiveCsv`
 * (the columns and what a row's cells mean, shared with the app) because it streams through Node.
 *
 * Rows are numbered as a spreadsheet numbers them: the header is row 1, and a blank line is a
 * row too, so a file opened in a spreadsheet shows each row where the report says it is. Each
 * row also says the line of the file it starts on, which a cell holding line breaks moves on.
 */
import type { Writable } from 'node:stream';
import { CsvError, parse, type CastingContext, type Options } from 'csv-parse';
import { ARCHIVE_CSV_COLUMNS, CSV_DELIMITERS, csvEntryOf } from '@/lib/archiveCsv';
import type { ImportEntry } from '@/lib/archiveImport';
import { isStorableText } from '@/lib/storableText';
import type { Slicer } from '../support/slices';
import { IMPORT_MAX_CELLS, IMPORT_MAX_ROWS, ImportFileRefused, tooManyRows } from './importLimits';

/** Bytes handed to the parser at once: a slice of a few milliseconds whatever they hold. */
const CHUNK_BYTES = 64 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/** Counts the file's lines and its blank lines as the reading moves on. */
class LineCounter {
  /** The line the next byte is on. */
  line = 1;
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** Moves to `offset`, counting the line breaks passed (CRLF, LF or CR each one). */
  moveTo(offset: number): void {
    const { bytes } = this;
    for (let i = this.at; i < offset; i += 1) {
      const byte = bytes[i];
      if (byte === LF || (byte === CR && bytes[i + 1] !== LF)) this.line += 1;
    }
    this.at = Math.max(this.at, offset);
  }

  /** From `offset`, past the empty lines there: how many, and where the next row starts. */
  skipEmptyLines(offset: number): { empty: number; start: number } {
    this.moveTo(offset);
    const { bytes } = this;
    let start = offset;
    let empty = 0;
    while (start < bytes.length && (bytes[start] === LF || bytes[start] === CR)) {
      start += bytes[start] === CR && bytes[start + 1] === LF ? 2 : 1;
      empty += 1;
    }
    this.moveTo(start);
    return { empty, start };
  }
}

/** Where a row is: as a spreadsheet numbers it, and the line it starts on. */
interface Located {
  row: number;
  line: number;
}

/** A record as the parser hands it over: its cells, where it is, and where it ends, bytes. */
interface ParsedRow {
  record: string[];
  at: Located;
  end: number;
}

const where = ({ row, line }: Located): string =>
  row === line ? `Row ${row}` : `Row ${row} (line ${line})`;

/**
 * Where the text's lone surrogates land once it is UTF-8, bytes, in order. Encoding writes each as
 * U+FFFD (`@/lib/storableText`'s repair), silently: these offsets let the rows that held one say so.
 */
function loneSurrogateOffsets(text: string): number[] {
  const offsets: number[] = [];
  let byte = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) byte += 1;
    else if (code < 0x800) byte += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      byte += 4;
      i += 1;
    } else {
      if (code >= 0xd800 && code <= 0xdfff) offsets.push(byte);
      byte += 3;
    }
  }
  return offsets;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The separator of the file: the first of `CSV_DELIMITERS` its first line holds (a comma if none). */
function delimiterOf(text: string): string {
  const end = text.search(/[\r\n]/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  return CSV_DELIMITERS.find((candidate) => firstLine.includes(candidate)) ?? ',';
}

/** The columns a row's cells are read from; any other column is ignored (with a note). */
const KNOWN_COLUMNS: ReadonlySet<string> = new Set<string>(ARCHIVE_CSV_COLUMNS);

/**
 * csv-parse's settings for an import file: `nextRow` says where the row being parsed starts
 * (for a refusal naming it), and `recordEnded` makes each record a row that says where it is.
 */
function parserOptions(
  delimiter: string,
  nextRow: () => Located,
  recordEnded: (record: string[], bytes: number) => ParsedRow,
): Options<ParsedRow, string[]> {
  return {
    delimiter,
    // A spreadsheet's quote inside an unquoted cell (`5" tall`) is text, as it shows it.
    relax_quotes: true,
    // A short row is a row with empty cells at its end; a long one is refused below, by row.
    relax_column_count: true,
    skip_empty_lines: true,
    // Called for every cell: the way to stop a row of millions of empty cells before it is built.
    cast: (value: string, context: CastingContext) => {
      if (context.index >= IMPORT_MAX_CELLS) {
        throw new ImportFileRefused(
          400,
          `${where(nextRow())} holds more than ${IMPORT_MAX_CELLS} cells; a row of this archive has at most ${ARCHIVE_CSV_COLUMNS.length}.`,
        );
      }
      return value;
    },
    // Called as each record ends: its place, before the next one moves the parser on.
    on_record: (record, context) => recordEnded(record, context.bytes),
  };
}

/** The refusal of a header row that does not name video_id, or null when it does. */
function headerRefusal(names: string[]): ImportFileRefused | null {
  if (names.includes('video_id')) return null;
  return new ImportFileRefused(
    400,
    `The first row must name the columns, among them video_id (it names ${names.slice(0, 5).join(', ') || 'none'}).`,
  );
}

/**
 * A data row as an import entry, its cells named by the header's `names`: refused when it has
 * more cells than the header names; `repaired` when a character that cannot be stored was
 * replaced in it, which the entry notes for each cell it touched.
 */
function entryOfRow(names: string[], { record, at }: ParsedRow, repaired: boolean): ImportEntry {
  const label = { row: `Row ${at.row}`, line: at.line };
  if (record.length > names.length) {
    return {
      ...label,
      entry: null,
      refused: [
        `This row has ${record.length} cells where the header names ${names.length}: a separator or a quote may be missing.`,
      ],
    };
  }
  const cells: Record<string, string> = {};
  names.forEach((name, column) => {
    if (KNOWN_COLUMNS.has(name) && cells[name] === undefined) cells[name] = record[column] ?? '';
  });
  const notes = repaired
    ? Object.keys(cells)
        .filter((name) => cells[name]?.includes('\uFFFD'))
        .map((name) => `${name} had a character that cannot be stored, replaced`)
    : [];
  return { ...label, entry: csvEntryOf(cells), ...(notes.length > 0 ? { notes } : {}) };
}

/** The notes on a header's columns that are no field of an item. */
function ignoredColumnNotes(header: string[]): string[] {
  return [...new Set(header.filter((name) => name !== '' && !KNOWN_COLUMNS.has(name)))].map(
    (column) => `The column "${column}" is not a field of an item: ignored.`,
  );
}

/** The rows of a CSV import, each an entry for `planImport`, and notes on the file as a whole. */
export async function readCsvRows(
  text: string,
  slicer: Slicer,
): Promise<{ entries: ImportEntry[]; notes: string[] }> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') throw new ImportFileRefused(400, 'The file is empty.');
  const bytes = Buffer.from(body, 'utf8');
  const lines = new LineCounter(bytes);
  const broken = isStorableText(body) ? [] : loneSurrogateOffsets(body);
  let nextBroken = 0;

  let refusal: ImportFileRefused | null = null;
  let names: string[] | null = null;
  const entries: ImportEntry[] = [];
  let dataRows = 0;

  // Where the parser is, kept as it parses (each record's place is known the moment it ends):
  // rows so far as a spreadsheet numbers them, and where the last one ended, bytes.
  let rows = 0;
  let ended = 0;
  /** Where the row being parsed starts: past the empty lines after the last one. */
  function nextRow(): Located {
    const { empty } = lines.skipEmptyLines(ended);
    return { row: rows + empty + 1, line: lines.line };
  }

  const options = parserOptions(delimiterOf(body), nextRow, (record, bytes) => {
    const at = nextRow();
    rows = at.row;
    ended = bytes;
    return { record, at, end: ended };
  });
  // The typings know one shape of record for the whole pipeline; this one turns it into another.
  const parser = parse(options as unknown as Options);

  /** One parsed row into an entry (or a refusal of the file). */
  function take(row: ParsedRow) {
    let repaired = false;
    while (nextBroken < broken.length && (broken[nextBroken] ?? 0) < row.end) {
      repaired = true;
      nextBroken += 1;
    }
    if (names === null) {
      names = row.record.map((name) => name.trim().toLowerCase());
      refusal = headerRefusal(names);
      return;
    }
    // A row of nothing but separators or spaces is a blank row of the spreadsheet: no item.
    if (row.record.every((cell) => cell.trim() === '')) return;
    dataRows += 1;
    if (dataRows > IMPORT_MAX_ROWS) {
      refusal = tooManyRows();
      return;
    }
    entries.push(entryOfRow(names, row, repaired));
  }

  // Rows the parser has handed over, taken in the loop below a slice at a time: the stream hands
  // them over on later turns, and taking them all at once would hold the thread.
  let parsed: ParsedRow[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('data', (row: ParsedRow) => parsed.push(row));
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  // Keeps an early failure from being an unhandled rejection while the chunks are still written.
  finished.catch(() => undefined);
  async function takeParsed() {
    const batch = parsed;
    parsed = [];
    for (const row of batch) {
      if (refusal) return;
      take(row);
      await slicer.maybeYield();
    }
  }

  try {
    for (let offset = 0; offset < bytes.length && refusal === null; offset += CHUNK_BYTES) {
      // A parser that failed has destroyed itself: `finished` says why.
      if (parser.destroyed) break;
      // Past its buffer, the stream would keep the chunks and parse them all at once, later:
      // each waits for the one before to be parsed and handed over.
      if (!parser.write(bytes.subarray(offset, offset + CHUNK_BYTES))) await drained(parser);
      await slicer.maybeYield();
      await takeParsed();
    }
    if (refusal === null) {
      if (!parser.destroyed) parser.end();
      await finished;
      await takeParsed();
    }
  } catch (error) {
    throw csvRefusal(error, nextRow());
  } finally {
    parser.destroy();
  }
  if (refusal) throw refusal;
  if (names === null) throw new ImportFileRefused(400, 'The file has no header row.');
  const header: string[] = names;
  return { entries, notes: ignoredColumnNotes(header) };
}

/** Resolves once a stream has taken what was written (or failed, or closed). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}

/** The refusal for an error of the parser, naming the row it was reading. */
function csvRefusal(error: unknown, at: Located): ImportFileRefused {
  if (error instanceof ImportFileRefused) return error;
  if (!(error instanceof CsvError)) throw error;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return new ImportFileRefused(
      400,
      `${where(at)} opens a quoted cell (") that never closes, so every row after it would be read into that one cell. Close the quote or remove it.`,
    );
  }
  return new ImportFileRefused(400, `${where(at)} cannot be read as CSV: ${error.message}`);
}
