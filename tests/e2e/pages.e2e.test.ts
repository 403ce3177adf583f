import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRoute, type MediaNode } from '@/lib/nodeModel';
import {
  axeViolations,
  cameraAtRest,
  launchBrowser,
  markIntroSeen,
  overlayIn,
  screenshot,
  startApp,
  type RunningApp,
  watchPage,
  SAMPLE,
  sampleNodes,
} from './support/harness';
import { allCardsShown } from './support/globePointer';
import { archiveWordsOf, PSEUDO_WALK } from './support/pseudoWalk';

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

/*
 * The archive in its neighbours' languages (issue 49): a Spanish browser's first paint, a shared
 * Bosnian link, the picker by keyboard (no reload, the place, the filters and the open item
 * kept, the globe kept), the globe's own words, and a walk through the screens in the
 * pseudo-locale, where any word left outside the translation layer shows up in plain English.
 */
describe('in Spanish and Bosnian', () => {
  const shared = nodeRoute(video);

  it('a browser that prefers Spanish gets the archive in Spanish from the first paint', async () => {
    // Before any script: the server's Spanish document.
    const still = await browser.newContext({ locale: 'es-MX', javaScriptEnabled: false });
    contexts.push(still);
    const first = await still.newPage();
    await first.goto(`${app.url}/`);
    expect(new URL(first.url()).pathname).toBe('/es/');
    expect(await first.getAttribute('html', 'lang')).toBe('es');
    expect(await first.title()).toBe(
      'Globe Archive: el tornado de St. Louis del 16 de mayo de 2025',
    );
    const nav = first.getByRole('navigation', { name: 'Sitio' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Historias',
      'Acerca de',
      'Recursos',
      'Enviar',
      'Contacto',
      'Iniciar sesión',
    ]);
    expect(await nav.getByRole('link', { name: 'Enviar' }).getAttribute('href')).toBe('/es/submit');
    expect(await first.locator('.preloader__label').first().textContent()).toBe('Cargando...');

    // The app: the home screen, its search and timeline, and an item.
    const context = await browser.newContext({ locale: 'es-MX', viewport: WIDTHS.desktop });
    contexts.push(context);
    await markIntroSeen(context);
    const page = await context.newPage();
    const seen = watchPage(page);
    await page.goto(`${app.url}/?skipIntro=true`);
    expect(new URL(page.url()).pathname).toBe('/es/');
    await page.getByRole('button', { name: 'Filtros' }).waitFor();
    await page.getByPlaceholder('Buscar en el archivo').waitFor();
    await page.getByText('Línea de tiempo', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Lista' }).click();
    await page.locator('#archive-items').getByRole('link').first().click();
    await overlayIn(page);
    expect(new URL(page.url()).pathname).toMatch(/^\/es\/(video|gallery)\//);
    await page.getByRole('button', { name: 'Copiar enlace' }).waitFor();
    expect(await page.title()).toMatch(/ · Globe Archive$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'language-es-item-desktop');
    expect(seen.pageErrors).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
  });

  it('a shared Bosnian link opens in Bosnian, whatever the browser prefers', async () => {
    const page = await open(`/bs${shared}`, 'phone');
    await overlayIn(page);
    expect(await page.getAttribute('html', 'lang')).toBe('bs-Latn');
    await page.getByRole('button', { name: 'Kopiraj link' }).waitFor();
    await page.getByRole('button', { name: 'Filteri' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'language-bs-item-phone');
    // The consent's link to the terms keeps the language the submission records.
    await page.goto(`${app.url}/bs/submit`);
    const terms = page.locator('a[target="_blank"]', { hasText: /uslov/i }).first();
    expect(await terms.getAttribute('href')).toBe('/bs/terms');
  });

  it('passes axe and fits the width in Spanish and Bosnian, on a desktop and a phone', async () => {
    const found: string[] = [];
    for (const language of ['es', 'bs'] as const)
      for (const width of ['desktop', 'phone'] as const) {
        const page = await open(`/${language}/?skipIntro=true`, width);
        const check = async (where: string) => {
          const at = `${language} ${width} ${where}`;
          found.push(...(await axeViolations(page)).map((v) => `${at}: ${v}`));
          if (await overflowsSideways(page)) found.push(`${at}: wider than the window`);
          await screenshot(page, `language-${language}-${where}-${width}`);
        };
        // The home screen with its tray open (the longest words of the start).
        await page.locator('.filter-tray__toggle').click();
        await page.locator('.filter-tray__panel:not([hidden])').waitFor();
        await check('home');
        await page.goto(`${app.url}/${language}${nodeRoute(gallery)}`);
        await overlayIn(page);
        await check('gallery');
        await page.goto(`${app.url}/${language}/submit`);
        await page.locator('main h1').waitFor();
        await check('submit');
      }
    expect(found).toEqual([]);
  });

  it("the globe says its callouts in the visitor's language", async () => {
    const page = await open(`/es/?skipIntro=true`, 'desktop');
    await allCardsShown(page);
    await page.getByRole('button', { name: 'Lista' }).click();
    await page
      .locator('#archive-items')
      .getByRole('link', {
        name: new RegExp(`^${gallery.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .focus();
    const announcement = page.getByTestId('globe-announcement');
    await expect.poll(() => announcement.textContent(), WAIT).toContain('En el globo:');
    await expect
      .poll(() => announcement.textContent(), WAIT)
      .toMatch(/Galería de fotos · \d+ fotos?/);
  });
});

describe('the pseudo-locale', () => {
  const archiveWords = archiveWordsOf(sample);
  const SCREENS = [
    '/?skipIntro=true',
    nodeRoute(video),
    nodeRoute(gallery),
    '/statement',
    '/resources',
    '/terms',
    '/submit',
    '/contact',
    '/signin',
    '/signup',
    '/forgot-password',
    '/confirm',
    '/env',
    '/no-such-page',
  ];

  it('leaves no word of any screen in plain English', async () => {
    const context = await browser.newContext({ viewport: WIDTHS.desktop });
    contexts.push(context);
    await markIntroSeen(context);
    await context.addCookies([{ name: 'lang', value: 'pseudo', url: app.url }]);
    await context.addInitScript(`window.__archiveWords = ${JSON.stringify(archiveWords)};`);
    const page = await context.newPage();
    const left: string[] = [];
    for (const path of SCREENS) {
      await page.goto(`${app.url}${path}`);
      await page.locator('main h1, main h2, .filter-tray__toggle').first().waitFor();
      if (path.startsWith('/?')) {
        await page.locator('.filter-tray__toggle').click();
        await page.locator('.filter-tray__panel:not([hidden])').waitFor();
      }
      for (const text of (await page.evaluate(PSEUDO_WALK)) as string[])
        left.push(`${path}: ${text}`);
    }
    await screenshot(page, 'language-pseudo-last');
    if (left.length > 0) console.log(left.join('\n'));
    expect(left).toEqual([]);
  });
});

/*
 * Stories (issue 51) as a visitor plays them: a shared stop opens at that stop, the keys, a swipe
 * and Play step through, leaving keeps the globe where the stop put it, and the whole story reads
 * in order as a document.
 */
const sampleStory = (
  JSON.parse(readFileSync(SAMPLE, 'utf8')) as {
    stories: {
      story_id: string;
      title: string;
      stops: { heading: string; item: string | null }[];
    }[];
  }
).stories[0] as {
  story_id: string;
  title: string;
  stops: { heading: string; item: string | null }[];
};
/** Stop n (1-based) of the sample story. */
function sampleStop(n: number) {
  const stop = sampleStory.stops[n - 1];
  if (!stop) throw new Error(`The sample story has no stop ${n}`);
  return stop;
}
const storyPath = (n: number) => `/story/${sampleStory.story_id}${n > 1 ? `/${n}` : ''}`;
const stopHeading = (page: Page, n: number) =>
  page.getByRole('heading', { level: 3, name: sampleStop(n).heading });

describe.each(Object.keys(WIDTHS) as Width[])('a story on a %s', (width) => {
  it('a shared stop opens at that stop, its item on the globe, and steps on', async () => {
    const page = await open(storyPath(2), width);
    const seen = watchPage(page);
    await stopHeading(page, 2).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.story-panel [aria-live]').textContent()).toContain(`2 `);
    await cameraAtRest(page);
    const item = sampleStop(2).item ?? '';
    expect(await page.evaluate((id) => window.__globe?.project(id)?.onScreen, item)).toBe(true);
    // The panel leaves the card in sight: beside the globe, or under it on a phone.
    const card = (await page.evaluate((id) => window.__globe?.project(id), item)) ?? { x: 0, y: 0 };
    const panel = (await page.locator('.story-panel').boundingBox()) ?? { x: 0, y: 0 };
    if (width === 'desktop') expect(card.x).toBeLessThan(panel.x);
    else expect(card.y).toBeLessThan(panel.y);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    // The tab names the stop, as a shared link's document does.
    expect(await page.title()).toBe(
      `${sampleStop(2).heading} · ${sampleStory.title} · Globe Archive`,
    );
    await screenshot(page, `story-stop-${width}`);

    if (width === 'desktop') {
      await page.keyboard.press('ArrowRight');
    } else {
      // A swipe to the left across the sheet.
      const box = panel;
      const at = (x: number) => ({
        pointerId: 7,
        pointerType: 'touch',
        isPrimary: true,
        clientX: x,
        clientY: box.y + 40,
        bubbles: true,
      });
      await page.locator('.story-panel').dispatchEvent('pointerdown', at(box.x + 300));
      await page.locator('.story-panel').dispatchEvent('pointerup', at(box.x + 60));
    }
    await page.waitForURL(new RegExp(`${storyPath(3)}$`));
    await stopHeading(page, 3).waitFor();
    await cameraAtRest(page);
    // Stop 3 points at its item: its callout shows once the camera has turned there.
    await page.waitForFunction((id) => window.__globe?.callout()?.id === id, sampleStop(3).item, {
      timeout: 30_000,
    });
    expect(await page.title()).toBe(
      `${sampleStop(3).heading} · ${sampleStory.title} · Globe Archive`,
    );
    await page.keyboard.press('ArrowLeft');
    await stopHeading(page, 2).waitFor();
    expect(seen.pageErrors).toEqual([]);
  });
});

describe('a story played and left', () => {
  it('Play goes on at a reading pace and stops on a key', async () => {
    const page = await open(storyPath(3), 'desktop');
    await stopHeading(page, 3).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Play the story' }).click();
    await page.getByRole('button', { name: 'Pause the story' }).waitFor();
    await page.waitForURL(new RegExp(`${storyPath(4)}$`), { timeout: 40_000 });
    await stopHeading(page, 4).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Play the story' }).waitFor();
  });

  it('leaving keeps the globe where the stop put it, and Back returns to the stop', async () => {
    const page = await open(storyPath(4), 'desktop');
    await stopHeading(page, 4).waitFor({ timeout: 60_000 });
    await cameraAtRest(page);
    const at = await page.evaluate(() => window.__globe?.camera());
    await page.getByRole('link', { name: 'Leave the story' }).click();
    await page.waitForURL(/\/category\/response-efforts\?from=2025-05-16&to=2025-05-16$/);
    await page.locator('.story-panel').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'List' }).waitFor();
    await cameraAtRest(page);
    const after = await page.evaluate(() => window.__globe?.camera());
    expect(after?.radius).toBeCloseTo(at?.radius ?? 0, 2);
    expect(after?.alpha).toBeCloseTo(at?.alpha ?? 0, 2);
    expect(after?.beta).toBeCloseTo(at?.beta ?? 0, 2);
    await page.goBack();
    await stopHeading(page, 4).waitFor();
  });

  it('reads whole, in order, with the globe hidden, and /stories lists it', async () => {
    const page = await open('/stories', 'desktop');
    await page.getByRole('link', { name: sampleStory.title }).click();
    await stopHeading(page, 1).waitFor({ timeout: 60_000 });
    await page.addStyleTag({ content: '.globe-canvas { display: none !important; }' });
    await page.getByRole('button', { name: 'Read the whole story' }).click();
    const headings = await page.locator('.story-whole h3').allTextContents();
    expect(headings).toEqual(sampleStory.stops.map((stop) => stop.heading));
    // Each stop's item is linked from the text.
    const linked = await page.locator('.story-whole .story-item').count();
    expect(linked).toBe(sampleStory.stops.filter((stop) => stop.item !== null).length);
    expect(await axeViolations(page)).toEqual([]);
  });
});
