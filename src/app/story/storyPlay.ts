import { useEffect, useRef, useState } from 'react';
import { CAMERA_FLIGHT_MS } from '@/lib/constants';
import type { StoryStop } from '@/lib/storyModel';

/** A reader's pace for Play: words a second, and the least time a stop stays (ms). */
const WORDS_PER_SECOND = 3.5;
const STOP_LEAST_MS = 6000;

/** How long Play stays on a stop: its heading and narration at a reading pace, and the flight. */
export function readingTimeMs(stop: Pick<StoryStop, 'heading' | 'narration'>): number {
  const words = `${stop.heading} ${stop.narration}`.split(/\s+/).filter(Boolean).length;
  // The engine's flight is waited out before the reading time starts.
  return CAMERA_FLIGHT_MS + Math.max(STOP_LEAST_MS, (words / WORDS_PER_SECOND) * 1000);
}

/** Whether a key press is one the page's own keys leave alone (typing, a control's own keys). */
export function isOwnedKey(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return true;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  // The globe turns with the arrows; fields, sliders and lists move their own caret or value.
  return (
    target.closest('input, textarea, select, canvas, [role="slider"], [contenteditable]') !== null
  );
}

/**
 * Play: goes to the next stop once this one has been read, and stops on any input (a key, a
 * pointer, the wheel) other than on Play itself, and at the last stop.
 */
export function useStoryPlay({
  stop,
  last,
  next,
  playButton,
}: {
  stop: StoryStop | null;
  last: boolean;
  next: () => void;
  playButton: React.RefObject<HTMLElement | null>;
}) {
  const [playing, setPlaying] = useState(false);
  const nextRef = useRef(next);
  useEffect(() => void (nextRef.current = next));
  if (playing && last) setPlaying(false);

  useEffect(() => {
    if (!playing || stop === null) return;
    const timer = window.setTimeout(() => nextRef.current(), readingTimeMs(stop));
    return () => window.clearTimeout(timer);
  }, [playing, stop]);

  useEffect(() => {
    if (!playing) return;
    const interrupt = (event: Event) => {
      const target = event.target;
      if (target instanceof Node && playButton.current?.contains(target)) return;
      setPlaying(false);
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ['keydown', 'pointerdown', 'wheel'] as const)
      window.addEventListener(type, interrupt, options);
    return () => {
      for (const type of ['keydown', 'pointerdown', 'wheel'] as const)
        window.removeEventListener(type, interrupt, options);
    };
  }, [playing, playButton]);

  return { playing, setPlaying };
}

/** A horizontal swipe on an element: left for the next stop, right for the one before. */
export function useSwipe(
  element: React.RefObject<HTMLElement | null>,
  onSwipe: (direction: 'next' | 'previous') => void,
) {
  const swipeRef = useRef(onSwipe);
  useEffect(() => void (swipeRef.current = onSwipe));
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let start: { x: number; y: number; id: number } | null = null;
    const down = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    };
    const up = (event: PointerEvent) => {
      if (start === null || event.pointerId !== start.id) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (Math.abs(dx) < 48 || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      swipeRef.current(dx < 0 ? 'next' : 'previous');
    };
    const cancel = () => void (start = null);
    target.addEventListener('pointerdown', down);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', cancel);
    return () => {
      target.removeEventListener('pointerdown', down);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', cancel);
    };
  }, [element]);
}
