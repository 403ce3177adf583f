import { describe, expect, it } from 'vitest';
import {
  firstSelectorOf,
  frameIntervals,
  lighthouseFiguresOf,
  longestTaskOf,
  medianOf,
  spreadOf,
  startScriptTimes,
  tasksBefore,
  type LighthouseResultLike,
} from '../../../../scripts/bench/phoneFigures';
import {
  checkPhoneBudgets,
  fmtSpread,
  type PhoneResults,
} from '../../../../scripts/bench/phoneReport';
import type { DragResult } from '../../../../scripts/bench/drag';
import { stepsOf, type StoryStepRun } from '../../../../scripts/bench/storyStep';
import type { LighthouseRun } from '../../../../scripts/bench/lighthouse';
import type { PhoneRun } from '../../../../scripts/bench/phone';
import type { AttributedTask } from '../../../../scripts/bench/phoneFigures';

/** The phone and peer benchmark's pure helpers (issue 29). */
describe('medianOf and spreadOf', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
  });

  it('gives the median and range, a missing figure counting as worse than any', () => {
    expect(spreadOf([120, 80, 100])).toEqual({
      median: 100,
      min: 80,
      max: 120,
      runs: 3,
      missing: 0,
    });
    // One run of three timed out: the median is the worse of the two that finished.
    expect(spreadOf([80, null, 100])).toEqual({
      median: 100,
      min: 80,
      max: 100,
      runs: 2,
      missing: 1,
    });
    // Most runs timed out: so does the median.
    expect(spreadOf([null, 80, NaN]).median).toBe(Infinity);
    expect(spreadOf([])).toEqual({ median: null, min: null, max: null, runs: 0, missing: 0 });
  });

  it('prints a spread as its median and range', () => {
    expect(fmtSpread(spreadOf([1500, 1400, 1520]))).toBe('1,500 (1,400-1,520)');
    expect(fmtSpread(spreadOf([3000, 3200, 3100]), 2, 1000)).toBe('3.10 (3.00-3.20)');
    expect(fmtSpread(spreadOf([42, 42, 42]))).toBe('42');
    expect(fmtSpread(spreadOf([null, null, 5]))).toBe('timeout (1/3 ran)');
    expect(fmtSpread(spreadOf([]))).toBe('–');
  });
});

describe('frameIntervals and tasksBefore', () => {
  it('turns frame time stamps into the times between frames', () => {
    expect(frameIntervals([0, 16, 40, 100])).toEqual([16, 24, 60]);
    expect(frameIntervals([5])).toEqual([]);
  });

  it('keeps the tasks begun by the globe shown: the longest, the count, the blocking time', () => {
    const tasks = [
      { start: 100, duration: 60 },
      { start: 900, duration: 400 },
      { start: 2000, duration: 90 },
      // Began after shown: not counted.
      { start: 2500, duration: 900 },
    ];
    expect(tasksBefore(tasks, 2000)).toEqual({
      longestMs: 400,
      count: 3,
      blockingMs: 10 + 350 + 40,
    });
    expect(tasksBefore([], 2000)).toEqual({ longestMs: 0, count: 0, blockingMs: 0 });
  });
});

describe('reading a Lighthouse result', () => {
  const lhr = (over: Partial<LighthouseResultLike> = {}): LighthouseResultLike => ({
    categories: { performance: { score: 0.456 } },
    audits: {
      'first-contentful-paint': { numericValue: 3012.4 },
      'largest-contentful-paint': { numericValue: 4790 },
      'total-blocking-time': { numericValue: 1520 },
      'cumulative-layout-shift': { numericValue: 0.002 },
      'long-tasks': {
        details: {
          type: 'table',
          items: [
            { url: 'a.js', duration: 1610, startTime: 1 },
            { url: 'b.js', duration: 300, startTime: 2 },
          ],
        },
      },
      'bootup-time': {
        details: {
          type: 'table',
          items: [
            { url: 'http://127.0.0.1:4000/assets/Timeline-x1.js', total: 90, scripting: 60 },
            { url: 'http://127.0.0.1:4000/assets/start-CWDoXyzm.js', total: 700, scripting: 412.5 },
          ],
        },
      },
      'largest-contentful-paint-element': {
        details: {
          type: 'list',
          items: [
            { type: 'table', items: [{ node: { type: 'node', selector: 'header > a > img' } }] },
            { type: 'table', items: [{ phase: 'TTFB' }] },
          ],
        },
      },
    },
    runWarnings: ['The page loaded too slowly'],
    environment: { benchmarkIndex: 1496 },
    ...over,
  });

  it('reads the score, the paints, the blocking time, the longest task and the LCP element', () => {
    expect(lighthouseFiguresOf(lhr())).toEqual({
      score: 46,
      fcpMs: 3012.4,
      lcpMs: 4790,
      tbtMs: 1520,
      longestTaskMs: 1610,
      startScriptMs: 412.5,
      startScriptCpuMs: null,
      cls: 0.002,
      lcpElement: 'header > a > img',
      runtimeError: null,
      warnings: ['The page loaded too slowly'],
      benchmarkIndex: 1496,
    });
  });

  it('leaves out what Lighthouse could not compute, and keeps its error', () => {
    const figures = lighthouseFiguresOf(
      lhr({
        categories: { performance: { score: null } },
        audits: { 'first-contentful-paint': { numericValue: NaN } },
        runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' },
      }),
    );
    expect(figures).toMatchObject({
      score: null,
      fcpMs: null,
      longestTaskMs: null,
      startScriptMs: null,
      lcpElement: null,
      runtimeError: 'NO_FCP: The page did not paint any content.',
    });
  });

  it('reads no long task as 0, and finds a selector however deep', () => {
    expect(longestTaskOf({ type: 'table', items: [] })).toBe(0);
    expect(longestTaskOf(undefined)).toBeNull();
    expect(firstSelectorOf([{ a: [{ b: { type: 'node', selector: 'h1' } }] }])).toBe('h1');
    expect(firstSelectorOf({ type: 'node' })).toBeNull();
  });
});

describe('checkPhoneBudgets', () => {
  const lighthouseRun = (
    score: number,
    fcpMs: number,
    lcpMs: number,
    tbtMs: number,
    startScriptMs = 300,
    startScriptCpuMs = 200,
  ) => ({ score, fcpMs, lcpMs, tbtMs, startScriptMs, startScriptCpuMs }) as LighthouseRun;
  const phoneRun = (longestTaskMs: number | null, tapToTrayMs: number | null) =>
    ({ longestTaskMs, tapToTrayMs }) as PhoneRun;
  const drag = (
    kind: DragResult['kind'],
    n: number,
    medians: number[],
    error: string | null = null,
  ) => ({ kind, n, dragMedianMs: medians, error }) as DragResult;

  it('checks each page, the phone and the drag ratios against issue 29', () => {
    const results: PhoneResults = {
      lighthouse: [
        {
          name: 'returning',
          path: '/?skipIntro=true',
          compositing: 'software',
          runs: [
            lighthouseRun(92, 1200, 2400, 150),
            lighthouseRun(88, 1300, 2600, 250),
            lighthouseRun(95, 1100, 2300, 120, 900, 450),
          ],
        },
      ],
      cpu: [
        {
          cpuSlowdown: 4,
          compositing: 'software',
          runs: [phoneRun(80, 150), phoneRun(120, 250), phoneRun(90, 180)],
        },
        {
          cpuSlowdown: 4,
          compositing: 'gpu',
          runs: [phoneRun(150, 300), phoneRun(120, 250), phoneRun(90, 400)],
        },
      ],
      drag: [
        drag('ours', 100, [120, 130, 140]),
        drag('peer', 100, [60, 70, 65]),
        drag('ours', 10_000, [190, 180, 195]),
      ],
    };
    const checks = checkPhoneBudgets(results);
    const status = Object.fromEntries(checks.map((c) => [c.figure, c.status]));
    expect(status).toEqual({
      'Lighthouse mobile /?skipIntro=true, software compositing: performance': 'PASS',
      'Lighthouse mobile /?skipIntro=true, software compositing: FCP': 'PASS',
      'Lighthouse mobile /?skipIntro=true, software compositing: LCP': 'PASS',
      'Lighthouse mobile /?skipIntro=true, software compositing: TBT': 'PASS',
      "Lighthouse mobile /?skipIntro=true, software compositing: the start chunk's script evaluation":
        'PASS',
      "Lighthouse mobile /?skipIntro=true, software compositing: the start chunk's script evaluation, the main thread's own CPU time":
        'PASS',
      'tap on Filters → tray open, phone, CPU ÷4, software compositing': 'PASS',
      'longest main-thread task, navigation → globe shown, phone, CPU ÷4, software compositing':
        'PASS',
      'tap on Filters → tray open, phone, CPU ÷4, SwiftShader compositing': 'FAIL',
      'longest main-thread task, navigation → globe shown, phone, CPU ÷4, SwiftShader compositing':
        'FAIL',
      'drag frame, ours at 100 cards / globe.gl at 100 objects': 'FAIL',
      'drag frame, ours at 10,000 / at 100 cards': 'PASS',
    });
    const byFigure = Object.fromEntries(checks.map((c) => [c.figure, c]));
    expect(byFigure['Lighthouse mobile /?skipIntro=true, software compositing: FCP']).toMatchObject(
      {
        measured: '1.20 (1.10-1.30) s',
        budget: '≤ 1.50 s',
      },
    );
    expect(byFigure['drag frame, ours at 100 cards / globe.gl at 100 objects']?.measured).toBe(
      '2.00× (130 / 65 ms)',
    );
    expect(byFigure['drag frame, ours at 10,000 / at 100 cards']?.measured).toBe(
      '1.46× (190 / 130 ms)',
    );
  });

  it('fails a figure most runs never reached, and skips a ratio with a side not measured', () => {
    const checks = checkPhoneBudgets({
      lighthouse: null,
      cpu: [
        {
          cpuSlowdown: 4,
          compositing: 'software',
          runs: [phoneRun(80, null), phoneRun(90, null), phoneRun(70, 150)],
        },
      ],
      drag: [drag('ours', 100, [120]), drag('peer', 100, [], 'the peer page was not drawn')],
    });
    const byFigure = Object.fromEntries(checks.map((c) => [c.figure, c]));
    expect(
      byFigure['tap on Filters → tray open, phone, CPU ÷4, software compositing'],
    ).toMatchObject({
      status: 'FAIL',
      measured: 'timeout (1/3 ran)',
    });
    expect(byFigure['drag frame, ours at 100 cards / globe.gl at 100 objects']).toMatchObject({
      status: 'FAIL',
      measured: 'a side did not finish',
    });
    expect(byFigure['drag frame, ours at 10,000 / at 100 cards']?.status).toBe('SKIP');
  });
});

describe('startScriptTimes', () => {
  const START = 'http://127.0.0.1:4000/assets/start-CWDoXyzm.js';
  const LAZY = 'http://127.0.0.1:4000/assets/Timeline-x1.js';
  const isScript = (url: string) => url.endsWith('.js');
  const task = (
    selfTime: number,
    urls: string[],
    event: AttributedTask['event'],
    group = 'scriptEvaluation',
    parent?: AttributedTask,
  ): AttributedTask => ({ selfTime, group: { id: group }, attributableURLs: urls, event, parent });

  it("counts what the audit gives the start chunk, and of it the main thread's own CPU time", () => {
    // A task of React's scheduler (20 ms wall, of which the thread ran 10: the cores were busy
    // elsewhere half the time), with a lazy chunk's component rendered inside it.
    const scheduler = task(12, ['http://127.0.0.1:4000/video/x', START], {
      dur: 20_000,
      tdur: 10_000,
    });
    const inside = task(
      8,
      ['http://127.0.0.1:4000/video/x', START, LAZY],
      {},
      'scriptEvaluation',
      scheduler,
    );
    // A lazy chunk's own evaluation, its layout, and a task the thread ran without a pause.
    const lazy = task(30, [LAZY], { dur: 30_000, tdur: 30_000 });
    const layout = task(5, [START], { dur: 5_000, tdur: 5_000 }, 'styleLayout');
    const alone = task(10, [START], { dur: 10_000, tdur: 10_000 });
    expect(startScriptTimes([scheduler, inside, lazy, layout, alone], isScript)).toEqual({
      wallMs: 30,
      cpuMs: 20,
    });
  });

  it('takes the wall time where the trace gives no thread time, and never more', () => {
    const bare = task(10, [START], { dur: 10_000 });
    const odd = task(10, [START], { dur: 10_000, tdur: 12_000 });
    expect(startScriptTimes([bare, odd], isScript)).toEqual({ wallMs: 20, cpuMs: 20 });
  });
});

describe("a story's Next on the phone", () => {
  it('times each step from its tap: the stop shown, its flight ended, its last frame, its tasks', () => {
    const steps = stepsOf(
      {
        taps: [1000, 5000],
        longTasks: [
          { start: 900, duration: 80 },
          { start: 1100, duration: 60 },
          { start: 5200, duration: 30 },
          { start: 7000, duration: 90 },
        ],
      },
      [1120, 5090],
      [990, 1016, 1200, 1616, 5016, 5033, 5700],
      [
        { from: 500, until: 900 },
        { from: 1010, until: 1610 },
        { from: 5010, until: null },
      ],
    );
    expect(steps).toEqual([
      {
        to: 2,
        tapToStopMs: 120,
        tapToRestMs: 610,
        tapToLastFrameMs: 616,
        longestTaskMs: 60,
        longestFrameGapMs: 416,
      },
      {
        to: 3,
        tapToStopMs: 90,
        tapToRestMs: null,
        tapToLastFrameMs: 700,
        longestTaskMs: 30,
        longestFrameGapMs: 667,
      },
    ]);
  });

  it("checks a desktop's steps against issue 51: the flight, and no task of 50 ms", () => {
    const run = (rest: number[], tasks: number[], device = 'desktop' as const): StoryStepRun => ({
      device,
      cpuSlowdown: 1,
      compositing: 'software',
      error: null,
      pageErrors: [],
      steps: rest.map((ms, i) => ({
        to: i + 2,
        tapToStopMs: 100,
        tapToRestMs: ms,
        tapToLastFrameMs: ms + 400,
        longestTaskMs: tasks[i] ?? 0,
        longestFrameGapMs: 20,
      })),
    });
    const checks = checkPhoneBudgets({
      lighthouse: null,
      cpu: null,
      drag: null,
      story: [
        run([650, 690, 720], [0, 0, 49]),
        run([640, 660, 700], [0, 50, 0]),
        // The phone's figures are printed, not held to the budget.
        { ...run([1900, 1800], [120, 0]), device: 'phone', cpuSlowdown: 4 },
      ],
    });
    expect(checks.map((c) => [c.figure.split(',')[0], c.status])).toEqual([
      ['story Next → the camera at rest at the stop', 'PASS'],
      ['story Next: the longest main-thread task of a step', 'PASS'],
    ]);
    const slow = checkPhoneBudgets({
      lighthouse: null,
      cpu: null,
      drag: null,
      story: [run([900, 950], [60, 0]), run([800, 990], [70, 0])],
    });
    expect(slow.map((c) => c.status)).toEqual(['FAIL', 'FAIL']);
  });
});
