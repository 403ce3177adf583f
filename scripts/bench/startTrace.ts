/**
 * `npx tsx scripts/bench/startTrace.ts [--path /?skipIntro=true] [--cpu-slowdown 4]
 * [--compositing software,gpu]` (issue 48): where the main thread's time goes from navigation to
 * the globe shown, on the phone the bench's phone part uses (CPU slowed), with the page
 * composited by the CPU (`--disable-gpu-compositing`) and through SwiftShader in turn. It records
 * a Chromium performance trace of one load of the built app (the sample archive, served as
 * `npm start` serves it), prints each long task with what ran in it and whose code (mapped
 * through `dist/`'s source maps), and writes the traces to `bench-results/` for DevTools.
 *
 * `TRACE_MORE=fonts,gpu` adds trace categories (a layout's font lookups, the GPU process's work).
 * `--read bench-results/start-trace-software.json` reads a trace written before (against the same
 * build) instead of recording one.
 *
 * Nothing of Playwright's runs in the page while it records (no `waitForSelector`: its injected
 * script is a long task of its own on a slowed CPU); the page is asked through the DevTools
 * protocol's `Runtime.evaluate`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, TEST_ONLY_ARGS } from '../../tests/e2e/support/chromium';
import { ROOT, SAMPLE, startApp } from '../../tests/e2e/support/harness';
import { SHOWN_CLASS } from '../../tests/e2e/support/globeMarks';
import { buildMaps, moduleName } from './buildMaps';
import { PHONE } from './phone';
import {
  eventDispatched,
  longTasks,
  markAt,
  taskTable,
  type SourceOf,
  type TraceEvent,
} from './traceTasks';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  ...(process.env.TRACE_MORE ?? '').split(',').filter(Boolean),
];
/** After the globe shows, the trace goes on this long (the list's batches, the timeline). */
const AFTER_SHOWN_MS = 3000;
const SHOWN_TIMEOUT_MS = 120_000;

/** Source files by a built chunk's position, through its source map (null where none). */
function sourcesOfBuild(dist: string): SourceOf {
  const mapOf = buildMaps(dist);
  return (url, line, column) => {
    const source = mapOf(url)?.originalPositionFor({ line, column }).source;
    return source ? moduleName(source) : null;
  };
}

const TOGGLE_SHOWN = 'bench:filters-shown';

/**
 * With `--tap`: marks the moment Filters shows and taps it at once, as the bench's phone part
 * does; the tray's opening is then read from the trace (the tap's `pointerdown` and `click`).
 */
const TAP_SCRIPT = `(() => {
  let tapped = false;
  const check = () => {
    const button = document.querySelector('.filter-tray__toggle');
    if (tapped || button === null || button.getClientRects().length === 0) return;
    tapped = true;
    performance.mark('${TOGGLE_SHOWN}');
    const r = button.getBoundingClientRect();
    window.__benchTap(JSON.stringify({ x: r.x + r.width / 2, y: r.y + r.height / 2 }));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['class', 'hidden'] });
})();`;

async function traceOnce(
  url: string,
  path: string,
  slowdown: number,
  compositing: 'software' | 'gpu',
  tap: boolean,
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
    let tapped: Promise<unknown> = Promise.resolve();
    if (tap) {
      // A DevTools binding, not Playwright's `exposeFunction`, whose page side is a script of its
      // own; the touch goes out through the protocol without waiting on the page.
      await cdp.send('Runtime.enable');
      await cdp.send('Runtime.addBinding', { name: '__benchTap' });
      cdp.on('Runtime.bindingCalled', ({ name, payload }: { name: string; payload: string }) => {
        if (name !== '__benchTap') return;
        const { x, y } = JSON.parse(payload) as { x: number; y: number };
        const point = [{ x, y }];
        tapped = cdp
          .send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point })
          .then(() => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }));
      });
      await page.addInitScript({ content: TAP_SCRIPT });
    }
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${url}${path}`, { waitUntil: 'commit' });
    const shown = tap
      ? `document.querySelector('.filter-tray__panel:not([hidden])') !== null`
      : `document.querySelector('canvas.${SHOWN_CLASS}') !== null`;
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
    await tapped;
    await new Promise((resolve) => setTimeout(resolve, AFTER_SHOWN_MS));
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as
      { traceEvents: TraceEvent[] } | TraceEvent[];
    return Array.isArray(trace) ? trace : trace.traceEvents;
  } finally {
    await browser.close();
  }
}

/** Filters shown → the tap's `click` handled: every task of 5 ms or more between, and why. */
function printTap(events: TraceEvent[], origin: string, sourceOf?: SourceOf): void {
  const shownAt = markAt(events, origin, TOGGLE_SHOWN);
  const down = eventDispatched(events, origin, 'pointerdown');
  const click = eventDispatched(events, origin, 'click');
  if (shownAt === null || down === null || click === null) {
    console.log('\n(no tap in this trace: record it with --tap)');
    return;
  }
  console.log(
    `\nThe tap: Filters shown at ${shownAt.toFixed(0)} ms, its pointerdown handled at ` +
      `${down.startMs.toFixed(0)} ms, its click done at ${click.endMs.toFixed(0)} ms; the tasks of ` +
      '5 ms or more from Filters shown to the click:\n',
  );
  console.log(
    taskTable(
      longTasks(events, {
        origin,
        minMs: 5,
        fromMs: shownAt,
        untilMs: click.endMs,
        ...(sourceOf ? { sourceOf } : {}),
      }),
    ),
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      path: { type: 'string', default: '/?skipIntro=true' },
      'cpu-slowdown': { type: 'string', default: '4' },
      compositing: { type: 'string', default: 'software,gpu' },
      read: { type: 'string' },
      tap: { type: 'boolean', default: false },
    },
  });
  if (values.read) {
    const saved = JSON.parse(readFileSync(values.read, 'utf8')) as { traceEvents: TraceEvent[] };
    const page = saved.traceEvents
      .map((e) => JSON.stringify(e.args ?? {}))
      .map((text) => /"(https?:\/\/[^/"]+)\/assets\//.exec(text)?.[1])
      .find(Boolean);
    if (!page) throw new Error(`${values.read}: no script of the app's in this trace`);
    const tasks = longTasks(saved.traceEvents, {
      origin: page,
      sourceOf: sourcesOfBuild(join(ROOT, 'dist')),
    });
    console.log(taskTable(tasks));
    printTap(saved.traceEvents, page, sourcesOfBuild(join(ROOT, 'dist')));
    return;
  }
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
      const events = await traceOnce(app.url, values.path, slowdown, mode, values.tap);
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
      if (values.tap) printTap(events, app.url, sourceOf);
    }
  } finally {
    await app.stop();
  }
}

await main();
