import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath, TEST_ONLY_ARGS } from './support/chromium';
import { SAMPLE, startApp, type RunningApp, watchPage } from './support/harness';

/*
 * Installable (issue 50): Chromium finds the archive's manifest, in the page's language, reads it
 * without an error and reports nothing that stops it being installed (`Page.getInstallabilityErrors`
 * over DevTools). A browser profile of its own: Playwright's usual contexts are incognito, where
 * nothing installs.
 */

let app: RunningApp;
let profile: string;
let context: BrowserContext;

beforeAll(async () => {
  app = await startApp({ archiveFile: SAMPLE });
  profile = mkdtempSync(join(tmpdir(), 'install-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...TEST_ONLY_ARGS],
  });
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('the archive as an installed app', () => {
  for (const [path, manifest, name] of [
    [
      '/?skipIntro=true',
      '/manifest.webmanifest',
      'Globe Archive: the St. Louis tornado of 16 May 2025',
    ],
    [
      '/es/',
      '/es/manifest.webmanifest',
      'Globe Archive: el tornado de St. Louis del 16 de mayo de 2025',
    ],
  ] as const)
    it(`can be installed from ${path}, with its manifest in the page's language`, async () => {
      const page = await context.newPage();
      const seen = watchPage(page);
      await page.goto(`${app.url}${path}`);
      const cdp = await context.newCDPSession(page);
      // The manifest is fetched once the document has loaded.
      await expect
        .poll(async () => (await cdp.send('Page.getAppManifest')).data ?? '')
        .not.toBe('');
      const found = await cdp.send('Page.getAppManifest');
      expect(found.url).toBe(`${app.url}${manifest}`);
      expect(found.errors).toEqual([]);
      const read = JSON.parse(found.data ?? '{}') as {
        name: string;
        id: string;
        icons: { src: string; type: string }[];
        screenshots: { src: string; type: string }[];
      };
      expect(read).toMatchObject({ name, id: '/' });
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      // What it names is served: the icons and the screenshots, as images of their type.
      for (const image of [...read.icons, ...read.screenshots]) {
        const answer = await fetch(new URL(image.src, found.url));
        expect(answer.status, image.src).toBe(200);
        expect(answer.headers.get('content-type'), image.src).toBe(image.type);
      }
      expect(seen.pageErrors).toEqual([]);
      await page.close();
    });
});
