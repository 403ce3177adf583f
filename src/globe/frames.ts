/**
 * What the host's loop keeps of its frames: the frames drawn (their times and stamps, for the
 * diagnostics' figures) and the frames asked for by a test or the bench (`renderFrames(n)`), drawn
 * whether or not anything moved.
 */

/** Frame times kept for the median. */
const FRAME_SAMPLES = 120;
/** Frame time stamps kept for `recentFrames()`. */
const RECENT_FRAMES = 240;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The frames drawn lately: how long each took, when each was drawn, and the last one's draw calls. */
export class FrameRecord {
  private readonly times: number[] = [];
  /** When the frames of the last second were drawn (`performance.now()`). */
  private readonly stamps: number[] = [];
  /** When the last frames were drawn (ms since the epoch). */
  private readonly recent: number[] = [];
  private drawCalls = 0;

  /** A frame drawn from `before` to `after` (`performance.now()`), with its draw calls. */
  add(before: number, after: number, drawCalls: number): void {
    this.times.push(after - before);
    if (this.times.length > FRAME_SAMPLES) this.times.shift();
    this.stamps.push(after);
    this.recent.push(performance.timeOrigin + after);
    if (this.recent.length > RECENT_FRAMES) this.recent.shift();
    while (this.stamps.length > 0 && (this.stamps[0] as number) < after - 1000) this.stamps.shift();
    this.drawCalls = drawCalls;
  }

  /** Median frame time (ms) of the last frames, frames drawn in the last second, draw calls. */
  stats(): { frameTimeMs: number; fps: number; drawCalls: number } {
    return {
      frameTimeMs: median(this.times),
      // Frames drawn in the last second as of now: the globe draws none while nothing moves.
      fps: this.stamps.filter((at) => at >= performance.now() - 1000).length,
      drawCalls: this.drawCalls,
    };
  }

  /** When the last frames were drawn (ms since the epoch, oldest first; at most 240). */
  recentFrames(): number[] {
    return [...this.recent];
  }
}

/** Frames asked for by `renderFrames(n)`, and the promises kept until they are drawn. */
export class ForcedFrames {
  private count = 0;
  private readonly waiters: { frames: number; resolve: () => void }[] = [];

  /** Whether a frame is owed: the next turn draws even if nothing moved. */
  get owed(): boolean {
    return this.count > 0;
  }

  /** Resolves once `n` more frames have been drawn. */
  ask(n: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.count = Math.max(this.count, n);
      this.waiters.push({ frames: n, resolve });
    });
  }

  /** A frame was drawn: one fewer owed, and the waits it ends are resolved. */
  drawn(): void {
    if (this.count > 0) this.count--;
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i] as { frames: number; resolve: () => void };
      if (--waiter.frames <= 0) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  /** No more frames will be drawn (the host is disposed): every wait ends now. */
  releaseAll(): void {
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
  }
}
