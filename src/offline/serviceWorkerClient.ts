/**
 * The page's side of the service worker (issue 50), with Workbox's own window library: registers
 * it, says when a new release is installed and waiting, and lets it take over only when the
 * visitor chooses Reload, so that a page never runs its code against another release's chunks.
 * Loaded after the first view, with the notices that show what it says.
 */
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_FILE } from '@/offline/offlineNames';

/** How often a page left open asks whether a new release is out, ms (and when the network returns). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface OfflineWorker {
  /** Stops listening and checking (the worker itself stays registered). */
  stop(): void;
}

/**
 * Registers the worker, calling `onUpdate` with the way to apply a new release when one waits
 * (at once, when one was already waiting from an earlier visit). Null where the browser has no
 * service workers, or in development (Vite's server has no built app to precache).
 */
export function startOfflineWorker(onUpdate: (apply: () => void) => void): OfflineWorker | null {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  const workbox = new Workbox(`/${SERVICE_WORKER_FILE}`, { scope: '/' });
  const apply = () => {
    // The new release answers this page's reload: its document with its own chunks.
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  };
  workbox.addEventListener('waiting', () => onUpdate(apply));
  const check = () => void workbox.update().catch(() => undefined);
  const timer = setInterval(check, UPDATE_CHECK_MS);
  window.addEventListener('online', check);
  // A failed registration (a private window that allows none, a server without the file) leaves
  // the page as it is: it works online as it did without one.
  void workbox.register().catch((error: unknown) => {
    console.warn(`The offline copy could not be set up: ${(error as Error).message}`);
  });
  return {
    stop: () => {
      clearInterval(timer);
      window.removeEventListener('online', check);
    },
  };
}
