/**
 * Pure helpers of the phone and peer benchmark (issue 29): reading Lighthouse's result, the long
 * tasks before the globe is shown, frame intervals, medians and ranges. No browser, no I/O.
 */

/** The app's start chunk, as the bootup-time audit names it. */
export const START_CHUNK = /\/assets\/start-[^/]+\.js(\?|$)/;

/** A script's URL, as the bootup-time audit's network records would call it one. */
export const isScript = (url: string) => /\.m?js(\?|#|$)/.test(url);

/** The median of `values`; null when there are none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A figure over several runs: its median and range, and how many runs had no figure. */
export interface Spread {
  median: number | null;
  min: number | null;
  max: number | null;
  /** Runs with a figure. */
  runs: number;
  /** Runs without one (a timeout, a failed run): these count as worse than any figure. */
  missing: number;
}

/**
 * Median and range of the runs' figures. A missing figure (null: the run never got there) sorts
 * above every number, so when most runs miss it the median is Infinity ("timeout"), not the
 * figure of the one run that made it. NaN counts as missing too.
 */
export function spreadOf(values: readonly (number | null | undefined)[]): Spread {
  const present = values.filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  const missing = values.length - present.length;
  if (values.length === 0) return { median: null, min: null, max: null, runs: 0, missing: 0 };
  const all = [...present, ...Array<number>(missing).fill(Infinity)];
  return {
    median: medianOf(all),
    min: present.length > 0 ? Math.min(...present) : null,
    max: present.length > 0 ? Math.max(...present) : null,
    runs: present.length,
    missing,
  };
}

/** The times between consecutive animation-frame time stamps. */
export function frameIntervals(stamps: readonly number[]): number[] {
  return stamps.slice(1).map((t, i) => t - (stamps[i] as number));
}

/** The longest task, how many there were and their blocking time, of those begun by `until`. */
export function tasksBefore(
  tasks: readonly { start: number; duration: number }[],
  until: number,
): { longestMs: number; count: number; blockingMs: number } {
  const before = tasks.filter((t) => t.start <= until);
  return {
    longestMs: before.reduce((m, t) => Math.max(m, t.duration), 0),
    count: before.length,
    blockingMs: before.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
  };
}

/**
 * Who composites the page's layers (issue 48): `gpu`, the GPU process through SwiftShader (the
 * browser as shipped, and as Lighthouse launches it); `software`, the CPU
 * (`--disable-gpu-compositing`), which takes SwiftShader's compositing out of the page's way. The
 * globe renders through SwiftShader in its worker either way. A figure in both says what is the
 * page's own work and what the GPU process's.
 */
export const COMPOSITING_MODES = ['gpu', 'software'] as const;
export type Compositing = (typeof COMPOSITING_MODES)[number];

/** How a mode is named in the tables and verdicts. */
export const COMPOSITING_NAME: Record<Compositing, string> = {
  gpu: 'SwiftShader compositing',
  software: 'software compositing',
};

/** The figures the bench reads from one Lighthouse result. */
export interface LighthouseFigures {
  /** The performance score, 0-100. */
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /** The longest main-thread task in Lighthouse's phone model (its long-tasks audit); 0: none. */
  longestTaskMs: number | null;
  cls: number | null;
  /** The largest contentful paint's element, as a selector. */
  lcpElement: string | null;
  /** Lighthouse's fatal error for the page, if any (the figures are then null). */
  runtimeError: string | null;
  /** Lighthouse's warnings about the run (e.g. a page that never went quiet). */
  warnings: string[];
  /** How fast Lighthouse found this machine's CPU. */
  benchmarkIndex: number | null;
  /**
   * The start chunk's script evaluation in Lighthouse's phone model (its bootup-time audit's
   * "Script Evaluation" for `assets/start-*.js`); null when the audit does not list it.
   */
  startScriptMs: number | null;
  /**
   * The same tasks in the main thread's own CPU time (× the same multiplier): what is left of
   * `startScriptMs` once the time other threads and processes took of the machine's cores while
   * those tasks ran is taken out (on this 2-core machine, the globe's worker and the software
   * renderer and compositor of the GPU process). Null where the run's trace was not read.
   */
  startScriptCpuMs: number | null;
}

/** The parts of Lighthouse's result (its `lhr`) read here. */
export interface LighthouseResultLike {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  runtimeError?: { code: string; message: string };
  runWarnings: unknown[];
  environment: { benchmarkIndex?: number };
}

/**
 * Lighthouse's simulator (Lantern) clamps a simulated task at 10 s (the observed time × its CPU
 * multiplier), so a longest task of exactly this much means "at least".
 */
export const LIGHTHOUSE_TASK_CAP_MS = 10_000;

/** The longest task in the long-tasks audit's table; 0 when it lists none (none over 50 ms). */
export function longestTaskOf(details: unknown): number | null {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return null;
  if (items.length === 0) return 0;
  const durations = items
    .map((item) => (item as { duration?: unknown }).duration)
    .filter((d): d is number => typeof d === 'number' && Number.isFinite(d));
  return durations.length === 0 ? null : Math.max(...durations);
}

/** The bootup-time audit's script evaluation of the app's start chunk (`/assets/start-*.js`). */
export function startScriptOf(details: unknown): number | null {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return null;
  const start = items.find((item) =>
    START_CHUNK.test(String((item as { url?: unknown }).url ?? '')),
  ) as { scripting?: unknown } | undefined;
  return typeof start?.scripting === 'number' ? start.scripting : null;
}

/** A main-thread task as Lighthouse's tracehouse builds it, with the parts read here. */
export interface AttributedTask {
  /** ms of the task outside its children. */
  selfTime: number;
  group: { id: string };
  /** Outermost first: Lighthouse gives a task to the first of these that is a script. */
  attributableURLs: readonly string[];
  parent?: AttributedTask;
  /** The trace event: wall time and the thread's own CPU time, µs. */
  event: { dur?: number; tdur?: number };
}

/**
 * The bootup-time audit's script evaluation of the start chunk, read from the tasks Lighthouse
 * built (observed ms, not multiplied): `wallMs`, as the audit counts it (each task's self time,
 * given to the first script URL on its stack), and `cpuMs`, each of those self times scaled by its
 * top-level task's thread time over its wall time: the main thread's own work, without the time
 * the operating system gave the cores to other threads meanwhile.
 */
export function startScriptTimes(
  tasks: readonly AttributedTask[],
  isScript: (url: string) => boolean,
): { wallMs: number; cpuMs: number } {
  let wallMs = 0;
  let cpuMs = 0;
  for (const task of tasks) {
    if (task.group.id !== 'scriptEvaluation') continue;
    const url = task.attributableURLs.find(isScript) ?? task.attributableURLs[0] ?? '';
    if (!START_CHUNK.test(url)) continue;
    let root = task;
    while (root.parent) root = root.parent;
    const { dur, tdur } = root.event;
    const share = dur && tdur !== undefined ? Math.min(1, tdur / dur) : 1;
    wallMs += task.selfTime;
    cpuMs += task.selfTime * share;
  }
  return { wallMs, cpuMs };
}

/** The first element selector in an audit's (nested) details. */
export function firstSelectorOf(details: unknown): string | null {
  if (Array.isArray(details)) {
    for (const item of details) {
      const found = firstSelectorOf(item);
      if (found !== null) return found;
    }
    return null;
  }
  if (details === null || typeof details !== 'object') return null;
  const node = details as { type?: unknown; selector?: unknown };
  if (node.type === 'node' && typeof node.selector === 'string') return node.selector;
  return firstSelectorOf(Object.values(details));
}

export function lighthouseFiguresOf(lhr: LighthouseResultLike): LighthouseFigures {
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const score = lhr.categories.performance?.score;
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : null,
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    longestTaskMs: longestTaskOf(lhr.audits['long-tasks']?.details),
    startScriptMs: startScriptOf(lhr.audits['bootup-time']?.details),
    startScriptCpuMs: null,
    cls: value('cumulative-layout-shift'),
    lcpElement: firstSelectorOf(lhr.audits['largest-contentful-paint-element']?.details),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    warnings: lhr.runWarnings.map(String),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
  };
}
