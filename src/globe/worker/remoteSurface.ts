import type { GlobeSurface, SurfaceBox, SurfaceElement, SurfaceWatcher } from '@/globe/surface';
import type { ForwardedEvent, SurfaceState } from '@/globe/worker/protocol';

/**
 * The canvas as a worker knows it: an event target the page's forwarded pointer, wheel and key
 * events are dispatched on (as the engine's listeners expect them: `clientX`, `button`, `key` and
 * so on), with the box and device-pixel ratio the page last reported.
 */
class StandInElement extends EventTarget {
  box: SurfaceBox;

  constructor(state: SurfaceState) {
    super();
    this.box = { left: state.left, top: state.top, width: state.width, height: state.height };
  }

  get clientWidth(): number {
    return this.box.width;
  }

  get clientHeight(): number {
    return this.box.height;
  }

  getBoundingClientRect(): SurfaceBox {
    return { ...this.box };
  }

  /** The page captures the pointer on the real canvas. */
  setPointerCapture(): void {}

  releasePointerCapture(): void {}
}

export interface RemoteSurface extends GlobeSurface {
  /** Dispatches a forwarded event on the stand-in element. */
  dispatch(event: ForwardedEvent): void;
  /** The canvas moved or was resized, or the display's ratio changed. */
  setState(state: SurfaceState): void;
  setSeen(seen: boolean): void;
}

/** `setCursor` is sent to the page with `onCursor`. */
export function remoteSurface(
  state: SurfaceState,
  seen: boolean,
  onCursor: (cursor: string) => void,
): RemoteSurface {
  const element = new StandInElement(state);
  let pixelRatio = state.pixelRatio;
  const watchers = new Set<SurfaceWatcher>();
  return {
    element: element as unknown as SurfaceElement,
    pixelRatio: () => pixelRatio,
    initiallySeen: seen,
    setCursor: onCursor,
    watch(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    dispatch(forwarded) {
      const { type, ...fields } = forwarded;
      const event = new Event(type, { cancelable: true });
      Object.assign(event, fields);
      element.dispatchEvent(event);
    },
    setState(next) {
      const resized =
        next.width !== element.box.width ||
        next.height !== element.box.height ||
        next.pixelRatio !== pixelRatio;
      element.box = { left: next.left, top: next.top, width: next.width, height: next.height };
      pixelRatio = next.pixelRatio;
      if (resized) for (const watcher of watchers) watcher.resized();
    },
    setSeen(value) {
      for (const watcher of watchers) watcher.seen(value);
    },
  };
}
