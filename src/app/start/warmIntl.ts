/**
 * The start's first step (issue 48), imported by `main.tsx` before React: a small worker loads
 * the browser's ICU data on another thread while this one evaluates the app, so the page's first
 * `Intl` format (a count, a date) does not hold the main thread for the 67-110 ms that loading it
 * costs a phone (CPU ÷4). The worker ends once it has done so; where workers cannot start, the
 * page's first format pays as before.
 */
export function warmIntlOffThread(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intlWarmer.worker.ts', import.meta.url), {
      type: 'module',
      name: 'intl',
    });
    const done = () => worker.terminate();
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  } catch {
    // A browser or a policy that refuses the worker: the first format loads the data itself.
  }
}

warmIntlOffThread();
