import { readFile, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { splitLanguagePath, type Language } from '@/i18n/languages';
import { isAppPath } from '@/lib/routes';
import { compress, MIN_COMPRESS_BYTES, negotiateEncoding, type ContentCoding } from './compression';

/** A static response: a body in memory, or a file to stream. */
export interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  /** In-memory body; `null` with `file` set streams that file instead. */
  body: Buffer | string | null;
  file?: string;
}

/** The document a language's pages are answered with (index.html for none). */
function documentOf(language: Language | null): string {
  return language === null ? 'index.html' : `${language}/index.html`;
}

/** The built app's files, served with caching and compression suited to Vite's output. */
export interface StaticFiles {
  serve(
    method: string,
    pathname: string,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): Promise<StaticResponse>;
  /**
   * The app's document as text (`index.html`, or a language's own first paint, `es/index.html`:
   * issue 49), or null when the app is not built.
   */
  indexHtml(language?: Language | null): Promise<string | null>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.ktx2': 'image/ktx2',
  '.env': 'application/octet-stream',
};

/** Types worth compressing (images, fonts and video are compressed already). */
const COMPRESSIBLE =
  /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg\+xml|model\/gltf\+json)/;

/**
 * Source maps: the build writes them (`sourcemap: 'hidden'`) for whoever decodes a stack trace
 * and for the bundle benchmark, never for visitors, so they are not served even when present.
 */
const SOURCE_MAP = /\.map$/i;

/** Vite's hashed output: a changed file gets a new name, so browsers may keep these for a year. */
const IMMUTABLE_PREFIX = '/assets/';

/**
 * `public/` images and fonts keep their names across releases (`/map.webp`, `/logo.svg`, the sample
 * media), so they cannot be immutable: a release that redraws the map must reach visitors. A day
 * without asking spares a returning visitor a revalidation per image (a hundred and more on the
 * home page), and a changed file reaches everyone within a day; after that the ETag makes the
 * check a 304. The HTML shell and everything else stays `no-cache`, so a release's new script
 * names are seen on the next load.
 */
const PUBLIC_MEDIA_CACHE = 'public, max-age=86400';
const PUBLIC_MEDIA = /^(image|font)\//;

/** A built file's type, by its extension, as the server sends it (and the deploy uploads it). */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Whether a built file is a source map, which is never served (nor uploaded). */
export function isSourceMap(file: string): boolean {
  return SOURCE_MAP.test(file);
}

/** How long browsers may keep a built file (`/assets/…`, `/map.webp`, `/index.html`). */
export function cacheControl(urlPath: string, type: string): string {
  if (urlPath.startsWith(IMMUTABLE_PREFIX)) return 'public, max-age=31536000, immutable';
  return PUBLIC_MEDIA.test(type) ? PUBLIC_MEDIA_CACHE : 'no-cache';
}

/** Compressed bodies kept in memory; Vite output is a few MB, this only guards a huge folder. */
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;

interface CachedBody {
  version: string;
  body: Promise<Buffer>;
  size: number;
}

function header(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function text(status: number, message: string, extra: Record<string, string> = {}): StaticResponse {
  return {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': String(Buffer.byteLength(message)),
      ...extra,
    },
    body: message,
  };
}

/**
 * Maps a URL path to a file inside `root`, or `null` when it must not be served: undecodable,
 * NUL bytes, `..` segments (also encoded or with backslashes) and dotfiles.
 */
export function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const segments = decoded.split(/[\\/]+/).filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const full = join(root, ...segments);
  return full === root || full.startsWith(root + sep) ? full : null;
}

/**
 * Serves the built app from `root`: real files with their type, caching and compression; any
 * other path gets `index.html` (history-mode routing), with 200 for the app's routes and 404 for
 * the rest so the app shows its not-found page and crawlers see the truth.
 */
export function createStaticFiles(root: string): StaticFiles {
  const cache = new Map<string, CachedBody>();
  let cachedBytes = 0;

  function compressed(file: string, version: string, coding: ContentCoding): Promise<Buffer> {
    const key = `${coding}:${file}`;
    const hit = cache.get(key);
    if (hit?.version === version) return hit.body;
    if (hit) {
      cache.delete(key);
      cachedBytes -= hit.size;
    }
    const entry: CachedBody = { version, size: 0, body: Promise.resolve(Buffer.alloc(0)) };
    entry.body = readFile(file).then(async (raw) => {
      const body = await compress(raw, coding);
      entry.size = body.length;
      cachedBytes += body.length;
      // Oldest first: Map keeps insertion order.
      for (const [oldKey, old] of cache) {
        if (cachedBytes <= CACHE_LIMIT_BYTES || old === entry) break;
        cache.delete(oldKey);
        cachedBytes -= old.size;
      }
      return body;
    });
    entry.body.catch(() => cache.get(key) === entry && cache.delete(key));
    cache.set(key, entry);
    return entry.body;
  }

  async function serveFile(
    method: string,
    file: string,
    urlPath: string,
    status: number,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): Promise<StaticResponse | null> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const type = contentTypeOf(file);
    const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
    const canCompress = COMPRESSIBLE.test(type) && info.size >= MIN_COMPRESS_BYTES;
    const common: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': cacheControl(urlPath, type),
      // Weak: the bytes differ per content coding, the file they stand for does not.
      ETag: `W/"${version}"`,
      'Last-Modified': info.mtime.toUTCString(),
      ...(canCompress ? { Vary: 'Accept-Encoding' } : {}),
    };
    const ifNoneMatch = header(headers, 'if-none-match');
    if (
      status === 200 &&
      ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${version}"`)
    ) {
      return { status: 304, headers: common, body: '' };
    }
    const coding = canCompress ? negotiateEncoding(header(headers, 'accept-encoding')) : null;
    if (coding !== null) {
      const body = await compressed(file, version, coding);
      return {
        status,
        headers: { ...common, 'Content-Encoding': coding, 'Content-Length': String(body.length) },
        body: method === 'HEAD' ? '' : body,
      };
    }
    const base = { status, headers: { ...common, 'Content-Length': String(info.size) } };
    return method === 'HEAD' ? { ...base, body: '' } : { ...base, body: null, file };
  }

  const documents = new Map<string, { version: string; text: Promise<string | null> }>();

  return {
    async indexHtml(language = null) {
      const file = join(root, documentOf(language));
      let info;
      try {
        info = await stat(file);
      } catch {
        return null;
      }
      const version = `${info.size}-${info.mtimeMs}`;
      let current = documents.get(file);
      if (current?.version !== version) {
        const text = readFile(file, 'utf8').catch(() => {
          if (documents.get(file) === current) documents.delete(file);
          return null;
        });
        current = { version, text };
        documents.set(file, current);
      }
      return current.text;
    },
    async serve(method, pathname, headers) {
      if (method !== 'GET' && method !== 'HEAD') {
        return text(405, 'Method not allowed.', { Allow: 'GET, HEAD' });
      }
      const file = resolveInside(root, pathname);
      if (file === null || isSourceMap(file)) return text(404, 'Not found.');
      const found = await serveFile(method, file, pathname, 200, headers);
      if (found) return found;
      // A missing hashed asset is a stale page or a typo: an HTML page would only confuse it.
      if (pathname.startsWith(IMMUTABLE_PREFIX)) return text(404, 'Not found.');
      // A page of the app, in the language its address says (`/es/submit`: es/index.html).
      const { language, path } = splitLanguagePath(pathname);
      const status = isAppPath(path) ? 200 : 404;
      const index = await serveFile(
        method,
        join(root, documentOf(language)),
        `/${documentOf(language)}`,
        status,
        headers,
      );
      return (
        index ??
        text(
          503,
          `The app is not built: ${join(root, 'index.html')} is missing. Run npm run build.`,
        )
      );
    },
  };
}
