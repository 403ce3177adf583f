/**
 * `npx tsx --import ./scripts/lingui/register.mjs scripts/pwaArtwork.ts` (issue 50): draws the web
 * app manifest's artwork from the archive's own, in headless Chromium, into `public/icons/`:
 *
 * - `icon-192.png`, `icon-512.png`: the globe mark (`public/TPR-Logo.svg`) on a transparent
 *   ground, for launchers that draw their own;
 * - `maskable-512.png`: the mark at 64 % on the page's own night blue to the edges, so that a
 *   launcher's circle, squircle or rounded square (the inner 80 % is the safe zone) never cuts it;
 * - `screenshot-narrow.jpg` (412×823, a phone) and `screenshot-wide.jpg` (1280×800): the sample
 *   archive's globe as `npm start` shows it, for the install dialog.
 *
 * The files are committed: run this again when the mark or the home screen changes.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { SHOWN_CLASS } from '../tests/e2e/support/globeMarks';
import { launchBrowser, ROOT, SAMPLE, startApp } from '../tests/e2e/support/harness';

const OUT = join(ROOT, 'public/icons');
/** The page's background (index.html's `--bg`, the manifest's `background_color`). */
const NIGHT = '#0b1426';

async function drawMark(browser: Browser, size: number, file: string, maskable: boolean) {
  const mark = readFileSync(join(ROOT, 'public/TPR-Logo.svg'), 'utf8');
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const scale = maskable ? 0.64 : 1;
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;` +
      `background:${maskable ? NIGHT : 'transparent'}">` +
      `<img style="width:${size * scale}px;height:${size * scale}px" ` +
      `src="data:image/svg+xml;base64,${Buffer.from(mark).toString('base64')}"></body>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  await page.screenshot({ path: join(OUT, file), omitBackground: !maskable });
  await page.close();
}

async function screenshot(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  file: string,
) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${url}/?skipIntro=true`);
  await page.waitForSelector(`canvas.${SHOWN_CLASS}`, { state: 'attached', timeout: 60_000 });
  await page.getByRole('button', { name: 'Filters' }).waitFor();
  // Every card revealed with its picture, and the globe still (no frame drawn for a second).
  await page.waitForFunction(
    () => {
      const globe = window.__globe;
      if (!globe?.ready) return false;
      const { faces, fps } = globe.stats();
      return faces.none === 0 && fps === 0;
    },
    undefined,
    { timeout: 60_000, polling: 250 },
  );
  await page.screenshot({ path: join(OUT, file), type: 'jpeg', quality: 80 });
  await page.close();
}

mkdirSync(OUT, { recursive: true });
const browser = await launchBrowser();
const app = await startApp({ archiveFile: SAMPLE });
try {
  await drawMark(browser, 192, 'icon-192.png', false);
  await drawMark(browser, 512, 'icon-512.png', false);
  await drawMark(browser, 512, 'maskable-512.png', true);
  await screenshot(browser, app.url, { width: 412, height: 823 }, 'screenshot-narrow.jpg');
  await screenshot(browser, app.url, { width: 1280, height: 800 }, 'screenshot-wide.jpg');
} finally {
  await browser.close();
  await app.stop();
}
