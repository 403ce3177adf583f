/**
 * The globe's read-only diagnostics, published on `window.__globe` while it runs. The engine
 * implements it; the browser tests, the benchmark and the /env page read it. Pure types, here in
 * lib/ so each of them can name it without importing the engine.
 */
export interface GlobeDiagnostics {
  readonly ready: boolean;
  stats(): {
    cards: number;
    revealed: number;
    drawCalls: number;
    frameTimeMs: number;
    fps: number;
    textureBytes: number;
  };
  project(id: string): { x: number; y: number; onScreen: boolean } | null;
  card(id: string): { scale: number; opacity: number; hovered: boolean; matched: boolean } | null;
  camera(): { radius: number; alpha: number; beta: number; fovDegrees: number };
  links(): { related: number; category: number };
  /** Renders `n` frames now, even if nothing moves (for frame-time samples). */
  renderFrames(n: number): Promise<void>;
}

declare global {
  interface Window {
    /** Read-only figures of the running globe (absent while no globe runs in the page). */
    __globe?: GlobeDiagnostics;
  }
}
