/** The timeline's constants and types, what its bars count (bounds, dated spans), its words. */

import { plural, t } from '@lingui/core/macro';
import { matchesFilter, type ArchiveFilter } from '@/lib/filter';
import { describeItemDate } from '@/lib/itemDate';
import type { MediaNode } from '@/lib/nodeModel';
import { wholeSpan, type TimeWindow } from '@/lib/timeline';
import { fromText, itemSpan, toText, type TimeRange } from '@/lib/timeRange';

/** How long Play takes to sweep the window, and how long each step lasts with reduced motion. */
export const SWEEP_MS = 12_000;
export const STEP_MS = 900;
/** Zoom buttons' factor; the wheel's is gentler. */
export const ZOOM = 2.5;
export const WHEEL_ZOOM = 1.3;
/**
 * A bar is at least this wide, a target a thumb can tap (WCAG 2.5.8's 24 px; narrower ones are
 * grouped into longer bars); labels stand at least this far apart (px).
 */
export const BAR_PX = 24;
export const LABEL_PX = 84;
/** Timeline use is reported once the visitor has left the range alone this long. */
export const REPORT_AFTER_MS = 1000;
export const MINUTE_MS = 60_000;
/** The address takes the range once the handles have rested this long (Play: once it stops). */
export const URL_AFTER_MS = 200;

/**
 * "8 items have no date", "1 item has no date"; `hidden` while a time range is chosen (the range
 * leaves them out).
 */
export function undatedText(count: number, hidden = false): string {
  return hidden
    ? t({
        message: plural(count, {
          one: '# item has no date (hidden while a time range is chosen)',
          other: '# items have no date (hidden while a time range is chosen)',
        }),
        comment:
          'Under the timeline: items without a recording date, left out while a time range is chosen',
      })
    : t({
        message: plural(count, { one: '# item has no date', other: '# items have no date' }),
        comment:
          'Under the timeline: items without a recording date (the timeline cannot place them)',
      });
}

/** A handle's position in words for screen readers: the instant it stands on. */
export function edgeWords(edge: number, which: 'from' | 'to'): string {
  const text = which === 'from' ? fromText(edge) : toText(edge);
  const words = describeItemDate(text);
  // A day as `to` means all of it.
  return which === 'to' && !text.includes('T')
    ? t({
        message: `end of ${words}`,
        comment:
          'What a screen reader says of the time range\'s end handle standing at the end of a day: "end of Friday 16 May 2025"',
      })
    : words;
}

export interface Play {
  /** The range's fixed start while the end sweeps. */
  from: number | null;
  /** Where the sweep starts and ends. */
  first: number;
  end: number;
}

/** A pointer held down on a handle (moving it) or on the bars (panning the window). */
export interface Drag {
  kind: 'from' | 'to' | 'pan';
  x: number;
  view: TimeWindow;
  moved: boolean;
}

/** Every dated item's span, whatever the other filters. */
export function allDatedSpans(nodes: readonly MediaNode[]): (readonly [number, number])[] {
  const spans: (readonly [number, number])[] = [];
  for (const node of nodes) {
    const span = itemSpan(node.date);
    if (span) spans.push(span);
  }
  return spans;
}

/** The bounds: every dated item's span, whatever the other filters. */
export function datedBounds(nodes: readonly MediaNode[]): TimeWindow | null {
  return wholeSpan(allDatedSpans(nodes));
}

/** What the other filters leave: counted in the bars, or apart when undated. */
export function datedSpans(
  nodes: readonly MediaNode[],
  others: ArchiveFilter,
): { spans: (readonly [number, number])[]; undated: number } {
  const counted: (readonly [number, number])[] = [];
  let without = 0;
  for (const node of nodes) {
    if (!matchesFilter(node, others)) continue;
    const span = itemSpan(node.date);
    if (span) counted.push(span);
    else without++;
  }
  return { spans: counted, undated: without };
}

/**
 * Moves the range; `reported` false for moves that are not the visitor's own (Play, a bar);
 * `whole` for a stretch chosen whole (a bar, the day of the storm), whose ends are kept where
 * they fall on the span's ends.
 */
export type SetRange = (next: TimeRange, reported?: boolean, whole?: boolean) => void;
