import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef } from 'react';
import { useAnalytics } from '@/app/hooks';
import { rangeWords } from '@/features/filter/rangeWords';
import { TimelineAxis } from '@/features/filter/TimelineBars';
import { TimelineControls } from '@/features/filter/TimelineControls';
import { handleEdges } from '@/features/filter/timelineHandles';
import { allDatedSpans, undatedText, type Drag } from '@/features/filter/timelineModel';
import { TimelineTrack } from '@/features/filter/TimelineTrack';
import { useWheelZoom } from '@/features/filter/trackHooks';
import { useRangeWriter } from '@/features/filter/useRangeWriter';
import { useTimelinePlay } from '@/features/filter/useTimelinePlay';
import { openingWindow, useTimelineView } from '@/features/filter/useTimelineView';
import { CLICK } from '@/lib/analytics';
import type { ArchiveFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';
import { busiestDay } from '@/lib/timeline';
import './Timeline.css';

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
  const { t } = useLingui();
  const headingId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const drag = useRef<Drag | null>(null);
  const { bounds, undated, width, view, step, bars, setZoomed } = useTimelineView(
    nodes,
    filter,
    trackRef,
  );
  const range = filter.range ?? null;
  const { setRange, setRangeRef, inputAt, pending } = useRangeWriter(bounds, range);
  const [play, setPlay] = useTimelinePlay(step, setRangeRef, playRef);
  useWheelZoom(trackRef, bounds, view, setZoomed);
  const analytics = useAnalytics();
  // The day with the most items (16 May 2025), one tap away (issue 47).
  const stormDay = useMemo(
    () => bounds && busiestDay(allDatedSpans(nodes), bounds),
    [nodes, bounds],
  );

  if (!bounds || !view || !step || !bars) {
    return undated > 0 ? (
      <section className="timeline timeline--empty" aria-labelledby={headingId}>
        <h2 id={headingId} className="timeline__heading">
          {t({
            message: 'Timeline',
            comment: "The heading of the timeline's histogram under the globe",
          })}
        </h2>
        <p className="timeline__note">{undatedText(undated)}</p>
      </section>
    ) : null;
  }

  const length = view.end - view.start;
  const at = (ms: number) => Math.min(100, Math.max(0, ((ms - view.start) / length) * 100));
  const chosen = range !== null;

  return (
    <section className="timeline" aria-labelledby={headingId}>
      <div className="timeline__bar">
        <h2 id={headingId} className="timeline__heading">
          {t({
            message: 'Timeline',
            comment: "The heading of the timeline's histogram under the globe",
          })}
        </h2>
        <div className="timeline__when">
          <p className="timeline__range" aria-live="polite">
            {rangeWords(range)}
          </p>
          {stormDay && (
            <button
              type="button"
              className="timeline__button timeline__storm"
              aria-pressed={range?.from === stormDay.start && range.until === stormDay.end}
              onClick={() => {
                analytics.click(CLICK.timeline, 'storm-day');
                const day = { from: stormDay.start, until: stormDay.end };
                setRange(day, false, true);
                setZoomed(openingWindow(day, bounds));
              }}
            >
              {t({
                message: 'The day of the storm',
                comment: 'A timeline button that chooses 16 May 2025, the day of the tornado',
              })}
            </button>
          )}
        </div>
        <TimelineControls
          view={view}
          bounds={bounds}
          step={step}
          bars={bars}
          edges={handleEdges(range, bounds)}
          chosen={chosen}
          play={play}
          setPlay={setPlay}
          playRef={playRef}
          setRange={setRange}
          setZoomed={setZoomed}
        />
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
        pending={pending}
        at={at}
        setRange={setRange}
        setZoomed={setZoomed}
      />
      <TimelineAxis view={view} step={step} width={width} at={at} />
      {undated > 0 && <p className="timeline__note">{undatedText(undated, chosen)}</p>}
    </section>
  );
}
