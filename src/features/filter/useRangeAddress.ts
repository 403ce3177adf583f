/** useRangeAddress: the address catching up with the timeline's handles, however late it comes. */

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { rangeMoved } from '@/features/filter/filterSlice';
import { URL_AFTER_MS } from '@/features/filter/timelineModel';
import { isHomePath, searchWithSpan, spanOfRange } from '@/lib/routes';
import type { TimeRange } from '@/lib/timeRange';

/** Where an address's state names the handles' write that made it (`writer:number`). */
const WRITE_KEY = 'timelineWrite';

/** Numbers the handles' writes on this page, whichever timeline made them. */
let writes = 0;

/** The number of the handles' write that made an address, when this writer made it. */
function writeNumber(state: unknown, writer: string): number | null {
  const mark = (state as Record<string, unknown> | null)?.[WRITE_KEY];
  if (typeof mark !== 'string' || !mark.startsWith(`${writer}:`)) return null;
  return Number(mark.slice(writer.length + 1));
}

/** Whether a query (`location.search`) already says what `search` (without its `?`) says. */
function sameQuery(search: string, query: string): boolean {
  return `?${search}` === query || (search === '' && query === '');
}

/**
 * The address's part in moving the range. The handles run ahead of the address: each move
 * changes the filter at once (`rangeMoved`), and the address takes the range once they rest,
 * replacing its entry. That write is a navigation like any other, shown late (the router's
 * transition, which a busy machine renders long after the router took it), and every address
 * shown is mirrored into the filter (`routeChanged`): keys pressed while the write was on its way
 * were undone by it, and the next write, aimed at the address before it, was dropped as if the
 * visitor had gone elsewhere.
 *
 * So the range the handles moved to stays here until the address shows it (`pending`: the
 * handles move on from it). An address the handles wrote themselves (its state names the write)
 * gives the filter back that range and is written again; only an address the visitor went to
 * (Back, a link, a chip) drops it.
 */
export function useRangeAddress() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [writer] = useState(() => Math.random().toString(36).slice(2));
  /** The range the handles moved to, while the address may not show it yet. */
  const ahead = useRef<TimeRange | null>(null);
  /** The address shown last: the one the handles write into. */
  const here = useRef<Location>(location);
  /** The handles' last write, and the last of them shown: writes are on their way in between. */
  const issued = useRef(0);
  const shown = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const write = useCallback(() => {
    const moved = ahead.current;
    const now = here.current;
    if (!moved || !isHomePath(now.pathname)) return;
    const search = searchWithSpan(now.search, spanOfRange(moved));
    // A write on its way would still replace this address: it is overwritten even when it
    // already says the same.
    if (shown.current === issued.current && sameQuery(search, now.search)) {
      ahead.current = null;
      return;
    }
    issued.current = ++writes;
    void navigate(
      { pathname: now.pathname, search },
      { replace: true, state: { [WRITE_KEY]: `${writer}:${issued.current}` } },
    );
  }, [navigate, writer]);

  const writeAtRest = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(write, URL_AFTER_MS);
  }, [write]);

  // In the commit that shows an address, before any key can read `pending`: the visitor's own
  // address drops the range the handles ran ahead to.
  useLayoutEffect(() => {
    if (location === here.current) return;
    here.current = location;
    const number = writeNumber(location.state, writer);
    if (number !== null && number > shown.current && number <= issued.current) {
      shown.current = number;
      return;
    }
    clearTimeout(timer.current);
    ahead.current = null;
  }, [location, writer]);

  // After the route mirrored the handles' own write into the filter: the moves made since it left
  // go back there, and to the address.
  useEffect(() => {
    const moved = ahead.current;
    if (!moved || writeNumber(location.state, writer) !== shown.current) return;
    const search = searchWithSpan(location.search, spanOfRange(moved));
    if (shown.current === issued.current && sameQuery(search, location.search)) {
      ahead.current = null;
      return;
    }
    dispatch(rangeMoved(spanOfRange(moved)));
    if (shown.current === issued.current) writeAtRest();
  }, [location, writer, dispatch, writeAtRest]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** The handles moved the range (the filter has it): the address takes it once they rest. */
  const movedTo = useCallback(
    (range: TimeRange) => {
      ahead.current = range;
      writeAtRest();
    },
    [writeAtRest],
  );
  /** The range the handles moved to, while the address may not show it yet; else null. */
  const pending = useCallback(() => ahead.current, []);
  return { movedTo, pending };
}
