import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArchive } from '../fixtures/generateArchive';
import { MARKS_SCRIPT, nodesArrivedAt, readMarks, SHOWN_CLASS } from './support/globeMarks';
import {
  launchBrowser,
  markIntroSeen,
  screenshot,
  startApp,
  type RunningApp,
  watchPage,
} from './support/harness';
import {
  startThumbnailHost,
  THUMBNAIL_HOSTNAME,
  totalOf,
  type ThumbnailHost,
  type ThumbnailHostCounts,
} from './support/thumbnailHost';

/*
 * Card faces when the provider's thumbnail host (i.ytimg.com) is dead or flaky (issue 13), against
 * the built app and a real local stand-in for the host (no request interception): the globe is
 * shown without waiting for the host, every card has a face at once, and real faces arrive from
 * whatever answers. Every wait is on state (the canvas class, `window.__globe.stats().faces`).
 */

const DESKTOP = { width: 1280, height: 800 };
/** ARCHITECTURE §5: the data arrived → the globe shown, the thumbnail host never answering. */
const SHOWN_BUDGET_MS = { 100: 4000, 1000: 5000 } as const;
/**
 * What this machine gets: SwiftShader on two shared cores runs the engine several times slower
 * than a visitor's machine, so twice the budget plus 5 s. An engine that waits for the host (as
 * the one before issue 13 did, for every image) never shows the globe at all.
 */
const shownBound = (n: keyof typeof SHOWN_BUDGET_MS) => 2 * SHOWN_BUDGET_MS[n] + 5000;
/**
 * Once shown, every card has a face (drawn locally, no network) within this: "at once" for a
 * visitor; composing 1,000 faces on a 2D canvas under SwiftShader on two shared cores is slower.
 */
const EVERY_FACE_MS = 15_000;
/** Once shown, real faces from the hosts that answer arrive within this. */
const REAL_FACES_MS = 45_000;

type Faces = { cards: number; none: number; local: number; fallback: number; real: number };

let dir: string;
let host: ThumbnailHost;
let browser: Browser;
let never100: RunningApp;
let mixed1000: RunningApp;
/** Gallery cards of the mixed archive: their images come from the app, not the thumbnail host. */
let mixedGalleries: number;
let neverGalleries: number;
/** Card copies that are not there (404): the cards fall back to the photos' thumbnails. */
const MISSING_CARD = '/missing-card-copy/';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'globe-faces-'));
  const write = (name: string, nodes: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(nodes));
    return file;
  };
  // Its galleries name card copies that were never stored (a record from before card copies, or a
  // hand-edited one): their cards must fall back to the thumbnails, which are there.
  const never = generateArchive(100, { thumbnails: 'never' }).map((node) =>
    Array.isArray(node.images)
      ? {
          ...node,
          images: (node.images as { thumbUrl: string }[]).map((image, i) => ({
            ...image,
            cardUrl: `${MISSING_CARD}${String(node.video_id)}-${i}.jpg`,
          })),
        }
      : node,
  );
  neverGalleries = never.filter((node) => node.type === 'gallery').length;
  const neverFile = write('never-100.json', never);
  const mixed = generateArchive(1000, { thumbnails: 'mixed' });
  mixedGalleries = mixed.filter((node) => node.type === 'gallery').length;
  const mixedFile = write('mixed-1000.json', mixed);
  host = await startThumbnailHost();
  [browser, never100, mixed1000] = await Promise.all([
    launchBrowser({ thumbnailHost: host }),
    startApp({ archiveFile: neverFile }),
    startApp({ archiveFile: mixedFile }),
  ]);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await Promise.all([never100?.stop(), mixed1000?.stop(), host?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * The home page as a returning visitor opens it, with the page-clock marks recorded. Console
 * errors about the thumbnail host's resources (a 500, an image that is not one) are what a
 * visitor's console shows too; any other console error is collected as unexpected.
 */
async function openHome(app: RunningApp) {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  await markIntroSeen(context);
  const page = await context.newPage();
  await page.addInitScript({ content: MARKS_SCRIPT });
  const seen = watchPage(page);
  const unexpectedConsoleErrors: string[] = [];
  let hostConsoleErrors = 0;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (
      where.startsWith(`https://${THUMBNAIL_HOSTNAME}/`) ||
      message.text().includes(THUMBNAIL_HOSTNAME)
    )
      hostConsoleErrors++;
    else if (where.includes(MISSING_CARD)) return;
    else unexpectedConsoleErrors.push(`${message.text()} (at ${where || 'unknown'})`);
  });
  const nodes = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/nodes');
  await page.goto(`${app.url}/`);
  await (await nodes).finished();
  return { page, seen, unexpectedConsoleErrors, hostConsoleErrors: () => hostConsoleErrors };
}

/** The engine's face counts now, with a clear failure when the diagnostics lack them. */
async function facesOf(page: Page): Promise<Faces> {
  const read = await page.evaluate(() => {
    const globe = window.__globe;
    if (!globe) return { globe: false as const };
    const stats = globe.stats();
    return { globe: true as const, cards: stats.cards, faces: stats.faces ?? null };
  });
  if (!read.globe) throw new Error('window.__globe is absent: no globe runs in the page');
  if (read.faces === null || typeof read.faces?.real !== 'number')
    throw new Error(
      'window.__globe.stats().faces is missing: the engine does not implement the faces ' +
        'contract of src/lib/globeDiagnostics.ts ({ none, local, fallback, real, loading, queued })',
    );
  const { none, local, fallback, real } = read.faces;
  return { cards: read.cards, none, local, fallback, real };
}

/** Polls the face counts until `done` holds; fails after `timeoutMs` with the last counts. */
async function waitForFaces(
  page: Page,
  what: string,
  done: (faces: Faces) => boolean,
  timeoutMs: number,
): Promise<Faces> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const faces = await facesOf(page);
    if (done(faces)) return faces;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${timeoutMs / 1000} s; faces now ${JSON.stringify(faces)}`,
      );
    await page.waitForTimeout(250);
  }
}

/**
 * Waits for the canvas to be shown, at most `boundMs` after the data arrived, and answers the
 * page-clock time from the data to shown. On failure says what the globe was doing.
 */
async function shownAfterData(page: Page, boundMs: number, what: string): Promise<number> {
  const dataAt = await nodesArrivedAt(page);
  if (dataAt === null) throw new Error('the page has no Resource Timing entry for /api/nodes');
  const shown = await page
    .locator(`canvas.${SHOWN_CLASS}`)
    .waitFor({ state: 'attached', timeout: boundMs })
    .then(
      () => true,
      () => false,
    );
  const marks = await readMarks(page);
  if (!shown || !marks || marks.shownAt === null) {
    const state = await page.evaluate(() => {
      const globe = window.__globe;
      return globe ? { ready: globe.ready, stats: globe.stats() } : null;
    });
    throw new Error(
      `${what}: the globe was not shown within ${boundMs / 1000} s of the data arriving ` +
        `(window.__globe: ${state ? JSON.stringify(state) : 'absent'})`,
    );
  }
  return marks.shownAt - dataAt;
}

/** Requests and answers the stand-in counted since `before`, by behaviour. */
function countsSince(before: ThumbnailHostCounts, after: ThumbnailHostCounts) {
  const diff = (table: 'requests' | 'answered', b: 'fast' | 'slow' | 'fail' | 'junk' | 'never') =>
    totalOf(after[table], [b]) - totalOf(before[table], [b]);
  return {
    requested: { fast: diff('requests', 'fast'), slow: diff('requests', 'slow') },
    answered: { fast: diff('answered', 'fast'), slow: diff('answered', 'slow') },
  };
}

/** Waits until every card has a face (none left without one); answers the counts and the wait. */
async function everyCardWithAFace(page: Page, what: string) {
  const started = Date.now();
  const faces = await waitForFaces(
    page,
    `every card with a face (${what})`,
    (f) => f.none === 0 && f.local + f.fallback + f.real === f.cards,
    EVERY_FACE_MS,
  );
  return { faces, afterMs: Date.now() - started };
}

describe('card faces with the thumbnail host', () => {
  it('never answering, 100 cards: shows the globe without waiting, every card with a face', async () => {
    const { page, seen, unexpectedConsoleErrors } = await openHome(never100);
    const bound = shownBound(100);
    const dataToShown = await shownAfterData(page, bound, '100 cards, host never answering');
    const { faces, afterMs } = await everyCardWithAFace(page, 'host never answering');
    console.info(
      `100 cards, host never answering: shown ${Math.round(dataToShown)} ms after the data ` +
        `(budget ${SHOWN_BUDGET_MS[100]} ms, bound here ${bound} ms); every card with a face ` +
        `${afterMs} ms later: ${JSON.stringify(faces)}`,
    );
    expect(dataToShown).toBeLessThanOrEqual(bound);
    expect(faces.cards).toBe(100);
    expect(faces.none).toBe(0);
    expect(faces.local + faces.fallback + faces.real).toBe(100);
    // The galleries' missing card copies are replaced by their thumbnails: real faces, not the
    // default thumbnail (a fallback).
    const withThumbnails = await waitForFaces(
      page,
      `${neverGalleries} galleries with real faces from their thumbnails`,
      (f) => f.real >= neverGalleries,
      REAL_FACES_MS,
    );
    expect(withThumbnails.real).toBe(neverGalleries);
    await screenshot(page, 'faces-never-100');
    expect(seen.pageErrors.map(String)).toEqual([]);
    expect(unexpectedConsoleErrors).toEqual([]);
  });

  it('fast, slow, failing, junk and never answering in turn, 1,000 cards: shown, every card with a face, real faces from those that answer', async () => {
    const before = host.counts();
    const { page, seen, unexpectedConsoleErrors, hostConsoleErrors } = await openHome(mixed1000);
    const bound = shownBound(1000);
    const dataToShown = await shownAfterData(page, bound, '1,000 cards, mixed host');
    const { faces, afterMs } = await everyCardWithAFace(page, 'mixed host');
    console.info(
      `1,000 cards, mixed host: shown ${Math.round(dataToShown)} ms after the data ` +
        `(budget ${SHOWN_BUDGET_MS[1000]} ms, bound here ${bound} ms); every card with a face ` +
        `${afterMs} ms later: ${JSON.stringify(faces)}`,
    );
    expect(dataToShown).toBeLessThanOrEqual(bound);
    expect(faces.cards).toBe(1000);
    expect(faces.none).toBe(0);
    expect(faces.local + faces.fallback + faces.real).toBe(1000);

    // 600 of the 1,000 cards can get a real face: the 333 galleries, whose images the app serves,
    // and the 267 videos whose host answers (fast and slow, two of the five behaviours). The
    // figures do not tell videos from galleries, so only real faces beyond the gallery count are
    // surely videos: 20 more (under a tenth of the videos that can, fewer than the first view
    // holds) proves that faces from the thumbnail host arrive while 60 % of its videos fail, send
    // junk or never answer, with room for a slow machine and a scheduler that goes view by view.
    const VIDEO_FACES_AT_LEAST = 20;
    const REAL_AT_LEAST = mixedGalleries + VIDEO_FACES_AT_LEAST;
    const started = Date.now();
    const real = await waitForFaces(
      page,
      `at least ${REAL_AT_LEAST} real faces (mixed host: ${mixedGalleries} galleries + ` +
        `${VIDEO_FACES_AT_LEAST} videos); the stand-in saw ` +
        JSON.stringify(countsSince(before, host.counts())),
      (f) => f.real >= REAL_AT_LEAST,
      REAL_FACES_MS,
    );
    const seenByHost = countsSince(before, host.counts());
    console.info(
      `1,000 cards, mixed host: ${real.real} real faces ${Date.now() - started} ms after every ` +
        `card had one: ${JSON.stringify(real)}; the stand-in: ${JSON.stringify(seenByHost)}; ` +
        `${hostConsoleErrors()} console errors about its resources`,
    );
    expect(real.real).toBeGreaterThanOrEqual(REAL_AT_LEAST);
    expect(real.none).toBe(0);
    // The real faces of videos came from the host: it was asked for fast and slow ids, and answered.
    expect(seenByHost.requested.fast).toBeGreaterThan(0);
    expect(seenByHost.answered.fast).toBeGreaterThan(0);
    expect(seenByHost.requested.slow).toBeGreaterThan(0);
    expect(seenByHost.answered.slow).toBeGreaterThan(0);
    expect(seenByHost.answered.fast + seenByHost.answered.slow).toBeGreaterThanOrEqual(
      VIDEO_FACES_AT_LEAST,
    );
    await screenshot(page, 'faces-mixed-1000');
    expect(seen.pageErrors.map(String)).toEqual([]);
    expect(unexpectedConsoleErrors).toEqual([]);
  }, 90_000);
});
