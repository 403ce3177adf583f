/**
 * An import's plan (issue 32): what each row of an editor's CSV or JSON file would do to the
 * archive (add an item, change one, nothing, or be refused and why), worked out the same way for
 * the dry run the editor reads and for the import the editor then confirms.
 *
 * Rows are read as the archive file is: `normalizeArchive`'s rules, in its words (a row it would
 * drop is refused with its reasons; one it repairs says what it repaired), then the editor form's
 * schema, so an imported item is exactly what the form would have saved. Links may name items of
 * the archive or of the file.
 */
import { normalizeArchive, normalizeArchiveSteps, type MediaNode } from '@/lib/nodeModel';
import { singleLine } from '@/lib/itemChecks';
import { COMPARED_FIELDS, STORED_FIELDS } from '@/lib/itemFields';
import { NODE_TITLE_MAX } from '@/lib/itemLimits';
import { validateNode, type NodeInput } from '@/lib/nodeSchema';
import type { StoredNode } from '@/lib/archiveRecords';
import { runSteps, type Steps } from '@/lib/steps';

/** The largest file an import takes, bytes (its request may be a little larger: see the service). */
export const IMPORT_MAX_FILE_BYTES = 16 * 1024 * 1024;
/** The most rows a file may hold below its header (CSV) or in its list (JSON). */
export const IMPORT_MAX_ROWS = 10_000;

/**
 * The longest text of a value a report's change says (the rest cut, with `…`): what the editor
 * reads, and a bound on the dry run's answer whatever the file changes.
 */
export const REPORT_VALUE_MAX = 160;

/** One field an update changes, each side as text. */
export interface FieldChange {
  field: keyof NodeInput;
  before: string;
  after: string;
}

/**
 * Where a row is in the file: `Row 7` (a CSV file's row as a spreadsheet numbers it, the header
 * row 1 and a blank row counted) or `#7` (a JSON list's seventh entry); and the line of the file
 * it starts on, when the file says (a CSV cell may hold line breaks, so they can differ).
 */
export interface RowLocation {
  row: string;
  line?: number;
}

/** A row the archive already holds as the file has it. */
interface UnchangedRow {
  id: string;
  action: 'unchanged';
  title: string;
  version: number;
  notes: string[];
}

/** A row the import refuses, and why. */
interface RefusedRow {
  id: string | null;
  action: 'refused';
  /** The row's title where it has one, so the editor knows the row by it. */
  title?: string;
  reasons: string[];
  /** Refused only for want of a place: one picked for the row (`withPlaces`) lets it in. */
  needsPlace?: true;
}

/** What one row of the file does. */
export type ImportRow = RowLocation &
  (
    | { id: string; action: 'create'; node: NodeInput; notes: string[] }
    | {
        id: string;
        action: 'update';
        node: NodeInput;
        /** The item's version the plan was made against (the import's `If-Match`). */
        version: number;
        changes: FieldChange[];
        notes: string[];
      }
    | UnchangedRow
    | RefusedRow
  );

export type ImportAction = ImportRow['action'];

/** The rows' plan and its totals. */
export interface ImportPlan {
  rows: ImportRow[];
  counts: Record<ImportAction, number>;
}

/** A row of the report as the editor reads it: the item's title instead of all of it. */
export type ImportReportRow = RowLocation &
  (
    | { id: string; action: 'create'; title: string; notes: string[] }
    | {
        id: string;
        action: 'update';
        title: string;
        version: number;
        changes: FieldChange[];
        notes: string[];
      }
    | UnchangedRow
    | RefusedRow
  );

/** A row the import takes in repaired: something in it was dropped or read another way. */
export type RepairedRow = Exclude<ImportReportRow, { action: 'refused' }>;

/** The rows the import takes in repaired, in the file's order. */
export function repairedRows(rows: readonly ImportReportRow[]): RepairedRow[] {
  return rows.filter((row): row is RepairedRow => row.action !== 'refused' && row.notes.length > 0);
}

/** What the dry run answers: the file's notes, the totals, each row, and the versions it read. */
export interface ImportReport {
  name: string;
  /** About the file as a whole (columns that are no field of an item). */
  notes: string[];
  counts: Record<ImportAction, number>;
  rows: ImportReportRow[];
  /** Each item the import would add (0) or change or leave, at the version the dry run read. */
  expected: Record<string, number>;
}

/** What an import answers. */
export interface ImportResult {
  name: string;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

/** A row of the file: where it is, its raw fields, and what reading it changed (notes). */
export interface ImportEntry extends RowLocation {
  entry: unknown;
  /** What the file's reader repaired in the row (text no database can hold), for its notes. */
  notes?: string[];
  /** Why the file's reader refused the row before any rule read it (cells past the header). */
  refused?: string[];
}

/** The fields an import writes and compares (`@/lib/itemFields`). */
const FIELDS = COMPARED_FIELDS as readonly (keyof NodeInput)[];

/** A normalised node as the editor's form would send it (without the fields the schema makes). */
function candidateOf(node: MediaNode): Record<string, unknown> {
  const values = node as unknown as Record<string, unknown>;
  const candidate: Record<string, unknown> = {};
  for (const [name, spec] of STORED_FIELDS) {
    if (spec.stored.derived || values[name] === undefined) continue;
    candidate[name] = spec.stored.input(values[name]);
  }
  return candidate;
}

/** A normalised node as the form would save it (a node the schema refuses: as it reads). */
function inputOf(node: MediaNode): NodeInput {
  const candidate = candidateOf(node);
  const result = validateNode(candidate);
  if (result.ok) return result.node;
  return {
    ...(candidate as Omit<NodeInput, 'youtube_url'>),
    youtube_url: node.youtube_url,
    images: node.type === 'gallery' ? node.images : [],
  };
}

/**
 * Every node of an archive that the app shows, as the editor's form would save it, in archive
 * order: the rows of the export, and what an import compares its rows with.
 */
export function archiveInputs(raw: readonly unknown[]): NodeInput[] {
  return runSteps(archiveInputsSteps(raw));
}

/** `archiveInputs` a node at a time (`@/lib/steps`). */
export function* archiveInputsSteps(raw: readonly unknown[]): Steps<NodeInput[]> {
  const { nodes } = yield* normalizeArchiveSteps(raw);
  const inputs: NodeInput[] = [];
  for (const node of nodes) {
    yield;
    inputs.push(inputOf(node));
  }
  return inputs;
}

/**
 * Whether a row is refused for want of a place and nothing else: refused on its own (not as a
 * duplicate of another row, say), and read once it is given one.
 */
function placeIsAllItLacks(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
  if (normalizeArchive([entry]).nodes.length > 0) return false;
  const placed = normalizeArchive([{ ...entry, lat: 0, lng: 0 }]).nodes[0];
  return placed !== undefined && validateNode(candidateOf(placed)).ok;
}

/** A place an editor picked for a row: latitude and longitude in degrees. */
export interface RowPlace {
  lat: number;
  lng: number;
}

/** The rows with the places picked for them (by their `row`), each over what the row said. */
export function withPlaces(
  entries: readonly ImportEntry[],
  places: Readonly<Record<string, RowPlace>>,
): ImportEntry[] {
  return entries.map((read) => {
    const { row, entry } = read;
    const place = Object.hasOwn(places, row) ? places[row] : undefined;
    if (!place || typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return read;
    }
    return { ...read, entry: { ...entry, lat: place.lat, lng: place.lng } };
  });
}

/** An entry that only holds an id, so that links to it count as known. */
function stubOf(id: string) {
  return { video_id: id, title: id, lat: 0, lng: 0 };
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.join('; ');
  return JSON.stringify(value);
}

/** The fields whose values differ, each side as text. */
export function changesBetween(before: NodeInput, after: NodeInput): FieldChange[] {
  return FIELDS.filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  ).map((field) => ({ field, before: textOf(before[field]), after: textOf(after[field]) }));
}

/** A change as a report says it: each side at most `REPORT_VALUE_MAX` characters. */
export function reportedChange({ field, before, after }: FieldChange): FieldChange {
  const cut = (text: string) =>
    text.length > REPORT_VALUE_MAX ? `${text.slice(0, REPORT_VALUE_MAX - 1)}…` : text;
  return { field, before: cut(before), after: cut(after) };
}

/**
 * What importing `entries` would do to an archive that holds `existing` (every node, deleted or
 * not, with its version).
 */
export function planImport(
  entries: readonly ImportEntry[],
  existing: readonly StoredNode[],
): ImportPlan {
  return runSteps(planImportSteps(entries, existing));
}

/** `planImport` a row at a time (`@/lib/steps`), for the nodes-service. */
export function* planImportSteps(
  entries: readonly ImportEntry[],
  existing: readonly StoredNode[],
): Steps<ImportPlan> {
  const stored = new Map<string, StoredNode>();
  for (const node of existing) {
    const id = (node.node as { video_id?: unknown }).video_id;
    if (typeof id === 'string' && !stored.has(id)) stored.set(id, node);
  }
  // The archive's ids come after the file's rows: a row keeps its id, and a link to an item the
  // file does not hold is not "to an unknown item".
  const { nodes, problems } = yield* normalizeArchiveSteps([
    ...entries.map((e) => e.entry),
    ...[...stored.keys()].map(stubOf),
  ]);
  const problemAt = new Map(problems.map((problem) => [problem.index, problem]));
  // The live items as the archive shows them and the form would save them (one that the archive
  // cannot show compares field by field as stored).
  const live = yield* archiveInputsSteps(
    existing.filter((node) => !node.deleted).map((node) => node.node),
  );
  const shown = new Map(live.map((input) => [input.video_id, input]));
  let kept = 0;
  const rows: ImportRow[] = [];
  for (const [index, { row, line, entry, notes: read = [], refused }] of entries.entries()) {
    yield;
    const at = line === undefined ? { row } : { row, line };
    const problem = problemAt.get(index);
    if (refused !== undefined) {
      // Its entry is null, which the rules above dropped; the reader's words say why.
      rows.push({ ...at, id: null, action: 'refused', reasons: refused });
      continue;
    }
    if (problem?.action === 'dropped') {
      rows.push({
        ...at,
        id: problem.id,
        action: 'refused',
        ...titleOfEntry(entry),
        reasons: problem.reasons,
        ...(placeIsAllItLacks(entry) ? { needsPlace: true as const } : {}),
      });
      continue;
    }
    const node = nodes[kept++] as MediaNode;
    const notes = [...read, ...(problem?.reasons ?? [])];
    rows.push(rowOf(at, node, notes, stored.get(node.video_id), shown));
  }
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const row of rows) counts[row.action]++;
  return { rows, counts };
}

/** A refused row's title as the file gives it (one line, cut to a title's length), if any. */
function titleOfEntry(entry: unknown): { title?: string } {
  if (entry === null || typeof entry !== 'object') return {};
  const raw = (entry as Record<string, unknown>).title;
  if (typeof raw !== 'string') return {};
  const title = singleLine(raw);
  return title === '' ? {} : { title: title.slice(0, NODE_TITLE_MAX) };
}

/** What a row the archive file's rules read does: its node checked as the form checks it. */
function rowOf(
  at: RowLocation,
  node: MediaNode,
  notes: string[],
  current: StoredNode | undefined,
  shown: ReadonlyMap<string, NodeInput>,
): ImportRow {
  const result = validateNode(candidateOf(node));
  if (!result.ok) {
    return {
      ...at,
      id: node.video_id,
      action: 'refused',
      ...(node.title === '' ? {} : { title: node.title }),
      reasons: [...notes, ...result.errors.map((error) => error.message)],
    };
  }
  if (current === undefined) {
    return { ...at, id: node.video_id, action: 'create', node: result.node, notes };
  }
  if (current.deleted) {
    return {
      ...at,
      id: node.video_id,
      action: 'refused',
      ...(node.title === '' ? {} : { title: node.title }),
      reasons: [`A deleted item has the id "${node.video_id}"; restore it, or choose another id.`],
    };
  }
  const before = shown.get(node.video_id) ?? null;
  const changes =
    before === null
      ? FIELDS.map((field) => ({
          field,
          before: textOf((current.node as Record<string, unknown>)[field]),
          after: textOf(result.node[field]),
        })).filter((change) => change.before !== change.after)
      : changesBetween(before, result.node);
  if (before !== null && changes.length === 0) {
    return {
      ...at,
      id: node.video_id,
      action: 'unchanged',
      title: node.title,
      version: current.version,
      notes,
    };
  }
  return {
    ...at,
    id: node.video_id,
    action: 'update',
    node: result.node,
    version: current.version,
    changes,
    notes,
  };
}
