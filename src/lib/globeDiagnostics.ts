/**
 * The globe's read-only diagnostics, published on `window.__globe` while it runs. The engine
 * implements it; the browser tests, the benchmark and the /env page read it. Pure types, here in
 * lib/ so each of them can name it without importing the engine.
 */
/** How many cards' faces show what (see `stats().faces`), and the image requests under way. */
export interface FaceCounts {
  none: number;
  local: number;
  fallback: number;
  real: number;
  loading: number;
  queued: number;
}

export interface GlobeDiagnostics {
  readonly ready: boolean;
  stats(): {
    cards: number;
    revealed: number;
    /** Draw calls of the last frame, every layer included. */
    drawCalls: number;
    /** Of those, the canvas overlay's (1 while a count badge or a callout shows, else 0). */
    overlayDrawCalls: number;
    frameTimeMs: number;
    fps: number;
    textureBytes: number;
    /**
     * What the cards' faces show now (each card counts once): `local` is the face drawn from the
     * card's own data (title, type, category colour, photo count; no network), `fallback` the face
     * drawn with the local default thumbnail where an image failed or timed out (the real one may
     * still come), `real` every image of the card; `none` cards whose face is not in the atlas yet
     * (the shader's plain category card). `loading` is image requests in flight, `queued` waiting.
     */
    faces: FaceCounts;
  };
  project(id: string): { x: number; y: number; onScreen: boolean } | null;
  /**
   * One card's animated state, and what its face shows: `sharp` is the high-resolution face a
   * hovered or focused card gets; the others as in `stats().faces`. `words`: what the face says
   * beside the title, as drawn (a gallery's count, a video's badge on its local face), or null.
   */
  card(id: string): {
    scale: number;
    opacity: number;
    hovered: boolean;
    matched: boolean;
    face: 'none' | 'local' | 'fallback' | 'real' | 'sharp';
    words: string | null;
  } | null;
  /**
   * The camera's pose, whether it is on a flight (to a card, a cluster, home, a story's stop),
   * and its last flights' start and end (null while under way), on `recentFrames()`'s clock.
   */
  camera(): {
    radius: number;
    alpha: number;
    beta: number;
    fovDegrees: number;
    flying: boolean;
    flights: readonly { from: number; until: number | null }[];
  };
  links(): { related: number; category: number };
  /**
   * The clusters shown now: `count` clusters holding `clustered` cards in all, `shown` cards
   * drawn (clusters and single cards), `spacing` the grouping's distance in card sizes (1 at the
   * starting zoom, less closer in), `badges` count badges drawn on screen at the last frame,
   * `fanned` the cluster spread out (its shown card's id), and each cluster: the id of the card
   * that shows for it, its size, its items matching the filter and every member's id (the shown
   * card first).
   */
  clusters(): {
    count: number;
    clustered: number;
    shown: number;
    spacing: number;
    badges: number;
    fanned: string | null;
    list: { id: string; size: number; matching: number; members: string[] }[];
  };
  /** Which card shows for an item (itself, or its cluster's), and how many that card stands for. */
  clusterOf(id: string): { shownAs: string; size: number; hidden: boolean } | null;
  /**
   * The callout on the globe's canvas overlay, while one shows: whose it is, its two lines of text
   * and its box in page coordinates (CSS pixels).
   */
  callout(): {
    id: string;
    title: string;
    meta: string;
    x: number;
    y: number;
    width: number;
    height: number;
  } | null;
  /**
   * Where and how the globe draws: in a worker on an `OffscreenCanvas` or on the page's main
   * thread (where a browser cannot render WebGL2 in a worker), whether WebGL is drawn by the CPU
   * (SwiftShader, llvmpipe: no multisampling, a lower scale), and the device pixels drawn per CSS
   * pixel.
   */
  renderer(): { thread: 'worker' | 'main'; software: boolean; ratio: number };
  /**
   * When the globe's last frames were drawn, ms since the epoch (`performance.timeOrigin +
   * performance.now()`, comparable across the page and a worker), oldest first, at most 240: the
   * frames a visitor sees, wherever the engine runs (the benchmark's drag frame).
   */
  recentFrames(): number[];
  /** Renders `n` frames now, even if nothing moves (for frame-time samples). */
  renderFrames(n: number): Promise<void>;
}

declare global {
  interface Window {
    /** Read-only figures of the running globe (absent while no globe runs in the page). */
    __globe?: GlobeDiagnostics;
  }
}
