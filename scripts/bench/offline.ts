/**
 * Issue 50's budgets, on a phone's profile with the page composited in software: the reload of
 * `/` with the network off against the same reload online (≤ 1.2×), and a repeat visit over a
 * slow-4G line against a fast one (≤ 1.2×), each to the globe shown (the canvas's shown class),
 * median of `--runs` (5).
 *
 * The slow line is a stand-in on this machine: a proxy in front of the app that adds Lighthouse's
 * slow-4G figures (562.5 ms before each answer, 1.47 Mbit/s down, shared), so the service worker's
 * own requests pass through it as the page's do (the browser's throttling would spare them).
 *
 *   npx tsx --import ./scripts/lingui/register.mjs scripts/bench/offline.ts [--runs 5]
 */
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, markIntroSeen, SAMPLE, startApp } from '../../tests/e2e/support/harness';
import { MARKS_SCRIPT, readMarks } from '../../tests/e2e/support/globeMarks';
import { slowProxy } from './offlineProxy';
import { PHONE } from './phone';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;

/** Navigates (or reloads) and resolves with the globe shown, ms after the navigation started. */
async function shownAfter(page: Page, go: () => Promise<unknown>): Promise<number> {
  await go();
  await page.waitForFunction(
    () => (window as { __benchMarks?: { shownAt: number | null } }).__benchMarks?.shownAt != null,
    undefined,
    { timeout: 120_000 },
  );
  return (await readMarks(page))?.shownAt ?? Number.NaN;
}

/** A phone's context whose worker is installed and whose caches hold a first visit's pictures. */
async function visited(context: BrowserContext, origin: string): Promise<Page> {
  await markIntroSeen(context);
  await context.addInitScript(MARKS_SCRIPT);
  const page = await context.newPage();
  await shownAfter(page, () => page.goto(`${origin}/`, { waitUntil: 'commit' }));
  for (;;) {
    const ready = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated' && navigator.serviceWorker.controller;
    });
    if (ready) break;
    await page.waitForTimeout(250);
  }
  // The second load is the one a worker answers: it keeps the faces and the list.
  await shownAfter(page, () => page.reload({ waitUntil: 'commit' }));
  return page;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const app = await startApp({ archiveFile: SAMPLE });
const slow = await slowProxy(new URL(app.url));
const browser = await launchBrowser({ measuring: true });
try {
  const figures = { online: [], offline: [], fast: [], slow: [], slowFirst: [] } as Record<
    string,
    number[]
  >;
  for (let run = 0; run < runs; run++) {
    const fastContext = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const page = await visited(fastContext, app.url);
    figures.online?.push(await shownAfter(page, () => page.reload({ waitUntil: 'commit' })));
    await fastContext.setOffline(true);
    figures.offline?.push(await shownAfter(page, () => page.reload({ waitUntil: 'commit' })));
    await fastContext.setOffline(false);
    // A repeat visit: the tab closed, another opened (one globe at a time, as over the slow line).
    await page.close();
    const again = await fastContext.newPage();
    figures.fast?.push(
      await shownAfter(again, () => again.goto(`${app.url}/`, { waitUntil: 'commit' })),
    );
    await fastContext.close();

    // The same visits over the slow line: the first (no worker yet), then a repeat one.
    const slowContext = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    await markIntroSeen(slowContext);
    await slowContext.addInitScript(MARKS_SCRIPT);
    const first = await slowContext.newPage();
    figures.slowFirst?.push(
      await shownAfter(first, () =>
        first.goto(`${slow.url}/`, { waitUntil: 'commit', timeout: 120_000 }),
      ),
    );
    await first.close();
    const warm = await visited(slowContext, slow.url);
    await warm.close();
    const repeat = await slowContext.newPage();
    figures.slow?.push(
      await shownAfter(repeat, () =>
        repeat.goto(`${slow.url}/`, { waitUntil: 'commit', timeout: 120_000 }),
      ),
    );
    await slowContext.close();
  }
  const m = Object.fromEntries(
    Object.entries(figures).map(([name, values]) => [name, median(values)]),
  );
  const row = (name: string, value: number, budget: string) =>
    console.info(`| ${name} | ${Math.round(value)} ms | ${budget} |`);
  console.info(`Issue 50's budgets, phone profile, software compositing, median of ${runs}`);
  console.info('| figure | measured | budget |\n| --- | --- | --- |');
  row('reload of / online, to the globe shown', m.online ?? NaN, '');
  row(
    'reload of / with the network off',
    m.offline ?? NaN,
    `≤ 1.2× (${((m.offline ?? 0) / (m.online ?? 1)).toFixed(2)}×)`,
  );
  row('repeat visit, fast line', m.fast ?? NaN, '');
  row(
    'repeat visit, slow 4G',
    m.slow ?? NaN,
    `≤ 1.2× (${((m.slow ?? 0) / (m.fast ?? 1)).toFixed(2)}×)`,
  );
  row('first visit, slow 4G (no worker yet)', m.slowFirst ?? NaN, '');
  console.info(JSON.stringify(figures));
} finally {
  await browser.close();
  await slow.close();
  await app.stop();
}
