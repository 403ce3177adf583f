/**
 * The drag frame beside a peer (issue 29): in one browser, our globe and the globe.gl peer page
 * (scripts/bench/peer/) at the same card counts, 1280×800, each dragged with the mouse in 60
 * steps while the frames are stamped (ours: the globe's own, the peer: its page's animation
 * frames); the figure is the median time between frames during a drag (the median over `drags`
 * drags of each one's median).
 */
import type { Browser, Page } from 'playwright-core';
import { watchPage } from '../../tests/e2e/support/harness';
import type { PeerState } from './peer/main';
import { waitUntil } from './globe';
import { frameIntervals, medianOf } from './phoneFigures';

export type DragKind = 'ours' | 'peer';

export interface DragTarget {
  kind: DragKind;
  n: number;
  /** The page to open: our app's `/?skipIntro=true`, or the peer page with its query. */
  url: string;
}

export interface DragResult {
  kind: DragKind;
  n: number;
  /** Each drag's median time between frames, ms. */
  dragMedianMs: number[];
  /** Frames drawn during each drag, and how long each drag took, ms. */
  dragFrames: number[];
  dragMs: number[];
  /** Navigation → ready to drag (ours: `ready` and the faces settled; the peer: drawn), s. */
  loadSeconds: number;
  /** Draw calls of a frame, where the page says (ours: `stats()`, the peer: three.js's count). */
  drawCalls: number | null;
  error: string | null;
  pageErrors: string[];
}

export interface DragOptions {
  /** Drags per page load, time allowing (`budgetMs`). */
  drags: number;
  /** Mouse moves per drag. */
  steps: number;
  /** Pixels the mouse travels in one drag. */
  distancePx: number;
  /** Navigation → ready to drag. */
  readyTimeoutMs: number;
  /**
   * Past the first drag, no other starts once the drags have taken this long (the peer at
   * 10,000 objects takes seconds a frame under SwiftShader: minutes a drag).
   */
  budgetMs: number;
}

export const DRAG_VIEWPORT = { width: 1280, height: 800 } as const;
/** How long the faces get to settle (no image requests left) before the drags, at most. */
const FACES_SETTLE_MS = 20_000;
/** How long the globe gets to come to rest (no frames drawn) after a drag, at most. */
const REST_TIMEOUT_MS = 15_000;

/** Installed before any page script (a string: tsx's helpers do not exist in the page). */
const DRAG_SCRIPT = `(() => {
  const state = { recording: false, stamps: [] };
  const tick = (t) => { if (!state.recording) return; state.stamps.push(t); requestAnimationFrame(tick); };
  Object.defineProperty(window, '__benchDrag', { value: {
    start() { state.stamps = []; state.recording = true; requestAnimationFrame(tick); },
    stop() { state.recording = false; return state.stamps.slice(); },
  } });
})();`;

interface DragWindow {
  __benchDrag: { start(): void; stop(): number[] };
}

/** Opens the target and waits until it is ready to drag; answers its draw calls. */
async function openTarget(
  page: Page,
  target: DragTarget,
  options: DragOptions,
): Promise<number | null> {
  await page.goto(target.url, { waitUntil: 'commit', timeout: options.readyTimeoutMs });
  const deadline = Date.now() + options.readyTimeoutMs;
  if (target.kind === 'peer') {
    const done = await waitUntil(page, () => window.__peer !== undefined, deadline - Date.now());
    const peer = done ? await page.evaluate(() => window.__peer as PeerState) : null;
    if (!peer?.ready)
      throw new Error(
        peer?.error ?? `the peer page was not drawn within ${options.readyTimeoutMs / 1000} s`,
      );
    return peer.drawCalls;
  }
  const ready = await waitUntil(page, () => window.__globe?.ready === true, deadline - Date.now());
  if (!ready) throw new Error(`the globe was not ready within ${options.readyTimeoutMs / 1000} s`);
  // Drag a settled globe: its faces in place, no image requests left.
  await waitUntil(
    page,
    () => {
      const faces = window.__globe?.stats().faces;
      return faces !== undefined && faces.loading === 0 && faces.queued === 0;
    },
    Math.min(FACES_SETTLE_MS, deadline - Date.now()),
  );
  await page.evaluate(() => window.__globe?.renderFrames(5));
  await waitUntil(page, () => window.__globe?.stats().fps === 0, REST_TIMEOUT_MS);
  return page.evaluate(() => {
    const stats = window.__globe?.stats();
    return stats ? stats.drawCalls - stats.overlayDrawCalls : null;
  });
}

/**
 * One drag across the middle of the page, left to right or back; answers the frame stamps. Ours
 * are the globe's own frames (`window.__globe.recentFrames()`, drawn in a worker where the
 * browser can: the page's animation frames would time the main thread, not the globe); the peer's
 * are its page's animation frames (three.js draws in them).
 */
async function drag(
  page: Page,
  options: DragOptions,
  forward: boolean,
  kind: DragKind,
): Promise<number[]> {
  const cx = DRAG_VIEWPORT.width / 2;
  const cy = DRAG_VIEWPORT.height / 2;
  const half = (options.distancePx / 2) * (forward ? 1 : -1);
  await page.mouse.move(cx - half, cy);
  const now = () => page.evaluate(() => performance.timeOrigin + performance.now());
  const from = await now();
  await page.evaluate(() => (window as unknown as DragWindow).__benchDrag.start());
  await page.mouse.down();
  for (let step = 1; step <= options.steps; step++)
    await page.mouse.move(cx - half + (2 * half * step) / options.steps, cy);
  await page.mouse.up();
  const pageStamps = await page.evaluate(() =>
    (window as unknown as DragWindow).__benchDrag.stop(),
  );
  if (kind === 'peer') return pageStamps;
  const to = await now();
  // One more frame, so the mirror of a worker's frames has caught up with the drag's.
  await page.evaluate(() => window.__globe?.renderFrames(1));
  const frames = await page.evaluate(() => window.__globe?.recentFrames() ?? []);
  return frames.filter((at) => at >= from && at <= to);
}

/** Opens one target in a fresh context of `browser` and drags it `options.drags` times. */
export async function measureDrag(
  browser: Browser,
  target: DragTarget,
  options: DragOptions,
): Promise<DragResult> {
  const context = await browser.newContext({ viewport: DRAG_VIEWPORT });
  const page = await context.newPage();
  const seen = watchPage(page);
  const result: DragResult = {
    kind: target.kind,
    n: target.n,
    dragMedianMs: [],
    dragFrames: [],
    dragMs: [],
    loadSeconds: 0,
    drawCalls: null,
    error: null,
    pageErrors: [],
  };
  try {
    await page.addInitScript({ content: DRAG_SCRIPT });
    const started = Date.now();
    result.drawCalls = await openTarget(page, target, options);
    result.loadSeconds = (Date.now() - started) / 1000;
    const dragsStarted = Date.now();
    for (let i = 0; i < options.drags; i++) {
      if (i > 0 && Date.now() - dragsStarted > options.budgetMs) break;
      const stamps = await drag(page, options, i % 2 === 0, target.kind);
      const intervals = frameIntervals(stamps);
      result.dragMedianMs.push(medianOf(intervals) ?? NaN);
      result.dragFrames.push(stamps.length);
      result.dragMs.push(stamps.length > 1 ? (stamps.at(-1) as number) - (stamps[0] as number) : 0);
      // Our globe glides on after a drag; let it come to rest so drags do not overlap.
      if (target.kind === 'ours')
        await waitUntil(page, () => window.__globe?.stats().fps === 0, REST_TIMEOUT_MS);
    }
  } catch (error) {
    result.error = (error as Error).message.split('\n')[0] ?? String(error);
  } finally {
    result.pageErrors = seen.pageErrors.map((e) => e.message);
    await context.close().catch(() => undefined);
  }
  return result;
}
