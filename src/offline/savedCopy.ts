/**
 * "Save the archive for offline" (issue 50): every card face, thumbnail and gallery photo of the
 * archive, and the map's textures, fetched into a cache of their own, which the service worker
 * answers from before any other and which never expires (it is freed by the visitor). Measured
 * first, so the visitor knows the size before it starts; fetched a few at a time, with progress,
 * and stopped by an `AbortSignal`.
 */
import { DEFAULT_THUMBNAIL_URL } from '@/lib/constants';
import { videoThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { CACHE_NAMES } from '@/offline/offlineNames';
import { mayKeep, offlineRoute } from '@/offline/offlineRules';

/** The map's textures: the phone's size and the desktop's (either may be the one drawn). */
const MAP_TEXTURES = ['/map-2048.webp', '/map.webp'];
/** Requests at once: enough to fill a line, few enough to leave the page its share. */
const AT_ONCE = 4;

/** The pictures a whole archive needs offline, as absolute URLs, each once, in a stable order. */
export function offlineUrls(
  nodes: readonly MediaNode[],
  origin: string,
  archiveUrl: URL,
): string[] {
  const urls = new Set<string>();
  const add = (url: string | undefined) => {
    if (!url) return;
    const absolute = new URL(url, origin);
    // Only what the worker would answer from a cache: never a page, an API call or another host.
    const route = offlineRoute(
      { url: absolute, method: 'GET', mode: 'cors', authorized: false },
      origin,
      archiveUrl,
    );
    if (route === 'image') urls.add(absolute.href);
  };
  for (const texture of MAP_TEXTURES) add(texture);
  add(DEFAULT_THUMBNAIL_URL);
  for (const node of nodes) {
    if (node.type === 'video') add(videoThumbnailUrl(node));
    for (const image of node.images) {
      add(image.cardUrl);
      add(image.thumbUrl);
      add(image.fullUrl);
    }
  }
  return [...urls];
}

/** What is left to save: the URLs not saved yet, and their size as the server says it. */
export interface SavePlan {
  urls: string[];
  /** Bytes, from each answer's Content-Length (0 for one that says none). */
  bytes: number;
  /** How many were saved before. */
  saved: number;
}

async function savedUrls(): Promise<Set<string>> {
  const cache = await caches.open(CACHE_NAMES.saved);
  return new Set((await cache.keys()).map((request) => request.url));
}

/** Runs `work` on each item, `AT_ONCE` at a time, in order; stops at the signal. */
async function eachAtOnce<T>(
  items: readonly T[],
  signal: AbortSignal,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      signal.throwIfAborted();
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, lane));
  signal.throwIfAborted();
}

/** The plan for `urls`: what is not saved yet, measured with HEAD requests. */
export async function planSave(
  urls: readonly string[],
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<SavePlan> {
  const saved = await savedUrls();
  const left = urls.filter((url) => !saved.has(url));
  let bytes = 0;
  let done = 0;
  await eachAtOnce(left, signal, async (url) => {
    try {
      const response = await fetch(url, { method: 'HEAD', mode: 'cors', signal });
      bytes += Number(response.headers.get('content-length') ?? 0) || 0;
    } catch (error) {
      if (signal.aborted) throw error;
      // unreachable now: it is tried again when saving
    }
    onProgress(++done, left.length);
  });
  return { urls: left, bytes, saved: urls.length - left.length };
}

/** How saving went: the pictures saved, their bytes, and those that could not be fetched. */
export interface SaveResult {
  saved: number;
  bytes: number;
  failed: number;
}

/**
 * Saves each URL of the plan into the saved copy (one already kept as it was seen is moved there,
 * not fetched again), reporting the bytes as they come.
 */
export async function savePlan(
  plan: SavePlan,
  signal: AbortSignal,
  onProgress: (done: number, bytes: number) => void,
): Promise<SaveResult> {
  const saved = await caches.open(CACHE_NAMES.saved);
  const seen = await caches.open(CACHE_NAMES.images);
  const result: SaveResult = { saved: 0, bytes: 0, failed: 0 };
  let done = 0;
  await eachAtOnce(plan.urls, signal, async (url) => {
    try {
      const kept = await seen.match(url, { ignoreVary: true });
      const response =
        kept ?? (await fetch(url, { mode: 'cors', credentials: 'same-origin', signal }));
      if (!mayKeep(response)) throw new Error(`${url}: not kept`);
      const body = await response.blob();
      await saved.put(url, new Response(body, { status: 200, headers: response.headers }));
      if (kept) await seen.delete(url, { ignoreVary: true });
      result.saved++;
      result.bytes += body.size;
    } catch (error) {
      if (signal.aborted) throw error;
      result.failed++;
    }
    onProgress(++done, result.bytes);
  });
  return result;
}

/** How many pictures the saved copy holds. */
export async function savedCount(): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(CACHE_NAMES.saved))) return 0;
  return (await (await caches.open(CACHE_NAMES.saved)).keys()).length;
}

/** Frees the saved copy. */
export async function removeSavedCopy(): Promise<void> {
  await caches.delete(CACHE_NAMES.saved);
}
