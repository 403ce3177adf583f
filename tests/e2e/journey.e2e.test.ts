import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/catalogs';
import { nodeRoute, type MediaNode } from '@/lib/nodeModel';
import { CONTINUE_DELAY_MS, SPLASH_MS } from '@/lib/constants';
import { charactersShown, introText, typingSchedule } from '@/lib/typingSchedule';
import { generateArchive } from '../fixtures/generateArchive';
import {
  axeViolations,
  coveredBy,
  launchBrowser,
  markIntroSeen,
  overlayIn,
  screenshot,
  SCREENSHOT_DIR,
  smallTargets,
  startApp,
  type RunningApp,
  watchPage,
  SAMPLE,
  sampleNodes,
} from './support/harness';

const sample = sampleNodes;
const DESKTOP = { width: 1280, height: 800 };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** The phone issue 47 was walked on: 390×844, touch. */
const PHONE_390: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  userAgent: IPHONE,
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 1,
};

interface Mark {
  t: number;
  stage: string;
  chars: number;
  percent: number;
  label: string;
}

declare global {
  interface Window {
    __marks?: Mark[];
    __longTasks?: Array<[number, number]>;
    __firstPaint?: number;
  }
}

/**
 * The first moment at or after `t` when the page's main thread is free: a timer due at `t` cannot
 * run while a long task (the globe's start-up behind the intro takes 0.6-1.6 s here, in
 * software) holds the thread, so it runs when the task ends, or the one straight after it.
 */
function firstFreeMoment(t: number, longTasks: Array<[number, number]>): number {
  let at = t;
  for (const [start, end] of [...longTasks].sort((a, b) => a[0] - b[0]))
    if (start <= at && end > at) at = end;
  return at;
}

/**
 * Records every change of the intro's stage and typed length, and of the preloader, with its time,
 * and the page's long tasks (start and end, on the same clock).
 */
async function recordJourney(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const longTasks: Array<[number, number]> = (window.__longTasks = []);
    new PerformanceObserver((list) => {
      for (const task of list.getEntries())
        longTasks.push([task.startTime, task.startTime + task.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const paint of list.getEntries())
        if (paint.name === 'first-contentful-paint') window.__firstPaint = paint.startTime;
    }).observe({ type: 'paint', buffered: true });
    const marks: Mark[] = (window.__marks = []);
    const record = () => {
      const intro = document.querySelector('.intro');
      const preloader = document.querySelector('.preloader');
      const mark = {
        t: performance.now(),
        stage: intro?.getAttribute('data-stage') ?? 'none',
        chars: Number(intro?.getAttribute('data-chars') ?? -1),
        percent: Number(preloader?.getAttribute('data-percent') ?? -1),
        label: preloader?.querySelector('.preloader__label')?.textContent ?? '',
      };
      const last = marks[marks.length - 1];
      if (
        !last ||
        last.stage !== mark.stage ||
        last.chars !== mark.chars ||
        last.percent !== mark.percent ||
        last.label !== mark.label
      ) {
        marks.push(mark);
      }
    };
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];

async function open(
  path: string,
  { returning = true, record = false, options = {} as BrowserContextOptions, base = '' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  contexts.push(context);
  if (returning) await markIntroSeen(context);
  if (record) await recordJourney(context);
  const page = await context.newPage();
  await page.goto(`${base || app.url}${path}`);
  return page;
}

const globeReady = (page: Page, timeout = 60_000) =>
  page.waitForFunction(() => window.__globe?.ready === true, null, { timeout });

beforeAll(async () => {
  // The intro's words as the page says them to an English visitor (the translation layer's).
  await activateLanguage('en');
  browser = await launchBrowser();
  app = await startApp({ archiveFile: SAMPLE });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('the intro', () => {
  it('shows the splash for 4 s, types the text on schedule, offers Continue 2 s later, and remembers it', async () => {
    const page = await open('/', { returning: false, record: true });
    await page.getByRole('img', { name: 'Globe Archive' }).first().waitFor();
    await screenshot(page, 'journey-intro-splash');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await continueButton.waitFor({ timeout: 45_000 });
    await screenshot(page, 'journey-intro-text');
    const recorded = await page.evaluate(() => ({
      marks: window.__marks ?? [],
      longTasks: window.__longTasks ?? [],
      firstPaint: window.__firstPaint ?? 0,
    }));
    const marks = recorded.marks.filter((m) => m.stage !== 'none');
    /** How late a step came after it was due: from the moment the main thread was free then. */
    const lateness = (mark: Mark, dueAt: number) =>
      mark.t - firstFreeMoment(dueAt, recorded.longTasks);
    // The document brings the splash before any script; it is seen from the first paint, which
    // a cold browser presents up to seconds later: its 4 s count from there.
    const inDocument = marks.find((m) => m.stage === 'splash') as Mark;
    const splash = { ...inDocument, t: Math.max(inDocument.t, recorded.firstPaint) };
    expect(recorded.firstPaint).toBeGreaterThan(0);
    const typing = marks.find((m) => m.stage === 'typing') as Mark;
    const typed = marks.find((m) => m.stage === 'typed') as Mark;
    const ready = marks.find((m) => m.stage === 'continue') as Mark;
    expect(typing.t - splash.t).toBeGreaterThan(SPLASH_MS - 100);
    expect(lateness(typing, splash.t + SPLASH_MS)).toBeLessThan(600);
    // Every typed length seen matches the schedule at that moment (a frame or a slow one late).
    const schedule = typingSchedule(introText());
    const typingMarks = marks.filter((m) => m.stage === 'typing' && m.chars > 0);
    expect(typingMarks.length).toBeGreaterThan(20);
    for (const mark of typingMarks) {
      const elapsed = mark.t - typing.t;
      expect(mark.chars).toBeLessThanOrEqual(charactersShown(schedule, elapsed + 100));
      expect(mark.chars).toBeGreaterThanOrEqual(charactersShown(schedule, elapsed - 500));
    }
    expect(typed.chars).toBe(introText().length);
    expect(typed.t - typing.t).toBeGreaterThan((schedule.at(-1) as number) - 100);
    expect(lateness(typed, typing.t + (schedule.at(-1) as number))).toBeLessThan(800);
    expect(ready.t - typed.t).toBeGreaterThan(CONTINUE_DELAY_MS - 100);
    expect(lateness(ready, typed.t + CONTINUE_DELAY_MS)).toBeLessThan(600);
    // Screen readers get the whole text at once.
    expect(await page.locator('.intro .visually-hidden').textContent()).toBe(introText());

    await continueButton.click();
    expect(await page.evaluate(() => window.localStorage.getItem('hasSeenIntro'))).toBe('true');
    await globeReady(page);
    // A second visit skips it.
    await page.reload();
    await page.locator('.preloader, .globe-canvas--shown').first().waitFor();
    expect(await page.locator('.intro').count()).toBe(0);
  });

  it('shows the text at once with reduced motion, and the globe appears without a slow reveal', async () => {
    const page = await open('/', {
      returning: false,
      record: true,
      options: { reducedMotion: 'reduce' },
    });
    await page.getByRole('button', { name: 'Continue' }).waitFor({ timeout: 15_000 });
    const marks = (await page.evaluate(() => window.__marks ?? [])).filter(
      (m) => m.stage === 'typing' || m.stage === 'typed',
    );
    expect(marks.every((m) => m.chars === introText().length || m.chars === 0)).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('.globe-canvas--shown').waitFor({ timeout: 30_000 });
    const shownAt = Date.now();
    await globeReady(page);
    // 40 cards at one per 100 ms would take 4.4 s; reduced motion reveals them at once.
    expect(Date.now() - shownAt).toBeLessThan(3000);
  });
});

describe('the preloader', () => {
  let big: RunningApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'globe-preloader-'));
    const file = join(dir, 'archive.json');
    writeFileSync(file, JSON.stringify(generateArchive(400)));
    big = await startApp({ archiveFile: file });
  });
  afterAll(async () => {
    await big?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows Loading with a rising percentage, then Done, then the globe', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    await recordJourney(context);
    const page = await context.newPage();
    await page.goto(`${big.url}/?skipIntro=true`);
    await page.getByText('Loading ...').waitFor();
    await screenshot(page, 'journey-preloader');
    await page.locator('.globe-canvas--shown').waitFor({ timeout: 60_000 });
    const marks = (await page.evaluate(() => window.__marks ?? [])).filter((m) => m.percent >= 0);
    const percents = marks.map((m) => m.percent);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    for (let i = 1; i < percents.length; i++)
      expect(percents[i] as number).toBeGreaterThanOrEqual(percents[i - 1] as number);
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    expect(marks.filter((m) => m.label === 'Loading ...').length).toBeGreaterThan(1);
    const done = marks.find((m) => m.label === 'Done') as Mark;
    expect(done.percent).toBe(100);
    expect(await page.locator('.preloader').count()).toBe(0);
  });
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

describe('the language picker', () => {
  // Here rather than with the other pages in Spanish and Bosnian: the switch is measured on the
  // wall clock, and beside other browsers on two cores it took 284 ms where alone it takes 31.
  const video = sample.find((n) => n.type === 'video' && n.links.length >= 3) as MediaNode;
  const gallery = sample.find((n) => n.type === 'gallery' && n.images.length >= 3) as MediaNode;
  const shared = nodeRoute(video);
  /** How long the cards' faces may take to be drawn again on a busy machine. */
  const WAIT = { timeout: 20_000 };

  it('the picker, by keyboard, switches back to English at once, keeping the place, the filters, the item and the globe', async () => {
    const page = await open(`/es${shared}?type=video`);
    const seen = watchPage(page);
    await overlayIn(page);
    await page.locator('canvas.globe-canvas--shown').waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      (window as Window & { __sameDocument?: boolean }).__sameDocument = true;
      document.querySelector('canvas')?.setAttribute('data-kept', 'yes');
    });
    // A gallery's card says its count on its face, in the page's language.
    const faceWords = () =>
      page.evaluate((id) => window.__globe?.card(id)?.words ?? null, gallery.video_id);
    await expect.poll(faceWords, WAIT).toMatch(/\bfotos?\b/);
    const picker = page.getByRole('combobox', { name: 'Idioma del sitio' });
    await picker.focus();
    // Focus asks for the other languages' words (as a person's hand on the menu does before they
    // choose); the time measured is then the switch itself.
    await page.waitForLoadState('networkidle');
    // The time from the choice to the new words on screen, read in the page.
    await page.evaluate(`(() => {
      const select = document.querySelector('.language-picker__select');
      select.addEventListener('change', () => {
        window.__chosenAt = performance.now();
        const check = () => {
          const toggle = document.querySelector('.filter-tray__toggle');
          if (toggle && toggle.textContent.includes('Filters')) window.__wordsAt = performance.now();
          else requestAnimationFrame(check);
        };
        check();
      }, { once: true });
    })()`);
    await page.keyboard.press('ArrowUp');
    await page.getByRole('button', { name: 'Filters' }).waitFor();
    await expect.poll(() => page.evaluate('window.__wordsAt ?? null')).not.toBeNull();
    const switchMs = (await page.evaluate('window.__wordsAt - window.__chosenAt')) as number;
    expect(switchMs).toBeLessThanOrEqual(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      `/en${shared}?type=video`,
    );
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    expect(await page.locator('canvas[data-kept="yes"]').count()).toBe(1);
    expect(await page.locator('.detail-overlay--shown').count()).toBe(1);
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    // The cards' faces are drawn again in English.
    await expect.poll(faceWords, WAIT).toMatch(/\bphotos?\b/);
    expect(await picker.count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Language of the site' }).inputValue()).toBe(
      'en',
    );
    // Remembered: the next visit to an address without a prefix opens in English.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');
    expect(seen.pageErrors).toEqual([]);
    console.log(`Switching language on a shown globe: ${switchMs.toFixed(0)} ms to the new words`);
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
    // The list slid into view, and the globe turns to the focused item's card. The slide is a
    // quarter-second transition, but the globe's flight starts with it and a software-rendered
    // frame takes 0.3 s here: it ends in 0.9-1.3 s, past the poll's default second.
    await expect
      .poll(
        async () => {
          const panel = (await page.locator('.archive-panel').boundingBox()) as {
            x: number;
            width: number;
          };
          return panel.x + panel.width;
        },
        { timeout: 5000 },
      )
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
    // The link is the item's own address; a tap opens it with the filter on.
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/(video|gallery)\/[^?]+$/);
    await first.tap();
    await page.waitForURL(`**${href}?category=${category.slug}`);
  });

  it('answers a tap on Filters the moment it shows, while the globe starts on a CPU slowed 4×', async () => {
    const context = await browser.newContext({ ...PHONE_390 });
    contexts.push(context);
    await markIntroSeen(context);
    // The touch's time stamp (when the browser took it) and the frame that first draws the tray.
    await context.addInitScript(() => {
      const w = window as unknown as { __tap: { down: number; drawn: number } };
      w.__tap = { down: -1, drawn: -1 };
      addEventListener('pointerdown', (e) => (w.__tap.down = e.timeStamp), { capture: true });
      new MutationObserver(() => {
        const panel = document.querySelector('.filter-tray__panel');
        if (w.__tap.down < 0 || w.__tap.drawn >= 0 || !(panel instanceof HTMLElement)) return;
        if (!panel.hidden) requestAnimationFrame(() => (w.__tap.drawn = performance.now()));
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${app.url}/?skipIntro=true`);
    const filters = page.getByRole('button', { name: /^Filters/ });
    await filters.waitFor({ state: 'visible', timeout: 120_000 });
    // The start is still going on: the cards are still coming in one by one.
    const cardsThen = await page.evaluate(() => window.__globe?.stats().revealed ?? -1);
    await filters.tap();
    const tray = page.getByRole('group', { name: 'Filters' });
    await tray.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    // Issue 48's budget is 200 ms on a quiet machine (`npm run bench`); here, beside the other
    // tests, it answers in 76-178 ms; a tap kept waiting behind the start (624-1,538 ms before
    // issue 48) fails.
    type Tapped = { __tap: { down: number; drawn: number } };
    await page.waitForFunction(() => (window as unknown as Tapped).__tap.drawn >= 0);
    const tap = await page.evaluate(() => (window as unknown as Tapped).__tap);
    expect(tap.down).toBeGreaterThan(0);
    expect(tap.drawn - tap.down).toBeLessThan(500);
    expect(cardsThen).toBeGreaterThanOrEqual(0);
    expect(cardsThen).toBeLessThan(sample.length);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  it('opens the list and items as solid sheets at 390×844, nothing over their first or last lines, Back at the top', async () => {
    // A category with videos and galleries, so that the list holds both kinds.
    const category = sample
      .flatMap((n) => n.categories)
      .find((c) => {
        const kinds = new Set(
          sample.filter((n) => n.categories.some((d) => d.slug === c.slug)).map((n) => n.type),
        );
        return kinds.has('video') && kinds.has('gallery');
      }) as { slug: string; name: string };
    const members = sample.filter((n) => n.categories.some((c) => c.slug === category.slug));
    const page = await open(`/category/${category.slug}`, { options: PHONE_390 });
    const seen = watchPage(page);
    await globeReady(page);
    const opaque = (locator: Locator) =>
      locator.evaluate((element) => {
        const colour = getComputedStyle(element).backgroundColor;
        const alpha = /rgba?\([^)]*?,\s*([\d.]+)\)$/.exec(colour.replace(/ \/ /, ', '));
        return colour.startsWith('rgb(') || (alpha !== null && Number(alpha[1]) === 1);
      });

    // The list: a solid sheet with its own heading and Close list at its top, over the tools
    // (the filter is on: Filters (on), the search, the count).
    await page.getByRole('button', { name: 'List', exact: true }).tap();
    const panel = page.locator('#archive-panel');
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
    expect(await opaque(panel)).toBe(true);
    const links = page.getByRole('list', { name: 'Archive items' }).getByRole('link');
    await expect.poll(() => links.count()).toBe(members.length);
    expect(await coveredBy(page.getByRole('heading', { name: 'Archive items' }))).toBeNull();
    expect(await coveredBy(page.getByRole('button', { name: 'Close list' }))).toBeNull();
    expect(await coveredBy(links.first())).toBeNull();
    expect(await page.getByRole('button', { name: 'List', exact: true }).count()).toBe(0);
    await screenshot(page, 'phone-list');
    // The last item scrolled to: whole, nothing floating over it.
    await links.last().scrollIntoViewIfNeeded();
    await expect.poll(() => coveredBy(links.last())).toBeNull();
    expect(await coveredBy(page.getByRole('button', { name: 'Close list' }))).toBeNull();
    await screenshot(page, 'phone-list-end');

    // Each kind of item: an opaque sheet, Back in a bar at its top (there as it scrolls), the
    // same row of buttons under the title, the id labelled under the rights, never above.
    const dialog = page.getByRole('dialog');
    const rowOrder = () =>
      page.evaluate(() => {
        const top = (selector: string) =>
          document.querySelector(selector)?.getBoundingClientRect().top ?? null;
        return {
          bar: top('.detail-overlay__bar'),
          title: top('#detail-title'),
          row: top('.detail__buttons'),
          images: top('.gallery__grid'),
          rights: top('.detail__rights'),
          id: top('.detail__id'),
          buttons: [...document.querySelectorAll('.detail__buttons :is(button, a)')].map((b) =>
            b.getAttribute('href') === null ? b.textContent : 'chip',
          ),
        };
      });
    const rows = new Map<string, string[]>();
    for (const kind of ['video', 'gallery'] as const) {
      const item = members.find((n) => n.type === kind) as (typeof members)[number];
      await links.filter({ hasText: item.title }).tap();
      await page.waitForURL(`**/${kind}/${item.video_id}?category=${category.slug}`);
      await page.locator('.detail-overlay--shown').waitFor({ timeout: 60_000 });
      expect(await opaque(page.locator('.detail-overlay'))).toBe(true);
      expect(await opaque(dialog)).toBe(true);
      const back = dialog.getByRole('button', { name: 'Back' });
      expect(await coveredBy(back)).toBeNull();
      expect((await back.boundingBox())?.y).toBeLessThan(20);
      expect(await back.evaluate((b) => b.getBoundingClientRect().height)).toBeGreaterThanOrEqual(
        44,
      );
      const order = await rowOrder();
      expect(order.bar).toBeLessThan(order.title as number);
      expect(order.title).toBeLessThan(order.row as number);
      if (kind === 'gallery') expect(order.row).toBeLessThan(order.images as number);
      expect(order.row).toBeLessThan(order.rights as number);
      expect(order.rights).toBeLessThan(order.id as number);
      rows.set(kind, order.buttons.slice(0, 2) as string[]);
      expect(await dialog.getByText(`Archive ID: ${item.video_id}`, { exact: true }).count()).toBe(
        1,
      );
      // Nothing above the title but the bar (and no bare id anywhere else).
      expect(
        await page.evaluate(
          (id) =>
            [
              ...document.querySelectorAll('.detail-overlay :not(.detail__id, .detail__id *)'),
            ].filter((element) =>
              [...element.childNodes].some(
                (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes(id),
              ),
            ).length,
          item.video_id,
        ),
      ).toBe(0);
      await screenshot(page, `phone-item-${kind}`);
      // Scrolled to its end, Back is still at the top and the text is not see-through.
      await page
        .locator('.detail-overlay')
        .evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await expect.poll(() => coveredBy(back)).toBeNull();
      expect((await back.boundingBox())?.y).toBeLessThan(20);
      await back.tap();
      await page.waitForURL(`**/category/${category.slug}`);
      await page.locator('.detail-overlay').waitFor({ state: 'detached' });
    }
    expect(rows.get('gallery')).toEqual(rows.get('video'));
    expect(rows.get('video')).toEqual(['Copy link', 'chip']);
    expect(seen.pageErrors).toEqual([]);
  });
  it('narrows the timeline with a thumb: bars of 24 px, Zoom in stays on the items, a tapped bar is chosen, the day of the storm in one tap', async () => {
    const page = await open('/?skipIntro=true', { options: PHONE_390 });
    const seen = watchPage(page);
    await globeReady(page);
    const dated = sample.filter((n) => n.date).length;
    /** The bars wholly on the track: width, height and what their title counts. */
    const bars = () =>
      page.evaluate(() => {
        const track = document.querySelector('.timeline__track')?.getBoundingClientRect();
        return [...document.querySelectorAll('.timeline__column')].flatMap((column) => {
          const box = column.getBoundingClientRect();
          if (!track || box.left < track.left - 0.5 || box.right > track.right + 0.5) return [];
          const count = Number(/: (\d+)$/.exec(column.getAttribute('title') ?? '')?.[1] ?? 0);
          const tall = [...column.children].reduce(
            (h, c) => h + c.getBoundingClientRect().height,
            0,
          );
          return [
            { x: box.left + box.width / 2, y: box.bottom - 4, width: box.width, tall, count },
          ];
        });
      });
    const inSight = async () => (await bars()).reduce((sum, bar) => sum + bar.count, 0);
    // Every bar between the window's ends is 24 px or wider; the two the ends cut short lie
    // under the handles, whose 44 px targets pass a tap through to them.
    const wide = async () => (await bars()).slice(1, -1).every((bar) => bar.width >= 23.5);
    expect(await wide()).toBe(true);
    const before = JSON.stringify(await bars());
    // Zoom in twice: the window goes where the items are (the middle of the span is August).
    for (let zoom = 0; zoom < 2; zoom++) {
      const shown = JSON.stringify(await bars());
      await page.getByRole('button', { name: 'Zoom in' }).tap();
      await expect.poll(async () => JSON.stringify(await bars())).not.toBe(shown);
      expect(await wide()).toBe(true);
    }
    expect(JSON.stringify(await bars())).not.toBe(before);
    expect(await inSight()).toBeGreaterThanOrEqual(dated / 2);
    // A tap on the tallest bar chooses it, whole (a handle beside it does not take the tap).
    const tallest = (await bars()).reduce((a, b) => (b.tall > a.tall ? b : a));
    await page.touchscreen.tap(tallest.x, tallest.y);
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).not.toBeNull();
    expect(new URL(page.url()).searchParams.get('from')).not.toBeNull();
    expect(await page.locator('.timeline__range').textContent()).not.toMatch(/^(From|Until) /);
    // The day of the storm: one tap, said plainly.
    await page.getByRole('button', { name: 'The day of the storm' }).tap();
    const query = () => new URL(page.url()).searchParams;
    await expect
      .poll(() => `${query().get('from')}/${query().get('to')}`)
      .toBe('2025-05-16/2025-05-16');
    expect(await page.locator('.timeline__range').textContent()).toBe('16 May 2025');
    expect(
      await page.getByRole('button', { name: 'The day of the storm' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await screenshot(page, 'phone-timeline-storm-day');
    expect(seen.pageErrors).toEqual([]);
  });

  it('lets one finger scroll the form past the place picker; a tap places, Move the map turns it, a far point is questioned', async () => {
    const page = await open('/submit', { options: PHONE_390 });
    const seen = watchPage(page);
    const canvas = page.getByRole('img', { name: 'Pick the place on the globe' });
    await canvas.scrollIntoViewIfNeeded();
    await page.locator('.position-picker[data-status="ready"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('.position-picker__hint').textContent()).toBe(
      'Tap the map where you recorded. To turn or zoom the globe, tap Move the map first.',
    );
    const pointOf = (place: { lat: number; lng: number }) =>
      page.evaluate((p) => window.__positionPicker?.screenPointOf(p) ?? null, place);
    const stLouis = { lat: 38.63, lng: -90.2 };
    type Box = { x: number; y: number; width: number; height: number };
    const cdp = await page.context().newCDPSession(page);
    /** A one-finger swipe up over the map, as the phone's own touches (so touch-action holds). */
    const swipe = async () => {
      const now = (await canvas.boundingBox()) as Box;
      const x = now.x + now.width / 2;
      const y = now.y + now.height * 0.6;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let i = 1; i <= 10; i++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x, y: y - i * 12 }],
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const scrollY = () => page.evaluate(() => window.scrollY);
    /** Until `read` says the same twice, 150 ms apart (a fling, a turn, a layout come to rest). */
    const steady = async (read: () => Promise<unknown>) => {
      let last: string | undefined;
      await expect
        .poll(
          async () => {
            const now = JSON.stringify(await read());
            const same = now === last;
            last = now;
            return same;
          },
          { interval: 150 },
        )
        .toBe(true);
    };
    /** Until the page has stopped scrolling (a swipe flings it on for a while). */
    const stopped = () => steady(scrollY);
    const shown = await pointOf(stLouis);
    const top = await scrollY();
    await swipe();
    // The page scrolled; the globe did not turn.
    await expect.poll(async () => Math.abs((await scrollY()) - top)).toBeGreaterThan(60);
    await stopped();
    expect(await pointOf(stLouis)).toEqual(shown);

    const tapOn = async (place: { lat: number; lng: number }) => {
      // Where the picker is once the page has settled (a question above it comes and goes).
      await steady(async () => (await canvas.boundingBox())?.y);
      const at = await pointOf(place);
      if (!at) throw new Error(`${JSON.stringify(place)} is not in sight on the picker`);
      const now = (await canvas.boundingBox()) as { x: number; y: number };
      await page.touchscreen.tap(now.x + at.x, now.y + at.y);
    };
    // A tap far south of St. Louis: asked about, and cleared on No.
    await tapOn({ lat: 36.1, lng: -90.2 });
    const question = page.getByRole('group', { name: /^Is this right\?/ });
    await question.waitFor();
    expect(await question.textContent()).toContain('about 280 km from St. Louis');
    await question.getByRole('button', { name: 'No, clear it' }).tap();
    await page.getByText('No place picked.').waitFor();
    // A tap on St. Louis: placed, nothing asked.
    await tapOn(stLouis);
    await page.getByText(/^Picked: 38\.6\d{3}° N, 90\.\d{4}° W$/).waitFor();
    expect(await question.count()).toBe(0);
    // The picker as the phone shows it (a full-page picture would lay the page out again).
    await page
      .locator('.place-fields')
      .screenshot({ path: join(SCREENSHOT_DIR, 'phone-submit-picker.png') });

    // Move the map: now a swipe over it turns the globe, and the page stays.
    const move = page.getByRole('button', { name: 'Move the map' });
    await move.tap();
    const turning = page.getByRole('button', { name: 'Done moving the map' });
    expect(await turning.getAttribute('aria-pressed')).toBe('true');
    const before = await scrollY();
    const facing = await pointOf(stLouis);
    await swipe();
    await expect.poll(() => pointOf(stLouis)).not.toEqual(facing);
    expect(Math.abs((await scrollY()) - before)).toBeLessThanOrEqual(2);
    // Done once the globe has come to rest, as a person taps it. A tap that soon after a swipe
    // got no click from Chromium (likely its tap suppression, which stops a fling with the tap
    // that follows it): the test's tap came 115-132 ms after the swipe's end in the runs that
    // lost it, 207-247 ms in those that clicked.
    await steady(() => pointOf(stLouis));
    await turning.tap();
    await move.waitFor();
    expect(seen.pageErrors).toEqual([]);
  });

  it('gives every control on the phone’s main screens a target of 44×44 px (WCAG 2.5.5)', async () => {
    const page = await open('/?skipIntro=true', { options: PHONE_390 });
    const seen = watchPage(page);
    await globeReady(page);
    const small: Record<string, string[]> = {};
    const look = async (name: string) => {
      small[name] = await smallTargets(page);
    };
    await look('home');
    await page.getByRole('button', { name: /^Filters/ }).tap();
    const tray = page.getByRole('group', { name: 'Filters' });
    await look('filter tray');
    await tray.getByRole('button', { name: 'Photos' }).tap();
    await page.waitForURL('**/?type=gallery');
    await page.getByRole('button', { name: 'Remove filter: Photos' }).waitFor();
    await look('filtered');
    await page.getByRole('button', { name: 'List', exact: true }).tap();
    await look('list');
    await page.getByRole('list', { name: 'Archive items' }).getByRole('link').first().tap();
    await page.locator('.detail-overlay--shown').waitFor({ timeout: 60_000 });
    await look('gallery');
    await page.getByRole('button', { name: /^Open image 1 of/ }).tap();
    await page.getByRole('button', { name: 'Next image' }).waitFor();
    await look('lightbox');
    await page.getByRole('button', { name: 'Close', exact: true }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).tap();
    await page.locator('.detail-overlay').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Close list' }).tap();
    await page.getByRole('searchbox').fill('tarp');
    await page.locator('.search-box__count').waitFor();
    await look('search');
    // The form a visitor sends photos with, two photos in it (each with ←, → and Remove).
    await page.getByRole('link', { name: 'Submit' }).tap();
    await page.getByLabel('Photos', { exact: true }).check();
    const photo = (shade: number) =>
      sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 60 } },
      })
        .png()
        .toBuffer();
    await page.locator('input[type=file][name=images]').setInputFiles([
      { name: 'porch.png', mimeType: 'image/png', buffer: await photo(40) },
      { name: 'street.png', mimeType: 'image/png', buffer: await photo(200) },
    ]);
    await page.getByRole('img', { name: 'Photo 2' }).waitFor({ timeout: 30_000 });
    await page.getByRole('img', { name: 'Photo 2' }).scrollIntoViewIfNeeded();
    await look('submit');
    await screenshot(page, 'phone-submit-photos');
    expect(small).toEqual({
      home: [],
      'filter tray': [],
      filtered: [],
      list: [],
      gallery: [],
      lightbox: [],
      search: [],
      submit: [],
    });
    expect(seen.pageErrors).toEqual([]);
  });
});
