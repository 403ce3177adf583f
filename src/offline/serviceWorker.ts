/// <reference lib="webworker" />
/**
 * The archive's service worker (issue 50), built by vite-plugin-pwa's `injectManifest` from this
 * file, with Workbox's modules: the built app precached, so a page opens with no network; the
 * archive list network-first, its last copy kept; pictures and the captures opened cache-first,
 * capped. What it keeps and what it never touches is in offlineRules.ts.
 *
 * A new release installs beside the old one and waits: the page offers "A new version is ready:
 * Reload" (src/offline/serviceWorkerClient.ts), and only the visitor's choice lets it take over,
 * so no page ever runs old code against new chunks. A release whose install fails is dropped,
 * and the old one goes on answering.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { CURRENT_TERMS } from '@/lib/terms';
import { listOutbox, OUTBOX_SYNC_TAG, sendOutbox, waitsToBeSent } from '@/offline/outbox';
import {
  ARCHIVE_NETWORK_TIMEOUT_S,
  CACHE_NAMES,
  CAPTURE_LIMITS,
  documentFor,
  IMAGE_LIMITS,
  mayKeep,
  offlineLanguageRedirect,
  offlineRoute,
  SAVED_COPY_HEADER,
  storiesUrlOf,
  WORKER_MESSAGES,
  type OfflineRoute,
} from '@/offline/offlineRules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
};

/** The list's URL as the app asks it (`VITE_NODES_URL`, default /api/nodes), made absolute. */
const archiveUrl = new URL(
  import.meta.env.VITE_NODES_URL?.trim() || '/api/nodes',
  self.location.href,
);

// The built app: its chunks, the documents of each language, the manifests and the icons.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Keeps only what `mayKeep` allows: never a private, `no-store` or cookie-setting answer. */
const keepOnlyPublic: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (mayKeep(response) ? response : null),
};

/** The list answered from the cache says when the network gave it (the page's "as of"). */
const markSavedCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SAVED_COPY_HEADER, cachedResponse.headers.get('date') ?? new Date().toUTCString());
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

const archive = new NetworkFirst({
  cacheName: CACHE_NAMES.archive,
  networkTimeoutSeconds: ARCHIVE_NETWORK_TIMEOUT_S,
  matchOptions: { ignoreVary: true },
  plugins: [keepOnlyPublic, markSavedCopy],
});

const images = new CacheFirst({
  cacheName: CACHE_NAMES.images,
  matchOptions: { ignoreVary: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    keepOnlyPublic,
    new ExpirationPlugin({ ...IMAGE_LIMITS, purgeOnQuotaError: true }),
  ],
});

const captures = new CacheFirst({
  cacheName: CACHE_NAMES.captures,
  matchOptions: { ignoreVary: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    keepOnlyPublic,
    new ExpirationPlugin({ ...CAPTURE_LIMITS, purgeOnQuotaError: true }),
  ],
});

function routeOf(request: Request): OfflineRoute {
  return offlineRoute(
    {
      url: new URL(request.url),
      method: request.method,
      mode: request.mode,
      authorized: request.headers.has('authorization'),
    },
    self.location.origin,
    archiveUrl,
  );
}

/**
 * A page: the built document of its language, from the precache, at once (no wait on one bar),
 * and the app draws the page in it with the archive's list. The release it belongs to is the one
 * whose chunks are precached beside it, so old and new never meet; a new release waits for the
 * visitor's Reload. An address without a language goes where the server would have sent it.
 */
async function documentAnswer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const cookie = (await self.cookieStore?.get('lang').catch(() => null))?.value;
  const redirect = offlineLanguageRedirect(
    url,
    cookie === undefined ? null : `lang=${cookie}`,
    self.navigator.languages,
  );
  if (redirect !== null) return Response.redirect(new URL(redirect, url).href, 302);
  return (await matchPrecache(documentFor(url.pathname))) ?? fetch(request);
}

/** A picture the visitor saved for offline, else what `otherwise` answers. */
async function savedOr(request: Request, otherwise: () => Promise<Response>): Promise<Response> {
  const saved = await caches.match(request, { cacheName: CACHE_NAMES.saved, ignoreVary: true });
  return saved ?? otherwise();
}

registerRoute(
  ({ request }) => routeOf(request) !== null,
  (options) => {
    const { request } = options;
    switch (routeOf(request)) {
      case 'document':
        return documentAnswer(request);
      case 'archive':
      case 'stories':
        // The stories as the list: network first, the last copy when the network fails.
        return archive.handle(options);
      case 'capture':
        return captures.handle(options);
      default:
        return savedOr(request, () => images.handle(options));
    }
  },
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : null;
  if (type === WORKER_MESSAGES.skipWaiting) {
    void self.skipWaiting();
  }
});

/**
 * The list (or the stories' list) as it is now, kept at install: the page that installs the
 * worker fetched its own before the worker was there to keep it (or never asked for the stories),
 * and a visit's next load may already be offline. A failure changes nothing (the list is kept at
 * its next fetch).
 */
async function keepCopy(url: URL): Promise<void> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (mayKeep(response)) await (await caches.open(CACHE_NAMES.archive)).put(url, response);
  } catch {
    // offline at install, or the service is down
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(Promise.all([keepCopy(archiveUrl), keepCopy(storiesUrlOf(archiveUrl))]));
});

/** The service's base URL, as the page derives it from the list's (`/api/nodes` → `/api`). */
const serviceBaseUrl = archiveUrl.href.replace(/\/nodes\/?$/, '');

/**
 * Sends the outbox when the browser says the network is back (Background Sync), with no page
 * open. An entry still waiting afterwards fails the sync, so the browser tries again later.
 */
async function sendOutboxInBackground(): Promise<void> {
  await sendOutbox({ baseUrl: serviceBaseUrl, termsVersion: CURRENT_TERMS.version });
  if ((await listOutbox()).some(waitsToBeSent)) throw new Error('The outbox still waits.');
}

self.addEventListener('sync', ((event: ExtendableEvent & { tag: string }) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendOutboxInBackground());
}) as EventListener);

// The first install takes the open pages at once (there is no old version to mix with), so the
// cards and photos they fetch from now on are kept.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
