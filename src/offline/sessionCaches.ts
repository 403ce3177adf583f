import { SESSION_CACHES } from '@/offline/offlineNames';

/**
 * Empties the caches that may hold what a signed-in editor's pages fetched (issue 50: a draft's
 * picture previewed, say), when the editor signs out. The page clears them itself: Cache Storage
 * is the page's as much as the worker's. Nothing to do where the browser has none.
 */
export async function clearSessionCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(SESSION_CACHES.map((name) => caches.delete(name)));
}
