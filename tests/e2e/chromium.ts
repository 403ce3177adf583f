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
