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
import { normalizeArchive, type MediaNode } from '@/lib/nodeModel';
import { validateNode, type NodeInput } from '@/lib/nodeSchema';
import type { StoredNode } from '@/lib/archiveRecords';

/** One field an update changes, each side as text. */
export interface FieldChange {
  field: keyof NodeInput;
  before: string;
  after: string;
}

/** What one row of the file does. */
export type ImportRow =
  | { row: string; id: string; action: 'create'; node: NodeInput; notes: string[] }
  | {
      row: string;
      id: string;
      action: 'update';
      node: NodeInput;
      /** The item's version the plan was made against (the import's `If-Match`). */
      version: number;
      changes: FieldChange[];
      notes: string[];
    }
  | { row: string; id: string; action: 'unchanged'; version: number; notes: string[] }
  | {
      row: string;
      id: string | null;
      action: 'refused';
      reasons: string[];
      /** Refused only for want of a place: one picked for the row (`withPlaces`) lets it in. */
      needsPlace?: true;
    };

export type ImportAction = ImportRow['action'];

/** The rows' plan and its totals. */
export interface ImportPlan {
  rows: ImportRow[];
  counts: Record<ImportAction, number>;
}

/** A row of the report as the editor reads it: the item's title instead of all of it. */
export type ImportReportRow =
  | { row: string; id: string; action: 'create'; title: string; notes: string[] }
  | {
      row: string;
      id: string;
      action: 'update';
      title: string;
      version: number;
      changes: FieldChange[];
      notes: string[];
    }
  | { row: string; id: string; action: 'unchanged'; version: number; notes: string[] }
  | { row: string; id: string | null; action: 'refused'; reasons: string[]; needsPlace?: true };

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

/** A row of the file: where it is (`Row 7`, `#7`) and its raw fields. */
export interface ImportEntry {
  row: string;
  entry: unknown;
}

/** The fields an import writes, in the form's order (each compared for "what will change"). */
const FIELDS: readonly (keyof NodeInput)[] = [
  'type',
  'title',
  'description',
  'youtube_id',
  'images',
  'categories',
  'links',
  'lat',
  'lng',
  'date',
  'credit',
  'license',
];

/** A normalised node as the editor's form would send it (all but `youtube_url`, which the schema makes). */
function candidateOf(node: MediaNode): Omit<NodeInput, 'youtube_url'> {
  return {
    video_id: node.video_id,
    type: node.type,
    title: node.title,
    description: node.description,
    youtube_id: node.youtube_id,
    images: node.images,
    categories: node.categories.map((category) => category.name),
    links: node.links,
    lat: node.lat,
    lng: node.lng,
    date: node.date,
    credit: node.credit,
    license: node.license,
  };
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
  return normalizeArchive(raw).nodes.map(inputOf);
}

/** Whether a row would be read with a place, and refused now for want of one. */
function placeIsAllItLacks(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
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
  return entries.map(({ row, entry }) => {
    const place = Object.hasOwn(places, row) ? places[row] : undefined;
    if (!place || typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return { row, entry };
    }
    return { row, entry: { ...entry, lat: place.lat, lng: place.lng } };
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

/**
 * What importing `entries` would do to an archive that holds `existing` (every node, deleted or
 * not, with its version).
 */
export function planImport(
  entries: readonly ImportEntry[],
  existing: readonly StoredNode[],
): ImportPlan {
  const stored = new Map<string, StoredNode>();
  for (const node of existing) {
    const id = (node.node as { video_id?: unknown }).video_id;
    if (typeof id === 'string' && !stored.has(id)) stored.set(id, node);
  }
  // The archive's ids come after the file's rows: a row keeps its id, and a link to an item the
  // file does not hold is not "to an unknown item".
  const { nodes, problems } = normalizeArchive([
    ...entries.map((e) => e.entry),
    ...[...stored.keys()].map(stubOf),
  ]);
  const problemAt = new Map(problems.map((problem) => [problem.index, problem]));
  // The live items as the archive shows them and the form would save them (one that the archive
  // cannot show compares field by field as stored).
  const shown = new Map(
    archiveInputs(existing.filter((node) => !node.deleted).map((node) => node.node)).map(
      (input) => [input.video_id, input],
    ),
  );
  let kept = 0;
  const rows = entries.map(({ row }, index): ImportRow => {
    const problem = problemAt.get(index);
    if (problem?.action === 'dropped') {
      return {
        row,
        id: problem.id,
        action: 'refused',
        reasons: problem.reasons,
        ...(placeIsAllItLacks(entries[index]?.entry) ? { needsPlace: true as const } : {}),
      };
    }
    const node = nodes[kept++] as MediaNode;
    const notes = problem?.reasons ?? [];
    const result = validateNode(candidateOf(node));
    if (!result.ok) {
      return {
        row,
        id: node.video_id,
        action: 'refused',
        reasons: [...notes, ...result.errors.map((error) => error.message)],
      };
    }
    const current = stored.get(node.video_id);
    if (current === undefined) {
      return { row, id: node.video_id, action: 'create', node: result.node, notes };
    }
    if (current.deleted) {
      return {
        row,
        id: node.video_id,
        action: 'refused',
        reasons: [
          `A deleted item has the id "${node.video_id}"; restore it, or choose another id.`,
        ],
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
      return { row, id: node.video_id, action: 'unchanged', version: current.version, notes };
    }
    return {
      row,
      id: node.video_id,
      action: 'update',
      node: result.node,
      version: current.version,
      changes,
      notes,
    };
  });
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const row of rows) counts[row.action]++;
  return { rows, counts };
}
