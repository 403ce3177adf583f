/**
 * The timeline's handle as a visitor moves it (issue 30's budget: the globe and the list follow
 * within one frame of the drag). Each key on the end handle moves the range one bar; measured on
 * the page's thread, the one an input waits for:
 * - the globe: the page's own "timeline range" measure, from the key's event to the commit that
 *   told the globe the new range (its worker draws it in its next frame);
 * - the list: from the key's event to the Archive items count changed.
 * The frame itself comes at the display's pace; here SwiftShader draws 10,000 cards in about
 * 80 ms, which no code of the page can shorten.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface TimelineFigures {
  /** Moves measured. */
  moves: number;
  /** Input → the globe told, each move. */
  globeSamplesMs: number[];
  globeMedianMs: number;
  globeWorstMs: number;
  /** Input → the list's count changed (moves that changed it). */
  listSamplesMs: number[];
  listMedianMs: number;
  listWorstMs: number;
}

/** One frame at 60 Hz: "within one frame of the drag" is the page's work done within it. */
export const FRAME_MS = 1000 / 60;
const MOVES = 12;
const SETTLE_TIMEOUT_MS = 60_000;
const MOVE_TIMEOUT_MS = 5_000;

interface TimelineWindow {
  __timelineKeys?: number[];
  __timelineList?: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Opens the home screen afresh in `context` with a range on the afternoon of 16 May (a page of its
 * own, as the search's), waits for the list to hold every item in it, then moves the end handle.
 */
export async function measureTimeline(
  context: BrowserContext,
  url: string,
  timeoutMs: number,
): Promise<TimelineFigures> {
  const page = await context.newPage();
  try {
    await page.goto(`${url}/?skipIntro=true&from=2025-05-16T14:00-05:00&to=2025-05-17`, {
      timeout: timeoutMs,
    });
    await page.locator('canvas.globe-canvas--shown').waitFor({ timeout: timeoutMs });
    const handle = page.getByRole('slider', { name: 'End of the time range' });
    await handle.waitFor({ timeout: timeoutMs });
    // Settled: the list has stopped growing (it adds rows in idle moments after the globe shows).
    await page
      .waitForFunction(
        () => {
          const w = window as { __rows?: number[] };
          const rows = document.querySelectorAll('.archive-items__list > li').length;
          w.__rows = [...(w.__rows ?? []).slice(-3), rows];
          return w.__rows.length >= 4 && w.__rows.every((n) => n === rows);
        },
        undefined,
        { timeout: SETTLE_TIMEOUT_MS, polling: 500 },
      )
      .catch(() => undefined);
    return await moveAndRead(page);
  } finally {
    await page.close();
  }
}

async function moveAndRead(page: Page): Promise<TimelineFigures> {
  await page.evaluate(() => {
    const w = window as TimelineWindow;
    w.__timelineKeys = [];
    w.__timelineList = [];
    document.addEventListener('keydown', (event) => w.__timelineKeys?.push(event.timeStamp), {
      capture: true,
    });
    const count = document.querySelector('.archive-items__count');
    if (count)
      new MutationObserver(() => w.__timelineList?.push(performance.now())).observe(count, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    performance.clearMeasures('timeline range');
  });
  await page.getByRole('slider', { name: 'End of the time range' }).focus();
  const globe: number[] = [];
  const list: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    const before = await page.evaluate(() => ({
      measures: performance.getEntriesByName('timeline range').length,
      lists: (window as TimelineWindow).__timelineList?.length ?? 0,
    }));
    await page.keyboard.press('ArrowLeft');
    const moved = await page
      .waitForFunction(
        (count) => performance.getEntriesByName('timeline range').length > count,
        before.measures,
        { timeout: MOVE_TIMEOUT_MS },
      )
      .then(() => true)
      .catch(() => false);
    if (!moved) continue;
    globe.push(
      await page.evaluate(
        () => performance.getEntriesByName('timeline range').at(-1)?.duration ?? 0,
      ),
    );
    // The list follows at low priority; a move that changes no item leaves its count as it was.
    const listed = await page
      .waitForFunction(
        (count) => ((window as TimelineWindow).__timelineList?.length ?? 0) > count,
        before.lists,
        { timeout: MOVE_TIMEOUT_MS },
      )
      .then(() => true)
      .catch(() => false);
    if (listed)
      list.push(
        await page.evaluate((first) => {
          const w = window as TimelineWindow;
          return (w.__timelineList?.[first] ?? 0) - (w.__timelineKeys?.at(-1) ?? 0);
        }, before.lists),
      );
  }
  return {
    moves: globe.length,
    globeSamplesMs: globe.map(round),
    globeMedianMs: median(globe),
    globeWorstMs: globe.length === 0 ? Number.NaN : Math.max(...globe),
    listSamplesMs: list.map(round),
    listMedianMs: median(list),
    listWorstMs: list.length === 0 ? Number.NaN : Math.max(...list),
  };
}
