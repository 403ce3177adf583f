/**
 * vite-plugin-pwa's settings for the archive's service worker (issue 50): our own worker
 * (src/offline/serviceWorker.ts, Workbox's modules) given the list of what the build wrote, which
 * it precaches. The manifests are the build's own (scripts/webManifest.ts), and the page
 * registers the worker itself once the globe is shown (src/offline/serviceWorkerClient.ts).
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { SERVICE_WORKER_FILE } from '../src/offline/offlineNames.ts';

/**
 * What is precached: every chunk and stylesheet, each language's document and manifest, and the
 * icons a home screen shows. Not the source maps (never served), the install dialog's
 * screenshots, the sample archive's pictures (kept as they are seen, or all at once by "Save the
 * archive for offline") nor the map's textures (kept at the size the device draws).
 */
export const PRECACHED = [
  'assets/*.{js,css}',
  'index.html',
  '{en,es,bs}/index.html',
  'manifest.webmanifest',
  '{en,es,bs}/manifest.webmanifest',
  'icons/icon-*.png',
  'icons/maskable-*.png',
  'favicon.svg',
  'logo.svg',
];

/** The largest chunk precached (the globe's worker is about 1.1 MB before compression). */
const LARGEST_PRECACHED_BYTES = 4 * 1024 * 1024;

export function offlineWorker(): Partial<VitePWAOptions> {
  return {
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: SERVICE_WORKER_FILE.replace(/\.js$/, '.ts'),
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: PRECACHED,
      maximumFileSizeToCacheInBytes: LARGEST_PRECACHED_BYTES,
      // Hashed names are their own revision: Workbox adds none to them.
      dontCacheBustURLsMatching: /^assets\//,
    },
  };
}
