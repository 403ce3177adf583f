/**
 * Where uploaded photos are kept: a local folder served by this server, or an S3 bucket behind a
 * public URL. Either way keys are made here, never from a visitor's file name, so a stored name
 * can neither climb out of its folder nor pass for another type.
 */
import { randomUUID } from 'node:crypto';

/** One place to keep uploaded photos. */
export interface MediaStorage {
  /** Stores `body` under `key` (made by `newUploadKeys`), replacing nothing: keys are unique. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes a stored object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a node's `images` entry holds for `key`. */
  urlOf(key: string): string;
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

/** The keys of one upload: the full-size photo and its thumbnail. */
export interface UploadKeys {
  full: string;
  thumb: string;
}

/** `2026/11/<uuid>.jpg` or `2026/11/<uuid>-thumb.jpg`: the only names storage ever holds. */
export const UPLOAD_KEY_PATTERN =
  /^\d{4}\/(?:0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-thumb)?\.jpg$/;

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
  return { full: `${month}/${id}.jpg`, thumb: `${month}/${id}-thumb.jpg` };
}

/** The content type of every stored photo (each is re-encoded as JPEG). */
export const UPLOAD_CONTENT_TYPE = 'image/jpeg';

/** Stored photos never change (a new upload gets a new key), so caches may keep them for a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
