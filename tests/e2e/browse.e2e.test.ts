import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  launchBrowser,
  screenshot,
  startApp,
  type RunningApp,
  visitorPage,
  watchPage,
  SAMPLE,
  sampleNodes,
} from './harness';

/*
 * A visitor's way around the globe: the filter tray and its routes, an archive that cannot be
 * loaded, the keyboard and screen readers, a phone. Nothing here is timed on the wall clock (the
 * intro's and the preloader's schedules are in journey.e2e.test.ts, which runs alone), so this
 * file runs beside the others.
 */

const sample = sampleNodes;
const DESKTOP = { width: 1280, height: 800 };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];

/** A visitor's page at `path` of `base` (the sample archive's app unless given). */
const open = (
  path: string,
  {
    base,
    ...visitor
  }: { base?: string; returning?: boolean; options?: BrowserContextOptions } = {},
): Promise<Page> => visitorPage(browser, contexts, `${base ?? app.url}${path}`, visitor);

const globeReady = (page: Page, timeout = 60_000) =>
  page.waitForFunction(() => window.__globe?.ready === true, null, { timeout });

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startApp({ archiveFile: SAMPLE });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('the filter tray', () => {
  it('opens without the intro with ?skipIntro=true; navigates with each chip, closes on choice, Escape and mouse leave, and marks the active chip', async () => {
    // A first visit with ?skipIntro=true: no intro, and it is not remembered as seen.
    const page = await open('/?skipIntro=true', { returning: false });
    await globeReady(page);
    expect(await page.locator('.intro').count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('hasSeenIntro'))).toBeNull();
    const filters = page.getByRole('button', { name: /^Filters/ });
    const category = sample[0]?.categories[0] as { slug: string; name: string };
    const panel = page.getByRole('group', { name: 'Filters' });

    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    expect(
      await panel.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await screenshot(page, 'journey-tray-open');
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: category.name }).click();
    await page.waitForURL(`**/category/${category.slug}`);
    expect(await panel.isHidden()).toBe(true);

    await filters.click();
    expect(
      await panel.getByRole('button', { name: category.name }).getAttribute('aria-pressed'),
    ).toBe('true');
    await panel.getByRole('button', { name: 'Videos' }).click();
    await page.waitForURL(`**/category/${category.slug}?type=video`);
    await filters.click();
    await panel.getByRole('button', { name: 'All Media' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/category/${category.slug}` && url.search === '',
    );
    await filters.click();
    await panel.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');

    await filters.click();
    await page.keyboard.press('Escape');
    expect(await panel.isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Filters/);

    await filters.click();
    const box = (await panel.boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.move(box.x + box.width + 200, box.y + box.height + 200, { steps: 4 });
    await expect.poll(() => panel.isHidden()).toBe(true);
  });

  it('filters by category only when the type is not video or gallery, also after a reload', async () => {
    const category = sample[0]?.categories[0] as { slug: string };
    const expected = sample.filter((n) =>
      n.categories.some((c) => c.slug === category.slug),
    ).length;
    const page = await open(`/category/${category.slug}?type=foo`);
    await page.getByText(`${expected} of ${sample.length} items match the filter`).waitFor();
    await page.reload();
    await page.getByText(`${expected} of ${sample.length} items match the filter`).waitFor();
    await globeReady(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('when the archive cannot be loaded', () => {
  it('says so with Retry, keeps the intro, and recovers without a reload once the service is back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'globe-down-'));
    const env = { DATA_DIR: dataDir, SEED_FILE: SAMPLE };
    // Another server holds the data folder: this one's nodes-service answers 503 until it is free.
    const holder = await startApp({ env });
    const down = await startApp({ env, waitFor: 'app' });
    try {
      expect((await fetch(`${down.url}/api/nodes`)).status).toBe(503);
      const first = await browser.newPage({ viewport: DESKTOP });
      await first.goto(down.url);
      await first.locator('.intro[data-stage="splash"]').waitFor();
      expect(await first.getByRole('alert').count()).toBe(0);
      await first.close();

      const page = await open('/', { returning: true, base: down.url });
      const seen = watchPage(page);
      const alert = page.getByRole('alert');
      await alert.getByText('The archive could not be loaded').waitFor();
      expect(await alert.textContent()).toMatch(/unavailable right now \(error 503\)/);
      await screenshot(page, 'journey-failure');
      expect(await page.locator('.home').getAttribute('class')).toContain('home--loading');

      await holder.stop();
      await expect
        .poll(async () => (await fetch(`${down.url}/api/nodes`)).status, {
          timeout: 20_000,
          interval: 500,
        })
        .toBe(200);
      await alert.getByRole('button', { name: 'Retry' }).click();
      await globeReady(page);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(
        await page.getByRole('list', { name: 'Archive items' }).getByRole('link').count(),
      ).toBe(sample.length);
      expect(seen.pageErrors).toEqual([]);
    } finally {
      await down.stop();
      await holder.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('keyboard and screen readers', () => {
  it('opens an item with the keyboard alone: skip link, list, the globe turns, Enter', async () => {
    const page = await open('/?skipIntro=true');
    await globeReady(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Skip to the archive items',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('archive-items');
    const before = await page.evaluate(() => window.__globe?.camera().alpha);
    // The second item, so the globe has somewhere to turn to from its start over St. Louis.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toMatch(/^\/(video|gallery)\//);
    // The list slid into view, and the globe turns to the focused item's card.
    await expect
      .poll(async () => {
        const panel = (await page.locator('.archive-panel').boundingBox()) as {
          x: number;
          width: number;
        };
        return panel.x + panel.width;
      })
      .toBeLessThanOrEqual(DESKTOP.width + 1);
    await expect
      .poll(() => page.evaluate(() => window.__globe?.camera().alpha), { timeout: 10_000 })
      .not.toBe(before);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${focused}`);
  });

  it('has no serious or critical axe violations on the intro', async () => {
    const page = await open('/', { returning: false });
    await page.locator('.intro').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('a phone', () => {
  it('works with taps at 360 px: tray, chips, list; text fits and is readable', async () => {
    const page = await open('/?skipIntro=true', {
      options: {
        viewport: { width: 360, height: 740 },
        userAgent: IPHONE,
        hasTouch: true,
        isMobile: true,
        deviceScaleFactor: 1,
      },
    });
    await globeReady(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    const category = sample[0]?.categories[0] as { slug: string; name: string };
    await page.getByRole('button', { name: /^Filters/ }).tap();
    await page
      .getByRole('group', { name: 'Filters' })
      .getByRole('button', { name: category.name })
      .tap();
    await page.waitForURL(`**/category/${category.slug}`);
    await page.getByRole('button', { name: 'List' }).tap();
    const first = page.getByRole('list', { name: 'Archive items' }).getByRole('link').first();
    const size = await first.evaluate((a) =>
      parseFloat(getComputedStyle(a.querySelector('.archive-items__title') as Element).fontSize),
    );
    expect(size).toBeGreaterThanOrEqual(14);
    await expect
      .poll(async () => (await page.locator('.archive-panel').boundingBox())?.x)
      .toBeLessThanOrEqual(0);
    await screenshot(page, 'journey-phone-list');
    const href = await first.getAttribute('href');
    await first.tap();
    await page.waitForURL(`**${href}`);
  });
});
