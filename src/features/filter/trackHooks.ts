/** The timeline track's listeners: its width (a ResizeObserver), the wheel's zoom and pan. */

import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { WHEEL_ZOOM } from '@/features/filter/timelineModel';
import { panWindow, zoomWindow, type TimeWindow } from '@/lib/timeline';

/** The track's width in px (600 until measured, at least 120). */
export function useTrackWidth(
  trackRef: RefObject<HTMLDivElement | null>,
  bounds: TimeWindow | null,
): number {
  const [width, setWidth] = useState(600);
  // Observed from the commit (the observer reports the width after the next layout, before that
  // frame is painted, without forcing a layout of its own), so that the bars fit the track from
  // the first frame and keys step by the bars the visitor sees.
  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(120, entry.contentRect.width));
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, [trackRef, bounds]);
  return width;
}

/**
 * Zooming with the wheel over the bars (a listener of its own: React's wheel listener is passive).
 */
export function useWheelZoom(
  trackRef: RefObject<HTMLDivElement | null>,
  bounds: TimeWindow | null,
  view: TimeWindow | null,
  setZoomed: (window: TimeWindow) => void,
): void {
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
  }, [trackRef, bounds, setZoomed]);
}
