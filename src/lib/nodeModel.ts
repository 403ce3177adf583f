import { DEFAULT_THUMBNAIL_URL, MAX_CARD_PREVIEW_IMAGES } from '@/lib/constants';
import { ITEM_FIELD_LIST, type ItemValues } from '@/lib/itemFields';
import { describe, isRecord, Reading, truncate, type NodeImage } from '@/lib/itemReaders';
import { runSteps, type Steps } from '@/lib/steps';
import { youtubeThumbnailUrl } from '@/lib/youtube';

export type { CategoryRef, NodeImage } from '@/lib/itemReaders';
export { MAX_DESCRIPTION_LENGTH, MAX_ID_LENGTH, MAX_TITLE_LENGTH } from '@/lib/itemReaders';

/**
 * A media node after normalisation: every SPEC §3 rule applied, every URL checked, every field of
 * the type it says. Plain data, so it can live in the Redux store and travel as JSON. Its fields
 * are declared in `@/lib/itemFields`.
 */
export type MediaNode = ItemValues;

/** What normalisation did to one node of the input. */
export interface NodeProblem {
  /** Position of the node in the input list. */
  index: number;
  /** The node's id when it has a usable one. */
  id: string | null;
  action: 'dropped' | 'repaired';
  reasons: string[];
}

/** The archive after normalisation. */
export interface NormalizedArchive {
  nodes: MediaNode[];
  problems: NodeProblem[];
}

/** Thrown when the input is not an archive at all (not a list of nodes). */
export class ArchiveFormatError extends Error {
  override name = 'ArchiveFormatError';
}

interface Candidate {
  node: MediaNode;
  index: number;
  notes: Reading;
}

/** The fields that drop an item when missing: read first, so their notes lead too. */
const REQUIRED_FIELDS = ITEM_FIELD_LIST.filter(([, spec]) => spec.required);
const OTHER_FIELDS = ITEM_FIELD_LIST.filter(([, spec]) => !spec.required);

/** Reads `fields` of `raw` into `node`, an optional field the record does not state left out. */
function readFields(
  raw: Record<string, unknown>,
  fields: typeof ITEM_FIELD_LIST,
  notes: Reading,
  node: Record<string, unknown>,
): void {
  for (const [name, spec] of fields) {
    const value = spec.read(raw, notes, node);
    if (value !== undefined) node[name] = value;
  }
}

function normalizeOne(raw: unknown, index: number): Candidate | NodeProblem {
  if (!isRecord(raw)) {
    return {
      index,
      id: null,
      action: 'dropped',
      reasons: [`not a node object (${describe(raw)})`],
    };
  }
  const notes = new Reading();
  const node: Record<string, unknown> = {};
  readFields(raw, REQUIRED_FIELDS, notes, node);
  if (notes.fatal.length > 0) {
    const id = typeof node.video_id === 'string' && node.video_id !== '' ? node.video_id : null;
    return { index, id, action: 'dropped', reasons: notes.fatal };
  }
  readFields(raw, OTHER_FIELDS, notes, node);
  return { node: node as MediaNode, index, notes };
}

/** Accepts the list of nodes itself, or an archive file's `{ "nodes": [...] }` envelope. */
export function archiveEntries(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (isRecord(raw) && Array.isArray(raw.nodes)) return raw.nodes;
  throw new ArchiveFormatError(
    `The archive is not a list of nodes (got ${describe(raw)}${isRecord(raw) ? ' without a "nodes" list' : ''}).`,
  );
}

/**
 * Applies every rule of SPEC §3 and §5 to a raw archive. Bad data never breaks the archive: a node
 * that cannot be shown (no id, a duplicate id, no usable position, not an object) is dropped, one
 * with lesser faults is repaired, and each such node is listed once in `problems`; the rest load.
 *
 * @throws ArchiveFormatError when `raw` is not a list of nodes at all.
 */
export function normalizeArchive(raw: unknown): NormalizedArchive {
  return runSteps(normalizeArchiveSteps(raw));
}

/**
 * `normalizeArchive` a node at a time (`@/lib/steps`), for a caller that must not hold its thread
 * for a whole large archive (the nodes-service's import).
 */
export function* normalizeArchiveSteps(raw: unknown): Steps<NormalizedArchive> {
  const entries = archiveEntries(raw);
  const problems: NodeProblem[] = [];
  const candidates: Candidate[] = [];
  const ids = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    yield;
    const result = normalizeOne(entry, index);
    if ('action' in result) {
      problems.push(result);
    } else if (ids.has(result.node.video_id)) {
      problems.push({
        index,
        id: result.node.video_id,
        action: 'dropped',
        reasons: ['duplicate video_id'],
      });
    } else {
      ids.add(result.node.video_id);
      candidates.push(result);
    }
  }

  const nodes = candidates.map(({ node, index, notes }) => {
    // Links to ids that are not in the archive (or to the node itself) are ignored.
    const links = node.links.filter((link) => link !== node.video_id && ids.has(link));
    const unknown = node.links.length - links.length;
    if (unknown > 0)
      notes.add(`${unknown} link${unknown === 1 ? '' : 's'} to unknown items ignored`);
    if (notes.reasons.length > 0)
      problems.push({ index, id: node.video_id, action: 'repaired', reasons: notes.reasons });
    return unknown > 0 ? { ...node, links } : node;
  });
  problems.sort((a, b) => a.index - b.index);
  return { nodes, problems };
}

/** One line naming the node and what was done to it, for the console and the server log. */
export function describeProblem(problem: NodeProblem): string {
  const name =
    problem.id === null
      ? `#${problem.index + 1}`
      : `"${truncate(problem.id, 60)}" (#${problem.index + 1})`;
  return `Archive node ${name} ${problem.action}: ${problem.reasons.join('; ')}.`;
}

/** SPEC §3 video thumbnail: a local override, else the provider's high-quality one, else the local default. */
export function videoThumbnailUrl(node: Pick<MediaNode, 'thumbUrl' | 'youtube_id'>): string {
  if (node.thumbUrl !== null) return node.thumbUrl;
  return node.youtube_id === null ? DEFAULT_THUMBNAIL_URL : youtubeThumbnailUrl(node.youtube_id);
}

/** The picture that stands for any item: its video thumbnail, or its gallery's first image. */
export function nodeThumbnailUrl(
  node: Pick<MediaNode, 'type' | 'thumbUrl' | 'youtube_id' | 'images'>,
): string {
  return node.type === 'video'
    ? videoThumbnailUrl(node)
    : (node.images[0]?.thumbUrl ?? DEFAULT_THUMBNAIL_URL);
}

/**
 * The smallest stored image that fills a card's tile on the globe: the image's card-sized copy,
 * else (an image without one: uploaded before those existed, or given by its URL) its thumbnail.
 */
export function cardImageUrl(image: NodeImage): string {
  return image.cardUrl ?? image.thumbUrl;
}

/** The gallery images previewed on a card (the first 8). */
export function cardPreviewImages(node: Pick<MediaNode, 'images'>): NodeImage[] {
  return node.images.slice(0, MAX_CARD_PREVIEW_IMAGES);
}

/** The route that opens a node: `/video/{id}` or `/gallery/{id}`. */
export function nodeRoute(node: Pick<MediaNode, 'type' | 'video_id'>): string {
  return `/${node.type}/${encodeURIComponent(node.video_id)}`;
}
