/**
 * Screenshots of the globe's clusters at several archive sizes and zooms (issue 14), for a person
 * to look at: `npx tsx scripts/cluster-screenshots.ts [--n 40,1000,10000] [--zoom 25,12.5,10]`.
 * 40 is the sample archive; other sizes are generated (local thumbnails). Builds when the build is
 * stale (as `npm start` does), zooms with the wheel as a visitor would, waits for the clusters to
 * regroup, and saves `screenshots/clusters-<n>-zoom<radius>.png` (1280×800) with the figures of
 * `window.__globe.clusters()` at that moment.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  launchBrowser,
  markIntroSeen,
  ROOT,
  SAMPLE,
  screenshot,
  startApp,
  watchPage,
} from '../tests/e2e/support/harness';
import { generateArchive } from '../tests/fixtures/generateArchive';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '40,1000,10000' },
    zoom: { type: 'string', default: '25,12.5,10' },
  },
  strict: true,
});
const sizes = values.n.split(',').map(Number);
const zooms = values.zoom.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error('--n takes whole numbers ≥ 1 (40: the sample archive)');
if (zooms.some((z) => !(z >= 10 && z <= 50))) throw new Error('--zoom takes radii from 10 to 50');

const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('the build failed');

const VIEW = { width: 1280, height: 800 };
const radiusOf = (page: Page) => page.evaluate(() => window.__globe?.camera().radius ?? NaN);

/** Wheels toward `radius` (5% a step) and waits for the clusters to regroup for it. */
async function zoomTo(page: Page, radius: number): Promise<void> {
  await page.mouse.move(VIEW.width / 2, VIEW.height / 2);
  for (let i = 0; i < 60; i++) {
    const now = await radiusOf(page);
    if (Math.abs(now - radius) <= radius * 0.03) break;
    await page.mouse.wheel(0, now < radius ? 100 : -100);
    await page.waitForFunction((r) => window.__globe?.camera().radius !== r, now);
  }
  // Out of the way: no card hovered, no lean toward the mouse.
  await page.mouse.move(VIEW.width / 2, VIEW.height / 2);
  let previous = '';
  for (let still = 0; still < 2;) {
    await page.waitForTimeout(300);
    const key = await page.evaluate(() => {
      const c = window.__globe?.clusters();
      const camera = window.__globe?.camera();
      return `${camera?.radius}/${camera?.alpha}/${c?.spacing}/${c?.shown}`;
    });
    still = key === previous ? still + 1 : 0;
    previous = key;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'globe-cluster-shots-'));
const browser = await launchBrowser();
try {
  for (const n of sizes) {
    let archiveFile = SAMPLE;
    if (n !== 40) {
      archiveFile = join(dir, `${n}.json`);
      writeFileSync(archiveFile, JSON.stringify(generateArchive(n)));
    }
    const app = await startApp({ archiveFile });
    const context = await browser.newContext({ viewport: VIEW });
    try {
      await markIntroSeen(context);
      const page = await context.newPage();
      const seen = watchPage(page);
      await page.goto(`${app.url}/`);
      await page.waitForFunction(() => window.__globe?.ready === true, null, {
        timeout: 60_000 + 12 * n,
      });
      for (const zoom of zooms) {
        await zoomTo(page, zoom);
        const figures = await page.evaluate(() => {
          const c = window.__globe?.clusters();
          return c && { ...c, list: undefined, radius: window.__globe?.camera().radius };
        });
        const path = await screenshot(page, `clusters-${n}-zoom${zoom}`);
        console.info(`${path}: ${JSON.stringify(figures)}; ${seen.pageErrors.length} page errors`);
      }
    } finally {
      await context.close();
      await app.stop();
    }
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
