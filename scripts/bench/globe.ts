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
import { launchBrowser, watchPage } from '../../tests/e2e/support/harness';
import type { ThumbnailHost, ThumbnailHostCounts } from '../../tests/e2e/support/thumbnailHost';
import { MARKS_SCRIPT, readMarks, type MarksWindow } from '../../tests/e2e/support/globeMarks';
import { recordTransfers, summariseFaces, type FacesSummary, type TransferTotals } from './loading';
import { measureSearch, type SearchFigures } from './search';
import { measureTimeline, type TimelineFigures } from './timeline';

/** What `window.__globe.stats()` answers (the engine's own contract, src/globe/types.ts). */
export type GlobeStats = ReturnType<GlobeDiagnostics['stats']>;
export type CameraPose = ReturnType<GlobeDiagnostics['camera']>;

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
  /** The thumbnail-host stand-in the browser reaches as i.ytimg.com (its counts are reset). */
  thumbnailHost?: ThumbnailHost;
  /** Force frames and read the frame time and heap (slow at 10,000 cards); else loading only. */
  measureFrames: boolean;
  /** Frames forced before sampling, to let uploads and shader compiles settle. */
  warmupFrames: number;
  /** Frames to force before `stats()` is read for the frame time, when time allows. */
  frames: number;
  /** Frames always forced, however slow they are. */
  minFrames: number;
  /** Past `minFrames`, frames stop once forcing them has taken this long. */
  frameBudgetMs: number;
  /** Once shown and ready, how long to keep watching the faces fill in (stops at 90 % real). */
  watchMs: number;
  /** Data arrived → the canvas shown: past this the run is recorded as "not shown" and ends. */
  shownTimeoutMs: number;
  /** Navigation to `ready`: past this the run is recorded as "not ready" and ends. */
  timeoutMs: number;
  /** Where a screenshot of a failed page goes. */
  failureDir: string;
  /** A name for this run in file names and messages. */
  label: string;
}

export interface RunResult {
  /** Navigation start → the nodes response fully arrived. */
  navToDataMs: number;
  /** Navigation start → the canvas got `globe-canvas--shown`; null: not within the timeout. */
  navToShownMs: number | null;
  /** The nodes response arrived → the canvas shown. */
  dataToShownMs: number | null;
  /** Navigation start → `window.__globe.ready`; null: not within the timeout. */
  navToReadyMs: number | null;
  /** The nodes response arrived → `window.__globe.ready`. */
  dataToReadyMs: number | null;
  /** `dataToReadyMs` less the reveal animation. */
  readyMinusRevealMs: number | null;
  /** Navigation start → `window.__globe` exists. */
  navToGlobeMs: number | null;
  /** What the run waited for and never saw (the figures after it are missing), or null. */
  timedOut: 'shown' | 'ready' | null;
  /** Responses complete before the canvas was shown (cold cache: a fresh browser). */
  beforeShown: TransferTotals | null;
  /** How the card faces filled in; null when `stats().faces` is missing (an older engine). */
  faces: FacesSummary | null;
  facesMissing: boolean;
  /** What the thumbnail host saw during the run. */
  thumbnailHost: ThumbnailHostCounts | null;
  /** How the frames were forced, how many (after the warm-up) and their wall-clock ms each. */
  frames: {
    method: 'renderFrames' | 'mouse';
    forced: number;
    /**
     * Wall-clock ms per forced frame (page clock): under SwiftShader this is mostly GPU
     * emulation, which `frameTimeMs` (CPU time in `scene.render()`) does not include.
     */
    wallMsPerFrame: number;
  } | null;
  /** Wall-clock seconds each phase of this run took, for sizing timeouts. */
  phaseSeconds: Record<string, number>;
  statsAtReady: GlobeStats | null;
  /** Read last: after the forced frames when `measureFrames`, else at the end of the watch. */
  statsAtEnd: GlobeStats | null;
  camera: CameraPose | null;
  /** CDP `Runtime.getHeapUsage().usedSize` as found, and after a forced garbage collection. */
  heap: { usedBytes: number; usedAfterGcBytes: number } | null;
  /** The search typed into, in a page of its own, once the frames are read (`measureFrames` runs). */
  search?: SearchFigures | null;
  /** The timeline's end handle moved by keys, in a page of its own, after the search. */
  timeline?: TimelineFigures | null;
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
/** The index loaded and built, then two dozen keystrokes (after the page's own load). */
const SEARCH_TIMEOUT_MS = 180_000;

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
    const globe = window.__globe;
    if (!globe) throw new Error('window.__globe disappeared');
    return globe.stats();
  });
  return within(stats, READ_TIMEOUT_MS, 'window.__globe.stats()');
}

/** Forces `count` rendered frames, through the engine when it offers a way, else by moving the mouse. */
async function forceFrames(page: Page, count: number): Promise<'renderFrames' | 'mouse'> {
  if (count <= 0) return 'renderFrames';
  const hasRenderFrames = await page.evaluate(
    () => typeof window.__globe?.renderFrames === 'function',
  );
  if (hasRenderFrames) {
    await page.evaluate(async (n) => {
      await window.__globe?.renderFrames?.(n);
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
      const globe = window.__globe;
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

/** Waits for `predicate` in the page; false (not an error) when `timeoutMs` passes first. */
export async function waitUntil(
  page: Page,
  predicate: () => boolean,
  timeoutMs: number,
  polling = 100,
): Promise<boolean> {
  try {
    await page.waitForFunction(predicate, undefined, { timeout: Math.max(1, timeoutMs), polling });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return false;
    throw error;
  }
}

/**
 * One fresh browser (a cold cache) and page: loads `/?skipIntro=true`, waits for the globe to be
 * shown and ready, watches the faces fill in, and with `measureFrames` forces frames and reads the
 * frame time and the heap. A globe never shown or never ready within its timeout is a result (the
 * later figures missing), not an error: a budget then fails, the benchmark goes on.
 */
export async function measureRun(options: RunOptions): Promise<RunResult> {
  const browser: Browser = await launchBrowser({
    thumbnailHost: options.thumbnailHost,
    measuring: true,
  });
  options.thumbnailHost?.resetCounts();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const seen = watchPage(page);
    const transfers = recordTransfers(page);
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
      const dataArrived = Date.now();

      phase('data');
      stage = 'waiting for window.__globe to appear';
      const appeared = await waitUntil(
        page,
        () => window.__globe !== undefined,
        Math.min(GLOBE_APPEAR_TIMEOUT_MS, left(deadline)),
      );
      if (!appeared)
        throw new Error(
          `window.__globe never appeared within ${GLOBE_APPEAR_TIMEOUT_MS / 1000} s: the home ` +
            'page must create the globe and expose its read-only diagnostics on window.__globe ' +
            '(ARCHITECTURE §3)',
        );
      phase('globe');

      stage = 'waiting for the canvas to be shown';
      const shown = await waitUntil(
        page,
        () => typeof (window as MarksWindow).__benchMarks?.shownAt === 'number',
        Math.min(left(deadline), options.shownTimeoutMs - (Date.now() - dataArrived)),
      );
      phase('shown');
      let timedOut: RunResult['timedOut'] = shown ? null : 'shown';
      let statsAtReady: GlobeStats | null = null;
      if (shown) {
        stage = 'waiting for window.__globe.ready';
        // Waits on the init script's record, not on `ready` itself, so the time is always there.
        const ready = await waitUntil(
          page,
          () => typeof (window as MarksWindow).__benchMarks?.readyAt === 'number',
          left(deadline),
          250,
        );
        if (ready) statsAtReady = await readStats(page);
        else timedOut = 'ready';
        phase('ready');
      }

      if (timedOut === null) {
        stage = 'watching the faces fill in';
        const marks = await readMarks(page);
        if (marks && !marks.facesMissing && marks.shownAt !== null) {
          const watchEnd = marks.shownAt + options.watchMs;
          await waitUntil(
            page,
            () => {
              const samples = (window as MarksWindow).__benchMarks?.faces ?? [];
              const last = samples.at(-1);
              return last !== undefined && last.cards > 0 && last.real >= 0.9 * last.cards;
            },
            Math.min(left(deadline), watchEnd - (await page.evaluate(() => performance.now()))),
            250,
          );
        }
        phase('watch');
      }

      let frames: RunResult['frames'] = null;
      let camera: CameraPose | null = null;
      let heap: RunResult['heap'] = null;
      let search: SearchFigures | null = null;
      let timeline: TimelineFigures | null = null;
      if (timedOut === null && options.measureFrames) {
        stage = `forcing ${options.warmupFrames} warm-up frames`;
        page.setDefaultTimeout(READ_TIMEOUT_MS);
        await within(
          forceFrames(page, options.warmupFrames),
          FRAME_BATCH_TIMEOUT_MS,
          `rendering ${options.warmupFrames} warm-up frames`,
        );
        stage = `forcing ${options.minFrames}-${options.frames} frames`;
        const sample = await forceSampleFrames(page, options);
        frames = {
          method: sample.method,
          forced: sample.frames,
          wallMsPerFrame: sample.wallMsPerFrame,
        };
        phase('frames');
        camera = await within(
          page.evaluate(() => {
            const globe = window.__globe;
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
          return { usedBytes: before.usedSize, usedAfterGcBytes: after.usedSize };
        };
        heap = await within(readHeap(), READ_TIMEOUT_MS, 'reading the heap');
        phase('heap');
        stage = 'typing into the search';
        search = await within(
          measureSearch(context, options.url, options.n, options.timeoutMs),
          options.timeoutMs + SEARCH_TIMEOUT_MS,
          'typing into the search',
        );
        phase('search');
        stage = 'moving the timeline handle';
        timeline = await within(
          measureTimeline(context, options.url, options.timeoutMs),
          options.timeoutMs + SEARCH_TIMEOUT_MS,
          'moving the timeline handle',
        );
        phase('timeline');
      }

      stage = 'reading the figures';
      const statsAtEnd = await readStats(page).catch(() => null);
      const marks = await readMarks(page);
      const shownAt = marks?.shownAt ?? null;
      const readyAt = timedOut === null ? (marks?.readyAt ?? null) : null;
      const facesMissing = marks?.facesMissing ?? false;
      const beforeShown =
        shownAt === null ? null : await transfers.before(page0.timeOrigin + shownAt);
      const dataToReadyMs = readyAt === null ? null : readyAt - navToDataMs;
      return {
        navToDataMs,
        navToShownMs: shownAt,
        dataToShownMs: shownAt === null ? null : shownAt - navToDataMs,
        navToReadyMs: readyAt,
        dataToReadyMs,
        readyMinusRevealMs: dataToReadyMs === null ? null : dataToReadyMs - revealMs(options.n),
        navToGlobeMs: marks?.globeAt ?? null,
        timedOut,
        beforeShown,
        faces: facesMissing || !marks ? null : summariseFaces(marks.faces, shownAt),
        facesMissing,
        thumbnailHost: options.thumbnailHost?.counts() ?? null,
        frames,
        phaseSeconds,
        statsAtReady,
        statsAtEnd,
        camera,
        heap,
        search,
        timeline,
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
