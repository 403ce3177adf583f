import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTINUE_DELAY_MS, SPLASH_MS } from '@/lib/constants';
import { charactersShown, INTRO_TEXT, typingSchedule } from '@/lib/typingSchedule';
import { generateArchive } from '../fixtures/generateArchive';
import {
  launchBrowser,
  screenshot,
  startApp,
  type RunningApp,
  SAMPLE,
  visitorPage,
} from './harness';

/*
 * The intro's and the preloader's schedules, timed on the wall clock: this file runs alone, after
 * the others (TIMED_E2E in vite.config.ts). The rest of a visit is in browse.e2e.test.ts.
 */

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
  }
}

/** Records every change of the intro's stage and typed length, and of the preloader, with its time. */
async function recordJourney(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
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

/** A first visit to the globe, its intro and preloader recorded. */
const firstVisit = (options: BrowserContextOptions = {}) =>
  visitorPage(browser, contexts, `${app.url}/`, {
    returning: false,
    options,
    prepare: recordJourney,
  });

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

describe('the intro', () => {
  it('shows the splash for 4 s, types the text on schedule, offers Continue 2 s later, and remembers it', async () => {
    const page = await firstVisit();
    await page.getByRole('img', { name: 'Globe Archive' }).first().waitFor();
    await screenshot(page, 'journey-intro-splash');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await continueButton.waitFor({ timeout: 45_000 });
    await screenshot(page, 'journey-intro-text');
    const marks = (await page.evaluate(() => window.__marks ?? [])).filter(
      (m) => m.stage !== 'none',
    );
    const splash = marks.find((m) => m.stage === 'splash') as Mark;
    const typing = marks.find((m) => m.stage === 'typing') as Mark;
    const typed = marks.find((m) => m.stage === 'typed') as Mark;
    const ready = marks.find((m) => m.stage === 'continue') as Mark;
    expect(typing.t - splash.t).toBeGreaterThan(SPLASH_MS - 100);
    expect(typing.t - splash.t).toBeLessThan(SPLASH_MS + 600);
    // Every typed length seen matches the schedule at that moment (a frame or a slow one late).
    const schedule = typingSchedule(INTRO_TEXT);
    const typingMarks = marks.filter((m) => m.stage === 'typing' && m.chars > 0);
    expect(typingMarks.length).toBeGreaterThan(20);
    for (const mark of typingMarks) {
      const elapsed = mark.t - typing.t;
      expect(mark.chars).toBeLessThanOrEqual(charactersShown(schedule, elapsed + 100));
      expect(mark.chars).toBeGreaterThanOrEqual(charactersShown(schedule, elapsed - 500));
    }
    expect(typed.chars).toBe(INTRO_TEXT.length);
    expect(typed.t - typing.t).toBeGreaterThan((schedule.at(-1) as number) - 100);
    expect(typed.t - typing.t).toBeLessThan((schedule.at(-1) as number) + 800);
    expect(ready.t - typed.t).toBeGreaterThan(CONTINUE_DELAY_MS - 100);
    expect(ready.t - typed.t).toBeLessThan(CONTINUE_DELAY_MS + 600);
    // Screen readers get the whole text at once.
    expect(await page.locator('.intro .visually-hidden').textContent()).toBe(INTRO_TEXT);

    await continueButton.click();
    expect(await page.evaluate(() => window.localStorage.getItem('hasSeenIntro'))).toBe('true');
    await globeReady(page);
    // A second visit skips it.
    await page.reload();
    await page.locator('.preloader, .globe-canvas--shown').first().waitFor();
    expect(await page.locator('.intro').count()).toBe(0);
  });

  it('shows the text at once with reduced motion, and the globe appears without a slow reveal', async () => {
    const page = await firstVisit({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Continue' }).waitFor({ timeout: 15_000 });
    const marks = (await page.evaluate(() => window.__marks ?? [])).filter(
      (m) => m.stage === 'typing' || m.stage === 'typed',
    );
    expect(marks.every((m) => m.chars === INTRO_TEXT.length || m.chars === 0)).toBe(true);
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
    const page = await visitorPage(browser, contexts, `${big.url}/?skipIntro=true`, {
      returning: false,
      prepare: recordJourney,
    });
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
