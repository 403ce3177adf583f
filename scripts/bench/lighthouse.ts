/**
 * One Lighthouse run (issue 29): Lighthouse 12's default settings, which are its mobile preset (a
 * Moto G Power's screen, slow 4G and a 4× slower CPU, simulated from an unthrottled load), the
 * performance category only, in a fresh Chromium (a cold cache; Lighthouse also clears the
 * origin's storage, so `/` is a first visit and plays the intro).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath, TEST_ONLY_ARGS } from '../../tests/e2e/support/chromium';
import { lighthouseFiguresOf, type Compositing, type LighthouseFigures } from './phoneFigures';

export interface LighthouseRun extends LighthouseFigures {
  url: string;
  /** Wall-clock seconds the run took, the browser's start included. */
  seconds: number;
}

/**
 * Runs Lighthouse once on `url` in a Chromium of its own, its page composited by the GPU process
 * (`gpu`, as Lighthouse launches a browser) or in software.
 */
export async function runLighthouse(
  url: string,
  compositing: Compositing = 'gpu',
): Promise<LighthouseRun> {
  const started = Date.now();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, ...(compositing === 'software' ? TEST_ONLY_ARGS : [])],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return { url, ...lighthouseFiguresOf(result.lhr), seconds: (Date.now() - started) / 1000 };
  } finally {
    chrome.kill();
  }
}
