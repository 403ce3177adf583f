/**
 * Long work in slices of the event loop: a server that reads a large file must still answer
 * everyone else in between (issue 45: no request, however shaped, holds a concurrent one back by
 * more than half a second). The slicing is the page's too (`@/lib/steps`); here a slice gives way
 * to the event loop's next turn.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { timeSlicer, type Slicer } from '@/lib/steps';

export { runInSlices, type Slicer } from '@/lib/steps';

/** How long one slice may hold the thread, ms. */
export const SLICE_MS = 20;

/** A slicer of `sliceMs` slices that gives way to the event loop. */
export function createSlicer(sliceMs: number = SLICE_MS): Slicer {
  return timeSlicer(sliceMs, async () => {
    await nextTurn();
  });
}
