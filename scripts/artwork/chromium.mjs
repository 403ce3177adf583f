/**
 * The headless Chromium session the artwork is drawn in (Debian's, via playwright-core): a page
 * running the drawings (scripts/artwork/page/) and one running the capture poster renderer.
 */
import { chromium } from 'playwright-core';
import { artworkRuntime, capturePosterRuntime } from './pageBundle.mjs';

/** Launch flags that work with Debian's Chromium in a container without a GPU. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function pageWithScript(browser, script) {
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>',
  );
  await page.addScriptTag({ content: script });
  return page;
}

/**
 * Runs `draw({ page, posterPage })` in headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium):
 * `page` has `window.artwork`, `posterPage` has `window.capturePoster` (the capture posters
 * render on a page of their own, a WebGL viewer per capture). Closes the browser after.
 */
export async function withArtworkPages(draw) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await pageWithScript(browser, await artworkRuntime());
    const posterPage = await pageWithScript(browser, await capturePosterRuntime());
    return await draw({ page, posterPage });
  } finally {
    await browser.close();
  }
}
