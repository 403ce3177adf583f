import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlobeDiagnostics } from '@/lib/globeDiagnostics';
import { generateArchive } from '../fixtures/generateArchive';
import { hoverSomeCard, pointableCards } from './support/globePointer';
import {
  launchBrowser,
  markIntroSeen,
  SAMPLE,
  sampleNodes,
  screenshot,
  startApp,
  type RunningApp,
  watchPage,
} from './support/harness';

/*
 * Issue 14 as a visitor meets it, in real Chromium against the built app: clusters instead of
 * piles (counted, split by zooming, opened by a click), the canvas overlay's callout for the
 * hovered card and for the card the Archive items list turns to (announced), and single cards
 * that still open. Every wait is on state read from `window.__globe`.
 */

/**
 * How long the engine gets to answer the page (a hover, the list's turn): from a worker, the
 * answer is a message and a frame later.
 */
const ENGINE_ANSWER = { timeout: 5_000 };
const DESKTOP = { width: 1280, height: 800 };
const ZOOM_MIN = 10;
const READY_TIMEOUT = 90_000;

type Clusters = ReturnType<GlobeDiagnostics['clusters']>;

let dir: string;
let browser: Browser;
let sample: RunningApp;
let thousand: RunningApp;
let thousandNodes: Record<string, unknown>[];
let thousandIds: string[];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'globe-clusters-'));
  thousandNodes = generateArchive(1000);
  thousandIds = thousandNodes.map((n) => String(n.video_id));
  const file = join(dir, 'thousand.json');
  writeFileSync(file, JSON.stringify(thousandNodes));
  [browser, sample, thousand] = await Promise.all([
    launchBrowser(),
    startApp({ archiveFile: SAMPLE }),
    startApp({ archiveFile: file }),
  ]);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await Promise.all([sample?.stop(), thousand?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * One page per archive, shared by the tests of its describe block in order (each 1,000-card load
 * costs ~15 s under SwiftShader): a later test starts where the one before left the view.
 */
const pages = new Map<RunningApp, Promise<{ page: Page; seen: ReturnType<typeof watchPage> }>>();
function globeOf(app: RunningApp) {
  let opened = pages.get(app);
  if (!opened) pages.set(app, (opened = openGlobe(app)));
  return opened;
}

async function openGlobe(app: RunningApp) {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  await markIntroSeen(context);
  const page = await context.newPage();
  const seen = watchPage(page);
  await page.goto(`${app.url}/`);
  await page.waitForFunction(() => window.__globe?.ready === true, null, {
    timeout: READY_TIMEOUT,
  });
  return { page, seen };
}

const clustersOf = (page: Page): Promise<Clusters> =>
  page.evaluate(() => {
    const globe = window.__globe;
    if (!globe) throw new Error('window.__globe is gone');
    return globe.clusters();
  });
const calloutOf = (page: Page) => page.evaluate(() => window.__globe?.callout() ?? null);
const radiusOf = (page: Page) => page.evaluate(() => window.__globe?.camera().radius ?? NaN);

/**
 * Resolves once the clusters have regrouped for a settled zoom: no flight on, and two equal reads
 * 300 ms apart (a flight's last frames may change the radius by less than the reads show).
 */
async function settled(page: Page): Promise<Clusters> {
  let previous = '';
  await expect
    .poll(
      async () => {
        const camera = await page.evaluate(() => window.__globe?.camera());
        if (!camera || camera.flying) {
          previous = '';
          return false;
        }
        const { spacing } = await clustersOf(page);
        const key = `${camera.radius.toFixed(4)}/${spacing.toFixed(4)}`;
        const still = key === previous;
        previous = key;
        return still;
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(true);
  return clustersOf(page);
}

/** Resolves once the camera has not moved between two reads 250 ms apart. */
async function cameraStill(page: Page): Promise<void> {
  let previous = '';
  await expect
    .poll(
      async () => {
        const c = await page.evaluate(() => window.__globe?.camera());
        const key = [c?.alpha, c?.beta, c?.radius].map((v) => v?.toFixed(5)).join();
        const still = key === previous;
        previous = key;
        return still;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
}

/**
 * Points the mouse at a card and clicks it once the view is still: the camera leans toward the
 * mouse on desktop (SPEC §2), which moves the card a little from where it was first seen.
 */
async function clickCard(page: Page, id: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = await page.evaluate((cardId) => window.__globe?.project(cardId), id);
    if (!at?.onScreen) throw new Error(`${id} is not on screen`);
    await page.mouse.move(at.x, at.y);
    await cameraStill(page);
    const hovered = await page.evaluate((cardId) => window.__globe?.card(cardId)?.hovered, id);
    if (!hovered) continue;
    const now = await page.evaluate((cardId) => window.__globe?.project(cardId), id);
    if (now) await page.mouse.click(now.x, now.y);
    return;
  }
  throw new Error(`${id} did not stay under the pointer`);
}

describe('clusters and the canvas overlay on the sample archive', () => {
  it('gathers the cards piled near St. Louis into a counted cluster, and shows callouts on hover', async () => {
    const { page, seen } = await globeOf(sample);
    const clusters = await clustersOf(page);
    // The sample's cards around St. Louis overlap at the starting zoom: one card shows for them.
    expect(clusters.count).toBeGreaterThanOrEqual(1);
    const pile = clusters.list[0] as Clusters['list'][number];
    expect(pile.size).toBeGreaterThanOrEqual(2);
    expect(pile.members[0]).toBe(pile.id);
    expect(clusters.shown).toBe(sampleNodes.length - clusters.clustered + clusters.count);
    expect(clusters.badges).toBe(clusters.count);
    // Every member reports the card it shows as; only the leader is drawn.
    for (const member of pile.members) {
      const of = await page.evaluate((id) => window.__globe?.clusterOf(id), member);
      expect(of).toEqual({ shownAs: pile.id, size: pile.size, hidden: member !== pile.id });
    }
    // Most of the sample does not overlap: those cards show as themselves.
    expect(clusters.shown).toBeGreaterThan(sampleNodes.length / 2);

    // A single card: its callout names it, its type and its category.
    const ids = sampleNodes.map((n) => n.video_id);
    const card = await hoverSomeCard(page, await pointableCards(page, ids));
    const node = sampleNodes.find((n) => n.video_id === card.id);
    await expect
      .poll(() => calloutOf(page), ENGINE_ANSWER)
      .toMatchObject({ id: card.id, title: node?.title });
    const callout = await calloutOf(page);
    expect(callout?.meta).toMatch(
      node?.type === 'gallery' ? /^Photo gallery · \d+ photos?/ : /^Video/,
    );
    // Drawn above the card it belongs to, on the canvas.
    expect(callout?.y ?? Infinity).toBeLessThan(card.y);
    expect(callout?.width).toBeGreaterThan(100);
    await screenshot(page, 'globe-callout');

    // The cluster: its callout says how many items it holds.
    const [pileOnScreen] = await pointableCards(page, [pile.id], { clusters: true });
    if (!pileOnScreen) throw new Error('the cluster near St. Louis is not on screen');
    await hoverSomeCard(page, [pileOnScreen]);
    await expect
      .poll(async () => (await calloutOf(page))?.meta ?? '')
      .toContain(`${pile.size} items here`);

    // Off the globe, the callout goes.
    await page.mouse.move(5, DESKTOP.height - 10);
    await expect.poll(() => calloutOf(page), ENGINE_ANSWER).toBeNull();
    expect(seen.pageErrors).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
  });

  it('shows and announces the card the Archive items list turns to, out of its cluster', async () => {
    const { page, seen } = await globeOf(sample);
    const pile = (await clustersOf(page)).list[0] as Clusters['list'][number];
    const member = pile.members[1] as string;
    const node = sampleNodes.find((n) => n.video_id === member);
    if (!node) throw new Error(`${member} is not in the sample`);
    await page.getByRole('button', { name: 'List' }).click();
    const link = page.locator('#archive-items').getByRole('link', {
      name: new RegExp(`^${node.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    });
    await link.focus();

    await expect
      .poll(() => calloutOf(page), ENGINE_ANSWER)
      .toMatchObject({ id: member, title: node.title });
    // It comes out of its cluster, on top of it.
    await expect
      .poll(() => page.evaluate((id) => window.__globe?.clusterOf(id)?.hidden, member))
      .toBe(false);
    const announcement = page.getByTestId('globe-announcement');
    await expect.poll(() => announcement.textContent()).toContain(`On the globe: ${node.title}.`);
    expect(await announcement.getAttribute('aria-live')).toBe('polite');
    await screenshot(page, 'globe-list-callout');

    // Focus leaves the list: the callout goes, the card goes back into its cluster.
    await page.getByRole('button', { name: 'Close list' }).focus();
    await expect.poll(() => calloutOf(page), ENGINE_ANSWER).toBeNull();
    await expect
      .poll(() => page.evaluate((id) => window.__globe?.clusterOf(id)?.hidden, member))
      .toBe(true);
    expect(seen.pageErrors).toEqual([]);
  });
});

describe('clusters of a 1,000-card archive', () => {
  it('split as the visitor zooms in, and a click on one flies in until it splits', async () => {
    const { page, seen } = await globeOf(thousand);
    const start = await clustersOf(page);
    expect(start.count).toBeGreaterThan(50);
    expect(start.clustered).toBeGreaterThan(500);
    expect(start.spacing).toBeCloseTo(1, 5);
    // Counts sum up: each card is in at most one cluster.
    expect(new Set(start.list.flatMap((c) => c.members)).size).toBe(start.clustered);
    await screenshot(page, 'clusters-1000-start');

    // Zooming in with the wheel: once the zoom settles, clusters split and more cards show.
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
    const closer = await settled(page);
    expect(await radiusOf(page)).toBeLessThan(12.4);
    expect(closer.spacing).toBeLessThan(start.spacing);
    expect(closer.shown).toBeGreaterThan(start.shown);

    // A click on a cluster near the middle flies in; when the flight ends, it has split.
    const candidates = await pointableCards(page, thousandIds, { clusters: true });
    const centre = { x: DESKTOP.width / 2, y: DESKTOP.height / 2 };
    const target = candidates
      .filter((c) => Math.hypot(c.x - centre.x, c.y - centre.y) < 300)
      .sort((a, b) => b.isolation - a.isolation)[0];
    if (!target) throw new Error('no cluster near the middle of the view');
    const before = await page.evaluate((id) => window.__globe?.clusterOf(id), target.id);
    const radiusBefore = await radiusOf(page);
    await clickCard(page, target.id);
    await expect.poll(() => radiusOf(page), { timeout: 10_000 }).toBeLessThan(radiusBefore - 0.05);
    const after = await settled(page);
    // Still on the home page: a cluster is not an item.
    expect(new URL(page.url()).pathname).toBe('/');
    const now = await page.evaluate((id) => window.__globe?.clusterOf(id), target.id);
    expect(now?.size ?? 0).toBeLessThan(before?.size ?? 0);
    expect(after.spacing).toBeLessThan(closer.spacing);
    await screenshot(page, 'clusters-1000-flown-in');
    expect(seen.pageErrors).toEqual([]);
  });

  it('fans a cluster out at the closest zoom, and a card in the fan opens', async () => {
    const { page, seen } = await globeOf(thousand);
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
    for (let i = 0; i < 12 && (await radiusOf(page)) > ZOOM_MIN + 0.01; i++)
      await page.mouse.wheel(0, -200);
    await expect.poll(() => radiusOf(page)).toBeLessThanOrEqual(ZOOM_MIN + 0.01);
    await settled(page);
    // A cluster near the middle that the pointer lands on alone (they overlap a little this close).
    const middle = (c: { x: number; y: number }) =>
      Math.hypot(c.x - DESKTOP.width / 2, c.y - DESKTOP.height / 2) < 250;
    const cluster = await hoverSomeCard(
      page,
      (await pointableCards(page, thousandIds, { clusters: true })).filter(middle),
    );
    const group = (await clustersOf(page)).list.find((c) => c.id === cluster.id)?.members ?? [];
    expect(group.length).toBeGreaterThanOrEqual(2);
    await clickCard(page, cluster.id);
    await expect
      .poll(async () => (await clustersOf(page)).fanned, { timeout: 10_000 })
      .toBe(cluster.id);
    // Spread out: no longer counted as a cluster, every card of it shows as itself.
    expect((await clustersOf(page)).list.find((c) => c.id === cluster.id)).toBeUndefined();
    const shownAs = await page.evaluate(
      (ids) => ids.map((id) => window.__globe?.clusterOf(id)?.shownAs),
      group,
    );
    expect(shownAs).toEqual(group);
    await cameraStill(page);
    await screenshot(page, 'clusters-1000-fanned');
    // A card of the fan (not the one that led it) opens like any card.
    const [card] = await pointableCards(page, group.slice(1));
    if (!card) throw new Error('no card of the fan can be aimed at');
    await clickCard(page, card.id);
    const node = thousandNodes.find((n) => n.video_id === card.id);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${String(node?.type)}/${card.id}`);
    expect(seen.pageErrors).toEqual([]);
  });
});
