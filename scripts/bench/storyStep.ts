/**
 * A story's Next (issue 51), on a desktop and on the phone (emulated, the CPU slowed): the
 * sample's first story opened at its first stop, then Next pressed stop after stop. Each step gives, from the
 * tap's time stamp: the next stop's heading in the panel, the camera at rest at the stop's view
 * (its flight's end, `camera().flights`; the engine's flight is 0.6 s), the globe's last frame of
 * the step (the cards' fade and faces after the flight), the longest main-thread task meanwhile
 * (a `longtask` observer), and the longest gap between the globe's frames. Nothing of the bench's runs in the page while it steps: no Playwright locator
 * (its role queries are long tasks of their own on a slowed CPU) and no `window.__globe` (reading
 * it makes the worker send its diagnostics every frame); the frames and flights are read once, at
 * the end.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, markIntroSeen, watchPage } from '../../tests/e2e/support/harness';
import { PHONE } from './phone';
import type { Compositing } from './phoneFigures';

/** Where the story is played: a desktop's window with a mouse, or the phone with touch. */
export type StoryDevice = 'desktop' | 'phone';

/** The desktop's window (the drag's and the tests' size). */
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

export interface StoryStepOptions {
  url: string;
  device: StoryDevice;
  /** The story's address (`/story/{id}`) and how many Next taps to time. */
  storyPath: string;
  steps: number;
  cpuSlowdown: number;
  compositing: Compositing;
}

export interface StoryStep {
  /** The stop stepped to (2 for the first Next). */
  to: number;
  /** The tap → the next stop's heading shown. */
  tapToStopMs: number;
  /** The tap → the camera at rest at the stop: its flight's end (null: no flight, no figure). */
  tapToRestMs: number | null;
  /** The tap → the globe's last frame of the step (the flight, then the cards' fade, faces). */
  tapToLastFrameMs: number;
  /** The longest main-thread task from the tap until the camera was at rest (0: none ≥ 50 ms). */
  longestTaskMs: number;
  /** The longest time between two of the globe's frames over the flight. */
  longestFrameGapMs: number | null;
}

export interface StoryStepRun {
  device: StoryDevice;
  cpuSlowdown: number;
  compositing: Compositing;
  steps: StoryStep[];
  error: string | null;
  pageErrors: string[];
}

interface StepMarks {
  longTasks: { start: number; duration: number }[];
  taps: number[];
}

type StepWindow = Window & { __benchStory: StepMarks };

/** Installed before any page script (a string: tsx's helpers do not exist in the page). */
const STEP_SCRIPT = `(() => {
  const m = { longTasks: [], taps: [] };
  Object.defineProperty(window, '__benchStory', { value: m });
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) =>
      m.longTasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: 'longtask' });
  } catch (e) { /* not supported: no task figure */ }
  addEventListener('pointerdown', (e) => m.taps.push(e.timeStamp), { capture: true });
})();`;

/** After a stop shows, its flight has this long to end before the next tap. */
const SETTLE_MS = 2500;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** Waits, polling from here (nothing left running in the page), until `heading` is the stop's. */
async function stopShown(page: Page, heading: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = await page.evaluate(
      (h) =>
        [...document.querySelectorAll('.story-panel h3')].some((e) => e.textContent === h)
          ? performance.now()
          : null,
      heading,
    );
    if (at !== null) return at;
    if (Date.now() > deadline) throw new Error(`the stop “${heading}” did not show`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Taps Next (a click on the desktop), through the protocol without waiting on the page, and waits
 * for the next stop.
 */
async function tapNext(page: Page, device: StoryDevice, heading: string): Promise<number> {
  const box = await page.evaluate(() => {
    const next = [...document.querySelectorAll('.story-panel button')].find(
      (b) => b.textContent?.trim() === 'Next',
    );
    const r = next?.getBoundingClientRect();
    return r ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
  });
  if (!box) throw new Error('the Next button is not on the screen');
  if (device === 'phone') await page.touchscreen.tap(box.x, box.y);
  else await page.mouse.click(box.x, box.y);
  return stopShown(page, heading, 30_000);
}

/**
 * The steps' figures from the page's marks, the globe's frames and the camera's flights (all on
 * the page's clock, ms): a step lasts from its tap to the next; the camera is at rest when the
 * last flight begun in it ends.
 */
export function stepsOf(
  marks: StepMarks,
  shownAt: readonly number[],
  frames: readonly number[],
  flights: readonly { from: number; until: number | null }[],
) {
  return marks.taps.map((tapAt, i): StoryStep => {
    const next = marks.taps[i + 1] ?? Infinity;
    const drawn = frames.filter((at) => at > tapAt && at < next);
    const during = [tapAt, ...drawn];
    const gaps = during.slice(1).map((at, j) => at - (during[j] as number));
    const lastFrameAt = drawn.at(-1) ?? tapAt;
    const restAt = flights.filter((f) => f.from > tapAt && f.from < next).at(-1)?.until ?? null;
    const until = Math.max(lastFrameAt, restAt ?? 0);
    return {
      to: i + 2,
      tapToStopMs: (shownAt[i] ?? NaN) - tapAt,
      tapToRestMs: restAt === null ? null : restAt - tapAt,
      tapToLastFrameMs: lastFrameAt - tapAt,
      longestTaskMs: Math.max(
        0,
        ...marks.longTasks
          .filter((t) => t.start + t.duration > tapAt && t.start < until)
          .map((t) => t.duration),
      ),
      longestFrameGapMs: gaps.length > 0 ? Math.max(...gaps) : null,
    };
  });
}

/** One phone: the story's first stop, then `steps` taps on Next, each timed. */
export async function measureStorySteps(
  options: StoryStepOptions,
  headings: readonly string[],
): Promise<StoryStepRun> {
  const browser = await launchBrowser({ measuring: options.compositing === 'gpu' });
  const run: StoryStepRun = {
    device: options.device,
    cpuSlowdown: options.cpuSlowdown,
    compositing: options.compositing,
    steps: [],
    error: null,
    pageErrors: [],
  };
  try {
    const context = await browser.newContext(options.device === 'phone' ? { ...PHONE } : DESKTOP);
    await markIntroSeen(context);
    const page = await context.newPage();
    const seen = watchPage(page);
    await page.addInitScript({ content: STEP_SCRIPT });
    await page.goto(`${options.url}${options.storyPath}`);
    await stopShown(page, headings[0] ?? '', 120_000);
    await page.locator('canvas.globe-canvas--shown').waitFor({ timeout: 120_000 });
    await settle();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    const last = Math.min(options.steps, headings.length - 1);
    const shownAt: number[] = [];
    try {
      for (let n = 1; n <= last; n++) {
        shownAt.push(await tapNext(page, options.device, headings[n] ?? ''));
        await settle();
      }
    } catch (error) {
      run.error = (error as Error).message.split('\n')[0] ?? 'a step failed';
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const marks = await page.evaluate(() => (window as unknown as StepWindow).__benchStory);
    // The first read of the diagnostics asks the worker for them; they come a moment later.
    await page.waitForFunction(() => (window.__globe?.recentFrames().length ?? 0) > 0, null, {
      timeout: 10_000,
    });
    const { frames, flights, origin } = await page.evaluate(() => ({
      frames: window.__globe?.recentFrames() ?? [],
      flights: window.__globe?.camera().flights ?? [],
      origin: performance.timeOrigin,
    }));
    run.steps = stepsOf(
      marks,
      shownAt,
      frames.map((at) => at - origin),
      flights.map((f) => ({
        from: f.from - origin,
        until: f.until === null ? null : f.until - origin,
      })),
    ).slice(0, shownAt.length);
    run.pageErrors = seen.pageErrors.map((e) => e.message);
    await context.close();
  } finally {
    await browser.close().catch(() => undefined);
  }
  return run;
}
