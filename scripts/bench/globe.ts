import { revealSchedule } from '@/globe/reveal';
import { ANIMATION_DURATION_MS } from '@/lib/constants';
/**
 * One benchmark page load: opens the built app in Chromium, waits on the engine's read-only
 * diagnostics (`window.__globe`, ARCHITECTURE §3) and reads the figures of ARCHITECTURE §5.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { GlobeDiagnostics } from '@/globe/types';
import { launchBrowser, watchPage } from '../../tests/e2e/harness';

/** What `window.__globe.stats()` answers (the engine's own contract, src/globe/types.ts). */
export type GlobeStats = ReturnType<GlobeDiagnostics['stats']>;
export type CameraPose = ReturnType<GlobeDiagnostics['camera']>;

/** Page times (ms since navigation start) the init script records. */
interface Marks {
  globeAt: number | null;
  readyAt: number | null;
}

type BenchWindow = Window & { __globe?: GlobeDiagnostics; __benchMarks?: Marks };

/**
 * Notes, in page time, when `window.__globe` appears and when it first reports `ready`, so the
 * figure does not depend on how often Playwright polls. A string, not a function: tsx adds
 * `__name()` helpers to compiled functions, which do not exist in the page.
 */
const MARKS_SCRIPT = `(() => {
  const marks = { globeAt: null, readyAt: null };
  Object.defineProperty(window, '__benchMarks', { value: marks });
  let timer = 0;
  const check = () => {
    if (marks.readyAt !== null) return true;
    const globe = window.__globe;
    if (globe === undefined || globe === null) return false;
    const now = performance.now();
    if (marks.globeAt === null) marks.globeAt = now;
    if (globe.ready === true) marks.readyAt = now;
    if (marks.readyAt !== null) clearInterval(timer);
    return marks.readyAt !== null;
  };
  const onFrame = () => { if (!check()) requestAnimationFrame(onFrame); };
  requestAnimationFrame(onFrame);
  timer = setInterval(check, 10);
})();`;

/** How long the page gets to create the globe once the nodes arrived: loading Babylon, not drawing. */
const GLOBE_APPEAR_TIMEOUT_MS = 60_000;

/**
 * How long the reveal animation lasts for `n` cards, from the engine's own schedule: the last
 * card's reveal tick (100 ms a card, capped at about 5 s) plus its scale-in.
 */
export function revealMs(n: number): number {
  return n === 0 ? 0 : Math.max(...revealSchedule(n)) + ANIMATION_DURATION_MS;
}

export interface RunOptions {
  /** The running app, e.g. `http://127.0.0.1:4321`. */
  url: string;
  /** How many nodes the archive holds. */
  n: number;
  /** Frames forced before sampling, to let uploads and shader compiles settle. */
  warmupFrames: number;
  /** Frames to force before `stats()` is read for the frame time, when time allows. */
  frames: number;
  /** Frames always forced, however slow they are. */
  minFrames: number;
  /** Past `minFrames`, frames stop once forcing them has taken this long. */
  frameBudgetMs: number;
  /** Navigation to `ready`. (Forced frames are limited per batch instead: see FRAME_BATCH.) */
  timeoutMs: number;
  /** Where a screenshot of a failed page goes. */
  failureDir: string;
  /** A name for this run in file names and messages. */
  label: string;
}

export interface RunResult {
  /** Navigation start → the nodes response fully arrived. */
  navToDataMs: number;
  /** The nodes response arrived → `window.__globe.ready`. */
  dataToReadyMs: number;
  /** `dataToReadyMs` less the reveal animation. */
  readyMinusRevealMs: number;
  /** Navigation start → `window.__globe` exists. */
  navToGlobeMs: number | null;
  /** How the frames were forced. */
  frameMethod: 'renderFrames' | 'mouse';
  /** Frames forced (after the warm-up) before `statsAfterFrames` was read. */
  framesForced: number;
  /**
   * Wall-clock ms per forced frame (page clock): under SwiftShader this is mostly GPU emulation,
   * which `frameTimeMs` (CPU time in `scene.render()`) does not include.
   */
  wallMsPerFrame: number;
  /** Wall-clock seconds each phase of this run took, for sizing timeouts. */
  phaseSeconds: Record<string, number>;
  statsAtReady: GlobeStats;
  statsAfterFrames: GlobeStats;
  camera: CameraPose | null;
  /** CDP `Runtime.getHeapUsage().usedSize` as found, and after a forced garbage collection. */
  heapUsedBytes: number;
  heapUsedAfterGcBytes: number;
  pageErrors: string[];
  consoleErrors: string[];
}

/**
 * Frames are forced in batches, each with its own time limit, so an engine that stops rendering
 * fails within a couple of minutes while a slow one (SwiftShader: seconds a frame at 10,000
 * cards) still finishes.
 */
const FRAME_BATCH = 10;
const FRAME_BATCH_TIMEOUT_MS = 120_000;
/** For the short reads after `ready` (stats, camera, heap): `page.evaluate` has no timeout. */
const READ_TIMEOUT_MS = 30_000;

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** `promise`, or a TimeoutError naming `what` after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} took over ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Time left until `deadline`, at least 1 ms (Playwright treats 0 as "no timeout"). */
const left = (deadline: number) => Math.max(1, deadline - Date.now());

async function readStats(page: Page): Promise<GlobeStats> {
  const stats = page.evaluate(() => {
    const globe = (window as BenchWindow).__globe;
    if (!globe) throw new Error('window.__globe disappeared');
    return globe.stats();
  });
  return within(stats, READ_TIMEOUT_MS, 'window.__globe.stats()');
}

/** Forces `count` rendered frames, through the engine when it offers a way, else by moving the mouse. */
async function forceFrames(page: Page, count: number): Promise<'renderFrames' | 'mouse'> {
  if (count <= 0) return 'renderFrames';
  const hasRenderFrames = await page.evaluate(
    () => typeof (window as BenchWindow).__globe?.renderFrames === 'function',
  );
  if (hasRenderFrames) {
    await page.evaluate(async (n) => {
      await (window as BenchWindow).__globe?.renderFrames?.(n);
    }, count);
    return 'renderFrames';
  }
  // The engine renders on demand; the camera drifts toward the pointer, so a pointer moving in a
  // small circle over the canvas keeps it rendering. One step per animation frame.
  const canvas = page.locator('canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the globe has no visible <canvas> to move the mouse over');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const r = Math.min(box.width, box.height) / 12;
  for (let i = 0; i < count; i++) {
    const angle = (i / 24) * 2 * Math.PI;
    await page.mouse.move(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())),
    );
  }
  return 'mouse';
}

/**
 * Forces `options.frames` frames in batches, or stops past `options.minFrames` once the frame
 * budget is spent. Answers how many it forced and their wall-clock ms each (page clock).
 */
async function forceSampleFrames(
  page: Page,
  options: RunOptions,
): Promise<{ method: 'renderFrames' | 'mouse'; frames: number; wallMsPerFrame: number }> {
  const now = () => page.evaluate(() => performance.now());
  const start = await now();
  let method: 'renderFrames' | 'mouse' = 'renderFrames';
  let frames = 0;
  while (frames < options.frames) {
    const spent = (await now()) - start;
    const perFrame = frames > 0 ? spent / frames : 0;
    const count = Math.min(FRAME_BATCH, options.frames - frames);
    if (frames >= options.minFrames && spent + perFrame * count > options.frameBudgetMs) break;
    method = await within(
      forceFrames(page, count),
      FRAME_BATCH_TIMEOUT_MS,
      `rendering ${count} forced frames (after ${frames} of ${options.frames})`,
    );
    frames += count;
  }
  return { method, frames, wallMsPerFrame: frames > 0 ? ((await now()) - start) / frames : 0 };
}

/** Context for an error message: what the page and the engine looked like when it went wrong. */
async function describePage(page: Page, seen: ReturnType<typeof watchPage>): Promise<string> {
  const lines: string[] = [`  page URL: ${page.url()}`];
  try {
    const state = await page.evaluate(() => {
      const globe = (window as BenchWindow).__globe;
      return {
        hasGlobe: globe !== undefined,
        ready: globe?.ready,
        stats: globe ? globe.stats() : null,
        canvases: document.querySelectorAll('canvas').length,
      };
    });
    lines.push(`  window.__globe: ${state.hasGlobe ? 'present' : 'absent'}`);
    if (state.hasGlobe)
      lines.push(`  ready: ${String(state.ready)}; stats(): ${JSON.stringify(state.stats)}`);
    lines.push(`  <canvas> elements: ${state.canvases}`);
  } catch (error) {
    lines.push(`  (could not read the page: ${(error as Error).message.split('\n')[0]})`);
  }
  for (const e of seen.pageErrors.slice(0, 5)) lines.push(`  page error: ${e.message}`);
  for (const e of seen.consoleErrors.slice(0, 5)) lines.push(`  console error: ${e}`);
  return lines.join('\n');
}

async function saveFailureScreenshot(page: Page, dir: string, label: string): Promise<string> {
  try {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `failure-${label}.png`);
    await page.screenshot({ path, timeout: 10_000 });
    return `\n  screenshot: ${path}`;
  } catch {
    return '';
  }
}

/** One fresh browser and page: loads `/?skipIntro=true` and reads every figure. */
export async function measureRun(options: RunOptions): Promise<RunResult> {
  const browser: Browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const seen = watchPage(page);
    const deadline = Date.now() + options.timeoutMs;
    const phaseSeconds: Record<string, number> = {};
    let phaseStart = Date.now();
    const phase = (name: string) => {
      phaseSeconds[name] = (Date.now() - phaseStart) / 1000;
      phaseStart = Date.now();
    };
    let stage = 'loading the page';
    try {
      await page.addInitScript({ content: MARKS_SCRIPT });
      const isNodes = (url: string) => /^\/api\/nodes\/?$/.test(new URL(url).pathname);
      const nodesResponse = page.waitForResponse((r) => isNodes(r.url()), {
        timeout: left(deadline),
      });
      nodesResponse.catch(() => undefined); // awaited below; this only silences an early rejection
      await page.goto(`${options.url}/?skipIntro=true`, {
        waitUntil: 'commit',
        timeout: left(deadline),
      });

      stage = 'waiting for the GET /api/nodes response';
      const response = await nodesResponse;
      if (response.status() !== 200)
        throw new Error(`GET /api/nodes answered ${response.status()}, not 200`);
      await response.finished();
      const timing = response.request().timing();
      const page0 = await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((e) => /^\/api\/nodes\/?$/.test(new URL(e.name).pathname));
        return {
          timeOrigin: performance.timeOrigin,
          responseEnd: entry ? (entry as PerformanceResourceTiming).responseEnd : null,
        };
      });
      // Resource Timing is the page's own clock; Playwright's timing is the fallback.
      const navToDataMs =
        page0.responseEnd !== null && page0.responseEnd > 0
          ? page0.responseEnd
          : timing.startTime + timing.responseEnd - page0.timeOrigin;

      phase('data');
      stage = 'waiting for window.__globe to appear';
      try {
        await page.waitForFunction(() => (window as BenchWindow).__globe !== undefined, undefined, {
          timeout: Math.min(GLOBE_APPEAR_TIMEOUT_MS, left(deadline)),
          polling: 100,
        });
      } catch (error) {
        throw new Error(
          `window.__globe never appeared within ${GLOBE_APPEAR_TIMEOUT_MS / 1000} s: the home ` +
            'page must create the globe and expose its read-only diagnostics on window.__globe ' +
            '(ARCHITECTURE §3)',
          { cause: error },
        );
      }

      phase('globe');
      stage = 'waiting for window.__globe.ready';
      // Waits on the init script's record, not on `ready` itself, so the time is always there.
      await page.waitForFunction(
        () => typeof (window as BenchWindow).__benchMarks?.readyAt === 'number',
        undefined,
        { timeout: left(deadline), polling: 250 },
      );
      const marks = await page.evaluate(() => (window as BenchWindow).__benchMarks ?? null);
      const readyAt = marks?.readyAt ?? null;
      if (readyAt === null)
        throw new Error('the init script did not record when ready became true');
      const statsAtReady = await readStats(page);
      phase('ready');

      stage = `forcing ${options.warmupFrames} warm-up frames`;
      page.setDefaultTimeout(READ_TIMEOUT_MS);
      await within(
        forceFrames(page, options.warmupFrames),
        FRAME_BATCH_TIMEOUT_MS,
        `rendering ${options.warmupFrames} warm-up frames`,
      );
      stage = `forcing ${options.minFrames}-${options.frames} frames`;
      const sample = await forceSampleFrames(page, options);
      phase('frames');
      const statsAfterFrames = await readStats(page);
      const camera = await within(
        page.evaluate(() => {
          const globe = (window as BenchWindow).__globe;
          return typeof globe?.camera === 'function' ? globe.camera() : null;
        }),
        READ_TIMEOUT_MS,
        'window.__globe.camera()',
      );

      stage = 'reading the JS heap';
      const readHeap = async () => {
        const cdp = await context.newCDPSession(page);
        const before = await cdp.send('Runtime.getHeapUsage');
        await cdp.send('HeapProfiler.collectGarbage');
        const after = await cdp.send('Runtime.getHeapUsage');
        await cdp.detach();
        return { before, after };
      };
      const { before: heap, after: heapAfterGc } = await within(
        readHeap(),
        READ_TIMEOUT_MS,
        'reading the heap',
      );
      phase('heap');

      const dataToReadyMs = readyAt - navToDataMs;
      return {
        navToDataMs,
        dataToReadyMs,
        readyMinusRevealMs: dataToReadyMs - revealMs(options.n),
        navToGlobeMs: marks?.globeAt ?? null,
        frameMethod: sample.method,
        framesForced: sample.frames,
        wallMsPerFrame: sample.wallMsPerFrame,
        phaseSeconds,
        statsAtReady,
        statsAfterFrames,
        camera,
        heapUsedBytes: heap.usedSize,
        heapUsedAfterGcBytes: heapAfterGc.usedSize,
        pageErrors: seen.pageErrors.map((e) => e.message),
        consoleErrors: [...seen.consoleErrors],
      };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const message = (error as Error).message.split('\n')[0] ?? '';
      const what = timedOut
        ? `timed out while ${stage}: ${message}`
        : `failed while ${stage}: ${message}`;
      const details = await describePage(page, seen);
      const shot = await saveFailureScreenshot(page, options.failureDir, options.label);
      throw new Error(`${options.label}: ${what}\n${details}${shot}`, { cause: error });
    } finally {
      await context.close().catch(() => undefined);
    }
  } finally {
    await browser.close().catch(() => undefined);
  }
}
