/**
 * Screenshots of the globe's card faces with the provider's thumbnail host dead or slow (issue 13),
 * for a person to look at: `npx tsx scripts/face-screenshots.ts [--n 1000] [--after 3]
 * [--slow-ms 400] [--host never,slow]`. Builds when the build is stale (as `npm start` does),
 * serves a generated archive whose video thumbnails come from the local stand-in for i.ytimg.com,
 * and saves `screenshots/faces-<n>-<host>.png` (1280×800) `--after` seconds after the globe is
 * shown, with the face counts at that moment.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  MARKS_SCRIPT,
  nodesArrivedAt,
  readMarks,
  SHOWN_CLASS,
} from '../tests/e2e/support/globeMarks';
import {
  launchBrowser,
  markIntroSeen,
  ROOT,
  screenshot,
  startApp,
  watchPage,
} from '../tests/e2e/support/harness';
import { startThumbnailHost } from '../tests/e2e/support/thumbnailHost';
import {
  generateArchive,
  THUMBNAIL_MODES,
  type ThumbnailMode,
} from '../tests/fixtures/generateArchive';

const SHOWN_TIMEOUT_MS = 60_000;

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    after: { type: 'string', default: '3' },
    'slow-ms': { type: 'string', default: '400' },
    host: { type: 'string', default: 'never,slow' },
  },
  strict: true,
});
const n = Number(values.n);
const afterMs = 1000 * Number(values.after);
const hosts = values.host.split(',') as ThumbnailMode[];
if (!Number.isInteger(n) || n < 1 || !(afterMs >= 0))
  throw new Error('--n takes a whole number ≥ 1 and --after seconds ≥ 0');
for (const h of hosts)
  if (!THUMBNAIL_MODES.includes(h))
    throw new Error(`--host: ${h} is not one of ${THUMBNAIL_MODES}`);

const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('the build failed');

const dir = mkdtempSync(join(tmpdir(), 'globe-face-shots-'));
const host = await startThumbnailHost({ slowMs: Number(values['slow-ms']) });
const browser = await launchBrowser({ thumbnailHost: host });
try {
  for (const mode of hosts) {
    const archiveFile = join(dir, `${mode}.json`);
    writeFileSync(archiveFile, JSON.stringify(generateArchive(n, { thumbnails: mode })));
    const app = await startApp({ archiveFile });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await markIntroSeen(context);
      const page = await context.newPage();
      const seen = watchPage(page);
      await page.addInitScript({ content: MARKS_SCRIPT });
      await page.goto(`${app.url}/`);
      const shown = await page
        .locator(`canvas.${SHOWN_CLASS}`)
        .waitFor({ state: 'attached', timeout: SHOWN_TIMEOUT_MS })
        .then(
          () => true,
          () => false,
        );
      await page.waitForTimeout(afterMs);
      const marks = await readMarks(page);
      const dataAt = await nodesArrivedAt(page);
      const stats = await page.evaluate(() => window.__globe?.stats() ?? null);
      const name = `faces-${n}-${mode}`;
      const path = await screenshot(page, name);
      const shownAfter =
        shown && marks?.shownAt != null && dataAt !== null
          ? `${Math.round(marks.shownAt - dataAt)} ms after the data`
          : `not within ${SHOWN_TIMEOUT_MS / 1000} s`;
      console.info(
        `${path}: host ${mode}, shown ${shownAfter}, taken ${afterMs / 1000} s later; ` +
          `faces ${JSON.stringify(stats?.faces ?? 'missing from stats()')}; ` +
          `${seen.pageErrors.length} page errors`,
      );
    } finally {
      await context.close();
      await app.stop();
    }
  }
} finally {
  await browser.close();
  await host.stop();
  rmSync(dir, { recursive: true, force: true });
}
