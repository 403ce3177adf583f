/** The timeline's buttons: Play (or Stop), Zoom in, Zoom out, Whole span. */

import { useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { useAnalytics } from '@/app/hooks';
import type { HandleEdges } from '@/features/filter/timelineHandles';
import { ZOOM, type Play, type SetRange } from '@/features/filter/timelineModel';
import { CLICK } from '@/lib/analytics';
import {
  densestWindow,
  floorToStep,
  MIN_WINDOW_MS,
  nextEdge,
  panWindow,
  zoomWindow,
  type Histogram,
  type TimeStep,
  type TimeWindow,
} from '@/lib/timeline';

/** A window of `length` centred on `centre`, kept within the bounds. */
function centredOn(centre: number, length: number, bounds: TimeWindow): TimeWindow {
  return panWindow({ start: centre - length / 2, end: centre + length / 2 }, 0, bounds);
}

/**
 * The window zoomed in by the buttons' factor (issue 47): to a chosen range much narrower than the
 * window (with some time either side); else centred on the range's part in sight; with no range,
 * to where the items are (the stretch of the new length that holds the most of them), not the
 * middle of the span.
 */
export function zoomedIn(
  view: TimeWindow,
  bounds: TimeWindow,
  edges: HandleEdges,
  chosen: boolean,
  bars: Histogram,
): TimeWindow {
  const { from, until } = edges;
  const length = view.end - view.start;
  if (chosen && until - from < length / ZOOM) {
    const pad = (until - from) * 0.15;
    return zoomWindow({ start: from - pad, end: until + pad }, 1, (from + until) / 2, bounds);
  }
  const next = Math.min(length, Math.max(MIN_WINDOW_MS, length / ZOOM));
  const middle = (view.start + view.end) / 2;
  if (chosen)
    return centredOn((Math.max(from, view.start) + Math.min(until, view.end)) / 2, next, bounds);
  return densestWindow(bars, next, bounds, middle) ?? centredOn(middle, next, bounds);
}

/**
 * The buttons over the track. Play sweeps the range's end from its start (or the window's) to the
 * window's end, starting with the first bar; pressed again, it stops.
 */
export function TimelineControls({
  view,
  bounds,
  step,
  bars,
  edges,
  chosen,
  play,
  setPlay,
  playRef,
  setRange,
  setZoomed,
}: {
  view: TimeWindow;
  bounds: TimeWindow;
  step: TimeStep;
  /** What the bars in sight count (Zoom in goes where the items are). */
  bars: Histogram;
  /** Where the handles stand, and whether a range is chosen. */
  edges: HandleEdges;
  chosen: boolean;
  /** Play's sweep (null when stopped), as `useTimelinePlay` keeps it. */
  play: Play | null;
  setPlay: (play: Play | null) => void;
  playRef: RefObject<HTMLButtonElement | null>;
  setRange: SetRange;
  setZoomed: (window: TimeWindow | null) => void;
}) {
  const { t } = useLingui();
  const analytics = useAnalytics();
  const whole = view.start <= bounds.start && view.end >= bounds.end;
  const togglePlay = () => {
    if (play) {
      setPlay(null);
      return;
    }
    analytics.click(CLICK.timeline, 'play');
    const start = Math.max(edges.from, view.start);
    const first = nextEdge(floorToStep(start, step), step);
    setPlay({ from: start <= bounds.start ? null : start, first, end: view.end });
    setRange({ from: start, until: first }, false);
  };
  const zoom = (how: 'zoom-in' | 'zoom-out' | 'whole-span') => () => {
    analytics.click(CLICK.timeline, how);
    if (how === 'zoom-in') setZoomed(zoomedIn(view, bounds, edges, chosen, bars));
    else if (how === 'zoom-out')
      setZoomed(zoomWindow(view, ZOOM, (view.start + view.end) / 2, bounds));
    else setZoomed(null);
  };

  return (
    <div className="timeline__controls">
      <button
        ref={playRef}
        type="button"
        className="timeline__button"
        aria-pressed={play !== null}
        onClick={togglePlay}
      >
        {play
          ? t({
              message: 'Stop',
              comment: "The timeline's button that stops its playback (shown while it plays)",
            })
          : t({
              message: 'Play',
              comment:
                "The timeline's button that plays the range forward in time, lighting up the items in the order things happened",
            })}
      </button>
      <button
        type="button"
        className="timeline__button"
        onClick={zoom('zoom-in')}
        disabled={view.end - view.start <= MIN_WINDOW_MS}
      >
        {t({
          message: 'Zoom in',
          comment: "The timeline's button that shows a shorter stretch of time",
        })}
      </button>
      <button
        type="button"
        className="timeline__button"
        onClick={zoom('zoom-out')}
        disabled={whole}
      >
        {t({
          message: 'Zoom out',
          comment: "The timeline's button that shows a longer stretch of time",
        })}
      </button>
      <button
        type="button"
        className="timeline__button"
        onClick={zoom('whole-span')}
        disabled={whole}
      >
        {t({
          message: 'Whole span',
          comment: "The timeline's button that zooms out to all the time the items cover",
        })}
      </button>
    </div>
  );
}
