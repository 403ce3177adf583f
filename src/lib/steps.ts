/**
 * Work done a step at a time: a generator that yields between steps and returns its result. The
 * same code runs at once (`runSteps`) or in slices of a time (`runInSlices`), giving way between
 * them: the nodes-service to the event loop's other work (`server/support/slices.ts`), the page to
 * the browser (a tap, a frame), so neither is held for the whole of a large archive and both read
 * it alike.
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
 * Resolves at a moment when the page has nothing else to do (a frame's spare time:
 * `requestIdleCallback`), or after `timeoutMs` at the latest where given; a zero timeout where the
 * browser has no idle callbacks.
 */
export function whenIdle(timeoutMs?: number): Promise<void> {
  const idle = (
    globalThis as {
      requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number;
    }
  ).requestIdleCallback;
  if (typeof idle === 'function')
    return new Promise((resolve) =>
      idle(() => resolve(), timeoutMs === undefined ? undefined : { timeout: timeoutMs }),
    );
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A clock that says when the current slice has run long enough, and gives way when it has. */
export interface Slicer {
  /** Gives way (`pause`) if this slice has held the thread for its length; else returns at once. */
  maybeYield(): Promise<void>;
}

/**
 * Slices of `sliceMs`, each ended by `pause`: `yieldToBrowser` in a page (issue 48: the archive's
 * read on arrival was one task of 120-140 ms on a phone, CPU ÷4), the event loop's next turn on
 * the server. Work shorter than a slice runs at once, in the caller's task.
 */
export function timeSlicer(sliceMs: number, pause: () => Promise<void>): Slicer {
  let started = performance.now();
  return {
    async maybeYield() {
      if (performance.now() - started < sliceMs) return;
      await pause();
      started = performance.now();
    },
  };
}

/** Runs `steps` in the slicer's slices, giving way between them; returns the result. */
export async function runInSlices<T>(steps: Steps<T>, slicer: Slicer): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await slicer.maybeYield();
  }
}
