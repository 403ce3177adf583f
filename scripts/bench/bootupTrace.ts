/**
 * `npx tsx --import ./scripts/lingui/register.mjs scripts/bench/bootupTrace.ts [--path /video/…]
 * [--runs 3] [--compositing software|gpu]` (issue 48): what Lighthouse's bootup-time audit counts
 * against the start chunk, and whose code it was. One Lighthouse run of its mobile preset (as the
 * bench's phone part runs it) with the V8 sampling profiler added to its trace; the trace's tasks
 * are built and attributed by Lighthouse's own code (`tracehouse`: a task goes to the outermost
 * script on its stack, so everything React's scheduler runs counts against the chunk React is in),
 * and the profiler's samples in the tasks given to the start chunk are summed by the source module
 * that ran (the leaf frame) and by the nearest module of the app's own on the stack (`src/…`:
 * which component's render, which selector, which handler made react-dom work).
 *
 * The figures are Lighthouse's: observed time × its CPU multiplier (4). The profiler itself adds
 * some time, so the sum is a little above the audit's figure of a plain run.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { CHROMIUM_ARGS, chromiumPath, TEST_ONLY_ARGS } from '../../tests/e2e/support/chromium';
import { buildMaps, moduleName } from './buildMaps';
import { isScript, START_CHUNK, startScriptTimes, type AttributedTask } from './phoneFigures';
import { profileSamples, type StackFrame, type TraceEvent } from './traceTasks';
import { ROOT, SAMPLE, startApp } from '../../tests/e2e/support/harness';

const MULTIPLIER = 4;

interface Task extends AttributedTask {
  event: { name: string; ts: number; dur?: number; tdur?: number };
  startTime: number;
  endTime: number;
  selfTime: number;
  parent?: Task;
  children: Task[];
  attributableURLs: string[];
  group: { id: string };
}

function sourceMaps() {
  const mapOf = buildMaps(join(ROOT, 'dist'));
  const nameOf = (frame: StackFrame): string => {
    const found = mapOf(frame.url)?.originalPositionFor({
      line: frame.fnLine,
      column: frame.fnColumn,
    });
    const file =
      found?.source?.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '') ?? frame.url;
    return `${found?.name ?? frame.name} ${file}:${found?.line ?? frame.fnLine}`;
  };
  const sourceOf = (frame: StackFrame): string | null => {
    const source = mapOf(frame.url)?.originalPositionFor({
      line: frame.line,
      column: frame.column,
    }).source;
    return source ? moduleName(source) : null;
  };
  return { sourceOf, nameOf };
}

async function once(url: string, compositing: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, ...(compositing === 'software' ? TEST_ONLY_ARGS : [])],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      {
        extends: 'lighthouse:default',
        settings: {
          additionalTraceCategories:
            [
              process.env.BOOTUP_NO_SAMPLES ? '' : 'disabled-by-default-v8.cpu_profiler',
              process.env.BOOTUP_CATEGORIES ?? '',
            ]
              .filter(Boolean)
              .join(',') || null,
        },
      },
    );
    if (!result) throw new Error('no result');
    const audit = (
      result.lhr.audits['bootup-time']?.details as { items?: { url: string; scripting: number }[] }
    )?.items?.find((item) => START_CHUNK.test(item.url));
    const figure = (id: string) => result.lhr.audits[id]?.numericValue ?? NaN;
    const summary =
      `performance ${Math.round((result.lhr.categories.performance?.score ?? NaN) * 100)}, ` +
      `FCP ${figure('first-contentful-paint').toFixed(0)} ms, ` +
      `LCP ${figure('largest-contentful-paint').toFixed(0)} ms, ` +
      `TBT ${figure('total-blocking-time').toFixed(0)} ms`;
    const longTasks =
      (
        (result.lhr.audits['long-tasks']?.details as {
          items?: { url: string; startTime: number; duration: number }[];
        }) ?? {}
      ).items ?? [];
    const trace = result.artifacts.Trace as unknown as {
      traceEvents: {
        name: string;
        pid: number;
        tid: number;
        ts: number;
        id?: string;
        args?: Record<string, unknown>;
      }[];
    };
    const processed = TraceProcessor.processTrace(trace) as unknown as {
      mainThreadEvents: unknown[];
      frames: unknown[];
      timestamps: { traceEnd: number; timeOrigin: number };
      mainFrameInfo?: { startingPid: number };
    };
    const tasks = MainThreadTasks.getMainThreadTasks(
      processed.mainThreadEvents as never,
      processed.frames as never,
      processed.timestamps.traceEnd,
      processed.timestamps.timeOrigin,
    ) as unknown as Task[];
    const jsURL = (task: Task) => task.attributableURLs.find(isScript) ?? task.attributableURLs[0];
    const first = (processed.mainThreadEvents[0] ?? {}) as { pid: number; tid: number };
    // Who else had the machine's cores while the page started: each thread's CPU time (its
    // top-level tasks' thread time) from the time origin to the trace's end, by process and
    // thread name.
    const names = new Map<string, string>();
    const processes = new Map<number, string>();
    for (const e of trace.traceEvents as {
      name: string;
      ph?: string;
      pid: number;
      tid: number;
      args?: { name?: string };
    }[]) {
      if (e.ph !== 'M') continue;
      if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
      if (e.name === 'process_name') processes.set(e.pid, e.args?.name ?? '?');
    }
    const cpuByThread = new Map<string, number>();
    for (const e of trace.traceEvents as {
      name: string;
      ph?: string;
      pid: number;
      tid: number;
      ts: number;
      dur?: number;
      tdur?: number;
    }[]) {
      if (e.ph !== 'X' || e.tdur === undefined || e.ts < processed.timestamps.timeOrigin) continue;
      if (!['ThreadControllerImpl::RunTask', 'RunTask', 'ThreadPool_RunTask'].includes(e.name))
        continue;
      const key = `${processes.get(e.pid) ?? e.pid} ${names.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
      cpuByThread.set(key, (cpuByThread.get(key) ?? 0) + e.tdur / 1000);
    }
    const samples = profileSamples(trace.traceEvents as TraceEvent[], first.pid, first.tid);
    const { sourceOf, nameOf } = sourceMaps();
    // The innermost task at each sample's time.
    const flat = tasks.slice().sort((a, b) => a.startTime - b.startTime);
    const byLeaf = new Map<string, number>();
    const byApp = new Map<string, number>();
    const byTop = new Map<string, number>();
    // Top-level tasks given to the start chunk: when, how long (× the multiplier), whose code.
    const rootOf = (task: Task) => {
      let t = task;
      while (t.parent) t = t.parent;
      return t;
    };
    const roots = new Map<Task, { ms: number; leaf: Map<string, number> }>();
    let counted = 0;
    const { wallMs: ownMs, cpuMs } = startScriptTimes(flat, isScript);
    // The start chunk's tasks by trace event, self time (× the multiplier), whatever their group.
    const byEvent = new Map<string, number>();
    for (const task of flat)
      if (START_CHUNK.test(jsURL(task) ?? ''))
        byEvent.set(
          `${task.event.name} (${task.group.id})`,
          (byEvent.get(`${task.event.name} (${task.group.id})`) ?? 0) + task.selfTime * MULTIPLIER,
        );
    const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
    for (const sample of samples) {
      const ms = (sample.at - processed.timestamps.timeOrigin) / 1000;
      let inner: Task | undefined;
      for (const task of flat) {
        if (task.startTime > ms) break;
        if (task.endTime >= ms && (!inner || task.startTime >= inner.startTime)) inner = task;
      }
      if (!inner || inner.group.id !== 'scriptEvaluation' || !START_CHUNK.test(jsURL(inner) ?? ''))
        continue;
      const leaf = sample.stack[0];
      if (!leaf || leaf.name === '(idle)' || leaf.name === '(program)') continue;
      const w = (sample.us / 1000) * MULTIPLIER;
      counted += w;
      const leafSource = leaf.url ? (sourceOf(leaf) ?? leaf.url.replace(url, '')) : leaf.name;
      add(byLeaf, leafSource, w);
      const app = sample.stack
        .map((f) => (f.url ? sourceOf(f) : null))
        .find((s) => s?.startsWith('src/'));
      add(byApp, app ?? '(no app module on the stack)', w);
      add(byTop, inner.event.name, w);
      const root = rootOf(inner);
      const entry = roots.get(root) ?? { ms: 0, leaf: new Map<string, number>() };
      entry.ms += w;
      add(entry.leaf, app ?? leafSource, w);
      if (process.env.BOOTUP_FUNCTIONS) {
        const named = sample.stack
          .slice(0, 4)
          .map((f) => (f.url ? nameOf(f) : f.name))
          .join(' < ');
        add(entry.leaf, `   ${named}`, w);
      }
      roots.set(root, entry);
    }
    const timeline = [...roots]
      .sort((a, b) => a[0].startTime - b[0].startTime)
      .map(
        ([task, { ms, leaf }]) =>
          `  ${task.startTime.toFixed(0).padStart(6)} ms +${ms.toFixed(0).padStart(4)}  ${[...leaf]
            .sort((a, b) => b[1] - a[1])
            .slice(0, process.env.BOOTUP_FUNCTIONS ? 12 : 4)
            .map(([k, v]) => `${k} ${v.toFixed(0)}`)
            .join(process.env.BOOTUP_FUNCTIONS ? '\n        ' : ', ')}`,
      );
    return {
      timeline,
      audit: audit?.scripting ?? null,
      ownMs: ownMs * MULTIPLIER,
      cpuByThread,
      summary,
      longTasks,
      byEvent,
      cpuMs: cpuMs * MULTIPLIER,
      counted,
      byLeaf,
      byApp,
      byTop,
    };
  } finally {
    chrome.kill();
  }
}

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/video/clayton-first-responders' },
    runs: { type: 'string', default: '1' },
    compositing: { type: 'string', default: 'software' },
    top: { type: 'string', default: '25' },
  },
});
const app = await startApp({ archiveFile: SAMPLE });
try {
  for (let run = 0; run < Number(values.runs); run++) {
    const r = await once(`${app.url}${values.path}`, values.compositing);
    const top = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(values.top))
        .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
        .join('\n');
    console.log(
      `\n${values.path} run ${run + 1}: audit ${r.audit?.toFixed(0)} ms; tasks given to start ${r.ownMs.toFixed(0)} ms (the main thread's CPU time of them ${r.cpuMs.toFixed(0)} ms); sampled ${r.counted.toFixed(0)} ms`,
    );
    console.log(r.summary);
    console.log(`tasks (start after the time origin, sampled ms × 4):\n${r.timeline.join('\n')}`);
    console.log(
      `CPU time by thread after the time origin (observed, not multiplied):\n${top(r.cpuByThread)}`,
    );
    console.log(
      `Lighthouse's long tasks (its phone model):\n${r.longTasks
        .map(
          (t) =>
            `  ${t.startTime.toFixed(0).padStart(6)} ms ${t.duration.toFixed(0).padStart(4)} ms  ${t.url}`,
        )
        .join('\n')}`,
    );
    console.log(`the start chunk's tasks by trace event (self time):\n${top(r.byEvent)}`);
    console.log(`by task:\n${top(r.byTop)}`);
    console.log(`by code that ran:\n${top(r.byLeaf)}`);
    console.log(`by the app's module nearest on the stack:\n${top(r.byApp)}`);
  }
} finally {
  await app.stop();
}
