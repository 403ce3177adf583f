/**
 * Work done a step at a time: a generator that yields between steps and returns its result. The
 * same code runs at once (`runSteps`, the app) or spread over the event loop's turns (the
 * nodes-service's `runInSlices`), so a server reading a large archive is never held for the whole
 * of it and both read it alike.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step at once and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Resolves in a task of its own, after the browser has had the chance to run what waits (a tap,
 * a frame): `scheduler.yield()` where the browser has it (the continuation goes ahead of other
 * scripts' tasks), else a zero timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `steps` in a page, giving the browser its turn whenever a slice has held the main thread for
 * `sliceMs` (issue 48: the archive read on arrival was one task of 120-140 ms on a phone, CPU ÷4).
 * Work shorter than a slice runs at once, in the caller's task.
 */
export async function runStepsInSlices<T>(
  steps: Steps<T>,
  { sliceMs = 8, pause = yieldToBrowser }: { sliceMs?: number; pause?: () => Promise<void> } = {},
): Promise<T> {
  let started = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - started >= sliceMs) {
      await pause();
      started = performance.now();
    }
  }
}
