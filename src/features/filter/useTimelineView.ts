/** useTimelineView: what the timeline shows: its bounds, the window zoomed to, the bars in it. */

import { useMemo, useState, type RefObject } from 'react';
import { BAR_PX, datedBounds, datedSpans, MINUTE_MS } from '@/features/filter/timelineModel';
import { useTrackWidth } from '@/features/filter/trackHooks';
import type { ArchiveFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';
import { barEdges, histogram, panWindow, stepFor, type TimeWindow } from '@/lib/timeline';
import type { TimeRange } from '@/lib/timeRange';

/**
 * The window a shared range opens zoomed to: one much narrower than the whole span (a link to
 * one afternoon), with some time either side; null to open on the whole span.
 */
export function openingWindow(range: TimeRange | null | undefined, bounds: TimeWindow) {
  if (!range) return null;
  const start = Math.max(range.from ?? bounds.start, bounds.start);
  const end = Math.min(range.until ?? bounds.end, bounds.end);
  if (!(end > start && end - start < (bounds.end - bounds.start) / 20)) return null;
  const pad = Math.max((end - start) * 0.5, 15 * MINUTE_MS);
  return panWindow({ start: start - pad, end: end + pad }, 0, bounds);
}

/**
 * The timeline's view of the items: the bounds (every dated item's span, whatever the other
 * filters), the window shown (the whole span, or as zoomed and panned: `setZoomed`), the step of
 * its bars and what they count (the items the other filters leave; the undated counted apart),
 * and the track's width they are fitted to.
 */
export function useTimelineView(
  nodes: readonly MediaNode[],
  filter: ArchiveFilter,
  trackRef: RefObject<HTMLDivElement | null>,
) {
  const [zoomed, setZoomed] = useState<TimeWindow | null>(null);
  const bounds = useMemo(() => datedBounds(nodes), [nodes]);
  const { category, type, ids } = filter;
  const { spans, undated } = useMemo(
    () => datedSpans(nodes, { category, type, ids: ids ?? null }),
    [nodes, category, type, ids],
  );
  const width = useTrackWidth(trackRef, bounds);

  // A shared range opens zoomed to it, once the bounds are known.
  const [opened, setOpened] = useState(false);
  if (!opened && bounds) {
    setOpened(true);
    const opening = openingWindow(filter.range, bounds);
    if (opening) setZoomed(opening);
  }
  const view: TimeWindow | null = bounds && (zoomed ? panWindow(zoomed, 0, bounds) : bounds);
  const step = view ? stepFor(view, Math.max(8, Math.floor(width / BAR_PX))) : null;
  const bars = useMemo(
    () => (view && step ? histogram(spans, barEdges(view, step)) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the window's numbers, not its object
    [spans, view?.start, view?.end, step],
  );
  return { bounds, undated, width, view, step, bars, setZoomed };
}
