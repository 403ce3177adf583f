/** useRangeWriter: moves the timeline's range, in the store at once, in the address at rest. */

import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAnalytics, useAppDispatch } from '@/app/hooks';
import { rangeMoved } from '@/features/filter/filterSlice';
import { REPORT_AFTER_MS, URL_AFTER_MS } from '@/features/filter/timelineModel';
import { CLICK } from '@/lib/analytics';
import { isHomePath, searchWithSpan, spanOfRange } from '@/lib/routes';
import type { TimeWindow } from '@/lib/timeline';
import type { TimeRange } from '@/lib/timeRange';

/**
 * The range's writer for the handles, Play and the bars: `setRange`, the same in a ref for
 * effects that outlive a render, and `inputAt`, where a handle's input event records its time.
 */
export function useRangeWriter(bounds: TimeWindow | null, range: TimeRange | null) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const analytics = useAnalytics();
  const report = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
  return { setRange, setRangeRef, inputAt };
}
