/**
 * Marks a page records about its globe, in its own clock (ms since navigation start), so no figure
 * depends on how often Playwright polls: when `window.__globe` appeared, when the canvas was
 * shown, when `ready` first turned true, and `stats().faces` every 250 ms. Shared by the browser
 * tests and the benchmark: `page.addInitScript({ content: MARKS_SCRIPT })` before navigating.
 */
import type { Page } from 'playwright-core';
import type { FaceCounts } from '@/lib/globeDiagnostics';

/** One reading of `window.__globe.stats().faces` (page clock, ms since navigation start). */
export interface FacesSample extends FaceCounts {
  t: number;
  cards: number;
}

/** Page times (ms since navigation start) the init script records. */
export interface Marks {
  globeAt: number | null;
  readyAt: number | null;
  /** The canvas got `globe-canvas--shown` (src/features/globe/GlobeCanvas.tsx). */
  shownAt: number | null;
  /** Every 250 ms once the globe exists, and once at `shownAt`. */
  faces: FacesSample[];
  /** `stats()` answered without `faces`: the engine predates the faces contract. */
  facesMissing: boolean;
}

/** The class the bridge gives the canvas once the globe is on screen. */
export const SHOWN_CLASS = 'globe-canvas--shown';
const SAMPLE_EVERY_MS = 250;
/** Ten minutes of samples at most, however long a run is left open. */
const MAX_SAMPLES = 2400;

/**
 * Notes, in page time, when `window.__globe` appears, when the canvas is shown, when `ready` first
 * turns true, and samples `stats().faces`, so no figure depends on how often Playwright polls.
 * A string, not a function: tsx adds `__name()` helpers to compiled functions, which do not exist
 * in the page.
 */
export const MARKS_SCRIPT = `(() => {
  const marks = { globeAt: null, readyAt: null, shownAt: null, faces: [], facesMissing: false };
  Object.defineProperty(window, '__benchMarks', { value: marks });
  const sample = () => {
    const globe = window.__globe;
    if (globe === undefined || globe === null || marks.faces.length >= ${MAX_SAMPLES}) return;
    let stats;
    try { stats = globe.stats(); } catch { return; }
    const f = stats && stats.faces;
    if (f === undefined || f === null || typeof f.real !== 'number') { marks.facesMissing = true; return; }
    marks.faces.push({ t: performance.now(), cards: stats.cards, none: f.none, local: f.local,
      fallback: f.fallback, real: f.real, loading: f.loading, queued: f.queued });
  };
  let timer = 0;
  const check = () => {
    const now = performance.now();
    const globe = window.__globe;
    if (globe !== undefined && globe !== null) {
      if (marks.globeAt === null) marks.globeAt = now;
      if (marks.readyAt === null && globe.ready === true) marks.readyAt = now;
    }
    if (marks.shownAt === null && document.querySelector('canvas.${SHOWN_CLASS}') !== null) {
      marks.shownAt = now;
      sample();
    }
    const done = marks.readyAt !== null && marks.shownAt !== null;
    if (done) { clearInterval(timer); observer.disconnect(); }
    return done;
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  const onFrame = () => { if (!check()) requestAnimationFrame(onFrame); };
  requestAnimationFrame(onFrame);
  timer = setInterval(check, 10);
  setInterval(sample, ${SAMPLE_EVERY_MS});
})();`;

export type MarksWindow = Window & { __benchMarks?: Marks };

export async function readMarks(page: Page): Promise<Marks | null> {
  return page.evaluate(() => (window as MarksWindow).__benchMarks ?? null);
}

/**
 * When the `GET /api/nodes` response had fully arrived, in page time (Resource Timing), or null
 * while it has not.
 */
export async function nodesArrivedAt(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => /^\/api\/nodes\/?$/.test(new URL(e.name).pathname)) as
      PerformanceResourceTiming | undefined;
    return entry && entry.responseEnd > 0 ? entry.responseEnd : null;
  });
}
