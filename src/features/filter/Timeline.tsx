import { useId, useMemo, useRef, useState } from 'react';
import { useAnalytics } from '@/app/hooks';
import { TimelineAxis } from '@/features/filter/TimelineBars';
import {
  BAR_PX,
  datedBounds,
  datedSpans,
  MINUTE_MS,
  undatedText,
  ZOOM,
  type Drag,
} from '@/features/filter/timelineModel';
import { TimelineTrack } from '@/features/filter/TimelineTrack';
import { useTrackWidth, useWheelZoom } from '@/features/filter/trackHooks';
import { useRangeWriter } from '@/features/filter/useRangeWriter';
import { useTimelinePlay } from '@/features/filter/useTimelinePlay';
import { CLICK } from '@/lib/analytics';
import type { ArchiveFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';
import {
  barEdges,
  floorToStep,
  histogram,
  MIN_WINDOW_MS,
  nextEdge,
  panWindow,
  stepFor,
  zoomWindow,
  type TimeWindow,
} from '@/lib/timeline';
import { rangeWords } from '@/lib/timeRange';

/**
 * The timeline under the globe (issue 30): a histogram of when the items were recorded, zoomed
 * from the whole span down to minutes, with a two-handle range (WAI-ARIA's multi-thumb slider)
 * kept in the URL (`?from=`, `?to=`); items outside the range fade on the globe and leave the
 * list. Play sweeps the range's end forward so the cards light up in the order things happened
 * (one bar at a time with reduced motion), and any input stops it.
 *
 * The histogram counts the items the other filters (category, media, words) leave; items without
 * a date are counted apart.
 */
export function Timeline({
  nodes,
  filter,
}: {
  nodes: readonly MediaNode[];
  filter: ArchiveFilter;
}) {
  const analytics = useAnalytics();
  const headingId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const [zoomed, setZoomed] = useState<TimeWindow | null>(null);

  // The bounds: every dated item's span, whatever the other filters.
  const bounds = useMemo(() => datedBounds(nodes), [nodes]);
  // What the other filters leave: counted in the bars, or apart when undated.
  const { category, type, ids } = filter;
  const { spans, undated } = useMemo(
    () => datedSpans(nodes, { category, type, ids: ids ?? null }),
    [nodes, category, type, ids],
  );

  const width = useTrackWidth(trackRef, bounds);

  // A range much narrower than the whole span (a shared link to one afternoon) opens zoomed to it.
  const [opened, setOpened] = useState(false);
  if (!opened && bounds) {
    setOpened(true);
    const shared = filter.range;
    if (shared) {
      const start = Math.max(shared.from ?? bounds.start, bounds.start);
      const end = Math.min(shared.until ?? bounds.end, bounds.end);
      if (end > start && end - start < (bounds.end - bounds.start) / 20) {
        const pad = Math.max((end - start) * 0.5, 15 * MINUTE_MS);
        setZoomed(panWindow({ start: start - pad, end: end + pad }, 0, bounds));
      }
    }
  }
  const view: TimeWindow | null = bounds && (zoomed ? panWindow(zoomed, 0, bounds) : bounds);
  const step = view ? stepFor(view, Math.max(8, Math.floor(width / BAR_PX))) : null;
  const bars = useMemo(
    () => (view && step ? histogram(spans, barEdges(view, step)) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the window's numbers, not its object
    [spans, view?.start, view?.end, step],
  );

  const range = filter.range ?? null;
  const { setRange, setRangeRef, inputAt } = useRangeWriter(bounds, range);
  const [play, setPlay] = useTimelinePlay(step, setRangeRef, playRef);
  useWheelZoom(trackRef, bounds, view, setZoomed);

  const drag = useRef<Drag | null>(null);

  if (!bounds || !view || !step || !bars) {
    return undated > 0 ? (
      <section className="timeline timeline--empty" aria-labelledby={headingId}>
        <h2 id={headingId} className="timeline__heading">
          Timeline
        </h2>
        <p className="timeline__note">{undatedText(undated)}</p>
      </section>
    ) : null;
  }

  const length = view.end - view.start;
  const at = (ms: number) => Math.min(100, Math.max(0, ((ms - view.start) / length) * 100));
  // The handles stand on whole minutes (a `to` time reads as its instant and the 1 ms after).
  const toMinute = (ms: number) => Math.round(ms / MINUTE_MS) * MINUTE_MS;
  const from = toMinute(range?.from ?? bounds.start);
  const until = toMinute(range?.until ?? bounds.end);
  const chosen = range !== null;

  const zoomIn = () => {
    analytics.click(CLICK.timeline, 'zoom-in');
    if (chosen && until - from < length / ZOOM) {
      const pad = (until - from) * 0.15;
      setZoomed(zoomWindow({ start: from - pad, end: until + pad }, 1, (from + until) / 2, bounds));
      return;
    }
    const centre = chosen
      ? (Math.max(from, view.start) + Math.min(until, view.end)) / 2
      : (view.start + view.end) / 2;
    setZoomed(zoomWindow(view, 1 / ZOOM, centre, bounds));
  };
  const zoomOut = () => {
    analytics.click(CLICK.timeline, 'zoom-out');
    setZoomed(zoomWindow(view, ZOOM, (view.start + view.end) / 2, bounds));
  };
  const whole = view.start <= bounds.start && view.end >= bounds.end;
  const togglePlay = () => {
    if (play) {
      setPlay(null);
      return;
    }
    analytics.click(CLICK.timeline, 'play');
    const start = Math.max(from, view.start);
    const first = nextEdge(floorToStep(start, step), step);
    setPlay({ from: start <= bounds.start ? null : start, first, end: view.end });
    setRange({ from: start, until: first }, false);
  };

  return (
    <section className="timeline" aria-labelledby={headingId}>
      <div className="timeline__bar">
        <h2 id={headingId} className="timeline__heading">
          Timeline
        </h2>
        <p className="timeline__range" aria-live="polite">
          {rangeWords(range)}
        </p>
        <div className="timeline__controls">
          <button
            ref={playRef}
            type="button"
            className="timeline__button"
            aria-pressed={play !== null}
            onClick={togglePlay}
          >
            {play ? 'Stop' : 'Play'}
          </button>
          <button
            type="button"
            className="timeline__button"
            onClick={zoomIn}
            disabled={length <= MIN_WINDOW_MS}
          >
            Zoom in
          </button>
          <button type="button" className="timeline__button" onClick={zoomOut} disabled={whole}>
            Zoom out
          </button>
          <button
            type="button"
            className="timeline__button"
            onClick={() => {
              analytics.click(CLICK.timeline, 'whole-span');
              setZoomed(null);
            }}
            disabled={whole}
          >
            Whole span
          </button>
        </div>
      </div>
      <TimelineTrack
        trackRef={trackRef}
        dragRef={drag}
        inputAtRef={inputAt}
        view={view}
        bounds={bounds}
        step={step}
        bars={bars}
        range={range}
        from={from}
        until={until}
        at={at}
        setRange={setRange}
        setZoomed={setZoomed}
      />
      <TimelineAxis view={view} step={step} width={width} at={at} />
      {undated > 0 && (
        <p className="timeline__note">
          {undatedText(undated)}
          {chosen ? ' (hidden while a time range is chosen)' : ''}
        </p>
      )}
    </section>
  );
}
