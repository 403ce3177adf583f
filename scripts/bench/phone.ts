/**
 * A returning visitor on a phone (issue 29): phone emulation (Lighthouse's Moto G Power screen,
 * touch) with the CPU slowed by DevTools' CPU throttling, one fresh browser (cold cache) per run
 * on `/?skipIntro=true`. One load gives both figures:
 *
 * - the longest main-thread task from navigation until the globe is shown (the canvas gets
 *   `globe-canvas--shown`), from a `longtask` PerformanceObserver installed before any script;
 * - a tap on Filters as soon as the button shows (its appearance calls back into the bench,
 *   which taps at once, without waiting on the page) until the tray is open: from the tap's
 *   `pointerdown` time stamp (when the browser received the touch, not when the busy page got
 *   round to it) to the first animation frame after the panel lost `hidden`.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../../tests/e2e/support/harness';
import { SHOWN_CLASS } from '../../tests/e2e/support/globeMarks';
import { tasksBefore, type Compositing } from './phoneFigures';

/** Lighthouse 12's mobile screen (a Moto G Power) and user agent, so both parts see one phone. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like ' +
    'Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
} as const;

/** How long to wait for the tap's Event Timing entries once the tray is open. */
const EVENT_TIMING_WAIT_MS = 10_000;
const TOGGLE = '.filter-tray__toggle';
const PANEL = '.filter-tray__panel';

/** What the page records, in its own clock (ms since navigation start). */
export interface PhoneMarks {
  longTasks: { start: number; duration: number }[];
  shownAt: number | null;
  toggleShownAt: number | null;
  /** The `pointerdown` that reached the Filters button: its time stamp, and when it was handled. */
  tapAt: number | null;
  tapHandledAt: number | null;
  /** A `pointerdown` that reached something else first (the button moved, or was covered). */
  tapMissedOn: string | null;
  trayVisibleAt: number | null;
  /** The first animation frame after the tray became visible: the frame that draws it. */
  trayFrameAt: number | null;
  /** Event Timing entries (≥ 16 ms) for the tap's events: start, handlers, the paint after. */
  events: { name: string; start: number; processingStart: number; duration: number }[];
}

/** Installed before any page script; a string, as tsx's helpers do not exist in the page. */
const PHONE_SCRIPT = `(() => {
  const m = { longTasks: [], shownAt: null, toggleShownAt: null, tapAt: null, tapHandledAt: null,
    tapMissedOn: null, trayVisibleAt: null, trayFrameAt: null, events: [] };
  Object.defineProperty(window, '__benchPhone', { value: m });
  const observe = (type, options, fn) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true, ...options }); }
    catch (e) { /* not supported: that figure stays empty */ }
  };
  observe('longtask', {}, (e) => m.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('event', { durationThreshold: 16 }, (e) => {
    if (!['pointerdown', 'pointerup', 'touchstart', 'touchend', 'click'].includes(e.name)) return;
    m.events.push({ name: e.name, start: e.startTime, processingStart: e.processingStart, duration: e.duration });
  });
  window.addEventListener('pointerdown', (e) => {
    if (m.tapAt !== null || m.tapMissedOn !== null) return;
    const t = e.target;
    if (t instanceof Element && t.closest('${TOGGLE}')) { m.tapAt = e.timeStamp; m.tapHandledAt = performance.now(); }
    else m.tapMissedOn = t instanceof Element ? t.tagName.toLowerCase() + (t.className ? '.' + String(t.className).split(' ').join('.') : '') : String(t);
  }, true);
  const visible = (el) => el !== null && el.getClientRects().length > 0;
  const check = () => {
    const now = performance.now();
    if (m.shownAt === null && document.querySelector('canvas.${SHOWN_CLASS}') !== null) m.shownAt = now;
    if (m.toggleShownAt === null) {
      const button = document.querySelector('${TOGGLE}');
      if (visible(button)) {
        m.toggleShownAt = now;
        const r = button.getBoundingClientRect();
        if (typeof window.__benchTap === 'function') window.__benchTap({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
      }
    }
    if (m.trayVisibleAt === null && m.tapAt !== null) {
      const panel = document.querySelector('${PANEL}');
      if (panel !== null && !panel.hidden && visible(panel)) {
        m.trayVisibleAt = now;
        requestAnimationFrame(() => { m.trayFrameAt = performance.now(); });
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['class', 'hidden'] });
})();`;

export interface PhoneRunOptions {
  url: string;
  /** DevTools' CPU throttling rate (4: four times slower). */
  cpuSlowdown: number;
  /** Who composites the page (the globe renders through SwiftShader in its worker either way). */
  compositing: Compositing;
  /** Navigation → shown, and the tap → the open tray: past these the figure reads "timeout". */
  shownTimeoutMs: number;
  trayTimeoutMs: number;
}

export interface PhoneRun {
  /** Navigation → the canvas shown; null: not within the timeout. */
  navToShownMs: number | null;
  /** The longest task that began before the globe was shown (0: none over 50 ms). */
  longestTaskMs: number | null;
  /** Tasks over 50 ms before shown, and their blocking time (each one's time over 50 ms). */
  longTasks: number;
  blockingMs: number;
  /** Navigation → the Filters button visible. */
  navToToggleMs: number | null;
  /** The tap's time stamp → the first frame with the tray open; null: not open in time. */
  tapToTrayMs: number | null;
  /** The tap's time stamp → its `pointerdown` handled (how long the page kept it waiting). */
  tapToHandledMs: number | null;
  /** The longest Event Timing duration among the tap's events (tap → the paint after it). */
  tapToPaintMs: number | null;
  /** Why there is no tap figure, when there is none. */
  tapProblem: string | null;
  marks: PhoneMarks;
  pageErrors: string[];
}

type PhoneWindow = Window & { __benchPhone: PhoneMarks };

async function readMarks(page: Page): Promise<PhoneMarks> {
  return page.evaluate(() => (window as unknown as PhoneWindow).__benchPhone);
}

/**
 * Waits until the page's marks say `what`; false when `timeoutMs` passes first. (Functions, not
 * strings: the app's Content-Security-Policy forbids eval.)
 */
async function waitFor(
  page: Page,
  what: 'shown' | 'trayOrMiss' | 'tapTimed',
  timeoutMs: number,
): Promise<boolean> {
  try {
    await page.waitForFunction(
      (what) => {
        const m = (window as unknown as PhoneWindow).__benchPhone;
        return what === 'shown'
          ? m.shownAt !== null && m.toggleShownAt !== null
          : what === 'trayOrMiss'
            ? m.trayFrameAt !== null || m.tapMissedOn !== null
            : m.tapAt !== null && m.events.some((e) => e.start >= (m.tapAt ?? 0) - 1);
      },
      what,
      { timeout: Math.max(1, timeoutMs), polling: 250 },
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return false;
    throw error;
  }
}

/** One load of `/?skipIntro=true` on an emulated phone with a slowed CPU. */
export async function measurePhoneRun(options: PhoneRunOptions): Promise<PhoneRun> {
  // `measuring` leaves out the tests' software compositing: the browser as a visitor's.
  const browser = await launchBrowser({ measuring: options.compositing === 'gpu' });
  try {
    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    const seen = watchPage(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    let tapped: Promise<void> | null = null;
    let tapError: string | null = null;
    // The page calls this the moment the button is visible; the tap goes out without waiting for
    // the page (a busy main thread receives it late, as a person's tap would be).
    await page.exposeFunction('__benchTap', (at: { x: number; y: number }) => {
      tapped ??= page.touchscreen.tap(at.x, at.y).catch((error: unknown) => {
        tapError = (error as Error).message.split('\n')[0] ?? 'the tap failed';
      });
    });
    await page.addInitScript({ content: PHONE_SCRIPT });
    await page.goto(`${options.url}/?skipIntro=true`, { waitUntil: 'commit' });

    const shown = await waitFor(page, 'shown', options.shownTimeoutMs);
    let trayOpen = false;
    if (shown) {
      trayOpen = await waitFor(page, 'trayOrMiss', options.trayTimeoutMs);
      await tapped;
    }
    // Event Timing reports an event once its paint is known, which can take a while.
    if (trayOpen) await waitFor(page, 'tapTimed', EVENT_TIMING_WAIT_MS);
    const marks = await readMarks(page);
    const tasks = marks.shownAt === null ? null : tasksBefore(marks.longTasks, marks.shownAt);
    const tapOk = trayOpen && marks.tapAt !== null && marks.trayFrameAt !== null;
    const tapProblem = tapOk
      ? null
      : !shown
        ? `the globe or the Filters button was not shown within ${options.shownTimeoutMs / 1000} s`
        : tapError
          ? `the tap failed: ${tapError}`
          : marks.tapMissedOn !== null
            ? `the tap landed on ${marks.tapMissedOn}, not on Filters`
            : marks.tapAt === null
              ? 'the tap never reached the page'
              : `the tray was not open within ${options.trayTimeoutMs / 1000} s of the tap`;
    const tapEvents = marks.events.filter(
      (e) => marks.tapAt !== null && e.start >= marks.tapAt - 1,
    );
    await context.close();
    return {
      navToShownMs: marks.shownAt,
      longestTaskMs: tasks?.longestMs ?? null,
      longTasks: tasks?.count ?? 0,
      blockingMs: tasks?.blockingMs ?? 0,
      navToToggleMs: marks.toggleShownAt,
      tapToTrayMs: tapOk ? (marks.trayFrameAt as number) - (marks.tapAt as number) : null,
      tapToHandledMs:
        marks.tapAt !== null && marks.tapHandledAt !== null
          ? marks.tapHandledAt - marks.tapAt
          : null,
      tapToPaintMs: tapEvents.length > 0 ? Math.max(...tapEvents.map((e) => e.duration)) : null,
      tapProblem,
      marks,
      pageErrors: seen.pageErrors.map((e) => e.message),
    };
  } finally {
    await browser.close().catch(() => undefined);
  }
}
