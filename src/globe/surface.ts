/**
 * Where the globe is drawn and what it hears: on a page, the canvas element itself; in a worker,
 * a stand-in fed with the page's events as messages (`worker/remoteSurface.ts`). The engine reads
 * nothing else of the DOM, so the same host, camera and layers run on either thread.
 */

/** A box in CSS pixels, page coordinates. */
export interface SurfaceBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * What the globe needs of the element it is drawn in: its events (pointer, wheel, keys), its box
 * in the page and pointer capture. An `HTMLCanvasElement` is one.
 */
export interface SurfaceElement {
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
    options?: AddEventListenerOptions | boolean,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
    options?: EventListenerOptions | boolean,
  ): void;
  getBoundingClientRect(): SurfaceBox;
  readonly clientWidth: number;
  readonly clientHeight: number;
  setPointerCapture(pointerId: number): void;
}

/** What the surface tells the host as it happens. */
export interface SurfaceWatcher {
  /** The element's CSS size or the device-pixel ratio changed. */
  resized(): void;
  /** Whether anyone can see the globe: the element on screen and the tab shown. */
  seen(seen: boolean): void;
}

export interface GlobeSurface {
  readonly element: SurfaceElement;
  /** Device pixels per CSS pixel of the display the globe is on. */
  pixelRatio(): number;
  /** Whether the globe can be seen now (before the first `seen` report). */
  readonly initiallySeen: boolean;
  /** Starts reporting; returns the function that stops it. */
  watch(watcher: SurfaceWatcher): () => void;
  /** Sets the pointer's cursor over the canvas (`''`: the page's). */
  setCursor(cursor: string): void;
}

/**
 * The surface of a canvas in the page: a ResizeObserver for its size, an IntersectionObserver and
 * the document's visibility for whether it is seen.
 */
export function pageSurface(canvas: HTMLCanvasElement): GlobeSurface {
  const tabHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
  return {
    element: canvas,
    pixelRatio: () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1),
    initiallySeen: !tabHidden(),
    setCursor(cursor) {
      canvas.style.cursor = cursor;
    },
    watch(watcher) {
      const undo: (() => void)[] = [];
      let offScreen = false;
      let hidden = tabHidden();
      const report = () => watcher.seen(!offScreen && !hidden);
      if (typeof ResizeObserver !== 'undefined') {
        const observer = new ResizeObserver(() => watcher.resized());
        observer.observe(canvas);
        undo.push(() => observer.disconnect());
      }
      if (typeof IntersectionObserver !== 'undefined') {
        const seen = new IntersectionObserver((entries) => {
          const last = entries[entries.length - 1];
          if (!last) return;
          offScreen = !last.isIntersecting;
          report();
        });
        seen.observe(canvas);
        undo.push(() => seen.disconnect());
      }
      if (typeof document !== 'undefined') {
        const onVisibility = () => {
          hidden = tabHidden();
          report();
        };
        document.addEventListener('visibilitychange', onVisibility);
        undo.push(() => document.removeEventListener('visibilitychange', onVisibility));
      }
      return () => {
        for (const action of undo.splice(0).reverse()) action();
      };
    },
  };
}
