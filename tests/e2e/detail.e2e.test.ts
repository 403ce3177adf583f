import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeRoute, type MediaNode } from '@/lib/nodeModel';
import { splatToSpz } from '../fixtures/splatToSpz';
import {
  launchBrowser,
  markIntroSeen,
  screenshot,
  startApp,
  type RunningApp,
  watchPage,
  SAMPLE,
  sampleNodes,
} from './support/harness';

const sample = sampleNodes;
const byId = new Map(sample.map((n) => [n.video_id, n]));
const video = sample.find(
  (n) => n.type === 'video' && n.youtube_id && n.links.length > 0 && n.categories.length > 0,
) as MediaNode;
const gallery = sample.find((n) => n.type === 'gallery' && n.images.length >= 3) as MediaNode;

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];

async function open(
  path: string,
  { returning = true, permissions = [] as string[] } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions });
  contexts.push(context);
  if (returning) await markIntroSeen(context);
  const page = await context.newPage();
  await page.goto(`${app.url}${path}`);
  return page;
}

const overlayShown = (page: Page) =>
  page.locator('.detail-overlay--shown').waitFor({ timeout: 60_000 });
const camera = (page: Page) => page.evaluate(() => window.__globe?.camera() ?? null);

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startApp({ archiveFile: SAMPLE });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('video detail', () => {
  it('shows the video with every player parameter, its categories and related media; Back flies home; a click anywhere but on controls and text closes it', async () => {
    const page = await open(nodeRoute(video));
    const seen = watchPage(page);
    await overlayShown(page);
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading', { name: video.title }).count()).toBe(1);
    expect(await dialog.getByText(video.video_id, { exact: true }).count()).toBe(1);
    if (video.description) expect(await dialog.getByText(video.description).count()).toBe(1);
    // The sample's first such video was filmed over an afternoon.
    expect(video.date).toBe('2025-05-16T15:20-05:00/2025-05-16T18:45-05:00');
    expect(await dialog.getByText(/^Recorded /).textContent()).toBe(
      'Recorded Friday 16 May 2025, 3:20 pm – 6:45 pm',
    );
    // Its maker credited, its licence linked to the deed.
    expect(await dialog.locator('.detail__rights').textContent()).toBe(
      `© ${video.credit}, CC BY 4.0 (opens in a new tab)`,
    );
    expect(await dialog.getByRole('link', { name: /^CC BY 4\.0/ }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
    const src = new URL(
      (await page.locator(`iframe[title="${video.title}"]`).getAttribute('src')) as string,
    );
    expect(src.pathname).toBe(`/embed/${video.youtube_id}`);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      rel: '0',
      controls: '1',
      modestbranding: '1',
      fs: '0',
      iv_load_policy: '3',
      disablekb: '1',
      playsinline: '1',
      autoplay: '1',
      mute: '0',
    });
    // The camera flew to the card before the overlay came in.
    expect((await camera(page))?.radius).toBeLessThanOrEqual(10.5);
    // A plain item link opens on the unfiltered globe: every card matches.
    expect(
      await page.evaluate(
        (all) => all.every((id) => window.__globe?.card(id)?.matched !== false),
        sample.map((n) => n.video_id),
      ),
    ).toBe(true);
    const related = dialog.getByRole('region', { name: 'Related Media' }).getByRole('link');
    expect(await related.count()).toBe(video.links.length);
    await screenshot(page, 'detail-video');

    await dialog.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/`);
    await expect
      .poll(async () => (await camera(page))?.radius, { timeout: 20_000 })
      .toBeGreaterThan(12);
    expect(await page.locator('.detail-overlay').count()).toBe(0);

    // Reopened (the browser's Back), a click closes it anywhere but on controls and text.
    await page.goBack();
    await page.waitForURL(`**${nodeRoute(video)}`);
    await overlayShown(page);
    const path = () => page.evaluate(() => window.location.pathname);
    /** A click, and a frame for the app to answer it: a close would have navigated by then. */
    const clickAt = async (x: number, y: number) => {
      await page.mouse.click(x, y);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    };
    const centreOf = async (locator: ReturnType<Page['locator']>) => {
      const box = await locator.boundingBox();
      if (!box) throw new Error('not on screen');
      return { x: box.x + Math.min(box.width / 2, 40), y: box.y + box.height / 2 };
    };
    // Text, a link, a button and the player keep the item open.
    const keeps = [
      dialog.getByRole('heading', { name: video.title }),
      dialog.getByText(video.video_id, { exact: true }),
      dialog.getByRole('region', { name: 'Related Media' }).getByRole('heading'),
      dialog.getByRole('button', { name: /copy link/i }),
      page.locator(`iframe[title="${video.title}"]`),
    ];
    for (const target of keeps) {
      const at = await centreOf(target);
      await clickAt(at.x, at.y);
      expect(await path(), await target.evaluate((e) => e.outerHTML.slice(0, 80))).toBe(
        nodeRoute(video),
      );
    }
    // The panel's empty corner closes it.
    const panel = (await page.locator('.detail-overlay__panel').boundingBox()) as {
      x: number;
      y: number;
      width: number;
    };
    await screenshot(page, 'detail-video-globe-beside');
    await clickAt(panel.x + panel.width - 6, panel.y + 6);
    await page.waitForURL(`${app.url}/`);
    // So does the globe beside the panel, which stays in view on a desktop (reopened by Back).
    await page.goBack();
    await page.waitForURL(`**${nodeRoute(video)}`);
    await overlayShown(page);
    const reopened = (await page.locator('.detail-overlay__panel').boundingBox()) as { x: number };
    expect(reopened.x).toBeGreaterThan(60);
    await clickAt(reopened.x / 2, 400);
    await page.waitForURL(`${app.url}/`);
    expect(seen.pageErrors).toEqual([]);
  });

  it('navigates with a related item and with a category chip', async () => {
    const page = await open(nodeRoute(video));
    await overlayShown(page);
    const target = byId.get(video.links[0] as string) as MediaNode;
    await page
      .getByRole('region', { name: 'Related Media' })
      .getByRole('link', { name: target.title })
      .click();
    await page.waitForURL(`**${nodeRoute(target)}`);
    await page.getByRole('dialog').getByRole('heading', { name: target.title }).waitFor();
    const category = target.categories[0] as { slug: string; name: string };
    await page.getByRole('dialog').getByRole('link', { name: category.name }).click();
    await page.waitForURL(`**/category/${category.slug}`);
    await expect.poll(() => page.locator('.detail-overlay').count()).toBe(0);
  });
});

describe('gallery detail', () => {
  it('opens the lightbox, steps with the arrow keys, and Escape closes the lightbox, then the gallery', async () => {
    const page = await open(nodeRoute(gallery));
    await overlayShown(page);
    const images = page.getByRole('list', { name: 'Images' }).getByRole('button');
    expect(await images.count()).toBe(gallery.images.length);
    await screenshot(page, 'detail-gallery');
    await images.nth(1).click();
    const lightbox = page.locator('.lightbox');
    const image = lightbox.locator('img');
    expect(await image.getAttribute('src')).toBe(gallery.images[1]?.fullUrl);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => image.getAttribute('src')).toBe(gallery.images[2]?.fullUrl);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => image.getAttribute('src')).toBe(gallery.images[0]?.fullUrl);
    await lightbox.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => image.getAttribute('src')).toBe(gallery.images[1]?.fullUrl);
    await screenshot(page, 'detail-lightbox');
    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(nodeRoute(gallery));
    await page.keyboard.press('Escape');
    await page.waitForURL(`${app.url}/`);
  });

  it('closes when the backdrop is clicked on desktop', async () => {
    const page = await open(nodeRoute(gallery));
    await overlayShown(page);
    // A contributor who asked not to be named.
    expect(gallery.credit).toBe('Anonymous');
    expect(await page.locator('.detail__rights').textContent()).toMatch(/^© Anonymous, CC /);
    const panel = (await page.locator('.detail-overlay__panel').boundingBox()) as {
      y: number;
      height: number;
    };
    await page.mouse.click(640, Math.min(790, panel.y + panel.height + 20));
    await page.waitForURL(`${app.url}/`);
  });
});

describe('an item shown in this archive only', () => {
  it('links its licence to the section of the terms that says what that means', async () => {
    const only = sample.find((n) => n.license === 'archive-only' && n.credit) as MediaNode;
    const page = await open(nodeRoute(only));
    await overlayShown(page);
    const link = page.getByRole('link', { name: 'shown in this archive only' });
    expect(await page.locator('.detail__rights').textContent()).toBe(
      `© ${only.credit}, shown in this archive only`,
    );
    await link.click();
    await page.waitForURL(`${app.url}/terms#archive-only`);
    const heading = page.getByRole('heading', { name: 'Shown in this archive only' });
    await heading.waitFor();
    await expect
      .poll(() => heading.evaluate((h) => h.getBoundingClientRect().top))
      .toBeLessThan(400);
    expect(await page.title()).toContain('Terms for contributors');
  });
});

describe('3D captures in a gallery', () => {
  const house = byId.get('roof-frames-rising') as MediaNode;
  const debris = byId.get('debris-piles-curbside') as MediaNode;
  const stats = (page: Page) => page.evaluate(() => window.__capture?.stats() ?? null);

  it('opens the sample house in a viewer that loads it, turns by drag, resets, and frees its engine on Escape', async () => {
    const page = await open(nodeRoute(house));
    const seen = watchPage(page);
    await overlayShown(page);
    const count = house.images.length;
    const opener = page.getByRole('button', { name: `Open 3D capture ${count} of ${count}` });
    expect(await opener.getByText('3D', { exact: true }).count()).toBe(1);
    await opener.click();
    const canvas = page.locator('.capture__canvas');
    await canvas.waitFor();
    await expect.poll(async () => (await stats(page))?.meshes ?? 0, { timeout: 30_000 }).toBe(4);
    await expect.poll(async () => (await stats(page))?.ready, { timeout: 30_000 }).toBe(true);
    await page.getByRole('button', { name: 'Reset view' }).waitFor();
    await screenshot(page, 'detail-capture-desktop');
    const before = (await stats(page))?.alpha ?? 0;
    const box = (await canvas.boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(async () => Math.abs(((await stats(page))?.alpha ?? 0) - before))
      .toBeGreaterThan(0.3);
    await page.getByRole('button', { name: 'Reset view' }).click();
    await expect.poll(async () => (await stats(page))?.alpha).toBeCloseTo(before, 5);
    // The arrow keys turn the capture while it has focus; the lightbox stays on it.
    await canvas.focus();
    await page.keyboard.down('ArrowLeft');
    await expect.poll(async () => (await stats(page))?.alpha).not.toBeCloseTo(before, 2);
    await page.keyboard.up('ArrowLeft');
    expect(await page.locator('.lightbox').getAttribute('aria-label')).toContain(
      `3D capture ${count} of ${count}`,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.lightbox').count()).toBe(0);
    expect((await stats(page))?.disposed).toBe(true);
    expect(seen.pageErrors).toEqual([]);
  });

  describe('in an archive of their own', () => {
    const SPZ_KEY = '2026/11/0f1e2d3c-4b5a-4697-8877-665544332211.spz';
    const poster = house.images[0] as MediaNode['images'][number];
    let dir: string;
    let own: RunningApp;
    beforeAll(async () => {
      // A capture that is not a model at all (a photo named as one), and the sample debris pile
      // as an .spz among the archive's uploads.
      dir = mkdtempSync(join(tmpdir(), 'globe-capture-'));
      const uploads = join(dir, 'uploads');
      mkdirSync(join(uploads, '2026', '11'), { recursive: true });
      const splat = readFileSync(
        join('public', (debris.images.at(-1)?.capture?.url ?? '').slice(1)),
      );
      writeFileSync(join(uploads, SPZ_KEY), splatToSpz(splat));
      const file = join(dir, 'archive.json');
      const gallery = { type: 'gallery', lat: 38.63, lng: -90.3, categories: ['Rebuilding'] };
      writeFileSync(
        file,
        JSON.stringify([
          {
            ...gallery,
            video_id: 'broken-capture',
            title: 'A broken capture',
            images: [{ ...poster, capture: { url: poster.fullUrl, format: 'glb' } }],
          },
          {
            ...gallery,
            video_id: 'spz-capture',
            title: 'The debris pile as .spz',
            images: [{ ...poster, capture: { url: `/uploads/${SPZ_KEY}`, format: 'spz' } }],
          },
        ]),
      );
      own = await startApp({ archiveFile: file, env: { UPLOADS_DIR: uploads } });
    });
    afterAll(async () => {
      await own?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    /** The pages of this app's tests, closed after each: a viewer left open renders on. */
    const ownContexts: BrowserContext[] = [];
    afterEach(async () => {
      for (const context of ownContexts.splice(0)) await context.close();
    });

    /** Opens the item's capture; `watch` sees the page from its first request. */
    async function openCapture(id: string, watch?: (page: Page) => void): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      ownContexts.push(context);
      await markIntroSeen(context);
      const page = await context.newPage();
      watch?.(page);
      await page.goto(`${own.url}/gallery/${id}`);
      await overlayShown(page);
      await page.getByRole('button', { name: 'Open 3D capture 1 of 1' }).click();
      return page;
    }

    it('shows the poster and a plain message when the capture cannot load', async () => {
      const page = await openCapture('broken-capture');
      const alert = page.locator('.lightbox').getByRole('alert');
      await expect
        .poll(() => alert.textContent(), { timeout: 30_000 })
        .toBe('This 3D capture could not be loaded. The picture is its poster.');
      expect(await page.locator('.lightbox img').getAttribute('src')).toBe(poster.fullUrl);
      expect(await page.locator('.capture__canvas').count()).toBe(0);
      expect((await stats(page))?.disposed).toBe(true);
      await screenshot(page, 'detail-capture-failed');
    });

    it('loads an .spz with the viewer’s own reader, fetching no code from anywhere', async () => {
      const elsewhere: string[] = [];
      let seen: ReturnType<typeof watchPage> | undefined;
      const page = await openCapture('spz-capture', (opened) => {
        seen = watchPage(opened);
        opened.on('request', (request) => {
          if (!request.url().startsWith(own.url)) elsewhere.push(request.url());
        });
      });
      // Babylon's default imports Adobe's reader from unpkg.com, which the page's CSP refuses:
      // the capture then never loaded, nor said it failed.
      await expect
        .poll(async () => (await stats(page))?.splats ?? 0, { timeout: 30_000 })
        .toBe(6000);
      await expect.poll(async () => (await stats(page))?.ready, { timeout: 30_000 }).toBe(true);
      await screenshot(page, 'detail-capture-spz');
      expect(elsewhere.filter((url) => !/^(data|blob):/.test(url))).toEqual([]);
      expect(seen?.pageErrors).toEqual([]);
    });
  });

  it('loads the sample splat on a phone, fitted to it, and steps on to a photo with Previous', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(context);
    await markIntroSeen(context);
    const page = await context.newPage();
    await page.goto(`${app.url}${nodeRoute(debris)}`);
    await overlayShown(page);
    const count = debris.images.length;
    await page.getByRole('button', { name: `Open 3D capture ${count} of ${count}` }).click();
    await expect.poll(async () => (await stats(page))?.splats ?? 0, { timeout: 30_000 }).toBe(6000);
    await expect.poll(async () => (await stats(page))?.ready, { timeout: 30_000 }).toBe(true);
    const box = (await page.locator('.capture__canvas').boundingBox()) as {
      width: number;
      height: number;
    };
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThan(250);
    await screenshot(page, 'detail-capture-phone');
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect
      .poll(() => page.locator('.lightbox img').getAttribute('src'))
      .toBe(debris.images[count - 2]?.fullUrl);
    expect((await stats(page))?.disposed).toBe(true);
  });
});

describe('sharing an item', () => {
  it('names the item in the tab and the page description, copies its link, and restores both on close', async () => {
    const page = await open(nodeRoute(video), {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await overlayShown(page);
    expect(await page.title()).toBe(`${video.title} · Globe Archive`);
    const description = () => page.locator('meta[name="description"]').getAttribute('content');
    expect(await description()).toBe(`Video: ${video.description}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${app.url}${nodeRoute(video)}`,
    );
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/`);
    await expect
      .poll(() => page.title())
      .toBe('Globe Archive: the St. Louis tornado of 16 May 2025');
    expect(await description()).toMatch(/^A public archive of community videos and photos/);
  });
});

describe('links to items', () => {
  it('opens a shared gallery link on the gallery for a first-time visitor on a phone, the intro one tap away', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(context);
    const page = await context.newPage();
    const seen = watchPage(page);
    await page.goto(`${app.url}${nodeRoute(gallery)}`);
    // No intro to sit through: the gallery's title and its photos, with no tap.
    await overlayShown(page);
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading', { name: gallery.title }).count()).toBe(1);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll<HTMLImageElement>('.gallery__grid img')].filter(
              (img) => img.complete && img.naturalWidth > 0,
            ).length,
        ),
      )
      .toBeGreaterThan(0);
    expect(await page.locator('.intro').count()).toBe(0);
    // Pictured once its fade-in is over.
    await expect
      .poll(() => page.locator('.detail-overlay').evaluate((e) => getComputedStyle(e).opacity))
      .toBe('1');
    await screenshot(page, 'shared-gallery-first-visit-phone');
    // The intro is offered, and plays when tapped; nothing is recorded before.
    expect(await page.evaluate(() => localStorage.getItem('hasSeenIntro'))).toBeNull();
    await page.getByRole('button', { name: 'Watch the intro' }).tap();
    await page.getByRole('region', { name: 'Introduction' }).waitFor();
    await page.getByRole('button', { name: 'Skip intro' }).tap();
    await page.getByRole('region', { name: 'Introduction' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(nodeRoute(gallery));
    expect(await page.getByRole('button', { name: 'Watch the intro' }).count()).toBe(0);
    expect(seen.pageErrors).toEqual([]);
  });

  it('says an unknown id is not found, with a way home', async () => {
    const page = await open('/video/no-such-item');
    await page.getByRole('heading', { name: 'Item not found' }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Back to the archive' }).click();
    await page.waitForURL(`${app.url}/`);
  });

  it('moves between items and home with the browser history', async () => {
    const page = await open('/');
    await page.waitForFunction(() => window.__globe?.ready === true, null, { timeout: 60_000 });
    // Opened in the page (a second load of the globe in one tab is slow under SwiftShader).
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('#archive-panel').getByRole('link', { name: video.title }).click();
    await page.waitForURL(`**${nodeRoute(video)}`);
    await overlayShown(page);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.locator('.detail-overlay').count()).toBe(0);
    await page.goForward();
    await overlayShown(page);
    expect(await page.getByRole('dialog').getByRole('heading', { name: video.title }).count()).toBe(
      1,
    );
  });
});

describe('an item opened from a filtered globe', () => {
  it('keeps the filter while open and on close, and Copy link gives the unfiltered address', async () => {
    const slug = (video.categories[0] as { slug: string }).slug;
    const outside = sample.find((n) => !n.categories.some((c) => c.slug === slug)) as MediaNode;
    const page = await open(`/category/${slug}?type=video`);
    await page.waitForFunction(() => window.__globe?.ready === true, null, { timeout: 60_000 });
    // A visitor opens a matching item from the list (a card on the globe does the same).
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('#archive-panel').getByRole('link', { name: video.title }).click();
    const opened = video;
    await page.waitForURL(`**${nodeRoute(opened)}?category=${slug}&type=video`);
    await overlayShown(page);
    // Still filtered behind the item: a card outside the category stays faded.
    expect(await page.evaluate((id) => window.__globe?.card(id)?.matched, outside.video_id)).toBe(
      false,
    );
    // Copy link gives the item's own address, without the filter.
    await page.getByRole('dialog').getByRole('button', { name: 'Copy link' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('status').first().textContent())
      .toContain(`${app.url}${nodeRoute(opened)}`);
    expect(
      await page
        .getByRole('dialog')
        .getByText(/\?category=/)
        .count(),
    ).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/category/${slug}?type=video`);
    expect(await page.evaluate((id) => window.__globe?.card(id)?.matched, outside.video_id)).toBe(
      false,
    );
  });
});
