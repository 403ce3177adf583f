import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  ArchiveFormatError,
  archiveEntries,
  describeProblem,
  normalizeArchive,
} from '@/lib/nodeModel';
import { repairStorableText } from '@/lib/storableText';
import type { StoryInput } from '@/lib/storyModel';
import { validateStory } from '@/lib/storySchema';

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

/** The JSON of an archive file, or the reason it cannot be used. */
async function readArchiveJson(file: string, name: string): Promise<unknown> {
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
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ArchiveFileError(`${name} is not valid JSON: ${describeJsonError(text, error)}.`);
  }
}

/** The nodes of an archive file's JSON, repaired where no database could store their text. */
function nodesOf(raw: unknown, name: string, warn: (line: string) => void): unknown[] {
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
 * The stories of an archive file's envelope (`{ "nodes": [...], "stories": [...] }`), each as
 * `validateStory` leaves it; one that does not pass is named in a line to `warn` and left out
 * (a story is an editor's writing, not data to keep whatever it holds), as is a second story with
 * an id already read.
 */
function storiesOf(raw: unknown, name: string, warn: (line: string) => void): StoryInput[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const listed = (raw as { stories?: unknown }).stories;
  if (listed === undefined) return [];
  if (!Array.isArray(listed)) {
    warn(`${name}: "stories" is not a list; no story was read.`);
    return [];
  }
  const stories: StoryInput[] = [];
  const ids = new Set<string>();
  listed.forEach((entry, index) => {
    const result = validateStory(entry);
    if (!result.ok) {
      const [first] = result.errors;
      warn(`${name}: story #${index + 1} left out: ${first?.path || 'story'}: ${first?.message}`);
    } else if (ids.has(result.story.story_id)) {
      warn(`${name}: story #${index + 1} left out: the id "${result.story.story_id}" is taken.`);
    } else {
      ids.add(result.story.story_id);
      stories.push(result.story);
    }
  });
  return stories;
}

/** What a database is seeded with: the nodes as written, and the stories that pass their checks. */
export interface ArchiveSeed {
  nodes: unknown[];
  stories: StoryInput[];
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
  return (await readArchiveSeed(file, display, warn)).nodes;
}

/** `readArchiveFile` with the envelope's stories (issue 51) too. */
export async function readArchiveSeed(
  file: string,
  display = file,
  warn: (line: string) => void = console.warn,
): Promise<ArchiveSeed> {
  const name = `Archive file "${display}"`;
  const raw = await readArchiveJson(file, name);
  return { nodes: nodesOf(raw, name, warn), stories: storiesOf(raw, name, warn) };
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
export async function loadArchiveSeed(
  file: string,
  display = file,
  warn: (line: string) => void = console.warn,
): Promise<ArchiveSeed> {
  const seed = await readArchiveSeed(file, display, warn);
  reportArchive(seed.nodes, `Archive file "${display}"`, warn);
  return seed;
}
