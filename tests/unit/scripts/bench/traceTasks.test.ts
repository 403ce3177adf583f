import { describe, expect, it } from 'vitest';
import {
  eventDispatched,
  longTasks,
  markAt,
  taskTable,
  type TraceEvent,
} from '../../../../scripts/bench/traceTasks';

const ORIGIN = 'http://127.0.0.1:4000';
const PID = 7;
const MAIN = 1;
/** The navigation's start, µs on the trace's clock. */
const T0 = 1_000_000;
const ms = (n: number) => n * 1000;

/** A complete event on the page's main thread, `at` and `dur` in ms after the navigation. */
const slice = (
  name: string,
  at: number,
  dur: number,
  args?: Record<string, unknown>,
  tid = MAIN,
): TraceEvent => ({
  name,
  ph: 'X',
  pid: PID,
  tid,
  ts: T0 + ms(at),
  dur: ms(dur),
  ...(args ? { args } : {}),
});

const TRACE: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid: PID, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: PID, tid: 2, ts: 0, args: { name: 'Compositor' } },
  {
    name: 'navigationStart',
    ph: 'R',
    pid: PID,
    tid: MAIN,
    ts: T0,
    args: { data: { documentLoaderURL: `${ORIGIN}/?skipIntro=true` } },
  },
  // A long task (120 ms): the start chunk's evaluation (100 ms, 30 of it a GC inside), then 20
  // of its own; Chromium nests a second task event of the same span in it.
  slice('ThreadControllerImpl::RunTask', 200, 120),
  slice('RunTask', 200, 120),
  slice('v8.evaluateModule', 205, 100, { data: { url: `${ORIGIN}/assets/start-abc.js` } }),
  slice('MinorGC', 250, 30),
  // A short task, and a long one on another thread: neither counts.
  slice('ThreadControllerImpl::RunTask', 400, 30),
  slice('ThreadControllerImpl::RunTask', 500, 90, undefined, 2),
  // The profiler's samples: 60 ms in the chunk at a mapped position, 20 at an unmapped one.
  {
    name: 'Profile',
    ph: 'P',
    pid: PID,
    tid: MAIN,
    ts: T0,
    id: '0x1',
    args: { data: { startTime: T0 + ms(205) } },
  },
  {
    name: 'ProfileChunk',
    ph: 'P',
    pid: PID,
    tid: 9,
    ts: T0,
    id: '0x1',
    args: {
      data: {
        cpuProfile: {
          nodes: [
            {
              id: 1,
              callFrame: { url: `${ORIGIN}/assets/start-abc.js`, lineNumber: 0, columnNumber: 10 },
            },
            {
              id: 2,
              callFrame: { url: `${ORIGIN}/assets/start-abc.js`, lineNumber: 0, columnNumber: 0 },
            },
          ],
          samples: [1, 1, 1, 2, 2],
        },
        timeDeltas: [0, ms(20), ms(20), ms(20), ms(10), ms(10)],
      },
    },
  },
];

describe('the start trace (issue 48)', () => {
  it('finds the main thread’s long tasks, outermost, with what ran in each and whose code', () => {
    const tasks = longTasks(TRACE, {
      origin: ORIGIN,
      sourceOf: (url, line, column) =>
        url.endsWith('/assets/start-abc.js') && line === 1 && column === 10
          ? 'node_modules/react-dom'
          : null,
    });
    expect(tasks).toHaveLength(1);
    const [task] = tasks;
    expect(task?.startMs).toBe(200);
    expect(task?.durationMs).toBe(120);
    expect(task?.events).toEqual([
      { name: 'v8.evaluateModule /assets/start-abc.js', ms: 70 },
      { name: 'MinorGC', ms: 30 },
      { name: '(the task itself)', ms: 20 },
    ]);
    expect(task?.sources).toEqual([
      { name: 'node_modules/react-dom', ms: 60 },
      { name: '/assets/start-abc.js (unmapped)', ms: 20 },
    ]);
    expect(taskTable(tasks).split('\n')[2]).toBe(
      '| 200 | 120 | 70 ms v8.evaluateModule /assets/start-abc.js; 30 ms MinorGC; 20 ms (the task itself) | 60 ms node_modules/react-dom; 20 ms /assets/start-abc.js (unmapped) |',
    );
  });

  it('maps each sample by the line and column it ran, where the profiler gives them', () => {
    // The chunk's top level is one function: its samples name the function's first line, and
    // only the chunk's own `lines` and `columns` (1-based) say which module's line ran.
    const withLines = TRACE.map((e) =>
      e.name === 'ProfileChunk'
        ? {
            ...e,
            args: {
              data: {
                ...(e.args?.data as object),
                lines: [1, 1, 1, 40, 40],
                columns: [11, 11, 11, 3, 3],
              },
            },
          }
        : e,
    );
    const [task] = longTasks(withLines, {
      origin: ORIGIN,
      sourceOf: (_url, line, column) =>
        line === 1 && column === 10
          ? 'react-dom'
          : line === 40 && column === 2
            ? 'src/lib/numbers.ts'
            : null,
    });
    expect(task?.sources).toEqual([
      { name: 'react-dom', ms: 60 },
      { name: 'src/lib/numbers.ts', ms: 20 },
    ]);
  });

  it('finds the tasks of a window, however short, and when a tap was marked and handled', () => {
    const tapped: TraceEvent[] = [
      ...TRACE,
      {
        name: 'bench:filters-shown',
        ph: 'R',
        pid: PID,
        tid: MAIN,
        ts: T0 + ms(390),
        cat: 'blink.user_timing',
      },
      slice('ThreadControllerImpl::RunTask', 440, 20),
      slice('EventDispatch', 445, 4, { data: { type: 'pointerdown' } }),
      slice('EventDispatch', 452, 6, { data: { type: 'click' } }),
    ];
    expect(markAt(tapped, ORIGIN, 'bench:filters-shown')).toBe(390);
    expect(markAt(TRACE, ORIGIN, 'bench:filters-shown')).toBeNull();
    expect(eventDispatched(tapped, ORIGIN, 'pointerdown')).toEqual({ startMs: 445, endMs: 449 });
    expect(eventDispatched(tapped, ORIGIN, 'click')).toEqual({ startMs: 452, endMs: 458 });
    expect(eventDispatched(TRACE, ORIGIN, 'click')).toBeNull();
    const window = longTasks(tapped, { origin: ORIGIN, minMs: 5, fromMs: 390, untilMs: 458 });
    expect(window.map((t) => [t.startMs, t.durationMs])).toEqual([
      [400, 30],
      [440, 20],
    ]);
  });

  it('says so when the trace has no navigation to the page', () => {
    expect(() => longTasks(TRACE, { origin: 'http://127.0.0.1:5000' })).toThrow(
      'no navigation to http://127.0.0.1:5000 in the trace',
    );
  });
});
