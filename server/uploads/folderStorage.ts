/**
 * Uploaded photos in a local folder (`UPLOADS_DIR`), served by the local server at
 * `/uploads/{key}`: the storage for development, tests and a single-machine deployment. Visitors'
 * photos wait in its `pending/` folder, which is never served (no public key starts with it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { displayPath } from '../config';
import type { StaticResponse } from '../staticFiles';
import {
  isPendingKey,
  isStoredKey,
  contentTypeOfKey,
  isUploadKey,
  UPLOAD_CACHE_CONTROL,
  type MediaStorage,
} from './mediaStorage';

/** Where the local server serves the folder, and so the path every local photo URL starts with. */
export const UPLOADS_PATH = '/uploads';

/** Where a folder storage keeps its files. */
export interface FolderStorageOptions {
  /**
   * An absolute folder, created on the first upload; null for a fresh temporary folder removed by
   * `close()` (a server of `ARCHIVE_FILE` leaves nothing behind, like its identity server).
   */
  dir: string | null;
}

/** The file of a key inside `folder`; keys are checked first, so it cannot leave the folder. */
function fileOf(folder: string, key: string): string {
  if (!isStoredKey(key)) throw new Error(`Not an upload key: ${key}`);
  return join(folder, ...key.split('/'));
}

/** Creates the folder storage. */
export function createFolderStorage({ dir }: FolderStorageOptions): MediaStorage {
  const temporary = dir === null;
  let folder = dir;
  function ensureFolder(): string {
    folder ??= mkdtempSync(join(tmpdir(), 'globe-uploads-'));
    return folder;
  }
  if (temporary) ensureFolder();
  const owned = new RegExp(`^${UPLOADS_PATH}/(.+)$`);
  function keyOf(url: string): string | null {
    const key = owned.exec(url)?.[1];
    return key !== undefined && isUploadKey(key) ? key : null;
  }

  return {
    get folder() {
      return ensureFolder();
    },
    description: dir === null ? 'a temporary folder, removed on stop' : displayPath(dir),
    async put(key, body) {
      const file = fileOf(ensureFolder(), key);
      await mkdir(dirname(file), { recursive: true });
      // 'wx': keys are fresh UUIDs, so an existing file means a bug, never something to overwrite.
      await writeFile(file, body, { flag: 'wx' });
    },
    async get(key) {
      try {
        return await readFile(fileOf(ensureFolder(), key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async publish(from, to) {
      if (!isPendingKey(from) || !isUploadKey(to)) {
        throw new Error(`Not a pending and a public key: ${from}, ${to}`);
      }
      const target = fileOf(ensureFolder(), to);
      await mkdir(dirname(target), { recursive: true });
      // Copied beside the target, then renamed: the public URL never serves half a photo.
      const partial = `${target}.${process.pid}.partial`;
      await copyFile(fileOf(ensureFolder(), from), partial);
      await rename(partial, target);
    },
    async delete(key) {
      await rm(fileOf(ensureFolder(), key), { force: true });
    },
    urlOf: (key) => `${UPLOADS_PATH}/${key}`,
    keyOf,
    owns: (url) => keyOf(url) !== null,
    close() {
      if (temporary && folder !== null) rmSync(folder, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

function notFound(): StaticResponse {
  const message = 'No such photo.';
  return {
    status: 404,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(message)),
      'Cache-Control': 'no-store',
    },
    body: message,
  };
}

/**
 * Answers `GET /uploads/{key}` from `folder`. Only a path that is exactly `/uploads/` plus a
 * well-formed key is looked up (nothing is decoded, so `..`, `%2e%2e` or a backslash is just a
 * 404), and the type is the key's: `image/jpeg` for a photo (every stored photo was re-encoded as
 * one), a capture's by its checked format.
 */
export async function serveUpload(
  folder: string,
  method: string,
  pathname: string,
): Promise<StaticResponse> {
  if (method !== 'GET' && method !== 'HEAD') {
    const message = 'Method not allowed.';
    return {
      status: 405,
      headers: {
        Allow: 'GET, HEAD',
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(message.length),
      },
      body: message,
    };
  }
  const key = pathname.startsWith(`${UPLOADS_PATH}/`)
    ? pathname.slice(UPLOADS_PATH.length + 1)
    : '';
  if (!isUploadKey(key)) return notFound();
  const file = fileOf(folder, key);
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) return notFound();
    size = info.size;
  } catch {
    return notFound();
  }
  const headers = {
    'Content-Type': contentTypeOfKey(key),
    'Content-Length': String(size),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': UPLOAD_CACHE_CONTROL,
    // A photo or a capture is never a document: should a browser open it directly, it may run
    // nothing.
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
    // Public photos: an app on another origin (APP_ORIGIN) may show them and the globe may
    // fetch them for its card atlas, which needs CORS.
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Access-Control-Allow-Origin': '*',
  };
  return method === 'HEAD'
    ? { status: 200, headers, body: '' }
    : { status: 200, headers, body: null, file };
}
