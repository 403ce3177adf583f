/**
 * What the service worker keeps, and what it never touches (issue 50): plain functions of a
 * request's URL and headers and of a response's, shared by the worker (serviceWorker.ts) and the
 * unit tests. Everything is allow-listed: a request no rule names goes to the network as if there
 * were no worker, so the editor's area, the identity calls, the forms' sends and anything added
 * later are left alone until a rule is written for them.
 */
import {
  isLanguage,
  languageOfCookie,
  preferredLanguage,
  splitLanguagePath,
  type Language,
} from '@/i18n/languages';
import { CAPTURE_FORMATS } from '@/lib/capture';
import { isAppPath } from '@/lib/routes';

export {
  CACHE_NAMES,
  SAVED_COPY_HEADER,
  SESSION_CACHES,
  WORKER_MESSAGES,
} from '@/offline/offlineNames';

/** How many pictures are kept, and for how long, before the oldest go. */
export const IMAGE_LIMITS = { maxEntries: 1500, maxAgeSeconds: 60 * 24 * 60 * 60 } as const;
/** 3D captures are tens of MB: the last few opened. */
export const CAPTURE_LIMITS = { maxEntries: 12, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;
/** How long the list may take before the last copy is shown instead, s (a phone on one bar). */
export const ARCHIVE_NETWORK_TIMEOUT_S = 4;

const IMAGE_PATH = /\.(?:avif|gif|jpe?g|png|webp)$/i;
const CAPTURE_PATH = new RegExp(`\\.(?:${CAPTURE_FORMATS.join('|')})$`, 'i');
/** Where the provider's video thumbnails come from (the only other host the page shows by default). */
const THUMBNAIL_HOSTS = new Set(['i.ytimg.com', 'img.youtube.com']);

/**
 * What the worker does with a request: `archive` and `stories` (the public list of published
 * stories, issue 51) are both kept network first, so an archive seen online has its stories
 * offline too.
 */
export type OfflineRoute = 'document' | 'archive' | 'stories' | 'image' | 'capture' | null;

/**
 * The public list of stories' URL, beside the archive list's (`/api/nodes` → `/api/stories`), as
 * the page derives the service's address from the list's.
 */
export function storiesUrlOf(archiveUrl: URL): URL {
  return new URL(`${archiveUrl.pathname.replace(/\/nodes\/?$/, '')}/stories`, archiveUrl);
}

/** The parts of a request the rules read. */
export interface RequestFacts {
  url: URL;
  method: string;
  mode: string;
  /** Whether the request carries credentials of its own (an `Authorization` header). */
  authorized: boolean;
}

/**
 * The route a request takes, given the worker's origin and the archive list's URL (the app's
 * `nodesUrl`, made absolute): null for every request no rule names.
 */
export function offlineRoute(request: RequestFacts, origin: string, archiveUrl: URL): OfflineRoute {
  if (request.method !== 'GET' || request.authorized) return null;
  const { url } = request;
  if (request.mode === 'navigate') {
    return url.origin === origin && isPublicPage(url.pathname) ? 'document' : null;
  }
  if (url.origin === archiveUrl.origin && url.pathname === archiveUrl.pathname) {
    // The list itself, not a filtered or paged query of it: that is what the app asks.
    return url.search === '' ? 'archive' : null;
  }
  const stories = storiesUrlOf(archiveUrl);
  if (url.origin === stories.origin && url.pathname === stories.pathname) {
    // The published stories as everyone reads them; an editor's reads carry a token (above).
    return url.search === '' ? 'stories' : null;
  }
  const ownOrigin = url.origin === origin;
  if (!ownOrigin && !THUMBNAIL_HOSTS.has(url.hostname)) return mediaOrigin(url, archiveUrl, origin);
  if (ownOrigin && isPrivatePath(url.pathname)) return null;
  if (IMAGE_PATH.test(url.pathname)) return 'image';
  if (ownOrigin && CAPTURE_PATH.test(url.pathname)) return 'capture';
  return null;
}

/**
 * A media host of the archive's own (a bucket's public origin, which the list's items name): its
 * pictures and captures, over HTTPS only.
 */
function mediaOrigin(url: URL, archiveUrl: URL, origin: string): OfflineRoute {
  if (url.protocol !== 'https:' || url.origin === archiveUrl.origin || url.origin === origin) {
    return null;
  }
  if (IMAGE_PATH.test(url.pathname)) return 'image';
  if (CAPTURE_PATH.test(url.pathname)) return 'capture';
  return null;
}

/** The editor's area and the account pages: never answered from a cache, never kept. */
const PRIVATE_PAGES = /^\/(?:editor(?:\/.*)?|account|signin|signup|confirm|forgot-password)\/?$/;

/**
 * Paths below the site that are never kept: the API (but the lists of items and stories),
 * identity, the form's sends.
 */
const PRIVATE_PREFIXES = ['/api/', '/identity/', '/login'];

function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** A page of the app a visitor may open offline (in any language): not the editor's or an account's. */
export function isPublicPage(pathname: string): boolean {
  const { path } = splitLanguagePath(pathname);
  return isAppPath(path) && !PRIVATE_PAGES.test(path);
}

/** The built document a page is drawn from offline: its language's (`/es/…`: es/index.html). */
export function documentFor(pathname: string): string {
  const { language } = splitLanguagePath(pathname);
  return language === null ? '/index.html' : `/${language}/index.html`;
}

/**
 * Where the server would have sent an address without a language (issue 49): the remembered
 * choice (its cookie), else the browser's preference when it is not English; null for none.
 * The same rule as the server's, so the page offline speaks as it did online.
 */
export function offlineLanguageRedirect(
  url: URL,
  cookie: string | null,
  browserLanguages: readonly string[],
): string | null {
  if (splitLanguagePath(url.pathname).language !== null) return null;
  const chosen = languageOfCookie(cookie);
  const browser = preferredLanguage(browserLanguages);
  const language: Language | null = chosen ?? (browser === 'en' ? null : browser);
  if (language === null || !isLanguage(language)) return null;
  return `/${language}${url.pathname}${url.search}`;
}

/**
 * Whether an answer may be kept: a whole, successful one that no header keeps private. A `no-store`
 * or `private` answer (an editor's photo waiting for review: `private, no-store`), one that sets a
 * cookie, or one whose `Vary` names the session's headers is never written to a cache.
 */
export function mayKeep(response: {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}): boolean {
  if (response.status !== 200 || response.type === 'opaque' || response.type === 'error')
    return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  if (/(?:^|[\s,])(?:no-store|private)(?:$|[\s,=])/.test(cacheControl)) return false;
  if (response.headers.get('set-cookie') !== null) return false;
  const vary = (response.headers.get('vary') ?? '').toLowerCase();
  return !/\b(?:authorization|cookie)\b/.test(vary);
}
