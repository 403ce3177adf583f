/** The timeline's track: the bars, the chosen range, its handles moved by keys and pointers. */

import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { useAnalytics } from '@/app/hooks';
import { TimelineBars } from '@/features/filter/TimelineBars';
import { edgeWords, MINUTE_MS, type Drag, type SetRange } from '@/features/filter/timelineModel';
import { CLICK } from '@/lib/analytics';
import {
  floorToStep,
  nearestEdge,
  nextEdge,
  panWindow,
  previousEdge,
  type Histogram,
  type TimeStep,
  type TimeWindow,
} from '@/lib/timeline';
import type { TimeRange } from '@/lib/timeRange';

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
  from,
  until,
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
  range: TimeRange | null;
  /** The handles' instants. */
  from: number;
  until: number;
  /** An instant's place on the track, in % of its width. */
  at: (ms: number) => number;
  setRange: SetRange;
  setZoomed: (window: TimeWindow) => void;
}) {
  const analytics = useAnalytics();
  const length = view.end - view.start;
  const msAt = (clientX: number) => {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return view.start;
    return view.start + ((clientX - box.left) / box.width) * length;
  };
  const chosen = range !== null;

  /** Keeps an instant in sight: the window follows a handle moved past its edge. */
  const follow = (ms: number) => {
    if (ms >= view.start && ms <= view.end) return;
    setZoomed(
      panWindow(
        view,
        ms < view.start ? ms - view.start - length * 0.1 : ms - view.end + length * 0.1,
        bounds,
      ),
    );
  };
  /** Moves a handle; keys may take it past the window, which follows (a drag stays within it). */
  const moveHandle = (which: 'from' | 'to', ms: number, withKeys = true) => {
    const wanted = withKeys ? ms : Math.min(Math.max(ms, view.start), view.end);
    if (which === 'from') {
      const next = Math.min(Math.max(wanted, bounds.start), until - MINUTE_MS);
      setRange({ from: next, until: range?.until ?? null });
      follow(next);
    } else {
      const next = Math.max(Math.min(wanted, bounds.end), from + MINUTE_MS);
      setRange({ from: range?.from ?? null, until: next });
      follow(next);
    }
  };
  const onHandleKey = (which: 'from' | 'to') => (event: KeyboardEvent<HTMLDivElement>) => {
    const value = which === 'from' ? from : until;
    const back = (ms: number) => previousEdge(ms, step);
    const forth = (ms: number) => nextEdge(floorToStep(ms, step), step);
    const times = (fn: (ms: number) => number, n: number) => {
      let ms = value;
      for (let i = 0; i < n; i++) ms = fn(ms);
      return ms;
    };
    let next: number;
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowDown':
        next = back(value);
        break;
      case 'ArrowRight':
      case 'ArrowUp':
        next = forth(value);
        break;
      case 'PageDown':
        next = times(back, 10);
        break;
      case 'PageUp':
        next = times(forth, 10);
        break;
      case 'Home':
        next = which === 'from' ? bounds.start : from + MINUTE_MS;
        break;
      case 'End':
        next = which === 'from' ? until - MINUTE_MS : bounds.end;
        break;
      default:
        return;
    }
    event.preventDefault();
    inputAtRef.current = event.timeStamp;
    moveHandle(which, next);
  };
  const onHandleDown = (which: 'from' | 'to') => (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    dragRef.current = { kind: which, x: event.clientX, view, moved: false };
  };
  const onHandleMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    if (!current || current.kind === 'pan') return;
    current.moved = true;
    inputAtRef.current = event.timeStamp;
    moveHandle(current.kind, nearestEdge(msAt(event.clientX), step), false);
  };
  const onTrackDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragRef.current = { kind: 'pan', x: event.clientX, view, moved: false };
  };
  const onTrackMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    if (!current || current.kind !== 'pan') return;
    const dx = event.clientX - current.x;
    if (!current.moved && Math.abs(dx) < 5) return;
    current.moved = true;
    const box = trackRef.current?.getBoundingClientRect();
    if (box && box.width > 0)
      setZoomed(panWindow(current.view, (-dx / box.width) * length, bounds));
  };
  const onTrackUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    dragRef.current = null;
    if (!current || current.kind !== 'pan' || current.moved) return;
    // A click on a bar chooses its stretch of time.
    const start = floorToStep(msAt(event.clientX), step);
    setRange({ from: start, until: nextEdge(start, step) }, false);
    analytics.click(CLICK.timeline, 'bar');
  };

  return (
    <div
      ref={trackRef}
      className="timeline__track"
      onPointerDown={onTrackDown}
      onPointerMove={onTrackMove}
      onPointerUp={onTrackUp}
      onPointerCancel={() => (dragRef.current = null)}
    >
      <TimelineBars bars={bars} step={step} from={from} until={until} at={at} />
      {chosen && (
        <div
          className="timeline__selection"
          aria-hidden="true"
          style={{ left: `${at(from)}%`, width: `${at(until) - at(from)}%` }}
        />
      )}
      {(['from', 'to'] as const).map((which) => {
        const value = which === 'from' ? from : until;
        return (
          <div
            key={which}
            role="slider"
            tabIndex={0}
            className={`timeline__handle timeline__handle--${which}`}
            style={{ left: `${at(value)}%` }}
            aria-label={which === 'from' ? 'Start of the time range' : 'End of the time range'}
            aria-valuemin={which === 'from' ? bounds.start : from + MINUTE_MS}
            aria-valuemax={which === 'from' ? until - MINUTE_MS : bounds.end}
            aria-valuenow={value}
            aria-valuetext={edgeWords(value, which)}
            aria-orientation="horizontal"
            onKeyDown={onHandleKey(which)}
            onPointerDown={onHandleDown(which)}
            onPointerMove={onHandleMove}
            onPointerUp={() => (dragRef.current = null)}
            onPointerCancel={() => (dragRef.current = null)}
          />
        );
      })}
    </div>
  );
}
