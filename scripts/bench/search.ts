/**
 * The home screen's search as a visitor types into it (issue 30's budgets): the time from each
 * keystroke to its matches committed (the page's own "search results" measure, from the input
 * event's time stamp), and the longest main-thread task while the index was built (and its
 * commonest words asked, the page's "search index" measure).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { LIST_PAGE_ITEMS } from '../../src/lib/constants';

export interface SearchFigures {
  /** Keystrokes measured once the index was built. */
  keystrokes: number;
  /** Each keystroke's time, in the order typed. */
  samplesMs: number[];
  medianMs: number;
  worstMs: number;
  /** The longest task (Long Tasks API) from focusing the box until the index was done. */
  indexLongestTaskMs: number;
  /** From focusing the box to the first word answered (the index loaded and built). */
  firstAnswerMs: number;
  /** From focusing the box to the index done, its commonest words' answers kept too. */
  indexMs: number;
}

/** What is typed: the first letter waits for the index, the rest are measured one by one. */
const FIRST = 'g';
const REST = 'enerated vid';
const TYPO_TAIL = ['Backspace', 'Backspace', 'Backspace', 'v', 'i', 'd', 'e', 'o', ' ', '4', '2'];
const ANSWER_TIMEOUT_MS = 60_000;
const SETTLE_TIMEOUT_MS = 60_000;
const KEY_TIMEOUT_MS = 5_000;

interface SearchWindow {
  __searchLong?: number[];
}

/**
 * Opens the home screen afresh in `context` (its cache warm), waits for the globe to be shown, types
 * into the search box and reads the figures. A page of its own: one that read `window.__globe`
 * (the run's figures) has the worker mirror every card to it after every frame, a cost no
 * visitor's page pays.
 */
export async function measureSearch(
  context: BrowserContext,
  url: string,
  n: number,
  timeoutMs: number,
): Promise<SearchFigures> {
  const page = await context.newPage();
  try {
    await page.goto(`${url}/?skipIntro=true`, { timeout: timeoutMs });
    await page.locator('canvas.globe-canvas--shown').waitFor({ timeout: timeoutMs });
    // Settled: the Archive items list holds its rows (it adds 40 in each idle moment after the
    // globe shows, up to its first page; a keystroke meanwhile can wait for a batch's commit).
    await page
      .waitForFunction(
        (count) => document.querySelectorAll('.archive-items__list > li').length >= count,
        Math.min(n, LIST_PAGE_ITEMS),
        { timeout: SETTLE_TIMEOUT_MS, polling: 500 },
      )
      .catch(() => undefined);
    return await typeAndRead(page);
  } finally {
    await page.close();
  }
}

async function typeAndRead(page: Page): Promise<SearchFigures> {
  const box = page.getByRole('searchbox', { name: 'Search the archive' });
  await page.evaluate(() => {
    const w = window as SearchWindow;
    w.__searchLong = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__searchLong?.push(entry.duration);
    }).observe({ type: 'longtask' });
    performance.clearMeasures('search results');
  });
  const started = await page.evaluate(() => performance.now());
  await box.focus();
  await page.keyboard.type(FIRST);
  await page.waitForFunction(
    () => performance.getEntriesByName('search results').length > 0,
    undefined,
    { timeout: ANSWER_TIMEOUT_MS },
  );
  const firstEnd = await page.evaluate(() => {
    const entry = performance.getEntriesByName('search results')[0];
    performance.clearMeasures('search results');
    return entry ? entry.startTime + entry.duration : 0;
  });
  // Then the commonest words are asked of the index in idle moments: the index is done when the
  // page's "search index" measure is. Its longest task counts; the keys are typed after.
  await page.waitForFunction(
    () => performance.getEntriesByName('search index').length > 0,
    undefined,
    { timeout: ANSWER_TIMEOUT_MS },
  );
  const index = await page.evaluate(() => {
    const long = (window as SearchWindow).__searchLong ?? [];
    const entry = performance.getEntriesByName('search index')[0];
    return { ms: entry?.duration ?? Number.NaN, longest: Math.max(0, ...long) };
  });

  const keys = [...REST.split(''), ...TYPO_TAIL];
  const durations: number[] = [];
  for (const key of keys) {
    const before = await page.evaluate(() => performance.getEntriesByName('search results').length);
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    // A key that leaves the words as they were (a trailing space) asks nothing new.
    const answered = await page
      .waitForFunction(
        (count) => performance.getEntriesByName('search results').length > count,
        before,
        { timeout: KEY_TIMEOUT_MS },
      )
      .then(() => true)
      .catch(() => false);
    if (!answered) continue;
    durations.push(
      await page.evaluate(
        () => performance.getEntriesByName('search results').at(-1)?.duration ?? 0,
      ),
    );
  }
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    keystrokes: durations.length,
    samplesMs: durations.map((ms) => Math.round(ms * 10) / 10),
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    worstMs: sorted.at(-1) ?? Number.NaN,
    indexLongestTaskMs: index.longest,
    firstAnswerMs: firstEnd - started,
    indexMs: index.ms,
  };
}
