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
