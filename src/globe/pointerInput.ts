import { pointerRay } from '@/globe/camera/rays';
import type { Vec3 } from '@/globe/geo';
import type { GlobeHost } from '@/globe/host';
import { viewOf, type OrbitCameraLike } from '@/globe/projection';
import type { SurfaceElement } from '@/globe/surface';
import { POINTER_IDLE_MS } from '@/lib/constants';

/**
 * The pointer on the globe's canvas: where a mouse hovers (desktop only), and which presses are
 * clicks. The camera reads drags itself (`camera/orbitCamera.ts`); this only tells a click from
 * a drag and when the hovered card is worth picking again.
 */

/** A pointer press that moves less than this, in CSS pixels, is a click, not a drag. */
const CLICK_TOLERANCE_PX = 6;

export interface PointerHandlers {
  /** A press released where it started (client coordinates), left or touch button. */
  click(x: number, y: number): void;
  /** The pointer left the canvas: nothing is hovered. */
  left(): void;
}

export class PointerInput {
  private pointer: { x: number; y: number; movedAt: number; picked: boolean } | null = null;
  private press: { x: number; y: number; furthest: number } | null = null;

  constructor(host: GlobeHost, mobile: boolean, handlers: PointerHandlers) {
    host.listen('pointermove', (event) => {
      // A press is a click only if the pointer never strayed: a drag that comes back is a drag.
      if (this.press)
        this.press.furthest = Math.max(
          this.press.furthest,
          Math.hypot(event.clientX - this.press.x, event.clientY - this.press.y),
        );
      if (mobile || event.pointerType !== 'mouse') return;
      this.pointer = {
        x: event.clientX,
        y: event.clientY,
        movedAt: performance.now(),
        picked: false,
      };
    });
    host.listen('pointerleave', () => {
      this.pointer = null;
      handlers.left();
    });
    host.listen('pointerdown', (event) => {
      this.press = { x: event.clientX, y: event.clientY, furthest: 0 };
    });
    host.listen('pointerup', (event) => {
      const press = this.press;
      if (!press || event.button > 0) return;
      const moved = Math.max(
        press.furthest,
        Math.hypot(event.clientX - press.x, event.clientY - press.y),
      );
      this.press = null;
      if (moved <= CLICK_TOLERANCE_PX) handlers.click(event.clientX, event.clientY);
    });
  }

  /** Whether a button is down (a drag may be under way: nothing is hovered then). */
  get pressed(): boolean {
    return this.press !== null;
  }

  /**
   * Where to pick the hovered card this frame, or null: at most once per frame, while the pointer
   * is active or the view moves under it (the drift toward the mouse, inertia), never during a
   * flight.
   */
  hoverProbe(viewMoved: boolean, flying: boolean): { x: number; y: number } | null {
    const pointer = this.pointer;
    if (
      !pointer ||
      flying ||
      (pointer.picked && !viewMoved) ||
      (performance.now() - pointer.movedAt >= POINTER_IDLE_MS && !viewMoved)
    )
      return null;
    pointer.picked = true;
    return { x: pointer.x, y: pointer.y };
  }
}

/** The card under a point of the page (client pixels), or -1: one analytic ray, no mesh picking. */
export function cardAt(
  canvas: Pick<SurfaceElement, 'getBoundingClientRect'>,
  camera: OrbitCameraLike,
  cards: { pick(origin: Vec3, direction: Vec3, now: number): number },
  x: number,
  y: number,
  now: number,
): number {
  const rect = canvas.getBoundingClientRect();
  const view = viewOf(camera, rect.width, rect.height);
  const ray = pointerRay(view, x - rect.left, y - rect.top);
  return cards.pick(ray.origin, ray.direction, now);
}
