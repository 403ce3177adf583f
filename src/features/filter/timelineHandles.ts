/** The timeline's handles in numbers: where they stand, where a key takes one, how far it may go. */

import { MINUTE_MS } from '@/features/filter/timelineModel';
import {
  floorToStep,
  nextEdge,
  previousEdge,
  type TimeStep,
  type TimeWindow,
} from '@/lib/timeline';
import type { TimeRange } from '@/lib/timeRange';

/** A handle: the range's start (`from`) or its end (`to`). */
export type HandleName = 'from' | 'to';

/** The handles' instants. */
export interface HandleEdges {
  from: number;
  until: number;
}

const toMinute = (ms: number) => Math.round(ms / MINUTE_MS) * MINUTE_MS;

/**
 * Where the handles stand for a range (none chosen: the ends of the bounds). They stand on whole
 * minutes (a `to` time reads as its instant and the 1 ms after).
 */
export function handleEdges(range: TimeRange | null, bounds: TimeWindow): HandleEdges {
  return {
    from: toMinute(range?.from ?? bounds.start),
    until: toMinute(range?.until ?? bounds.end),
  };
}

/** `fn` applied `n` times from `ms`. */
function repeated(fn: (ms: number) => number, ms: number, n: number): number {
  let at = ms;
  for (let i = 0; i < n; i++) at = fn(at);
  return at;
}

/**
 * Where a key takes a handle (WAI-ARIA's slider keys): the arrows a bar back or forth, Page Down
 * and Page Up ten bars, Home and End as far as the handle goes; null for any other key.
 */
export function keyTarget(
  key: string,
  which: HandleName,
  edges: HandleEdges,
  bounds: TimeWindow,
  step: TimeStep,
): number | null {
  const value = which === 'from' ? edges.from : edges.until;
  const back = (ms: number) => previousEdge(ms, step);
  const forth = (ms: number) => nextEdge(floorToStep(ms, step), step);
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return back(value);
    case 'ArrowRight':
    case 'ArrowUp':
      return forth(value);
    case 'PageDown':
      return repeated(back, value, 10);
    case 'PageUp':
      return repeated(forth, value, 10);
    case 'Home':
      return which === 'from' ? bounds.start : edges.from + MINUTE_MS;
    case 'End':
      return which === 'from' ? edges.until - MINUTE_MS : bounds.end;
    default:
      return null;
  }
}

/**
 * The range with one handle moved to `ms`: kept within the bounds, and a minute from the other
 * handle. `moved` is the handle's new instant (for the window to follow it).
 */
export function rangeWithHandle(
  range: TimeRange | null,
  which: HandleName,
  ms: number,
  bounds: TimeWindow,
): { range: TimeRange; moved: number } {
  const edges = handleEdges(range, bounds);
  if (which === 'from') {
    const moved = Math.min(Math.max(ms, bounds.start), edges.until - MINUTE_MS);
    return { range: { from: moved, until: range?.until ?? null }, moved };
  }
  const moved = Math.max(Math.min(ms, bounds.end), edges.from + MINUTE_MS);
  return { range: { from: range?.from ?? null, until: moved }, moved };
}

/** A handle's bounds as its slider says them: as far as it goes, either way. */
export function handleLimits(
  which: HandleName,
  edges: HandleEdges,
  bounds: TimeWindow,
): { min: number; max: number } {
  return which === 'from'
    ? { min: bounds.start, max: edges.until - MINUTE_MS }
    : { min: edges.from + MINUTE_MS, max: bounds.end };
}
