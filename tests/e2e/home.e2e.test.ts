import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProblem, nodeRoute, normalizeArchive } from '@/lib/nodeModel';
import { dateInRange, rangeOfTexts, rangeText, toText } from '@/lib/timeRange';
import {
  axeViolations,
  launchBrowser,
  ROOT,
  screenshot,
  startApp,
  watchPage,
  type RunningApp,
} from './support/harness';

const SAMPLE = join(ROOT, 'server/data/sample-archive.json');
const MALFORMED = join(ROOT, 'tests/fixtures/malformed-archive.json');
const readArchive = (file: string) => normalizeArchive(JSON.parse(readFileSync(file, 'utf8')));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the sample archive', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ archiveFile: SAMPLE });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists every sample item under "Archive items", each linking to its route', async () => {
    const { nodes } = readArchive(SAMPLE);
    expect(nodes.length).toBeGreaterThanOrEqual(30);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = watchPage(page);
    await page.goto(app.url);
    const list = page.getByRole('list', { name: 'Archive items' });
    await expect.poll(() => list.getByRole('link').count(), { timeout: 20_000 }).toBe(nodes.length);
    for (const node of nodes) {
      const link = list.getByRole('link', { name: node.title, exact: false }).first();
      expect(await link.getAttribute('href')).toBe(nodeRoute(node));
    }
    expect(await page.title()).toContain('Globe Archive');
    await screenshot(page, 'home-sample-archive');
    expect(seen.pageErrors).toEqual([]);
    // React's development build says this; what `npm start` serves must be the production build.
    expect(seen.messages.filter((m) => m.includes('React DevTools'))).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await page.close();
  });

  it('restores a filtered view from its URL, also after a reload', async () => {
    const { nodes } = readArchive(SAMPLE);
    const category = nodes[0]?.categories[0]?.slug as string;
    const expected = nodes.filter(
      (n) => n.type === 'gallery' && n.categories.some((c) => c.slug === category),
    );
    const page = await browser.newPage();
    await page.goto(`${app.url}/category/${category}?type=gallery`);
    const list = page.getByRole('list', { name: 'Archive items' });
    await expect
      .poll(() => list.getByRole('link').count(), { timeout: 20_000 })
      .toBe(expected.length);
    await page.reload();
    await expect
      .poll(() => list.getByRole('link').count(), { timeout: 20_000 })
      .toBe(expected.length);
    await expect
      .poll(() =>
        page.getByText(`${expected.length} of ${nodes.length} items match the filter`).count(),
      )
      .toBe(1);
    await page.close();
  });

  it('finds an item by part of a misspelt word; Enter flies to it and opens it; ?q= restores the search', async () => {
    const chainsaw = 'chainsaw-crews-visitation-park';
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen = watchPage(page);
    await page.goto(`${app.url}/?skipIntro=true`);
    const box = page.getByRole('searchbox', { name: 'Search the archive' });
    await box.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => window.__globe?.ready === true, undefined, {
      timeout: 60_000,
    });
    await page.keyboard.press('/');
    await page.keyboard.type('chainsw');
    const options = page.getByRole('listbox', { name: 'Matches' }).getByRole('option');
    await expect.poll(() => options.first().textContent()).toContain('Chainsaw Crews');
    expect(await options.first().locator('mark').first().textContent()).toBe('Chainsaw');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'home-search-results');
    // What the words did not find fades on the globe.
    await expect
      .poll(() =>
        page.evaluate((id) => window.__globe?.card(id)?.matched, 'clayton-first-responders'),
      )
      .toBe(false);
    expect(await page.evaluate((id) => window.__globe?.card(id)?.matched, chainsaw)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/video/${chainsaw}?q=chainsw`);
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: /Chainsaw Crews/ })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/?q=chainsw`);
    // The shared link, opened afresh.
    await page.goto(`${app.url}/?skipIntro=true&q=chainsw`);
    await expect.poll(() => box.inputValue(), { timeout: 60_000 }).toBe('chainsw');
    const list = page.getByRole('list', { name: 'Archive items' });
    await expect
      .poll(() => list.getByRole('link').first().textContent(), { timeout: 20_000 })
      .toContain('Chainsaw Crews');
    expect(seen.pageErrors).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await page.close();
  });

  it('a ?from=&to= range fades the items outside it and lists those inside; keys narrow it; Play sweeps and stops on a key; filters combine and Clear returns home', async () => {
    const { nodes } = readArchive(SAMPLE);
    const inRange = (url: string, type: string | null = null) => {
      const query = new URL(url).searchParams;
      const range = rangeOfTexts(rangeText(query.get('from')), rangeText(query.get('to')));
      return nodes.filter((n) => dateInRange(n.date, range) && (type === null || n.type === type));
    };
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen = watchPage(page);
    await page.goto(`${app.url}/?skipIntro=true`);
    const start = page.getByRole('slider', { name: 'Start of the time range' });
    const end = page.getByRole('slider', { name: 'End of the time range' });
    await end.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => window.__globe?.ready === true, undefined, {
      timeout: 60_000,
    });
    await page.getByText('2 items have no date').waitFor();
    await screenshot(page, 'timeline-whole-span');
    // The afternoon of 16 May, as a shared link gives it: opened zoomed to it.
    await page.goto(
      `${app.url}/?skipIntro=true&from=2025-05-16T14:00-05:00&to=2025-05-16T18:00-05:00`,
    );
    await page.waitForFunction(() => window.__globe?.ready === true, undefined, {
      timeout: 60_000,
    });
    const afternoon = inRange(page.url());
    expect(afternoon.length).toBeGreaterThanOrEqual(3);
    const list = page.getByRole('list', { name: 'Archive items' });
    const listed = async () =>
      (
        await list
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      )
        .map((href) => href?.split('?')[0])
        .sort();
    const routes = (items: typeof nodes) => items.map((n) => nodeRoute(n)).sort();
    await expect.poll(listed, { timeout: 20_000 }).toEqual(routes(afternoon));
    const later = nodes.find((n) => n.date === '2025-10-04');
    const matched = (id: string) => page.evaluate((i) => window.__globe?.card(i)?.matched, id);
    await expect.poll(() => matched(later?.video_id as string)).toBe(false);
    expect(await matched(afternoon[0]?.video_id as string)).toBe(true);
    expect(await start.getAttribute('aria-valuetext')).toBe('Friday 16 May 2025, 2:00 pm');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'timeline-afternoon');
    // Keys on the end handle: Page Down moves it ten bars earlier; fewer items are left.
    await end.focus();
    await page.keyboard.press('PageDown');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('to'))
      .not.toBe('2025-05-16T18:00-05:00');
    const narrowed = inRange(page.url());
    expect(narrowed.length).toBeLessThan(afternoon.length);
    await expect.poll(listed, { timeout: 20_000 }).toEqual(routes(narrowed));
    // A drag of the start handle with the mouse moves the range's start later, within the window.
    const startBox = await start.boundingBox();
    const trackBox = await page.locator('.timeline__track').boundingBox();
    if (!startBox || !trackBox) throw new Error('the timeline is not on screen');
    const grab = { x: startBox.x + startBox.width / 2, y: startBox.y + startBox.height / 2 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(grab.x + i * 20, grab.y);
    await page.mouse.up();
    // The address takes where the handle rests, not a point it passed (a busy machine's drag
    // pauses long enough mid-way for the address to follow it there first).
    const startAt = async () => Number(await start.getAttribute('aria-valuenow'));
    await expect
      .poll(async () => {
        const from = new URL(page.url()).searchParams.get('from');
        return from !== '2025-05-16T14:00-05:00' && from === toText(await startAt());
      })
      .toBe(true);
    const draggedFrom = new URL(page.url()).searchParams.get('from');
    const dragged = Date.parse(draggedFrom ?? '');
    expect(dragged).toBeGreaterThan(Date.parse('2025-05-16T14:00-05:00'));
    expect(dragged).toBeLessThan(Date.parse('2025-05-16T17:10-05:00'));
    // The address takes the range once the handle rests: the list matches it then.
    await expect
      .poll(async () => ({ listed: await listed(), inRange: routes(inRange(page.url())) }), {
        timeout: 20_000,
      })
      .toSatisfy(
        ({ listed: shown, inRange: wanted }) => JSON.stringify(shown) === JSON.stringify(wanted),
      );
    // Play sweeps the end forward (the handle moves; the address takes the range once it stops);
    // a key stops it where it is.
    const endAt = async () => Number(await end.getAttribute('aria-valuenow'));
    const play = page.getByRole('button', { name: 'Play' });
    await play.click();
    const ends: number[] = [];
    await expect
      .poll(
        async () => {
          const at = await endAt();
          if (ends.at(-1) !== at) ends.push(at);
          return ends.length;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBeGreaterThanOrEqual(3);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    await page.keyboard.press('Shift');
    await expect
      .poll(() => page.getByRole('button', { name: 'Play' }).getAttribute('aria-pressed'))
      .toBe('false');
    const stoppedAt = await endAt();
    // The address takes where it stopped.
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(toText(stoppedAt));
    const stopped = page.url();
    // Two frames later, and a while after, it has not moved on.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.waitForTimeout(400);
    expect(await endAt()).toBe(stoppedAt);
    expect(page.url()).toBe(stopped);
    // Filters combine: a media chip keeps the range; the count and the list follow.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Videos' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('video');
    const videos = inRange(page.url(), 'video');
    expect(new URL(page.url()).searchParams.get('from')).toBe(draggedFrom);
    await page.getByText(`${videos.length} of ${nodes.length} items`, { exact: true }).waitFor();
    await expect.poll(listed, { timeout: 20_000 }).toEqual(routes(videos));
    const on = page.getByRole('list', { name: 'Filters on' });
    expect(await on.getByRole('button').count()).toBe(2);
    // Clear returns home, every item back.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL(`${app.url}/`);
    await expect.poll(() => list.getByRole('link').count(), { timeout: 20_000 }).toBe(nodes.length);
    await expect.poll(() => matched(later?.video_id as string)).toBe(true);
    expect(seen.pageErrors).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await page.close();
  });

  it('on a phone: the search results and the timeline pass axe', async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${app.url}/?skipIntro=true&from=2025-05-16&to=2025-05-31`);
    await page.getByRole('slider', { name: 'End of the time range' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => window.__globe?.ready === true, undefined, {
      timeout: 60_000,
    });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'timeline-phone');
    const box = page.getByRole('searchbox', { name: 'Search the archive' });
    await box.tap();
    await page.keyboard.type('volunter');
    const options = page.getByRole('listbox', { name: 'Matches' }).getByRole('option');
    await expect.poll(() => options.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'search-phone');
    // The arrow keys walk down the matches, and the one chosen scrolls into sight.
    const total = await options.count();
    for (let i = 0; i < total; i++) await page.keyboard.press('ArrowDown');
    // The matches' own (the header's language picker has its chosen option too).
    const chosen = page
      .getByRole('listbox', { name: 'Matches' })
      .getByRole('option', { selected: true });
    await expect.poll(() => chosen.count()).toBe(1);
    const listBox = await page.getByRole('listbox', { name: 'Matches' }).boundingBox();
    const chosenBox = await chosen.boundingBox();
    expect(chosenBox && listBox).toBeTruthy();
    if (chosenBox && listBox) {
      expect(chosenBox.y).toBeGreaterThanOrEqual(listBox.y - 1);
      expect(chosenBox.y + chosenBox.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
    }
    await page.close();
  });

  it('answers an unknown path with 404 and a not-found page that leads home', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${app.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the archive' }).click();
    await page.getByRole('list', { name: 'Archive items' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});

describe('an archive file with malformed nodes', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ archiveFile: MALFORMED });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('loads the good nodes without an uncaught error, warning once per bad node', async () => {
    const { nodes, problems } = readArchive(MALFORMED);
    const page = await browser.newPage();
    const seen = watchPage(page);
    await page.goto(app.url);
    const list = page.getByRole('list', { name: 'Archive items' });
    await expect.poll(() => list.getByRole('link').count(), { timeout: 20_000 }).toBe(nodes.length);
    // Hostile titles arrive as text: nothing in them ran.
    await list
      .getByText('<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>')
      .waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(seen.pageErrors).toEqual([]);
    expect(seen.warnings.filter((w) => w.startsWith('Archive node'))).toEqual(
      problems.map(describeProblem),
    );
    await screenshot(page, 'home-malformed-archive');
    await page.close();
  });

  it('keeps every raw record in the service, malformed ones included', async () => {
    // PostgreSQL text cannot hold U+0000: the store keeps such characters as U+FFFD, nothing else changes.
    const raw = JSON.parse(readFileSync(MALFORMED, 'utf8').replaceAll('\\u0000', '\\ufffd')).nodes;
    const served = await (await fetch(`${app.url}/api/nodes`)).json();
    expect(served).toEqual(raw);
  });
});
