/**
 * The names the page and the service worker share (issue 50), in a module of their own that
 * imports nothing: the page's start reads the list's header, and clears the caches at sign-out,
 * without the worker's rules.
 */

/** The caches the worker fills at run time (the precache is Workbox's own). */
export const CACHE_NAMES = {
  /** The last archive list the network gave, and the stories' list (network-first). */
  archive: 'globe-archive-list',
  /** Card faces, thumbnails, gallery photos and the map's textures (cache-first, capped). */
  images: 'globe-archive-images',
  /** The 3D captures of the items opened (cache-first, few: they are large). */
  captures: 'globe-archive-captures',
  /**
   * "Save the archive for offline": every picture, asked for by the visitor, never expired
   * (src/offline/savedCopy.ts); answered from before the other caches.
   */
  saved: 'globe-archive-saved',
} as const;

/**
 * The caches that may hold what a signed-in editor saw (an answer the editor's session reached):
 * emptied at sign-out. The precache holds the built app only, the same for everyone.
 */
export const SESSION_CACHES: readonly string[] = [
  CACHE_NAMES.archive,
  CACHE_NAMES.images,
  CACHE_NAMES.captures,
];

/**
 * The header the worker adds to the archive list it answers from its cache: when the network gave
 * that copy (an HTTP date). The page shows "as of" from it; the network's own answers never carry it.
 */
export const SAVED_COPY_HEADER = 'X-Globe-Archive-Saved';

/** The name the page and the worker use for their messages. */
export const WORKER_MESSAGES = {
  /** Page → worker: the waiting version takes over (the visitor chose Reload). */
  skipWaiting: 'SKIP_WAITING',
} as const;

/** The worker's file, at the site's root so that its scope is every page. */
export const SERVICE_WORKER_FILE = 'serviceWorker.js';
