/**
 * The archive with no network (issue 50), in contexts that allow the service worker (the rest of
 * the suite blocks it: support/harness.ts): a visit installs it, and with the network off a reload
 * shows the globe from the last archive seen, search finds an item, a video says it needs a
 * connection, a gallery seen before shows its photos; the network back, the offline line goes.
 * A new release is offered and applied only when the visitor chooses; an editor's sign-out leaves
 * nothing of the session in the caches.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { houseModel } from '../../scripts/sample-captures.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  launchBrowser,
  markIntroSeen,
  ROOT,
  SAMPLE,
  screenshot,
  SCREENSHOT_DIR,
  startApp,
  watchPage,
  type RunningApp,
} from './support/harness';

const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;
const WAIT = { timeout: 60_000 };
const GALLERY = 'clayton-morning-after';
const EDITOR = { username: 'editor', password: 'Editor-Local-2025!' };

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startApp({ archiveFile: SAMPLE })]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await app?.stop();
});

async function visitor(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow', ...options });
  contexts.push(context);
  await markIntroSeen(context);
  return context.newPage();
}

function globeShown(page: Page): Promise<unknown> {
  return page.waitForFunction(() => window.__globe?.ready === true, undefined, WAIT);
}

/** Waits until the page is controlled by an installed (so wholly precached) worker. */
async function workerInstalled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return (
            registration?.active?.state === 'activated' &&
            navigator.serviceWorker.controller !== null
          );
        }),
      WAIT,
    )
    .toBe(true);
}

/** Every URL the page's caches hold, by cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return all;
  });
}

/** Whether every photo of the open gallery has been drawn (a broken one has no natural width). */
function galleryPhotosShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const photos = [...document.querySelectorAll<HTMLImageElement>('.gallery__cell img')];
    return photos.length > 0 && photos.every((photo) => photo.complete && photo.naturalWidth > 0);
  });
}

describe('the archive offline', () => {
  it('reloads to the globe, searches, opens a gallery seen before and says a video needs a connection', async () => {
    const page = await visitor();
    const seen = watchPage(page);
    await page.goto(`${app.url}/`);
    await globeShown(page);
    await workerInstalled(page);
    // A gallery looked at online: its photos are kept.
    await page.goto(`${app.url}/gallery/${GALLERY}`);
    await expect.poll(() => galleryPhotosShown(page), WAIT).toBe(true);
    const cached = await cachedUrls(page);
    expect(Object.keys(cached)).toEqual(
      expect.arrayContaining(['globe-archive-list', 'globe-archive-images']),
    );
    expect(cached['globe-archive-images']).toContain(`${app.url}/sample/${GALLERY}/1.jpg`);

    await page.context().setOffline(true);
    await page.goto(`${app.url}/`);
    await globeShown(page);
    const notice = page.getByRole('status').filter({ hasText: "You're offline." });
    await expect
      .poll(() => notice.textContent(), WAIT)
      .toMatch(/shown as it was on \w+ \d+, \d{4}/);
    await screenshot(page, 'offline-home-phone');
    expect(await axeViolations(page)).toEqual([]);
    // The whole archive on the globe, its cards' faces drawn from the pictures kept.
    expect(await page.evaluate(() => window.__globe?.stats().cards)).toBe(40);
    await expect
      .poll(() => page.evaluate(() => window.__globe?.stats().faces.real ?? 0), WAIT)
      .toBeGreaterThan(0);

    const box = page.getByRole('searchbox', { name: 'Search the archive' });
    await box.fill('chainsw');
    const options = page.getByRole('listbox', { name: 'Matches' }).getByRole('option');
    await expect.poll(() => options.first().textContent(), WAIT).toContain('Chainsaw Crews');
    await box.press('Enter');
    await page.waitForURL(/\/video\/chainsaw-crews-visitation-park/, WAIT);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This video needs a connection.').waitFor(WAIT);
    await dialog.getByRole('heading', { name: /Chainsaw Crews/ }).waitFor();

    await page.goto(`${app.url}/gallery/${GALLERY}`);
    await expect.poll(() => galleryPhotosShown(page), WAIT).toBe(true);

    // Back online: the line goes, and the list is the network's again.
    await page.goto(`${app.url}/`);
    await globeShown(page);
    await notice.waitFor(WAIT);
    await page.context().setOffline(false);
    await expect.poll(() => notice.count(), WAIT).toBe(0);
    expect(seen.pageErrors).toEqual([]);
  });
});

describe('save the archive for offline', () => {
  it('says the size first, saves every picture with its progress, works offline, and frees the space', async () => {
    const page = await visitor();
    await page.goto(`${app.url}/resources`);
    await workerInstalled(page);
    const section = page.getByRole('region', { name: 'Save the archive for offline' });
    await section.getByRole('button', { name: 'See how much space it needs' }).click();
    const plan = section.getByRole('status');
    await expect.poll(() => plan.textContent(), WAIT).toMatch(/^\d+ pictures to save, [\d.]+ MB\./);
    const pictures = Number((await plan.textContent())?.match(/^\d+/)?.[0]);
    expect(pictures).toBeGreaterThan(100);
    await section.getByRole('button', { name: 'Save for offline' }).click();
    await section.getByRole('progressbar').waitFor(WAIT);
    // The phone's screen as the visitor sees it, the progress bar on it.
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'offline-save-progress-phone.png') });
    await expect
      .poll(() => section.getByRole('status').textContent(), WAIT)
      .toMatch(new RegExp(`^Saved for offline: ${pictures} pictures`));
    expect(await axeViolations(page)).toEqual([]);

    // A gallery never opened before shows its photos with no network.
    await page.context().setOffline(true);
    await page.goto(`${app.url}/gallery/the-ville-volunteer-day`);
    await expect.poll(() => galleryPhotosShown(page), WAIT).toBe(true);
    await page.context().setOffline(false);

    await page.goto(`${app.url}/resources`);
    await section.getByText(`This device keeps ${pictures} pictures`).waitFor(WAIT);
    await section.getByRole('button', { name: 'Remove the saved copy' }).click();
    await expect
      .poll(async () => Object.keys(await cachedUrls(page)), WAIT)
      .not.toContain('globe-archive-saved');
  });
});

describe('a new release', () => {
  let scratch: string;
  let release: RunningApp;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'globe-archive-release-'));
    cpSync(join(ROOT, 'dist'), scratch, { recursive: true });
    release = await startApp({ archiveFile: SAMPLE, env: { STATIC_DIR: scratch } });
  });

  afterAll(async () => {
    await release?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** The next release: its document says so, and its worker's precache names the new document. */
  function publishNextRelease(): void {
    const page = join(scratch, 'index.html');
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace('<head>', '<head><meta name="release" content="next">'),
    );
    const worker = join(scratch, 'serviceWorker.js');
    const source = readFileSync(worker, 'utf8');
    const next = source.replace(
      /"revision":"[0-9a-f]+","url":"index\.html"/,
      '"revision":"next","url":"index.html"',
    );
    expect(next).not.toBe(source);
    writeFileSync(worker, next);
  }

  const releaseOf = (page: Page) =>
    page.evaluate(() => document.querySelector('meta[name="release"]')?.getAttribute('content'));

  it('is offered, and the page changes only when the visitor chooses Reload', async () => {
    const page = await visitor();
    await page.goto(`${release.url}/`);
    await globeShown(page);
    await workerInstalled(page);
    publishNextRelease();
    // A visit later: the page comes from the old release's precache, whole, while the new one
    // installs beside it.
    await page.reload();
    await globeShown(page);
    expect(await releaseOf(page)).toBeUndefined();
    const offer = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
    await offer.waitFor(WAIT);
    await screenshot(page, 'offline-update-offer-phone');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => releaseOf(page).catch(() => undefined), WAIT).toBe('next');
    await globeShown(page);
    expect(await offer.count()).toBe(0);
  });

  it('that fails to install is dropped: the old one goes on, offered as nothing, offline too', async () => {
    const page = await visitor();
    await page.goto(`${release.url}/`);
    await globeShown(page);
    await workerInstalled(page);
    const before = await releaseOf(page);
    // A release whose precache names a chunk the server does not have (a deploy cut short).
    const worker = join(scratch, 'serviceWorker.js');
    const source = readFileSync(worker, 'utf8');
    const broken = source.replace(
      /"revision":"[0-9a-z]+","url":"index\.html"/,
      '"revision":"broken","url":"index.html"},{"revision":null,"url":"assets/cut-short-0000.js"',
    );
    expect(broken).not.toBe(source);
    writeFileSync(worker, broken);
    const installed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
      const installing = registration?.installing;
      if (installing)
        await new Promise<void>((resolve) => {
          const ended = () =>
            (installing.state === 'redundant' || installing.state === 'installed') && resolve();
          installing.addEventListener('statechange', ended);
          ended();
        });
      return {
        tried: installing !== undefined,
        state: installing?.state,
        waiting: registration?.waiting !== null,
      };
    });
    expect(installed).toEqual({ tried: true, state: 'redundant', waiting: false });
    // Nothing is offered, and the old release answers, online and off.
    expect(await page.getByText('A new version is ready.').count()).toBe(0);
    await page.context().setOffline(true);
    await page.reload();
    await globeShown(page);
    expect(await releaseOf(page)).toBe(before);
    expect(await page.evaluate(() => window.__globe?.stats().cards)).toBe(40);
    await page.context().setOffline(false);
    writeFileSync(worker, source);
  });

  it('shows the last copy, and says so, when the server is down', async () => {
    const page = await visitor();
    await page.goto(`${release.url}/`);
    await globeShown(page);
    await workerInstalled(page);
    await release.stop();
    // The browser still says it is online: the archive's own answer says otherwise.
    await page.reload();
    await globeShown(page);
    const notice = page.getByRole('status').filter({ hasText: 'cannot be reached right now' });
    await notice.waitFor(WAIT);
    expect(await page.evaluate(() => window.__globe?.stats().cards)).toBe(40);
  });
});

describe('an editor who signs out', () => {
  it('leaves nothing the session fetched in the caches', async () => {
    const page = await visitor({ viewport: { width: 1280, height: 800 }, isMobile: false });
    await page.goto(`${app.url}/signin`);
    await page.getByLabel('Username or email').fill(EDITOR.username);
    await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/`, WAIT);
    await globeShown(page);
    await workerInstalled(page);
    await page.goto(`${app.url}/editor`);
    await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
    await page.goto(`${app.url}/gallery/${GALLERY}`);
    await expect.poll(() => galleryPhotosShown(page), WAIT).toBe(true);
    expect(Object.keys(await cachedUrls(page))).toContain('globe-archive-images');

    // The item is a modal panel over the whole page, header included (it opens once the globe
    // has turned to its card): the editor closes it first.
    await page.getByRole('dialog').waitFor(WAIT);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ ...WAIT, state: 'hidden' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor(WAIT);
    // The session's copies are gone: the list, and the photos it opened. (The home screen it
    // leaves for fetches its card faces again, signed out.)
    await expect
      .poll(async () => Object.keys(await cachedUrls(page)), WAIT)
      .not.toContain('globe-archive-list');
    const images = (await cachedUrls(page))['globe-archive-images'] ?? [];
    expect(images.filter((url) => url.includes(`/sample/${GALLERY}/1.jpg`))).toEqual([]);
    // What is left is the built app, the same for everyone: no answer of the API or of identity,
    // no editor's page.
    const left = Object.values(await cachedUrls(page)).flat();
    expect(left.length).toBeGreaterThan(100);
    expect(
      left.filter((url) =>
        /^\/(?:api|identity|uploads|login)\/|^\/editor(?:\/|$)/.test(new URL(url).pathname),
      ),
    ).toEqual([]);
  });
});

/** What the service keeps, read as an editor reads it (`GET /api/messages`, `/api/submissions`). */
async function inbox(list: 'messages' | 'submissions'): Promise<string> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${app.url}/signin`);
  await page.getByLabel('Username or email').fill(EDITOR.username);
  await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}/`, WAIT);
  const text = await page.evaluate(async (path) => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.accessToken'));
    const token = key === undefined ? '' : (localStorage.getItem(key) ?? '');
    const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
    return response.text();
  }, `/api/${list}`);
  await context.close();
  return text;
}

/** How many times `text` is in the service's list. */
async function timesKept(list: 'messages' | 'submissions', text: string): Promise<number> {
  return (await inbox(list)).split(text).length - 1;
}

describe('the outbox', () => {
  let photo: string;
  let house: string;

  beforeAll(async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'globe-archive-outbox-'));
    photo = join(scratch, 'porch.jpg');
    house = join(scratch, 'house.glb');
    writeFileSync(house, houseModel());
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0502a' } })
      .jpeg()
      .toFile(photo);
  });

  it('keeps a submission with a photo and a 3D capture, and a message, written offline, across a closed tab, and sends each once', async () => {
    const first = await visitor();
    await first.goto(`${app.url}/contact`);
    await workerInstalled(first);
    const context = first.context();
    await context.setOffline(true);

    await first.goto(`${app.url}/submit`);
    await first.getByLabel('Photos', { exact: true }).check();
    await first.locator('input[type=file][name=images]').setInputFiles(photo);
    await expect.poll(() => first.locator('.image-list__item').count(), WAIT).toBe(1);
    // A 3D capture too: kept on the phone, its poster drawn from it there.
    const adder = first.getByRole('group', { name: 'Add a 3D capture' });
    await adder.getByLabel('3D capture file').setInputFiles(house);
    await adder.getByRole('button', { name: 'Add the 3D capture' }).click();
    await first.getByRole('img', { name: '3D capture 2' }).waitFor(WAIT);
    await screenshot(first, 'offline-submit-capture');
    await first.getByLabel(/^Title/).fill('Porch roofs on Page, offline');
    await first.getByLabel(/describe the place/i).fill('Page and Kingshighway');
    await first.getByLabel('By name').check();
    await first.getByLabel(/^Name to credit/).fill('Jo Kowalski');
    await first.getByLabel(/^Creative Commons Attribution 4\.0/).check();
    await first.getByLabel('Nobody can be recognised in it').check();
    await first.getByLabel('I am 16 or older').check();
    await first.getByRole('checkbox', { name: /^I recorded this media/ }).check();
    await first.getByRole('button', { name: /send/i }).click();
    await first.getByRole('heading', { name: 'Saved on this device' }).waitFor(WAIT);

    await first.goto(`${app.url}/contact`);
    await first.getByLabel('Your name').fill('Sam');
    await first.getByLabel('Your e-mail address').fill('sam@example.org');
    await first
      .getByRole('textbox', { name: /^Message/ })
      .fill('Written with no signal, after the storm.');
    await first.getByRole('button', { name: 'Send message' }).click();
    await first.getByRole('heading', { name: 'Saved on this device' }).waitFor(WAIT);
    const outbox = first.getByRole('region', { name: 'Waiting to be sent' });
    await expect.poll(() => outbox.getByText('Waiting for a connection').count(), WAIT).toBe(2);
    await screenshot(first, 'offline-outbox-phone');
    expect(await axeViolations(first)).toEqual([]);

    // The tab closed; another opened later, still with no network.
    await first.close();
    const second = await context.newPage();
    await second.goto(`${app.url}/contact`);
    const later = second.getByRole('region', { name: 'Waiting to be sent' });
    await expect.poll(() => later.getByRole('listitem').count(), WAIT).toBe(2);
    await context.setOffline(false);
    await expect.poll(() => later.getByText(/^Sent\. Your reference/).count(), WAIT).toBe(2);

    expect(await timesKept('messages', 'Written with no signal, after the storm.')).toBe(1);
    expect(await timesKept('submissions', 'Porch roofs on Page, offline')).toBe(1);
    // The photo and the capture with its poster went with it, uploaded from the outbox.
    const { submissions } = JSON.parse(await inbox('submissions')) as {
      submissions: {
        submission: {
          title: string;
          images: { thumbUrl: string; capture?: { url: string; format: string } }[];
        };
      }[];
    };
    const images = submissions.find(
      ({ submission }) => submission.title === 'Porch roofs on Page, offline',
    )?.submission.images;
    expect(images?.map((image) => image.thumbUrl)).toEqual([
      expect.stringMatching(/^\/uploads\//),
      expect.stringMatching(/^\/uploads\//),
    ]);
    expect(images?.[1]?.capture).toEqual({
      url: expect.stringMatching(/^\/uploads\/.+/),
      format: 'glb',
    });
  });

  it('is sent by the service worker when the network is back, with no page of the archive open', async () => {
    const page = await visitor();
    await page.goto(`${app.url}/contact`);
    await workerInstalled(page);
    const context = page.context();
    await context.setOffline(true);
    await page.getByLabel('Your name').fill('Lee');
    await page.getByLabel('Your e-mail address').fill('lee@example.org');
    await page.getByRole('textbox', { name: /^Message/ }).fill('Sent by the worker, no tab open.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor(WAIT);
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const sync = (registration as { sync?: { getTags(): Promise<string[]> } } | undefined)?.sync;
      return sync ? sync.getTags() : [];
    });
    expect(registered).toEqual(['globe-archive-outbox']);
    // Every page of the archive closed: only a blank tab is left, and the network comes back.
    const blank = await context.newPage();
    await page.close();
    expect(await timesKept('messages', 'Sent by the worker, no tab open.')).toBe(0);
    await context.setOffline(false);
    // The browser wakes the worker with the sync it asked for (what DevTools' Sync does).
    const cdp = await context.newCDPSession(blank);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        if (registrations.length > 0) resolve(registrations);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const [registration] = (await registrations).filter(({ scopeURL }) =>
      scopeURL.startsWith(app.url),
    );
    expect(registration).toBeDefined();
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(app.url).origin,
      registrationId: registration?.registrationId ?? '',
      tag: 'globe-archive-outbox',
      lastChance: false,
    });
    await expect
      .poll(() => timesKept('messages', 'Sent by the worker, no tab open.'), WAIT)
      .toBe(1);
    // A page opened later lists it as sent, and sends nothing again.
    const later = await context.newPage();
    await later.goto(`${app.url}/contact`);
    const outbox = later.getByRole('region', { name: 'Waiting to be sent' });
    await outbox.getByText(/^Sent\. Your reference/).waitFor(WAIT);
    expect(await timesKept('messages', 'Sent by the worker, no tab open.')).toBe(1);
  });

  it('sends again a message whose answer was lost, and the service keeps it once', async () => {
    const page = await visitor();
    await page.goto(`${app.url}/contact`);
    // The service gets the message and keeps it; its answer never reaches the phone.
    let lost = false;
    await page.route(`${app.url}/api/messages`, async (route) => {
      if (lost) return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByLabel('Your name').fill('Ana');
    await page.getByLabel('Your e-mail address').fill('ana@example.org');
    await page.getByRole('textbox', { name: /^Message/ }).fill('The answer to this one is lost.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor(WAIT);
    const outbox = page.getByRole('region', { name: 'Waiting to be sent' });
    await outbox.getByText(/^Sent\. Your reference/).waitFor(WAIT);
    expect(lost).toBe(true);
    expect(await timesKept('messages', 'The answer to this one is lost.')).toBe(1);
  });
});
