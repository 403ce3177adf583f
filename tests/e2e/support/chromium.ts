import { existsSync } from 'node:fs';

/** Chromium launch flags that render WebGL2 through SwiftShader here (ARCHITECTURE §4). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Added for the browser tests, never for the bench: the page's layers are composited in software
 * rather than through SwiftShader, whose every compositor frame costs the GPU process about 15 ms
 * of CPU (a CSS animation such as the preloader's spinner, at 60 frames a second, keeps one of the
 * two cores busy). Measured on one globe load of the sample archive: GPU-process CPU until the
 * globe shows 6.1-7.0 s → 1.5 s, the globe shown 7.7-9.0 s → 5.0 s after navigation. WebGL2
 * still renders through SwiftShader, in the worker too, so every test drives the same engine.
 * The bench keeps `CHROMIUM_ARGS` alone: its figures are what the page costs in this browser.
 */
export const TEST_ONLY_ARGS = ['--disable-gpu-compositing'];

/** Debian's Chromium, or `CHROMIUM_PATH`; stops the run with the fix when neither exists. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string =>
    Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      `Browser tests need Chromium, and none was found (looked at ${candidates.join(', ')}).\n` +
        'Install Debian\'s package with "sudo apt-get update && sudo apt-get install -y chromium", ' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return found;
}
