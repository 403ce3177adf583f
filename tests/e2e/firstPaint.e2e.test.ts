import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLASH_MS } from '@/lib/constants';
import {
  launchBrowser,
  markIntroSeen,
  SAMPLE,
  sampleNodes,
  screenshot,
  startApp,
  watchPage,
  type RunningApp,
} from './support/harness';

/** A mid-range Android phone, as Lighthouse's mobile preset emulates one. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36',
};
const video = sampleNodes.find((node) => node.type === 'video');
if (!video) throw new Error('The sample archive has no video.');
const SHARED = `/video/${video.video_id}`;

/** What the first frame and the app both show, measured the same way. */
const PARTS = [
  '.site-header',
  '.site-header__brand svg',
  '.site-header__nav',
  '.intro__splash',
  '.intro__skip',
  '.preloader__spinner',
  '.preloader__label',
  '.preloader__bar',
  '.preloader__percent',
  '.preloader__picture',
  '.preloader__item',
];

type Boxes = Record<string, { x: number; y: number; width: number; height: number } | null>;

declare global {
  interface Window {
    __shifts?: { at: number; value: number; sources: string[] }[];
    __takeover?: number;
    __splashStart?: number | null;
    __firstBoxes?: Boxes;
    __appBoxes?: Boxes;
    __appSplashAt?: number | null;
    __appItem?: string | null;
    __typingAt?: number;
    __firstFrameAt?: number;
  }
}

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startApp({ archiveFile: SAMPLE });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

async function phone({
  returning = false,
  javaScriptEnabled = true,
}: { returning?: boolean; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled });
  contexts.push(context);
  if (returning) await markIntroSeen(context);
  return context;
}

/** The document alone: the app's scripts never arrive (the inline one still runs). */
async function staticFrame(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`${app.url}${path}`);
  await page.locator('.site-header').waitFor();
  return page;
}

/**
 * Records layout shifts, the layout boxes of `PARTS` in the document's first frame (once it is
 * parsed) and in the app's (in the same task as the commit that replaced it, before any timer of
 * the app runs), the moment of that commit, and the document's splash animation's start. Boxes are
 * layout boxes (offsets), which the splash's scale-in and the spinner's turn do not change; a
 * part that is absent or not displayed has none.
 */
async function recordTakeover(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ parts, splashMs }: { parts: string[]; splashMs: number }) => {
      // The document's first frame (asked for before the page's own loader asks for it).
      requestAnimationFrame(() => (window.__firstFrameAt = performance.now()));
      const boxesNow = () => {
        const out: Boxes = {};
        for (const selector of parts) {
          const element = document.querySelector(selector);
          if (element instanceof SVGSVGElement) {
            // An inline drawing (the logo) has no offsets: its layout box is its computed size
            // about the centre of its drawn box (a scale about the centre keeps that).
            const style = getComputedStyle(element);
            const width = parseFloat(style.width);
            const height = parseFloat(style.height);
            const drawn = element.getBoundingClientRect();
            out[selector] =
              element.getClientRects().length === 0 || !width
                ? null
                : {
                    x: Math.round(10 * (drawn.left + scrollX + drawn.width / 2 - width / 2)) / 10,
                    y: Math.round(10 * (drawn.top + scrollY + drawn.height / 2 - height / 2)) / 10,
                    width,
                    height,
                  };
            continue;
          }
          if (!(element instanceof HTMLElement) || element.offsetWidth === 0) {
            out[selector] = null;
            continue;
          }
          let x = 0;
          let y = 0;
          for (let e: HTMLElement | null = element; e; e = e.offsetParent as HTMLElement | null) {
            x += e.offsetLeft;
            y += e.offsetTop;
          }
          out[selector] = { x, y, width: element.offsetWidth, height: element.offsetHeight };
        }
        return out;
      };
      const shifts: NonNullable<Window['__shifts']> = (window.__shifts = []);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            at: entry.startTime,
            value: entry.value,
            sources: (entry.sources ?? []).map((s) =>
              s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node),
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // Before index.html's own listener removes the views not taken (they measure as none anyway).
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.__firstBoxes = boxesNow();
      });
      const watch = new MutationObserver(() => {
        if (
          window.__typingAt === undefined &&
          document.querySelector('.intro')?.getAttribute('data-stage') === 'typing'
        )
          window.__typingAt = performance.now();
        if (window.__takeover !== undefined) return;
        const layout = document.querySelector('#root > .layout');
        if (!layout || layout.hasAttribute('data-first-paint')) return;
        window.__appBoxes = boxesNow();
        window.__takeover = performance.now();
        // How far the app's splash is into its 4 s (its delay is negative when it carries on).
        const timing = document.querySelector('.intro__splash')?.getAnimations()[0]?.effect;
        const progress = timing?.getComputedTiming().progress;
        window.__appSplashAt = typeof progress === 'number' ? progress * splashMs : null;
        window.__appItem = document.querySelector('.preloader__item')?.textContent ?? null;
      });
      watch.observe(document, { childList: true, subtree: true, attributeFilter: ['data-stage'] });
      window.__splashStart = null;
      const watchSplash = () => {
        if (window.__takeover !== undefined) return;
        const start = document.querySelector('.intro__splash')?.getAnimations()[0]?.startTime;
        if (typeof start === 'number') window.__splashStart = start;
        requestAnimationFrame(watchSplash);
      };
      requestAnimationFrame(watchSplash);
    },
    { parts: PARTS, splashMs: SPLASH_MS },
  );
}

const tookOver = (page: Page) =>
  page.waitForFunction(() => window.__takeover !== undefined, null, { timeout: 60_000 });

/** The archive's data has arrived and the app has rendered with it, a second ago. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('#archive-items li').length > 0,
    null,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(1000);
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window.__shifts ?? []).reduce((sum, shift) => sum + shift.value, 0));

/**
 * The faces (family, size, weight) the text in sight is set in. Each is a font the page's
 * layouts look up (on Linux a round trip to the browser per face, issue 48), so the start's
 * screens keep to the type scale of index.html: 14 px and 16 px text, 21.6 px headings (on a
 * phone), in 400 and 700.
 */
const facesInSight = (page: Page) =>
  page.evaluate(() => {
    const faces = new Set<string>();
    for (const element of document.querySelectorAll('body *')) {
      if (!element.checkVisibility()) continue;
      const text =
        element instanceof HTMLInputElement ||
        [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
      if (!text) continue;
      const style = getComputedStyle(element);
      faces.add(`${style.fontSize} ${style.fontWeight} ${style.fontFamily.split(',')[0]}`);
    }
    return [...faces].sort();
  });

function expectTypeScale(faces: string[]) {
  for (const face of faces) expect(face).toMatch(/^(14|16|21\.6)px (400|700) /);
}

describe('the first paint, before any script of the app', () => {
  it('shows the page frame and says why there is no more, with JavaScript off', async () => {
    const context = await phone({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByRole('link', { name: 'Globe Archive, home' }).waitFor();
    expect(await page.locator('.site-header__brand svg').isVisible()).toBe(true);
    // (Playwright's text queries skip <noscript>: read what the page renders.)
    expect(await page.evaluate(() => document.body.innerText)).toContain(
      'Globe Archive needs JavaScript to show the archive.',
    );
    expect(await page.locator('.preloader__spinner').isVisible()).toBe(false);
    expect(await page.locator('.intro').isVisible()).toBe(false);
    await screenshot(page, 'first-paint-no-javascript');
    await page.close();
  });

  it("paints the intro's splash on a first visit, from the document alone", async () => {
    const context = await phone();
    const logoRequests: string[] = [];
    context.on('request', (request) => {
      if (/logo\.svg/.test(request.url())) logoRequests.push(request.url());
    });
    const page = await staticFrame(context, '/');
    await page.locator('.intro__splash').waitFor();
    expect(await page.locator('.intro').getAttribute('data-stage')).toBe('splash');
    expect(await page.getByRole('button', { name: 'Skip intro' }).isVisible()).toBe(true);
    expect(await page.locator('.preloader').isVisible()).toBe(false);
    // The logo is drawn by the document itself (its symbol resolved), not fetched.
    const drawn = await page.evaluate(() => {
      const use = document.querySelector<SVGUseElement>('.intro__splash use');
      return use ? use.getBBox().width : 0;
    });
    expect(drawn).toBeGreaterThan(200);
    expect(logoRequests).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.firstView)).toBe('intro');
    await screenshot(page, 'first-paint-splash-static');
    // Skip works before the app does: the intro is recorded as seen and the preloader shows.
    await page.getByRole('button', { name: 'Skip intro' }).click();
    await page.getByText('Loading ...').waitFor();
    expect(await page.locator('.intro').isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('hasSeenIntro'))).toBe('true');
    await page.close();
  });

  it('paints the preloader for a returning visitor and with ?skipIntro=true', async () => {
    for (const [path, returning] of [
      ['/', true],
      ['/?skipIntro=true', false],
    ] as const) {
      const page = await staticFrame(await phone({ returning }), path);
      await page.getByText('Loading ...').waitFor();
      expect(await page.locator('.intro').count(), path).toBe(0);
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
      await page.close();
    }
  });

  it('names a shared item under the preloader, and the tab after it, as the server knows them', async () => {
    const page = await staticFrame(await phone({ returning: true }), SHARED);
    const line = page.locator('.preloader__item');
    await line.waitFor();
    expect(await line.textContent()).toBe(video.title);
    expect(await page.title()).toBe(`${video.title} · Globe Archive`);
    // Its picture above the title, drawn from the document alone: what the link shares, at once.
    const picture = page.locator('.preloader__picture');
    expect(await picture.getAttribute('src')).toBe(video.thumbUrl);
    await page.waitForFunction(
      () => (document.querySelector('.preloader__picture') as HTMLImageElement | null)?.complete,
    );
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'first-paint-shared-static');
    await page.close();
  });

  it("paints only the page frame on the app's other pages", async () => {
    const page = await staticFrame(await phone({ returning: true }), '/statement');
    expect(await page.locator('.site-header__nav').isVisible()).toBe(true);
    expect(await page.locator('.preloader, .intro').count()).toBe(0);
    await page.close();
  });
});

describe('the app taking over the first frame', () => {
  /**
   * Loads `path` and records the first frame and the app's (see `recordTakeover`). The archive's
   * data is held back until the app has taken over, so that the preloader is still there to see.
   */
  async function takeover(path: string, returning: boolean, name: string) {
    const context = await phone({ returning });
    await recordTakeover(context);
    const page = await context.newPage();
    const seen = watchPage(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/nodes', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}${path}`);
    await tookOver(page);
    const { staticBoxes, appBoxes } = await page.evaluate(() => ({
      staticBoxes: window.__firstBoxes ?? {},
      appBoxes: window.__appBoxes ?? {},
    }));
    await screenshot(page, `first-paint-${name}-app`);
    release();
    return { page, seen, staticBoxes, appBoxes };
  }

  /** Every part the first frame showed is where the app shows it, to the pixel; no more, no less. */
  function expectSameBoxes(staticBoxes: Boxes, appBoxes: Boxes) {
    expect(PARTS.filter((part) => staticBoxes[part]).length).toBeGreaterThan(2);
    for (const part of PARTS) expect(appBoxes[part], part).toEqual(staticBoxes[part]);
  }

  it('carries the splash on where the document left it, with nothing moved (first visit)', async () => {
    const { page, seen, staticBoxes, appBoxes } = await takeover('/', false, 'splash');
    expect(staticBoxes['.intro__splash']).not.toBeNull();
    expectSameBoxes(staticBoxes, appBoxes);
    // The app's splash continues the document's animation instead of starting it again (a flash).
    const carried = await page.evaluate(() => ({
      documentSplash: window.__splashStart ?? null,
      elapsed: (window.__takeover ?? 0) - (window.__splashStart ?? 0),
      appSplashAt: window.__appSplashAt ?? null,
    }));
    expect(carried.documentSplash).not.toBeNull();
    expect(carried.appSplashAt).not.toBeNull();
    expect(
      Math.abs((carried.appSplashAt ?? 0) - Math.min(carried.elapsed, SPLASH_MS)),
    ).toBeLessThan(250);
    // The typed words come 4 s after the document's splash (or at once, if the app came later),
    // not 4 s after the app arrived.
    await page.waitForFunction(() => window.__typingAt !== undefined, null, { timeout: 30_000 });
    const typing = await page.evaluate(() => ({
      after: (window.__typingAt ?? 0) - (window.__splashStart ?? 0),
      appCame: (window.__takeover ?? 0) - (window.__splashStart ?? 0),
    }));
    expect(typing.after).toBeGreaterThan(SPLASH_MS - 100);
    expect(typing.after).toBeLessThan(Math.max(SPLASH_MS, typing.appCame) + 1000);
    // Typing moves nothing either (the words to come are laid out from the start).
    await page.waitForFunction(
      () => Number(document.querySelector('.intro')?.getAttribute('data-chars')) > 60,
      null,
      { timeout: 30_000 },
    );
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(seen.pageErrors).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await page.close();
  });

  it('replaces the preloader with its own at the same place, fetched after the first frame (?skipIntro=true)', async () => {
    const { page, seen, staticBoxes, appBoxes } = await takeover('/?skipIntro=true', false, 'skip');
    expect(staticBoxes['.preloader__bar']).not.toBeNull();
    expectSameBoxes(staticBoxes, appBoxes);
    // No script of the app was asked for before the document's first frame. (The app's modules
    // are counted once it has asked for more than five: a busy machine may be still asking.)
    const appScripts = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => /^\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname)).length,
      );
    await expect.poll(appScripts, { timeout: 30_000 }).toBeGreaterThan(5);
    const order = await page.evaluate(() => ({
      firstFrame: window.__firstFrameAt ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /^\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(order.firstFrame).not.toBeNull();
    expect(order.scripts.length).toBeGreaterThan(5);
    expect(Math.min(...order.scripts)).toBeGreaterThanOrEqual(order.firstFrame ?? Infinity);
    await settled(page);
    expectTypeScale(await facesInSight(page));
    expect((await facesInSight(page)).length).toBeLessThanOrEqual(5);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(seen.pageErrors).toEqual([]);
    await page.close();
  });

  it("keeps a shared item's title where the document put it", async () => {
    const { page, seen, staticBoxes, appBoxes } = await takeover(SHARED, true, 'shared');
    expect(staticBoxes['.preloader__item']).not.toBeNull();
    expect(staticBoxes['.preloader__picture']).not.toBeNull();
    expectSameBoxes(staticBoxes, appBoxes);
    expect(await page.evaluate(() => window.__appItem)).toBe(video.title);
    await settled(page);
    expectTypeScale(await facesInSight(page));
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(seen.pageErrors).toEqual([]);
    await page.close();
  });
});
