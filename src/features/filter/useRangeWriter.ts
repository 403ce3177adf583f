/** useRangeWriter: moves the timeline's range, in the store at once, in the address at rest. */

import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAnalytics, useAppDispatch } from '@/app/hooks';
import { rangeMoved } from '@/features/filter/filterSlice';
import { REPORT_AFTER_MS } from '@/features/filter/timelineModel';
import { useRangeAddress } from '@/features/filter/useRangeAddress';
import { CLICK } from '@/lib/analytics';
import { isHomePath, spanOfRange } from '@/lib/routes';
import type { TimeWindow } from '@/lib/timeline';
import type { TimeRange } from '@/lib/timeRange';

/**
 * The range's writer for the handles, Play and the bars: `setRange`, the same in a ref for
 * effects that outlive a render, `inputAt`, where a handle's input event records its time, and
 * `pending`, the range the handles moved to while the address may not show it yet (the next key
 * moves on from there, not from a range the address has not caught up with).
 */
export function useRangeWriter(bounds: TimeWindow | null, range: TimeRange | null) {
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

  const { movedTo, pending } = useRangeAddress();
  /**
   * Moves the range: the filter (and with it the globe and the list) at once, the address once
   * the handles rest (`useRangeAddress`). `whole`: a stretch chosen whole, its ends kept. Routing every move through the address made the globe
   * wait for the whole route to render again at each one.
   */
  const setRange = useCallback(
    (next: TimeRange, reported = true, whole = false) => {
      if (!bounds || !isHomePath(location.pathname)) return;
      // A handle moved to an end of the span leaves that side open ("Until 18 May"); a stretch
      // chosen whole (a bar, the day of the storm) keeps both its ends ("16 May 2025").
      const moved = whole
        ? next
        : {
            from: next.from === null || next.from <= bounds.start ? null : next.from,
            until: next.until === null || next.until >= bounds.end ? null : next.until,
          };
      dispatch(rangeMoved(spanOfRange(moved)));
      movedTo(moved);
      if (reported) {
        clearTimeout(report.current);
        report.current = setTimeout(
          () => analytics.click(CLICK.timeline, 'range'),
          REPORT_AFTER_MS,
        );
      }
    },
    [bounds, location.pathname, dispatch, movedTo, analytics],
  );
  useEffect(() => () => clearTimeout(report.current), []);
  const setRangeRef = useRef(setRange);
  useEffect(() => {
    setRangeRef.current = setRange;
  });
  return { setRange, setRangeRef, inputAt, pending };
}
