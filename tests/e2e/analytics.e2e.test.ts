import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRoute, type MediaNode } from '@/lib/nodeModel';
import { allCardsShown, hoverSomeCard, pointableCards } from './support/globePointer';
import {
  buildAppInto,
  launchBrowser,
  markIntroSeen,
  ROOT,
  startApp,
  type RunningApp,
  watchPage,
  SAMPLE,
  sampleNodes,
} from './support/harness';

/*
 * Analytics as it leaves the browser. The app is built a second time with a fake measurement id;
 * every request to another host is intercepted and none is sent out. Google's tag is answered by
 * a stand-in (tests/fixtures/gtagStandIn.js) that turns the app's gtag commands into GA4 collect
 * hits the way the real tag does, so the test reads page views and clicks as requests.
 */

const MEASUREMENT_ID = 'G-E2ETEST01';
const BUILD_DIR = join(ROOT, 'dist-e2e-analytics');
const PLAIN_BUILD_DIR = join(ROOT, 'dist-e2e-plain');
const sample = sampleNodes;
const ids = sample.map((n) => n.video_id);
const byId = new Map(sample.map((n) => [n.video_id, n]));
const GTAG_STAND_IN = readFileSync(join(ROOT, 'tests/fixtures/gtagStandIn.js'), 'utf8');

interface Hit {
  name: string;
  path: string;
  params: Record<string, string>;
  tid: string | null;
}

/** How long a report or a live figure may take to arrive on a busy machine. */
const WAIT = { timeout: 20_000 };

let browser: Browser;
let withId: RunningApp;
let withoutId: RunningApp;
const contexts: BrowserContext[] = [];

/**
 * A returning visitor whose every request to another host is caught here: Google's tag gets the
 * stand-in, collect hits are recorded and answered 204, anything else is refused.
 */
async function visitor(app: RunningApp) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await markIntroSeen(context);
  const outside: string[] = [];
  const hits: Hit[] = [];
  await context.route(
    (url) => url.origin !== new URL(app.url).origin,
    async (route) => {
      const url = new URL(route.request().url());
      outside.push(url.href);
      if (url.hostname === 'www.googletagmanager.com' && url.pathname === '/gtag/js') {
        await route.fulfill({ contentType: 'text/javascript', body: GTAG_STAND_IN });
      } else if (url.hostname.endsWith('google-analytics.com') && url.pathname === '/g/collect') {
        hits.push(toHit(url));
        await route.fulfill({ status: 204 });
      } else {
        await route.abort('blockedbyclient');
      }
    },
  );
  const page = await context.newPage();
  const seen = watchPage(page);
  return { page, hits, outside, seen };
}

function toHit(url: URL): Hit {
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams)
    if (key.startsWith('ep.')) params[key.slice(3)] = value;
  return {
    name: url.searchParams.get('en') ?? '',
    path: new URL(url.searchParams.get('dl') ?? 'about:blank').pathname,
    params,
    tid: url.searchParams.get('tid'),
  };
}

/** Waits for the globe to show every card, then clicks the most isolated one a visitor can see. */
async function clickACard(page: Page): Promise<MediaNode> {
  await allCardsShown(page);
  const card = await hoverSomeCard(page, await pointableCards(page, ids));
  await page.mouse.click(card.x, card.y);
  return byId.get(card.id) as MediaNode;
}

/** Builds the app with this measurement id ('' for none), whatever a local .env says. */
function buildWith(measurementId: string, outDir: string) {
  buildAppInto(outDir, { VITE_GA_MEASUREMENT_ID: measurementId });
}

beforeAll(async () => {
  buildWith(MEASUREMENT_ID, BUILD_DIR);
  buildWith('', PLAIN_BUILD_DIR);
  browser = await launchBrowser();
  [withId, withoutId] = await Promise.all([
    startApp({
      archiveFile: SAMPLE,
      env: { STATIC_DIR: BUILD_DIR, VITE_GA_MEASUREMENT_ID: MEASUREMENT_ID },
    }),
    startApp({
      archiveFile: SAMPLE,
      env: { STATIC_DIR: PLAIN_BUILD_DIR, VITE_GA_MEASUREMENT_ID: '' },
    }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await Promise.all([withId?.stop(), withoutId?.stop()]);
  for (const dir of [BUILD_DIR, PLAIN_BUILD_DIR]) rmSync(dir, { recursive: true, force: true });
});

describe('with a measurement id', () => {
  it('sends a page view per route and a click per card, chip and related item, all intercepted', async () => {
    const { page, hits, outside, seen } = await visitor(withId);
    await page.goto(`${withId.url}/`);
    await expect.poll(() => hits.map((h) => `${h.name} ${h.path}`), WAIT).toContain('page_view /');
    expect(hits[0]?.tid).toBe(MEASUREMENT_ID);

    // A card picked on the globe: the click, then the page view of the item's route.
    const card = await clickACard(page);
    await page.waitForURL(`**${nodeRoute(card)}`);
    await expect
      .poll(() => hits.filter((h) => h.name === 'click').map((h) => h.params), WAIT)
      .toContainEqual({ event_category: 'Globe card', event_label: card.video_id });
    await expect
      .poll(() => hits.map((h) => `${h.name} ${h.path}`), WAIT)
      .toContain(`page_view ${nodeRoute(card)}`);

    // A related item, then a category chip, from an open video.
    const video = sample.find(
      (n) => n.type === 'video' && n.links.length > 0 && n.categories.length > 0,
    ) as MediaNode;
    await page.goto(`${withId.url}${nodeRoute(video)}`);
    await page.locator('.detail-overlay--shown').waitFor({ timeout: 60_000 });
    const iframe = new URL(
      (await page.locator('.detail__player iframe').getAttribute('src')) ?? '',
    );
    expect(iframe.searchParams.get('enablejsapi')).toBe('1');
    expect(iframe.searchParams.get('origin')).toBe(withId.url);
    // Plays, pauses and completions are read through the provider's IFrame Player API.
    await expect.poll(() => outside, WAIT).toContain('https://www.youtube.com/iframe_api');

    const related = byId.get(video.links[0] as string) as MediaNode;
    await page
      .getByRole('region', { name: 'Related Media' })
      .getByRole('link', { name: related.title })
      .click();
    await page.waitForURL(`**${nodeRoute(related)}`);
    const chip = related.categories[0] as { slug: string; name: string };
    await page.getByRole('dialog').getByRole('heading', { name: related.title }).waitFor();
    await page.getByRole('dialog').getByRole('link', { name: chip.name }).click();
    await page.waitForURL(`**/category/${chip.slug}`);

    await expect
      .poll(() => hits.filter((h) => h.name === 'click').map((h) => h.params), WAIT)
      .toEqual(
        expect.arrayContaining([
          { event_category: 'Related media', event_label: related.video_id },
          { event_category: 'Category chip', event_label: chip.slug },
        ]),
      );
    await expect
      .poll(() => hits.filter((h) => h.name === 'page_view').map((h) => h.path), WAIT)
      .toEqual(expect.arrayContaining([nodeRoute(related), `/category/${chip.slug}`]));
    // Every hit is for this archive's id, and nothing the page policy refused.
    expect(new Set(hits.map((h) => h.tid))).toEqual(new Set([MEASUREMENT_ID]));
    expect(seen.consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    expect(seen.pageErrors).toEqual([]);
  });
});

describe('without a measurement id', () => {
  it('loads no analytics script and sends no request anywhere', async () => {
    const { page, outside, seen } = await visitor(withoutId);
    const requests: string[] = [];
    page.on('request', (request: Request) => requests.push(request.url()));
    await page.goto(`${withoutId.url}/`);
    const card = await clickACard(page);
    await page.waitForURL(`**${nodeRoute(card)}`);
    await page.locator('.detail-overlay--shown').waitFor({ timeout: 60_000 });
    const chip = card.categories[0];
    if (chip) {
      await page.getByRole('dialog').getByRole('link', { name: chip.name }).click();
      await page.waitForURL(`**/category/${chip.slug}`);
    }
    await page.goto(`${withoutId.url}/statement`);
    await page.getByText('Analytics is off').waitFor();

    expect(requests.filter((url) => /google|gtag|doubleclick/.test(url))).toEqual([]);
    expect(outside.filter((url) => /google|gtag|iframe_api/.test(url))).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window)).toBe(false);
    expect(seen.pageErrors).toEqual([]);
  });
});
