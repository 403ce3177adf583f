import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  ArchiveFormatError,
  archiveEntries,
  describeProblem,
  normalizeArchive,
} from '@/lib/nodeModel';
import { repairStorableText } from '@/lib/storableText';

/** Thrown when an archive file cannot be used; the message names the file and the problem. */
export class ArchiveFileError extends Error {
  override name = 'ArchiveFileError';
}

/** How the archive's nodes would fare in the app, as counted by `normalizeArchive`. */
export interface ArchiveReport {
  entries: number;
  shown: number;
  repaired: number;
  dropped: number;
}

/** Turns V8's "… in JSON at position N" into a line and column a person can jump to. */
function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const match = / in JSON at position (\d+)/.exec(message);
  const reason = message.replace(/ in JSON at position \d+.*$/, '');
  const position = match ? Number(match[1]) : /Unexpected end/.test(message) ? text.length : null;
  if (position === null) return reason;
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `${reason} at line ${line}, column ${column} (character ${position})`;
}

/**
 * Reads the raw entries of an archive file: a JSON list of nodes, or `{ "nodes": [...] }` (other
 * fields of the envelope, like `"sample": true`, are ignored). Entries are returned as written,
 * but for text no database can hold (`@/lib/storableText`), which is replaced, each entry so
 * repaired named in a line to `warn`: a stray `"\ud800"` must not stop the service from starting.
 *
 * @param display the file as the person running the server wrote it, for messages.
 * @throws ArchiveFileError when the file is missing, unreadable, not JSON or holds no list.
 */
export async function readArchiveFile(
  file: string,
  display = file,
  warn: (line: string) => void = console.warn,
): Promise<unknown[]> {
  const name = `Archive file "${display}"`;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new ArchiveFileError(`${name} does not exist (looked for ${resolve(file)}).`);
    }
    if (code === 'EISDIR') throw new ArchiveFileError(`${name} is a folder, not a JSON file.`);
    throw new ArchiveFileError(`${name} cannot be read (${code ?? String(error)}).`);
  }
  // Editors on Windows save a byte-order mark that JSON.parse refuses.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  if (text.trim() === '') throw new ArchiveFileError(`${name} is empty.`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ArchiveFileError(`${name} is not valid JSON: ${describeJsonError(text, error)}.`);
  }
  try {
    return archiveEntries(raw).map((entry, index) => {
      const { value, repaired } = repairStorableText(entry);
      if (repaired.length > 0) {
        const id = (value as { video_id?: unknown } | null)?.video_id;
        const which = typeof id === 'string' ? `"${id}" (#${index + 1})` : `#${index + 1}`;
        warn(
          `${name}: node ${which}: ${repaired.join(', ')} had a character that cannot be stored (a lone surrogate), replaced with U+FFFD.`,
        );
      }
      return value;
    });
  } catch (error) {
    if (!(error instanceof ArchiveFormatError)) throw error;
    throw new ArchiveFileError(
      `${name} must hold a list of nodes or { "nodes": [...] }: ${error.message}`,
    );
  }
}

/**
 * Checks entries the way the app will read them and logs one warning per node that the app will
 * repair or drop, then a one-line summary. Nothing is removed: a dropped node stays in the data.
 */
export function reportArchive(
  entries: unknown[],
  label: string,
  warn: (line: string) => void = console.warn,
): ArchiveReport {
  const { nodes, problems } = normalizeArchive(entries);
  for (const problem of problems) warn(`${label}: ${describeProblem(problem)}`);
  const report: ArchiveReport = {
    entries: entries.length,
    shown: nodes.length,
    repaired: problems.filter((p) => p.action === 'repaired').length,
    dropped: problems.filter((p) => p.action === 'dropped').length,
  };
  const faults =
    report.repaired + report.dropped === 0
      ? 'no problems'
      : `${report.repaired} repaired, ${report.dropped} not shown (kept in the data)`;
  const entriesText = report.entries === 1 ? '1 entry' : `${report.entries} entries`;
  warn(`${label}: ${entriesText}, ${report.shown} shown by the app; ${faults}.`);
  return report;
}

/** Reads an archive file and reports its problems to stderr (see `reportArchive`). */
export async function loadArchiveFile(
  file: string,
  display = file,
  warn: (line: string) => void = console.warn,
): Promise<unknown[]> {
  const entries = await readArchiveFile(file, display, warn);
  reportArchive(entries, `Archive file "${display}"`, warn);
  return entries;
}
