/**
 * The Node server's `/uploads/` from a local photo folder: published photos and captures, each
 * under its own key, never a waiting one (those are under `pending/`, which no key names).
 */
import { stat } from 'node:fs/promises';
import type { StaticResponse } from './staticFiles';
import { fileOf, UPLOADS_PATH } from '../uploads/folderStorage';
import { contentTypeOfKey, isUploadKey, UPLOAD_CACHE_CONTROL } from '../uploads/mediaStorage';

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
