/**
 * Where uploaded photos and 3D captures are kept: a local folder served by this server, or an S3
 * bucket behind a public URL. Either way keys are made here, never from a visitor's file name, so
 * a stored name can neither climb out of its folder nor pass for another type.
 */
import { randomUUID } from 'node:crypto';
import type { CaptureFormat } from '@/lib/capture';
import { IIIF_KEY_PATTERN, PENDING_KEY_PATTERN, UPLOAD_KEY_PATTERN } from '@/lib/uploadKeys';

/** One place to keep uploaded photos. */
export interface MediaStorage {
  /**
   * Stores `body` under `key` (made by `newUploadKeys`, public, or `newPendingKeys`, private),
   * replacing nothing: keys are unique. All or nothing: a process killed meanwhile leaves nothing
   * under `key` (at most a leftover that `removeLeftovers` deletes).
   */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes stored under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Whether something is stored under `key` (without reading it). */
  has(key: string): Promise<boolean>;
  /**
   * Copies a private photo (`from`, a pending key) to its public key (`to`), where its URL then
   * serves it whole or not at all. Copying again is harmless: the recovery may repeat a copy an
   * approval made before the process died. Nothing of it is ever in a public place before it is
   * whole there.
   */
  publish(from: string, to: string): Promise<void>;
  /** Removes a stored object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Deletes what writes cut short by a dead process left behind (a folder's half-written
   * temporary files), never a write still under way; answers how many. Run at start and in every
   * sweep.
   */
  removeLeftovers(): Promise<number>;
  /**
   * Every key stored, public and private (`isStoredKey`), in no particular order; never a
   * temporary file. What a backup copies (issue 52).
   */
  keys(): AsyncIterable<string>;
  /** The URL a node's `images` entry holds for `key`. */
  urlOf(key: string): string;
  /** The public key `url` names, when `owns(url)`; null for any other URL. */
  keyOf(url: string): string | null;
  /**
   * Whether `url` is exactly what `urlOf` makes for a well-formed key: submissions may point only
   * at photos uploaded here, never at images elsewhere (tracking pixels, unvetted hosts).
   */
  owns(url: string): boolean;
  /** The folder this server serves at `/uploads/` (local storage), or null (a bucket). */
  readonly folder: string | null;
  /** Where photos go, in words, for the start-up banner. */
  readonly description: string;
  /** Releases what the storage holds (removes a temporary folder). */
  close(): Promise<void>;
}

/**
 * The keys of one upload: the full-size photo, its thumbnail and its card-sized copy. Uploads made
 * before the card existed have none stored under `card`: reading, publishing and deleting it is
 * then harmless (see `publishIfStored`).
 */
export interface UploadKeys {
  full: string;
  thumb: string;
  card: string;
}

/**
 * Public keys: `2026/11/<uuid>.jpg`, `2026/11/<uuid>-thumb.jpg` or `2026/11/<uuid>-card.jpg`, or a
 * capture's `2026/11/<uuid>.glb` (one pattern for server and app).
 *
 * Private keys, `pending/<uuid>.jpg` and so on: a visitor's upload before an editor publishes it.
 * The UUID is not the one of its public key (only the store links them), so knowing a photo's
 * public URL never leads to its private copy, even in a bucket that is readable by anyone.
 */
export { IIIF_KEY_PATTERN, PENDING_KEY_PATTERN, UPLOAD_KEY_PATTERN };

/** Whether `key` is one `newUploadKeys` could have made. */
export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key);
}

/**
 * Fresh keys for one upload. A month folder keeps any one folder small; a random UUID makes the
 * name unguessable and unique without asking storage.
 */
export function newUploadKeys(now: Date = new Date()): UploadKeys {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const id = randomUUID();
  return keysOf(`${month}/${id}.jpg`);
}

/** Whether `key` is one `newPendingKeys` could have made. */
export function isPendingKey(key: string): boolean {
  return PENDING_KEY_PATTERN.test(key);
}

/**
 * Whether `key` names anything storage may hold: a public photo or a pending one, or a published
 * photo's IIIF tiles and `info.json` (`IIIF_KEY_PATTERN`).
 */
export function isStoredKey(key: string): boolean {
  return isUploadKey(key) || isPendingKey(key) || isIiifKey(key);
}

/** Whether `key` is a file of a published photo's IIIF image service (issue 52). */
export function isIiifKey(key: string): boolean {
  return IIIF_KEY_PATTERN.test(key);
}

/** Whether `key` is served to anyone: a published photo or capture, or its IIIF files. */
export function isPublicKey(key: string): boolean {
  return isUploadKey(key) || isIiifKey(key);
}

/**
 * The folder of a published photo's IIIF image service, `iiif/2026/11/<uuid>` for
 * `2026/11/<uuid>.jpg` (any of its copies' keys); null for a capture's key or a pending one.
 */
export function iiifBaseOf(key: string): string | null {
  if (!isUploadKey(key) || captureFormatOfKey(key) !== null) return null;
  return `iiif/${fullKeyOf(key).replace(/\.jpg$/, '')}`;
}

/** The key of a published photo's IIIF `info.json`, which is stored last: the tiles are whole. */
export function iiifInfoKeyOf(key: string): string | null {
  const base = iiifBaseOf(key);
  return base === null ? null : `${base}/info.json`;
}

/** Fresh private keys for a visitor's upload, kept until an editor publishes or it expires. */
export function newPendingKeys(): UploadKeys {
  const id = randomUUID();
  return keysOf(`pending/${id}.jpg`);
}

/** A 3D capture's key ends with its format: `2026/11/<uuid>.glb`, `pending/<uuid>.spz`. */
const CAPTURE_KEY = /\.(glb|ply|splat|spz)$/;

/** The capture format a key stores, or null for a photo's key. */
export function captureFormatOfKey(key: string): CaptureFormat | null {
  return (CAPTURE_KEY.exec(key)?.[1] as CaptureFormat | undefined) ?? null;
}

/** A fresh public key for a 3D capture (one file: it has no thumbnail; its poster is a photo). */
export function newCaptureKey(format: CaptureFormat, now: Date = new Date()): string {
  return newUploadKeys(now).full.replace(/\.jpg$/, `.${format}`);
}

/** A fresh private key for a visitor's 3D capture. */
export function newPendingCaptureKey(format: CaptureFormat): string {
  return `pending/${randomUUID()}.${format}`;
}

/**
 * Every file one upload stored, by the key the store records it under (its full-size or only
 * file, public or pending): a photo's three (an upload made before card-sized copies existed
 * lacks the last, harmlessly), a capture's one.
 */
export function filesOf(fullKey: string): string[] {
  if (captureFormatOfKey(fullKey) !== null) return [fullKey];
  const keys = keysOf(fullKey);
  return [keys.full, keys.thumb, keys.card];
}

/** The thumbnail's key of a full-size photo's key (public or pending). */
export function thumbKeyOf(fullKey: string): string {
  return fullKey.replace(/\.jpg$/, '-thumb.jpg');
}

/** The card-sized copy's key of a full-size photo's key (public or pending). */
export function cardKeyOf(fullKey: string): string {
  return fullKey.replace(/\.jpg$/, '-card.jpg');
}

/** The full-size photo's key of any of an upload's keys (the store records uploads by it). */
export function fullKeyOf(key: string): string {
  return key.replace(/-(?:thumb|card)\.jpg$/, '.jpg');
}

/** Every key of the upload whose full-size photo is stored under `fullKey`. */
export function keysOf(fullKey: string): UploadKeys {
  return { full: fullKey, thumb: thumbKeyOf(fullKey), card: cardKeyOf(fullKey) };
}

/**
 * Publishes `from` (a pending key) to `to` when something is stored under `from`: an upload made
 * before card-sized copies existed has none, and its approval must still publish the rest. Only a
 * copy that failed is looked into, so a new upload's approval costs nothing more.
 *
 * @returns whether it was published (false: nothing is stored under `from`).
 */
export async function publishIfStored(
  media: MediaStorage,
  from: string,
  to: string,
): Promise<boolean> {
  try {
    await media.publish(from, to);
    return true;
  } catch (error) {
    if ((await media.get(from).catch(() => undefined)) === null) return false;
    throw error;
  }
}

/** The content type of every stored photo (each is re-encoded as JPEG). */
export const UPLOAD_CONTENT_TYPE = 'image/jpeg';

/**
 * The content type a stored file is served with: a photo's JPEG, a glTF binary's registered type,
 * plain bytes for the splat formats (none is registered; the viewer names the format itself).
 */
export function contentTypeOfKey(key: string): string {
  if (key.endsWith('/info.json')) return IIIF_IMAGE_INFO_TYPE;
  const format = captureFormatOfKey(key);
  if (format === null) return UPLOAD_CONTENT_TYPE;
  return format === 'glb' ? 'model/gltf-binary' : 'application/octet-stream';
}

/** The type the IIIF Image API 3.0 asks an image's `info.json` to be served with. */
export const IIIF_IMAGE_INFO_TYPE =
  'application/ld+json;profile="http://iiif.io/api/image/3/context.json"';

/** Stored photos never change (a new upload gets a new key), so caches may keep them for a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A private photo is never kept by a cache: only editors see it, and it may be deleted. */
export const PENDING_CACHE_CONTROL = 'private, no-store';
