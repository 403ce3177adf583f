/**
 * Long work in slices of the event loop: a server that reads a large file must still answer
 * everyone else in between (issue 45: no request, however shaped, holds a concurrent one back by
 * more than half a second).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Steps } from '@/lib/steps';

/** How long one slice may hold the thread, ms. */
export const SLICE_MS = 20;

/** A clock that says when the current slice has run long enough, and gives way when it has. */
export interface Slicer {
  /** Lets the event loop run other work if this slice is over its time. */
  maybeYield(): Promise<void>;
}

/** A slicer of `sliceMs` slices. */
export function createSlicer(sliceMs: number = SLICE_MS): Slicer {
  let started = performance.now();
  return {
    async maybeYield() {
      if (performance.now() - started < sliceMs) return;
      await nextTurn();
      started = performance.now();
    },
  };
}

/** Runs `steps` (`@/lib/steps`) in slices, giving way between them; returns the result. */
export async function runInSlices<T>(steps: Steps<T>, slicer: Slicer = createSlicer()): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await slicer.maybeYield();
  }
}
