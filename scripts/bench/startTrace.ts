/**
 * `npx tsx scripts/bench/startTrace.ts [--path /?skipIntro=true] [--cpu-slowdown 4]
 * [--compositing software,gpu]` (issue 48): where the main thread's time goes from navigation to
 * the globe shown, on the phone the bench's phone part uses (CPU slowed), with the page
 * composited by the CPU (`--disable-gpu-compositing`) and through SwiftShader in turn. It records
 * a Chromium performance trace of one load of the built app (the sample archive, served as
 * `npm start` serves it), prints each long task with what ran in it and whose code (mapped
 * through `dist/`'s source maps), and writes the traces to `bench-results/` for DevTools.
 *
 * Nothing of Playwright's runs in the page while it records (no `waitForSelector`: its injected
 * script is a long task of its own on a slowed CPU); the page is asked through the DevTools
 * protocol's `Runtime.evaluate`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS, chromiumPath, TEST_ONLY_ARGS } from '../../tests/e2e/support/chromium';
import { ROOT, SAMPLE, startApp } from '../../tests/e2e/support/harness';
import { SHOWN_CLASS } from '../../tests/e2e/support/globeMarks';
import { PHONE } from './phone';
import { longTasks, taskTable, type SourceOf, type TraceEvent } from './traceTasks';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
];
/** After the globe shows, the trace goes on this long (the list's batches, the timeline). */
const AFTER_SHOWN_MS = 3000;
const SHOWN_TIMEOUT_MS = 120_000;

/** Source files by a built chunk's position, through its source map (null where none). */
function sourcesOfBuild(dist: string): SourceOf {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (url, line, column) => {
    const chunk = /\/assets\/([^/?]+\.js)/.exec(url)?.[1];
    if (!chunk) return null;
    if (!maps.has(chunk)) {
      try {
        maps.set(
          chunk,
          new SourceMapConsumer(
            JSON.parse(readFileSync(join(dist, 'assets', `${chunk}.map`), 'utf8')),
          ),
        );
      } catch {
        maps.set(chunk, null);
      }
    }
    const source = maps.get(chunk)?.originalPositionFor({ line, column }).source;
    if (!source) return null;
    const module = source.replace(/^(\.\.\/)+/, '');
    const inPackage = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(module);
    return inPackage ? `${inPackage[1]}` : module;
  };
}

async function traceOnce(
  url: string,
  path: string,
  slowdown: number,
  compositing: 'software' | 'gpu',
): Promise<TraceEvent[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...(compositing === 'software' ? TEST_ONLY_ARGS : [])],
  });
  try {
    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${url}${path}`, { waitUntil: 'commit' });
    const shown = `document.querySelector('canvas.${SHOWN_CLASS}') !== null`;
    const deadline = Date.now() + SHOWN_TIMEOUT_MS;
    for (;;) {
      const answer = (await cdp.send('Runtime.evaluate', { expression: shown })) as {
        result: { value?: unknown };
      };
      if (answer.result.value === true) break;
      if (Date.now() > deadline)
        throw new Error(`the globe did not show within ${SHOWN_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, AFTER_SHOWN_MS));
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as
      { traceEvents: TraceEvent[] } | TraceEvent[];
    return Array.isArray(trace) ? trace : trace.traceEvents;
  } finally {
    await browser.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      path: { type: 'string', default: '/?skipIntro=true' },
      'cpu-slowdown': { type: 'string', default: '4' },
      compositing: { type: 'string', default: 'software,gpu' },
    },
  });
  const slowdown = Number(values['cpu-slowdown']);
  const modes = String(values.compositing)
    .split(',')
    .filter((mode): mode is 'software' | 'gpu' => mode === 'software' || mode === 'gpu');
  const out = join(ROOT, 'bench-results');
  mkdirSync(out, { recursive: true });
  const app = await startApp({ archiveFile: SAMPLE });
  try {
    const sourceOf = sourcesOfBuild(join(ROOT, 'dist'));
    for (const mode of modes) {
      const events = await traceOnce(app.url, values.path, slowdown, mode);
      const file = join(out, `start-trace-${mode}.json`);
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      const tasks = longTasks(events, { origin: app.url, sourceOf });
      const longest = Math.max(0, ...tasks.map((t) => t.durationMs));
      const blocking = tasks.reduce((sum, t) => sum + t.durationMs - 50, 0);
      console.log(
        `\n### ${values.path}, CPU ÷${slowdown}, ${mode === 'software' ? 'composited by the CPU' : 'composited through SwiftShader'}\n`,
      );
      console.log(
        `${tasks.length} long tasks, the longest ${longest.toFixed(0)} ms, ${blocking.toFixed(0)} ms over 50 ms in all (the trace: ${file})\n`,
      );
      console.log(taskTable(tasks));
    }
  } finally {
    await app.stop();
  }
}

await main();
