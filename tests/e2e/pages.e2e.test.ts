import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRoute, type MediaNode } from '@/lib/nodeModel';
import {
  axeViolations,
  launchBrowser,
  markIntroSeen,
  screenshot,
  startApp,
  type RunningApp,
  watchPage,
  SAMPLE,
  sampleNodes,
} from './support/harness';
import { allCardsShown } from './support/globePointer';

/*
 * The archive's pages and detail views as a visitor sees them on a desktop and on a phone: each
 * is looked at (screenshots under screenshots/), fits its width, and passes axe.
 */

const sample = sampleNodes;
const video = sample.find((n) => n.type === 'video' && n.links.length >= 3) as MediaNode;
const gallery = sample.find((n) => n.type === 'gallery' && n.images.length >= 3) as MediaNode;

const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Width = keyof typeof WIDTHS;

/** How long a report or a live figure may take to arrive on a busy machine. */
const WAIT = { timeout: 20_000 };

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];

async function open(path: string, width: Width): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDTHS[width] });
  contexts.push(context);
  await markIntroSeen(context);
  const page = await context.newPage();
  await page.goto(`${app.url}${path}`);
  return page;
}

/** Whether the page is wider than the window (a sideways scroll a phone visitor would hit). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** The detail view fully faded in (its class comes at the start of the 0.4 s fade). */
const overlayIn = async (page: Page) => {
  await page.locator('.detail-overlay--shown').waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.detail-overlay') as Element).opacity === '1',
  );
};

const columns = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startApp({ archiveFile: SAMPLE });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

const PAGES = [
  ['/statement', 'About this archive', /Privacy and analytics/],
  ['/resources', 'Resources', /Content to review\./],
  ['/terms', 'Terms for contributors', /Shown in this archive only/],
  ['/submit', 'Submit media', /An editor reviews every submission/],
  ['/contact', 'Contact', /To have an item taken down or corrected/],
  ['/env', 'Environment', /The globe, live/],
] as const;

describe.each(Object.keys(WIDTHS) as Width[])('on a %s', (width) => {
  it.each(PAGES)('%s shows its words, fits, and passes axe', async (path, heading, text) => {
    const page = await open(path, width);
    const seen = watchPage(page);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.getByText(text).first().waitFor();
    expect(await page.title()).toBe(`${heading} · Globe Archive`);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `page-${path.slice(1)}-${width}`);
    expect(seen.pageErrors).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
  });

  it("a video shows its player, and its Related Media in the spec's columns", async () => {
    const page = await open(nodeRoute(video), width);
    await overlayIn(page);
    expect(await columns(page, '.detail__related')).toBe(width === 'phone' ? 3 : 5);
    const player = await page.locator('.detail__player').boundingBox();
    expect((player?.width ?? 0) / (player?.height ?? 1)).toBeCloseTo(16 / 9, 1);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, `detail-video-${width}`);
  });

  it("a gallery shows its images in the spec's columns, and the lightbox", async () => {
    const page = await open(nodeRoute(gallery), width);
    await overlayIn(page);
    expect(await columns(page, '.gallery__grid')).toBe(width === 'phone' ? 2 : 8);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, `detail-gallery-${width}`);
    await page.getByRole('list', { name: 'Images' }).getByRole('button').first().click();
    const lightbox = page.locator('.lightbox');
    await lightbox.locator('img').waitFor();
    await page.waitForFunction(
      () => (document.querySelector('.lightbox img') as HTMLImageElement | null)?.complete === true,
    );
    expect(await page.getByRole('button', { name: 'Next image' }).isVisible()).toBe(true);
    // The image, not the buttons, takes the width: most of the window's on a phone.
    const box = await lightbox.locator('img').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(WIDTHS[width].width * (width === 'phone' ? 0.8 : 0.5));
    await screenshot(page, `detail-lightbox-${width}`);
  });
});

describe('the globe while reading another page', () => {
  it('keeps running, /env shows its live figures, and the globe comes back as it was', async () => {
    const page = await open('/', 'desktop');
    const seen = watchPage(page);
    await allCardsShown(page);
    await page
      .getByRole('navigation', { name: 'Site' })
      .getByRole('link', { name: 'About' })
      .click();
    await page.getByRole('link', { name: 'Environment' }).click();
    const live = page.getByLabel('The globe, live');
    await live.waitFor();
    await expect
      .poll(async () => (await live.textContent()) ?? '', WAIT)
      .toMatch(new RegExp(`Cards${sample.length} shown of ${sample.length}`));
    // The map, its atmosphere, two card passes, the links; the canvas overlay while a cluster's
    // count shows (the sample's cards near St. Louis gather into one).
    expect(await live.textContent()).toMatch(
      /Draw calls(5|6 \(1 for the canvas overlay\))Clusters/,
    );
    expect(await live.textContent()).toMatch(/Clusters[1-9]\d* holding \d+ cards; \d+ cards drawn/);
    // Hidden and inert: nothing of the globe's page is reachable from this one.
    expect(await page.locator('.home').getAttribute('inert')).not.toBeNull();
    await screenshot(page, 'page-env-live-desktop');

    const started = await page.evaluate(() => window.__globe?.stats().revealed);
    await page.getByRole('link', { name: 'Globe Archive, home' }).click();
    await page.locator('.globe-canvas--shown').waitFor();
    // The same globe: no new reveal, every card still shown.
    expect(await page.evaluate(() => window.__globe?.stats().revealed)).toBe(started);
    expect(seen.pageErrors).toEqual([]);
  });
});

describe('the intro, played again', () => {
  it('Replay intro on /statement forgets it was seen and plays it again', async () => {
    // (Over a globe already shown, the same: app/routes/homeRouteGlobe.test.tsx.)
    const page = await open('/statement', 'desktop');
    const seen = watchPage(page);
    await page.getByRole('button', { name: 'Replay intro' }).click();
    await page.waitForURL(`${app.url}/`);
    const intro = page.getByRole('region', { name: 'Introduction' });
    await intro.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('hasSeenIntro'))).toBeNull();
    expect(await intro.getAttribute('data-stage')).toBe('splash');
    // Past the 4 s splash, the words are typed as on a first visit.
    await expect
      .poll(() => intro.getAttribute('data-stage'), { timeout: 20_000 })
      .toMatch(/^(typing|typed|continue)$/);
    await screenshot(page, 'intro-replayed');
    await intro.getByRole('button', { name: 'Skip intro' }).click();
    await expect.poll(() => intro.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('hasSeenIntro'))).toBe('true');
    await page.locator('canvas.globe-canvas--shown').waitFor({ timeout: 20_000 });
    expect(seen.pageErrors).toEqual([]);
  });
});
