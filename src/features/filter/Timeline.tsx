import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAnalytics, useAppDispatch, usePrefersReducedMotion } from '@/app/hooks';
import { rangeMoved } from '@/features/filter/filterSlice';
import { CLICK } from '@/lib/analytics';
import { matchesFilter, type ArchiveFilter } from '@/lib/filter';
import { describeItemDate } from '@/lib/itemDate';
import type { MediaNode } from '@/lib/nodeModel';
import { isHomePath, searchWithSpan, spanOfRange } from '@/lib/routes';
import {
  barEdges,
  edgeLabel,
  floorToStep,
  histogram,
  labelStep,
  MIN_WINDOW_MS,
  nearestEdge,
  nextEdge,
  panWindow,
  previousEdge,
  stepFor,
  wholeSpan,
  zoomWindow,
  type TimeWindow,
} from '@/lib/timeline';
import { fromText, itemSpan, rangeWords, toText, type TimeRange } from '@/lib/timeRange';

/** How long Play takes to sweep the window, and how long each step lasts with reduced motion. */
const SWEEP_MS = 12_000;
const STEP_MS = 900;
/** Zoom buttons' factor; the wheel's is gentler. */
const ZOOM = 2.5;
const WHEEL_ZOOM = 1.3;
/** A bar is at least this wide; labels stand at least this far apart (px). */
const BAR_PX = 9;
const LABEL_PX = 84;
/** Timeline use is reported once the visitor has left the range alone this long. */
const REPORT_AFTER_MS = 1000;
const MINUTE_MS = 60_000;
/** The address takes the range once the handles have rested this long (Play: once it stops). */
const URL_AFTER_MS = 200;

/** "8 items have no date", "1 item has no date". */
function undatedText(count: number): string {
  return count === 1 ? '1 item has no date' : `${count.toLocaleString('en')} items have no date`;
}

/** A handle's position in words for screen readers: the instant it stands on. */
function edgeWords(edge: number, which: 'from' | 'to'): string {
  const text = which === 'from' ? fromText(edge) : toText(edge);
  const words = describeItemDate(text);
  // A day as `to` means all of it.
  return which === 'to' && !text.includes('T') ? `end of ${words}` : words;
}

interface Play {
  /** The range's fixed start while the end sweeps. */
  from: number | null;
  /** Where the sweep starts and ends. */
  first: number;
  end: number;
}

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
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const analytics = useAnalytics();
  const reducedMotion = usePrefersReducedMotion();
  const headingId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const [width, setWidth] = useState(600);
  const [zoomed, setZoomed] = useState<TimeWindow | null>(null);
  const [play, setPlay] = useState<Play | null>(null);
  const report = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The bounds: every dated item's span, whatever the other filters.
  const bounds = useMemo(() => {
    const spans: (readonly [number, number])[] = [];
    for (const node of nodes) {
      const span = itemSpan(node.date);
      if (span) spans.push(span);
    }
    return wholeSpan(spans);
  }, [nodes]);
  // What the other filters leave: counted in the bars, or apart when undated.
  const { category, type, ids } = filter;
  const { spans, undated } = useMemo(() => {
    const others: ArchiveFilter = { category, type, ids: ids ?? null };
    const counted: (readonly [number, number])[] = [];
    let without = 0;
    for (const node of nodes) {
      if (!matchesFilter(node, others)) continue;
      const span = itemSpan(node.date);
      if (span) counted.push(span);
      else without++;
    }
    return { spans: counted, undated: without };
  }, [nodes, category, type, ids]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(120, entry.contentRect.width));
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, [bounds]);

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
  // How long a handle's move takes to reach the globe (told in the same commit, before the
  // paint): the page's own measure, "timeline range", from the input event (npm run bench reads
  // it). The frame that shows it follows at the display's pace.
  const inputAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = inputAt.current;
    if (at === null) return;
    inputAt.current = null;
    if (typeof performance.measure === 'function')
      performance.measure('timeline range', { start: at });
  }, [range?.from, range?.until]);

  // The address the range is written into once the handles rest (read when the write comes).
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  });
  const urlWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /**
   * Moves the range: the filter (and with it the globe and the list) at once, the address once
   * the handles rest (replacing the entry: a drag is not a page of history). Routing every move
   * through the address made the globe wait for the whole route to render again at each one.
   */
  const setRange = useCallback(
    (next: TimeRange, reported = true) => {
      if (!bounds || !isHomePath(location.pathname)) return;
      const from = next.from === null || next.from <= bounds.start ? null : next.from;
      const until = next.until === null || next.until >= bounds.end ? null : next.until;
      const texts = spanOfRange({ from, until });
      dispatch(rangeMoved(texts));
      clearTimeout(urlWrite.current);
      const written = location.key;
      urlWrite.current = setTimeout(() => {
        const now = here.current;
        // The visitor went elsewhere meanwhile (Back, a link): that address stands.
        if (now.key !== written || !isHomePath(now.pathname)) return;
        const search = searchWithSpan(now.search, texts);
        if (`?${search}` !== now.search && !(search === '' && now.search === ''))
          void navigate({ pathname: now.pathname, search }, { replace: true });
      }, URL_AFTER_MS);
      if (reported) {
        clearTimeout(report.current);
        report.current = setTimeout(
          () => analytics.click(CLICK.timeline, 'range'),
          REPORT_AFTER_MS,
        );
      }
    },
    [bounds, location.pathname, location.key, dispatch, navigate, analytics],
  );
  useEffect(
    () => () => {
      clearTimeout(report.current);
      clearTimeout(urlWrite.current);
    },
    [],
  );
  const setRangeRef = useRef(setRange);
  useEffect(() => {
    setRangeRef.current = setRange;
  });

  // Another page (Back, a link) stops Play: it writes only the globe's own address.
  const [playedOn, setPlayedOn] = useState(location.pathname);
  if (playedOn !== location.pathname) {
    setPlayedOn(location.pathname);
    if (play) setPlay(null);
  }

  // Play: the range's end sweeps (or steps) to the window's end; any input stops it.
  useEffect(() => {
    if (!play || !step) return;
    const stop = (event: Event) => {
      // The Play button's own press (a click, Enter or Space) toggles it: not stopped twice.
      const onPlay = event.target instanceof Node && playRef.current?.contains(event.target);
      const pressing =
        event.type === 'pointerdown' ||
        (event instanceof KeyboardEvent && (event.key === 'Enter' || event.key === ' '));
      if (onPlay && pressing) return;
      setPlay(null);
    };
    const options = { capture: true };
    document.addEventListener('keydown', stop, options);
    document.addEventListener('pointerdown', stop, options);
    document.addEventListener('wheel', stop, options);
    let frame = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    if (reducedMotion) {
      let until = play.first;
      timer = setInterval(() => {
        until = Math.min(play.end, nextEdge(floorToStep(until, step), step));
        setRangeRef.current({ from: play.from, until }, false);
        if (until >= play.end) setPlay(null);
      }, STEP_MS);
    } else {
      const started = performance.now();
      const tick = (now: number) => {
        const share = Math.min(1, (now - started) / SWEEP_MS);
        const until =
          Math.round((play.first + (play.end - play.first) * share) / MINUTE_MS) * MINUTE_MS;
        setRangeRef.current({ from: play.from, until: Math.max(until, play.first) }, false);
        if (share >= 1) setPlay(null);
        else frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    }
    return () => {
      document.removeEventListener('keydown', stop, options);
      document.removeEventListener('pointerdown', stop, options);
      document.removeEventListener('wheel', stop, options);
      cancelAnimationFrame(frame);
      clearInterval(timer);
    };
    // The sweep's plan is fixed when it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [play, reducedMotion]);

  // Zooming with the wheel over the bars (a listener of its own: React's wheel listener is passive).
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });
  useEffect(() => {
    const track = trackRef.current;
    if (!track || !bounds) return;
    const onWheel = (event: WheelEvent) => {
      const shown = viewRef.current;
      if (!shown) return;
      event.preventDefault();
      const box = track.getBoundingClientRect();
      const length = shown.end - shown.start;
      const horizontal = event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY);
      if (horizontal) {
        const delta = event.shiftKey ? event.deltaY : event.deltaX;
        setZoomed(panWindow(shown, (delta / box.width) * length, bounds));
        return;
      }
      const at = shown.start + ((event.clientX - box.left) / box.width) * length;
      setZoomed(zoomWindow(shown, event.deltaY > 0 ? WHEEL_ZOOM : 1 / WHEEL_ZOOM, at, bounds));
    };
    track.addEventListener('wheel', onWheel, { passive: false });
    return () => track.removeEventListener('wheel', onWheel);
  }, [bounds]);

  const drag = useRef<{
    kind: 'from' | 'to' | 'pan';
    x: number;
    view: TimeWindow;
    moved: boolean;
  } | null>(null);

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
  const msAt = (clientX: number) => {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return view.start;
    return view.start + ((clientX - box.left) / box.width) * length;
  };
  // The handles stand on whole minutes (a `to` time reads as its instant and the 1 ms after).
  const toMinute = (ms: number) => Math.round(ms / MINUTE_MS) * MINUTE_MS;
  const from = toMinute(range?.from ?? bounds.start);
  const until = toMinute(range?.until ?? bounds.end);
  const chosen = range !== null;
  const tallest = Math.max(1, ...bars.exact.map((n, i) => n + (bars.loose[i] as number)));

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
    inputAt.current = event.timeStamp;
    moveHandle(which, next);
  };
  const onHandleDown = (which: 'from' | 'to') => (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    drag.current = { kind: which, x: event.clientX, view, moved: false };
  };
  const onHandleMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.kind === 'pan') return;
    current.moved = true;
    inputAt.current = event.timeStamp;
    moveHandle(current.kind, nearestEdge(msAt(event.clientX), step), false);
  };
  const onTrackDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { kind: 'pan', x: event.clientX, view, moved: false };
  };
  const onTrackMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.kind !== 'pan') return;
    const dx = event.clientX - current.x;
    if (!current.moved && Math.abs(dx) < 5) return;
    current.moved = true;
    const box = trackRef.current?.getBoundingClientRect();
    if (box && box.width > 0)
      setZoomed(panWindow(current.view, (-dx / box.width) * length, bounds));
  };
  const onTrackUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    if (!current || current.kind !== 'pan' || current.moved) return;
    // A click on a bar chooses its stretch of time.
    const start = floorToStep(msAt(event.clientX), step);
    setRange({ from: start, until: nextEdge(start, step) }, false);
    analytics.click(CLICK.timeline, 'bar');
  };
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

  const labelled = labelStep(view, step, width, LABEL_PX);
  const labels = barEdges(view, labelled)
    .filter((edge) => edge >= view.start && edge <= view.end)
    .map((edge) => ({ edge, text: edgeLabel(edge, labelled) }));

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
      <div
        ref={trackRef}
        className="timeline__track"
        onPointerDown={onTrackDown}
        onPointerMove={onTrackMove}
        onPointerUp={onTrackUp}
        onPointerCancel={() => (drag.current = null)}
      >
        <div className="timeline__bars" aria-hidden="true">
          {bars.exact.map((exact, i) => {
            const loose = bars.loose[i] as number;
            const left = at(bars.edges[i] as number);
            const right = at(bars.edges[i + 1] as number);
            if (right <= left || exact + loose === 0) return null;
            const inside =
              (bars.edges[i + 1] as number) > from && (bars.edges[i] as number) < until;
            return (
              <div
                key={bars.edges[i]}
                className={`timeline__column${inside ? '' : ' timeline__column--out'}`}
                style={{ left: `${left}%`, width: `${right - left}%` }}
                title={`${edgeLabel(bars.edges[i] as number, step)}: ${exact + loose}`}
              >
                <span
                  className="timeline__loose"
                  style={{ height: `${(loose / tallest) * 100}%` }}
                />
                <span
                  className="timeline__exact"
                  style={{ height: `${(exact / tallest) * 100}%` }}
                />
              </div>
            );
          })}
        </div>
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
              onPointerUp={() => (drag.current = null)}
              onPointerCancel={() => (drag.current = null)}
            />
          );
        })}
      </div>
      <div className="timeline__axis" aria-hidden="true">
        {labels.map(({ edge, text }) => {
          const left = at(edge);
          const end =
            left < 6 ? ' timeline__label--start' : left > 94 ? ' timeline__label--end' : '';
          return (
            <span key={edge} className={`timeline__label${end}`} style={{ left: `${left}%` }}>
              {text}
            </span>
          );
        })}
      </div>
      {undated > 0 && (
        <p className="timeline__note">
          {undatedText(undated)}
          {chosen ? ' (hidden while a time range is chosen)' : ''}
        </p>
      )}
    </section>
  );
}
