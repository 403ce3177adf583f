/** The timeline's track: the bars, the chosen range, its handles moved by keys and pointers. */

import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { useAnalytics } from '@/app/hooks';
import { TimelineBars } from '@/features/filter/TimelineBars';
import { TimelineHandle } from '@/features/filter/TimelineHandle';
import {
  handleEdges,
  keyTarget,
  rangeWithHandle,
  type HandleName,
} from '@/features/filter/timelineHandles';
import type { Drag, SetRange } from '@/features/filter/timelineModel';
import { CLICK } from '@/lib/analytics';
import {
  floorToStep,
  nearestEdge,
  nextEdge,
  panWindow,
  type Histogram,
  type TimeStep,
  type TimeWindow,
} from '@/lib/timeline';
import type { TimeRange } from '@/lib/timeRange';

/** How far a pointer moves before a press is a drag rather than a tap (px). */
const TAP_SLOP_PX = 5;

/**
 * The track under the timeline's buttons: dragging the bars pans the window and a click on a bar
 * chooses it; the handles (WAI-ARIA's multi-thumb slider) move by arrow keys, Page Up and Page
 * Down, Home and End, or by dragging.
 */
export function TimelineTrack({
  trackRef,
  dragRef,
  inputAtRef,
  view,
  bounds,
  step,
  bars,
  range,
  pending,
  at,
  setRange,
  setZoomed,
}: {
  trackRef: RefObject<HTMLDivElement | null>;
  /** The pointer held down on a handle or the bars, kept across renders. */
  dragRef: RefObject<Drag | null>;
  /** Where a handle's input event records its time (the "timeline range" measure). */
  inputAtRef: RefObject<number | null>;
  view: TimeWindow;
  bounds: TimeWindow;
  step: TimeStep;
  bars: Histogram;
  /** The range shown (the filter's). */
  range: TimeRange | null;
  /** The range the handles moved to while the address may not show it yet (`useRangeWriter`). */
  pending: () => TimeRange | null;
  /** An instant's place on the track, in % of its width. */
  at: (ms: number) => number;
  setRange: SetRange;
  setZoomed: (window: TimeWindow) => void;
}) {
  const msAt = (clientX: number) => {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return view.start;
    return view.start + ((clientX - box.left) / box.width) * (view.end - view.start);
  };
  const edges = handleEdges(range, bounds);
  const follow = windowFollowing(view, bounds, setZoomed);

  /**
   * Moves a handle from where the last move left it (keys pressed faster than the address
   * follows all count); keys may take it past the window, which follows (a drag stays within it).
   */
  const moveHandle = (which: HandleName, ms: number, withKeys = true) => {
    const wanted = withKeys ? ms : Math.min(Math.max(ms, view.start), view.end);
    const next = rangeWithHandle(pending() ?? range, which, wanted, bounds);
    setRange(next.range);
    follow(next.moved);
  };
  const onHandleKey = (which: HandleName) => (event: KeyboardEvent<HTMLDivElement>) => {
    const latest = handleEdges(pending() ?? range, bounds);
    const next = keyTarget(event.key, which, latest, bounds, step);
    if (next === null) return;
    event.preventDefault();
    inputAtRef.current = event.timeStamp;
    moveHandle(which, next);
  };
  const onHandleDown = (which: HandleName) => (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    dragRef.current = { kind: which, x: event.clientX, view, moved: false };
  };
  const onHandleMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    if (!current || current.kind === 'pan') return;
    // A thumb that wobbles while it taps has not dragged.
    if (!current.moved && Math.abs(event.clientX - current.x) < TAP_SLOP_PX) return;
    current.moved = true;
    inputAtRef.current = event.timeStamp;
    moveHandle(current.kind, nearestEdge(msAt(event.clientX), step), false);
  };
  /**
   * A handle let go without a drag. One that stands at the end of the span (no range on its
   * side) or past the window's edge is drawn over the first or last bar it does not stand for:
   * the tap was meant for that bar, and chooses it (issue 47).
   */
  const onHandleUp = (which: HandleName) => (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    dragRef.current = null;
    if (!current || current.moved) return;
    const value = which === 'from' ? edges.from : edges.until;
    const open = (which === 'from' ? range?.from : range?.until) == null;
    if (open || value < view.start || value > view.end) track.chooseBarAt(event.clientX);
  };
  const track = useTrackPointer({
    trackRef,
    dragRef,
    view,
    bounds,
    step,
    msAt,
    setRange,
    setZoomed,
  });

  return (
    <div
      ref={trackRef}
      className="timeline__track"
      onPointerDown={track.onDown}
      onPointerMove={track.onMove}
      onPointerUp={track.onUp}
      onPointerCancel={() => (dragRef.current = null)}
    >
      <TimelineBars bars={bars} step={step} from={edges.from} until={edges.until} at={at} />
      {range !== null && (
        <div
          className="timeline__selection"
          aria-hidden="true"
          style={{ left: `${at(edges.from)}%`, width: `${at(edges.until) - at(edges.from)}%` }}
        />
      )}
      {(['from', 'to'] as const).map((which) => (
        <TimelineHandle
          key={which}
          which={which}
          edges={edges}
          bounds={bounds}
          at={at}
          onKeyDown={onHandleKey(which)}
          onPointerDown={onHandleDown(which)}
          onPointerMove={onHandleMove}
          onPointerUp={onHandleUp(which)}
          onPointerCancel={() => (dragRef.current = null)}
        />
      ))}
    </div>
  );
}

/** Keeps an instant in sight: the window follows a handle moved past its edge. */
function windowFollowing(
  view: TimeWindow,
  bounds: TimeWindow,
  setZoomed: (window: TimeWindow) => void,
): (ms: number) => void {
  return (ms: number) => {
    if (ms >= view.start && ms <= view.end) return;
    const length = view.end - view.start;
    const by = ms < view.start ? ms - view.start - length * 0.1 : ms - view.end + length * 0.1;
    setZoomed(panWindow(view, by, bounds));
  };
}

/**
 * The bars under the pointer: a drag pans the window (from where it stood when the pointer went
 * down), a click without a drag chooses the bar's stretch of time.
 */
function useTrackPointer({
  trackRef,
  dragRef,
  view,
  bounds,
  step,
  msAt,
  setRange,
  setZoomed,
}: {
  trackRef: RefObject<HTMLDivElement | null>;
  dragRef: RefObject<Drag | null>;
  view: TimeWindow;
  bounds: TimeWindow;
  step: TimeStep;
  /** The instant under a pointer's x. */
  msAt: (clientX: number) => number;
  setRange: SetRange;
  setZoomed: (window: TimeWindow) => void;
}) {
  const analytics = useAnalytics();
  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragRef.current = { kind: 'pan', x: event.clientX, view, moved: false };
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    if (!current || current.kind !== 'pan') return;
    const dx = event.clientX - current.x;
    if (!current.moved && Math.abs(dx) < TAP_SLOP_PX) return;
    current.moved = true;
    const box = trackRef.current?.getBoundingClientRect();
    const length = view.end - view.start;
    if (box && box.width > 0)
      setZoomed(panWindow(current.view, (-dx / box.width) * length, bounds));
  };
  /** A click or a tap on a bar chooses its stretch of time. */
  const chooseBarAt = (clientX: number) => {
    const start = floorToStep(msAt(clientX), step);
    setRange({ from: start, until: nextEdge(start, step) }, false, true);
    analytics.click(CLICK.timeline, 'bar');
  };
  const onUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    dragRef.current = null;
    if (!current || current.kind !== 'pan' || current.moved) return;
    chooseBarAt(event.clientX);
  };
  return { onDown, onMove, onUp, chooseBarAt };
}
