import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';
import { normalizeArchive, type MediaNode } from '@/lib/nodeModel';
import { CHROMIUM_ARGS, chromiumPath, TEST_ONLY_ARGS } from './chromium';
import type { ThumbnailHost } from './thumbnailHost';

export const ROOT = new URL('../../../', import.meta.url).pathname;
export const SCREENSHOT_DIR = join(ROOT, 'screenshots');
/** The sample archive `npm start` seeds, and its nodes as the app normalises them. */
export const SAMPLE = join(ROOT, 'server/data/sample-archive.json');
export const sampleNodes: readonly MediaNode[] = normalizeArchive(
  JSON.parse(readFileSync(SAMPLE, 'utf8')),
).nodes;

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  url: string;
  /** Everything the services printed, for assertions on their warnings. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the built app and its real local services, as `npm start` does, on a free port. With
 * `archiveFile` the store is seeded from it in memory (nothing is written to the data folder);
 * without, the environment decides (`DATA_DIR`, `SEED_FILE`). Resolves once the nodes-service
 * answers, or with `waitFor: 'app'` once the page does (for a service that is meant to be down).
 */
export async function startApp(options: {
  archiveFile?: string;
  env?: Record<string, string>;
  waitFor?: 'nodes' | 'app';
}): Promise<RunningApp> {
  // A port found free can be taken before the app binds it (another app starting beside it opens
  // listeners of its own): then the app says so and exits, and another port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce(options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error;
    }
  }
}

/**
 * How long an app may take to answer after it is spawned: a few seconds alone, far longer while
 * other browser test files and builds share the machine's two cores.
 */
const START_TIMEOUT_MS = 90_000;

/** The app exited because its port was taken between finding it free and binding it. */
class PortTaken extends Error {}

async function startAppOnce({
  archiveFile,
  env = {},
  waitFor = 'nodes',
}: {
  archiveFile?: string;
  env?: Record<string, string>;
  waitFor?: 'nodes' | 'app';
}): Promise<RunningApp> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  if (archiveFile === undefined) delete childEnv.ARCHIVE_FILE;
  else childEnv.ARCHIVE_FILE = archiveFile;
  const child: ChildProcess = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `The app exited (${child.exitCode}) before it answered:\n${output}`;
      throw output.includes(`Port ${port} on 127.0.0.1 is in use`)
        ? new PortTaken(message)
        : new Error(message);
    }
    try {
      const response = await fetch(waitFor === 'nodes' ? `${url}/api/nodes` : `${url}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Debian's Chromium, headless, with the flags that work here; for the tests, with the page
 * composited in software (`TEST_ONLY_ARGS`), unless `measuring` (the bench: the browser as a
 * visitor's). With `thumbnailHost` the browser reaches that local stand-in whenever a page asks
 * the provider's thumbnail host (i.ytimg.com).
 */
export async function launchBrowser({
  thumbnailHost,
  measuring = false,
}: {
  thumbnailHost?: Pick<ThumbnailHost, 'chromiumArgs'>;
  measuring?: boolean;
} = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      ...CHROMIUM_ARGS,
      ...(measuring ? [] : TEST_ONLY_ARGS),
      ...(thumbnailHost?.chromiumArgs ?? []),
    ],
  });
  return measuring ? browser : withoutServiceWorkers(browser);
}

/**
 * The tests' contexts block the service worker unless they ask for it (`serviceWorkers:
 * 'allow'`, tests/e2e/offline.e2e.test.ts): each context is a first visit, which would register
 * it once the globe is shown and precache the whole build (7 MB, 300 files) beside the test, on
 * the same two cores, in every one of the suite's contexts. The bench's browser keeps it, as a
 * visitor's does.
 */
function withoutServiceWorkers(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  browser.newPage = (options = {}) => newPage({ serviceWorkers: 'block', ...options });
  return browser;
}

/** What a page reported that a visitor never should see: uncaught errors and console errors. */
export function watchPage(page: Page) {
  const pageErrors: Error[] = [];
  const consoleErrors: string[] = [];
  const warnings: string[] = [];
  const messages: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('console', (message: ConsoleMessage) => {
    messages.push(message.text());
    if (message.type() === 'error') consoleErrors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return { pageErrors, consoleErrors, warnings, messages };
}

/** The globe shown and its camera at rest (a flight to a card, a cluster or a story's stop over). */
export function cameraAtRest(page: Page) {
  return page.waitForFunction(
    () => window.__globe?.ready === true && !window.__globe.camera().flying,
    null,
    { timeout: 60_000 },
  );
}

/** The detail view fully faded in (its class comes at the start of the 0.4 s fade). */
export async function overlayIn(page: Page): Promise<void> {
  await page.locator('.detail-overlay--shown').waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.detail-overlay') as Element).opacity === '1',
  );
}

/** Saves a full-page screenshot under the git-ignored screenshots/ folder, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * What keeps a person from seeing all of an element: `null` when it lies wholly in the window and
 * nothing is drawn over it (the page's own hit test at its corners, inset past rounded ones, and
 * its centre), else what is in the way ("off screen", or the covering element's tag and class).
 */
export function coveredBy(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth)
      return `off screen (${Math.round(box.top)}-${Math.round(box.bottom)} of ${innerHeight})`;
    const dx = Math.min(12, box.width / 4);
    const dy = Math.min(12, box.height / 4);
    const points = [
      [box.left + dx, box.top + dy],
      [box.right - dx, box.top + dy],
      [box.left + dx, box.bottom - dy],
      [box.right - dx, box.bottom - dy],
      [box.left + box.width / 2, box.top + box.height / 2],
    ] as const;
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit === null || !(hit === element || element.contains(hit)))
        return hit === null ? 'nothing' : `${hit.tagName.toLowerCase()}.${hit.className}`;
    }
    return null;
  });
}

/**
 * The controls in the window smaller than `min`×`min` CSS px (WCAG 2.5.5's target size: 44), each
 * as `tag.class "name" W×H`. A checkbox or a radio is measured by its label; a link inside running
 * text is exempt (as WCAG has it), as is what is hidden, inert or out of the window.
 */
export function smallTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((least) => {
    const small: string[] = [];
    const controls = document.querySelectorAll(
      'a[href], button, input, select, textarea, summary, [role="slider"], [role="button"], [tabindex="0"]',
    );
    for (const control of controls) {
      if (control.closest('[inert], [hidden], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(control);
      let box = control.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || box.width * box.height === 0)
        continue;
      if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth)
        continue;
      if (control.matches('input[type="checkbox"], input[type="radio"]'))
        box = control.closest('label')?.getBoundingClientRect() ?? box;
      if (control.tagName === 'A' && style.display === 'inline') {
        const block = control.parentElement?.closest('p, li, dd, td');
        const own = control.textContent?.trim().length ?? 0;
        if (block && (block.textContent?.trim().length ?? 0) > own + 2) continue;
      }
      if (box.width < least - 0.5 || box.height < least - 0.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
        const kind = `${control.tagName.toLowerCase()}.${String(control.className).split(' ')[0]}`;
        small.push(
          `${kind} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, min);
}

/** Makes every page of `context` a returning visitor, who has already seen the intro. */
export async function markIntroSeen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Also runs in cross-origin frames (the video player), where storage is denied.
    try {
      window.localStorage.setItem('hasSeenIntro', 'true');
    } catch {
      /* not the app's frame */
    }
  });
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations axe-core finds in the page as it is now. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: string[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  return violations;
}

/**
 * Builds the app into `outDir` with these settings over the environment (Vite bakes `VITE_*` in),
 * for a test that needs a build of its own: another analytics id, another sign-in flow.
 */
export function buildAppInto(outDir: string, env: Record<string, string>): void {
  const build = spawnSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production', ...env }, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`The build for ${outDir} failed:\n${build.stderr}`);
}
