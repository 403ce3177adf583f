/**
 * The one validation schema for a node as an editor submits it, shared by the editor (errors beside
 * the fields) and the nodes-service (400 with the same messages), so both refuse the same input in
 * the same words. It checks what an editor can fix; `normalizeArchive` stays the forgiving reader
 * of whatever an archive already holds.
 */
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { FIELD_CHECKS } from '@/lib/itemChecks';
import { STORED_FIELDS, type ItemInput } from '@/lib/itemFields';
import type { NodeImage } from '@/lib/itemReaders';
import type { MediaType } from '@/lib/mediaType';
import { storableTextErrors } from '@/lib/storableText';
import { extractYouTubeId, isYouTubeId, youtubeWatchUrl } from '@/lib/youtube';

export {
  captureSchema,
  itemDateField,
  singleLine,
  uniqueCategories,
  withoutControls,
} from '@/lib/itemChecks';

/**
 * One gallery image as stored: every URL checked by `safeUrl` (the model's own shape), the
 * card-sized copy's only when the image has one.
 */
export type NodeImageInput = NodeImage;

/**
 * A node as the service stores it after validation: every field present and in its final form
 * (an optional field not stated left out). Its fields are declared in `@/lib/itemFields`.
 */
export type NodeInput = ItemInput;

/** A refusal for one field: `path` is dotted (`images.0.thumbUrl`), empty for the whole node. */
export interface FieldError {
  path: string;
  message: string;
}

/** What `validateNode` answers. */
export type NodeValidation = { ok: true; node: NodeInput } | { ok: false; errors: FieldError[] };

/**
 * One error per field path, first message first, from zod's issues and a schema's cross-field
 * errors (zod skips those while another field fails; adding them shows every error at once).
 */
export function collectFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  crossField: readonly FieldError[],
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const all = [
    ...issues,
    ...crossField.map((e) => ({ path: e.path.split('.'), message: e.message })),
  ];
  for (const issue of all) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    errors.push({ path, message: issue.message });
  }
  return errors;
}

/** The fields the cross-field rules read, as far as they can be read from any input. */
interface CrossFieldInput {
  type: MediaType;
  youtube_id: string | null;
  youtube_url: string | null;
  imageCount: number;
  video_id: string | null;
  links: readonly unknown[];
}

function crossFieldInput(input: unknown): CrossFieldInput {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : null);
  return {
    type: raw.type === 'gallery' ? 'gallery' : 'video',
    youtube_id: text(raw.youtube_id),
    youtube_url: text(raw.youtube_url),
    imageCount: Array.isArray(raw.images) ? raw.images.length : 0,
    video_id: text(raw.video_id),
    links: Array.isArray(raw.links) ? raw.links : [],
  };
}

/** SPEC §3/§5: either field gives the id; null when neither names one video. */
function youtubeIdOf(raw: {
  youtube_id?: string | null;
  youtube_url?: string | null;
}): string | null {
  const fromId = extractYouTubeId(raw.youtube_id ?? null);
  const fromUrl = extractYouTubeId(raw.youtube_url ?? null);
  if (fromId !== null && !isYouTubeId(fromId)) return null;
  if (fromUrl !== null && !isYouTubeId(fromUrl)) return null;
  if (fromId !== null && fromUrl !== null && fromId !== fromUrl) return null;
  return fromId ?? fromUrl;
}

/**
 * The rules that read more than one field (the video's link, a gallery's images, a link to
 * itself). Run on the raw input as well, so an editor sees them together with the other fields'
 * errors instead of only after fixing those.
 */
function crossFieldErrors(input: unknown): FieldError[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const raw = crossFieldInput(input);
  const errors: FieldError[] = [];
  if (raw.type === 'video') {
    const fromId = extractYouTubeId(raw.youtube_id);
    const fromUrl = extractYouTubeId(raw.youtube_url);
    if (fromId === null && fromUrl === null) {
      errors.push({
        path: 'youtube_url',
        message: t({
          message: 'Give the YouTube link of the video.',
          comment: "An editor's item form: a video item has no YouTube link",
        }),
      });
    } else if (fromId !== null && !isYouTubeId(fromId)) {
      errors.push({
        path: 'youtube_id',
        message: t({
          message: 'A YouTube video id is 11 letters, digits, "-" or "_".',
          comment: "An editor's item form: the video id field holds something else",
        }),
      });
    } else if (fromUrl !== null && !isYouTubeId(fromUrl)) {
      errors.push({
        path: 'youtube_url',
        message: t({
          message: 'This is not a YouTube video link (no 11-character video id in it).',
          comment: "An editor's item form: the link field",
        }),
      });
    } else if (fromId !== null && fromUrl !== null && fromId !== fromUrl) {
      errors.push({
        path: 'youtube_url',
        message: t({
          message: 'The link and the video id name different videos.',
          comment: "An editor's item form: the YouTube link and the video id field disagree",
        }),
      });
    }
  } else if (raw.imageCount === 0) {
    errors.push({ path: 'images', message: t`Add at least one image to a gallery.` });
  }
  if (raw.video_id !== null && raw.links.includes(raw.video_id)) {
    errors.push({
      path: 'links',
      message: t({
        message: 'An item cannot be related to itself.',
        comment: "An editor's item form: the item is among its own related items",
      }),
    });
  }
  return errors;
}

/** Each stored field's check (`@/lib/itemFields`), in the table's order. */
const nodeSchema = z
  .object(Object.fromEntries(STORED_FIELDS.map(([name]) => [name, FIELD_CHECKS[name]])), {
    error: 'The item must be a JSON object.',
  })
  .transform((raw, ctx): NodeInput => {
    const type = raw.type as MediaType;
    const youtube_id =
      type === 'video'
        ? youtubeIdOf(raw as { youtube_id?: string | null; youtube_url?: string | null })
        : null;
    for (const issue of crossFieldErrors(raw)) {
      ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
    }
    const node: Record<string, unknown> = {};
    for (const [name] of STORED_FIELDS) {
      // An optional field not stated is left out (`@/lib/itemFields`).
      if (raw[name] !== undefined) node[name] = raw[name];
    }
    node.youtube_id = youtube_id;
    node.youtube_url = youtube_id === null ? null : youtubeWatchUrl(youtube_id);
    // A video shows its provider thumbnail; images belong to galleries only.
    if (type !== 'gallery') node.images = [];
    return node as NodeInput;
  });

/**
 * Checks a node as an editor submits it.
 *
 * @returns the clean node (text trimmed, the YouTube id and link in sync, duplicates removed), or
 *   one plain-words error per field path, in the order of the form.
 */
export function validateNode(input: unknown): NodeValidation {
  const unstorable = storableTextErrors(input);
  if (unstorable.length > 0) return { ok: false, errors: unstorable };
  const result = nodeSchema.safeParse(input);
  if (result.success) return { ok: true, node: result.data };
  return { ok: false, errors: collectFieldErrors(result.error.issues, crossFieldErrors(input)) };
}
