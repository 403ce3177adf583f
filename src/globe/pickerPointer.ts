import type { LatLng } from '@/globe/geo';

/**
 * The pointer on the position picker: a click on the map picks, a drag turns and the wheel zooms
 * (the picker's camera reads those itself), and the cursor shows what a click would do.
 */

/** A press that moves less than this, CSS pixels, is a click that picks, not a drag that turns. */
const CLICK_TOLERANCE_PX = 5;

/** Adds a listener to the canvas, removed when the picker is disposed. */
export type CanvasListen = <K extends keyof HTMLElementEventMap>(
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
) => void;

export interface PickerPointerHandlers {
  /** The map's point under a point of the page (client pixels), or null off the globe. */
  mapPointAt(clientX: number, clientY: number): LatLng | null;
  /** Something may move: the loop draws again. */
  wake(): void;
  /** A click landed on the map, there. */
  clicked(point: LatLng): void;
}

/**
 * Listens to the pointer on the canvas. `cursor` is the page's own cursor for it, put back when
 * the pointer leaves.
 */
export function listenForPicks(
  canvas: HTMLCanvasElement,
  listen: CanvasListen,
  handlers: PickerPointerHandlers,
  cursor: string,
): void {
  let press: { id: number; x: number; y: number; furthest: number } | null = null;
  const down = new Set<number>();

  listen('pointerdown', (event) => {
    down.add(event.pointerId);
    // A second finger makes it a pinch, never a click.
    press =
      down.size === 1 && event.button === 0
        ? { id: event.pointerId, x: event.clientX, y: event.clientY, furthest: 0 }
        : null;
    handlers.wake();
  });
  listen('pointermove', (event) => {
    if (press && event.pointerId === press.id)
      // A drag that comes back to where it started is still a drag.
      press.furthest = Math.max(
        press.furthest,
        Math.hypot(event.clientX - press.x, event.clientY - press.y),
      );
    if (event.buttons !== 0) {
      canvas.style.cursor = 'grabbing';
      handlers.wake();
    } else if (event.pointerType === 'mouse') {
      canvas.style.cursor = handlers.mapPointAt(event.clientX, event.clientY)
        ? 'crosshair'
        : 'grab';
    }
  });
  const release = (event: PointerEvent) => {
    down.delete(event.pointerId);
    const wasPress = press !== null && press.id === event.pointerId ? press : null;
    if (wasPress) press = null;
    if (event.type !== 'pointerup' || !wasPress) return;
    const moved = Math.max(
      wasPress.furthest,
      Math.hypot(event.clientX - wasPress.x, event.clientY - wasPress.y),
    );
    canvas.style.cursor = '';
    if (moved > CLICK_TOLERANCE_PX) return;
    const hit = handlers.mapPointAt(event.clientX, event.clientY);
    if (hit) handlers.clicked(hit);
  };
  listen('pointerup', release);
  listen('pointercancel', release);
  listen('pointerleave', () => (canvas.style.cursor = cursor));
  // The camera zooms on the wheel itself; this only restarts the drawing.
  listen('wheel', () => handlers.wake());
}
