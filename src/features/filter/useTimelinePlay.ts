/** useTimelinePlay: Play's sweep of the range's end across the window, and what stops it. */

import { useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { usePrefersReducedMotion } from '@/app/hooks';
import {
  MINUTE_MS,
  STEP_MS,
  SWEEP_MS,
  type Play,
  type SetRange,
} from '@/features/filter/timelineModel';
import { floorToStep, nextEdge, type TimeStep } from '@/lib/timeline';

/**
 * Play's state (null when stopped): while set, the range's end sweeps (or, with reduced motion,
 * steps a bar at a time) to the sweep's end through `setRangeRef`; the Play button is `playRef`.
 */
export function useTimelinePlay(
  step: TimeStep | null,
  setRangeRef: RefObject<SetRange>,
  playRef: RefObject<HTMLButtonElement | null>,
) {
  const location = useLocation();
  const reducedMotion = usePrefersReducedMotion();
  const [play, setPlay] = useState<Play | null>(null);

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

  return [play, setPlay] as const;
}
