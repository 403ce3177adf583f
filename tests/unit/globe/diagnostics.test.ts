import { describe, expect, it } from 'vitest';
import { createDiagnostics, type DiagnosedParts } from '@/globe/diagnostics';

/*
 * /env's "Draw calls 6 (1 for the canvas overlay)": the draw calls are the last frame's, and the
 * overlay's share must be that frame's too. The worker sends its figures after each frame and also
 * soon after a message that drew none; an overlay switched on or off in between (a cluster's count,
 * a callout) used to be read as it was then, beside the old frame's count ("5 (1 for the canvas
 * overlay)", a browser test's flake).
 */
function parts() {
  const frameListeners = new Set<() => void>();
  const frame = { drawCalls: 5 };
  const overlay = { drawing: false };
  const host = {
    clock: () => 0,
    surface: { element: {} },
    afterFrame(listener: () => void) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
    frameStats: () => ({ frameTimeMs: 16, fps: 60, drawCalls: frame.drawCalls }),
  };
  const diagnosed = {
    host,
    cards: { count: 3, revealedCount: () => 3, textureBytes: 0 },
    faces: { textureBytes: 0, counts: () => ({}) },
    sphere: { textureBytes: 0 },
    overlay,
    ready: () => true,
  } as unknown as DiagnosedParts;
  /** A frame drawn with `drawCalls`, the overlay as it is now. */
  const draw = (drawCalls: number) => {
    frame.drawCalls = drawCalls;
    for (const listener of frameListeners) listener();
  };
  return { diagnostics: createDiagnostics(diagnosed), overlay, draw };
}

describe("the globe's figures", () => {
  it("count the overlay's pass with the frame that drew it", () => {
    const { diagnostics, overlay, draw } = parts();
    const shown = () => {
      const { drawCalls, overlayDrawCalls } = diagnostics.stats();
      return { drawCalls, overlayDrawCalls };
    };
    expect(shown()).toEqual({ drawCalls: 5, overlayDrawCalls: 0 });
    // Switched on between frames: the last frame drew no overlay.
    overlay.drawing = true;
    expect(shown()).toEqual({ drawCalls: 5, overlayDrawCalls: 0 });
    draw(6);
    expect(shown()).toEqual({ drawCalls: 6, overlayDrawCalls: 1 });
    // Switched off: the last frame still drew it.
    overlay.drawing = false;
    expect(shown()).toEqual({ drawCalls: 6, overlayDrawCalls: 1 });
    draw(5);
    expect(shown()).toEqual({ drawCalls: 5, overlayDrawCalls: 0 });
  });
});
