/**
 * When the page may register the service worker (issue 50): never before the first paint, and
 * on the home screen not before the globe is shown, so that the precache's download takes no
 * bandwidth or core from the first view. Whichever screen the visit opens says so.
 */
let allow: () => void = () => undefined;

/** Resolves once the visit's first view is on the screen. */
export const offlineWorkerMayStart = new Promise<void>((resolve) => {
  allow = resolve;
});

/** The first view is shown: the worker may start (said again, it does nothing). */
export function letOfflineWorkerStart(): void {
  allow();
}
