/**
 * The Node server's `/uploads/` from a local photo folder: published photos and captures, each
 * under its own key, never a waiting one (those are under `pending/`, which no key names).
 */
import { readFile, stat } from 'node:fs/promises';
import type { StaticResponse } from './staticFiles';
import { fileOf, UPLOADS_PATH } from '../uploads/folderStorage';
import {
  contentTypeOfKey,
  IIIF_IMAGE_INFO_TYPE,
  isIiifKey,
  isPublicKey,
  UPLOAD_CACHE_CONTROL,
} from '../uploads/mediaStorage';

/** What every public file is served with. */
const PUBLIC_FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // A photo, a capture or an image service is never a document: should a browser open it
  // directly, it may run nothing.
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
  // Public photos: an app on another origin (APP_ORIGIN) may show them, the globe may fetch them
  // for its card atlas, and any IIIF viewer may read their tiles, which needs CORS.
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Access-Control-Allow-Origin': '*',
};

/**
 * A photo's IIIF `info.json` (issue 52). A folder's is stored with its service's `id` as a path
 * (`/uploads/iiif/…`): IIIF clients need it absolute, so it is answered on `SITE_URL` (never a
 * request's Host, which its sender writes). Kept a day by caches, not a year: the site's address
 * may change.
 */
async function serveImageInfo(
  file: string,
  method: string,
  siteUrl: string | null,
): Promise<StaticResponse> {
  let info: Record<string, unknown>;
  try {
    info = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return notFound();
  }
  if (typeof info.id === 'string' && siteUrl !== null) {
    info.id = new URL(info.id, `${siteUrl}/`).href;
  }
  const body = Buffer.from(JSON.stringify(info));
  const headers = {
    ...PUBLIC_FILE_HEADERS,
    'Content-Type': IIIF_IMAGE_INFO_TYPE,
    'Content-Length': String(body.length),
    'Cache-Control': 'public, max-age=86400',
  };
  return { status: 200, headers, body: method === 'HEAD' ? '' : body };
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
  siteUrl: string | null = null,
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
  if (!isPublicKey(key)) return notFound();
  const file = fileOf(folder, key);
  if (isIiifKey(key) && key.endsWith('/info.json')) return serveImageInfo(file, method, siteUrl);
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) return notFound();
    size = info.size;
  } catch {
    return notFound();
  }
  const headers = {
    ...PUBLIC_FILE_HEADERS,
    'Content-Type': contentTypeOfKey(key),
    'Content-Length': String(size),
    'Cache-Control': UPLOAD_CACHE_CONTROL,
  };
  return method === 'HEAD'
    ? { status: 200, headers, body: '' }
    : { status: 200, headers, body: null, file };
}
