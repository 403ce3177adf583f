/**
 * Where the main thread's time goes at start (issue 48): the long tasks of a Chromium performance
 * trace (Trace Event Format, as `Tracing` or Playwright's `startTracing` writes it), each with what
 * ran in it, by trace event (script evaluation, layout, garbage collection…) and by source file
 * (the V8 sampling profiler's samples in it, mapped through the build's source maps). Pure: the
 * runner (`startTrace.ts`) records the trace and gives the maps.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  cat?: string;
  args?: Record<string, unknown>;
}

/** A long task: its start (ms after navigation), duration (ms), and what ran in it. */
export interface LongTask {
  startMs: number;
  durationMs: number;
  /** Exclusive time by trace event (ms), heaviest first. */
  events: { name: string; ms: number }[];
  /** Sampled time by source file (ms), heaviest first. */
  sources: { name: string; ms: number }[];
}

/** Where a sample's code came from: a source file, or null where the position maps to none. */
export type SourceOf = (url: string, line: number, column: number) => string | null;

interface Thread {
  pid: number;
  tid: number;
  /** The navigation's start, µs on the trace's clock. */
  t0: number;
}

/** The page's main thread: the renderer whose `navigationStart` is for `origin`. */
export function pageThread(events: readonly TraceEvent[], origin: string): Thread {
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && urlOf(e.args).startsWith(origin),
  );
  if (!navigation) throw new Error(`no navigation to ${origin} in the trace`);
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.pid === navigation.pid &&
      (e.args as { name?: string } | undefined)?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  return { pid: navigation.pid, tid: main.tid, t0: navigation.ts };
}

function urlOf(args: Record<string, unknown> | undefined): string {
  const data = args?.data as { documentLoaderURL?: string; url?: string } | undefined;
  return String(data?.documentLoaderURL ?? data?.url ?? '');
}

/** A trace event's name as the table gives it: a script's file, an event's type. */
function labelOf(event: TraceEvent, origin: string): string {
  const data = (event.args?.data ?? {}) as Record<string, unknown>;
  const file = String(data.url ?? event.args?.fileName ?? '')
    .replace(origin, '')
    .replace(/\?.*$/, '');
  if (
    ['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule'].includes(event.name)
  )
    return file ? `${event.name} ${file}` : event.name;
  if (event.name === 'FunctionCall') return file ? `FunctionCall ${file}` : 'FunctionCall';
  if (event.name === 'EventDispatch') return `EventDispatch ${String(data.type ?? '')}`;
  return event.name;
}

const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * The main thread's tasks of at least `minMs`, outermost only, from the navigation to `untilMs`
 * after it, each with its events' exclusive time and its samples by source.
 */
export function longTasks(
  events: readonly TraceEvent[],
  {
    origin,
    minMs = 50,
    fromMs = -Infinity,
    untilMs = Infinity,
    sourceOf = () => null,
  }: { origin: string; minMs?: number; fromMs?: number; untilMs?: number; sourceOf?: SourceOf },
): LongTask[] {
  const { pid, tid, t0 } = pageThread(events, origin);
  const mine = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = mine.filter((e) => TASK_NAMES.has(e.name));
  // Outermost only: a task inside another (Chromium nests its task events) is part of it.
  const outer: TraceEvent[] = [];
  let until = -Infinity;
  for (const task of tasks) {
    if (task.ts < until) continue;
    outer.push(task);
    until = task.ts + (task.dur ?? 0);
  }
  const samples = mainSamples(events, pid, tid);
  return outer
    .filter(
      (task) =>
        (task.dur ?? 0) >= minMs * 1000 &&
        (task.ts + (task.dur ?? 0) - t0) / 1000 >= fromMs &&
        (task.ts - t0) / 1000 <= untilMs,
    )
    .map((task) => ({
      startMs: (task.ts - t0) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      events: exclusiveTimes(task, mine, origin),
      sources: bySource(samples, task, origin, sourceOf),
    }));
}

/**
 * When, in ms after the navigation, the page's main thread dispatched its first `type` event (a
 * tap's `pointerdown`, its `click`): the event's start and end; null when it never did.
 */
export function eventDispatched(
  events: readonly TraceEvent[],
  origin: string,
  type: string,
): { startMs: number; endMs: number } | null {
  const { pid, tid, t0 } = pageThread(events, origin);
  const found = events
    .filter(
      (e) =>
        e.pid === pid &&
        e.tid === tid &&
        e.name === 'EventDispatch' &&
        (e.args?.data as { type?: string } | undefined)?.type === type,
    )
    .sort((a, b) => a.ts - b.ts)[0];
  return found
    ? { startMs: (found.ts - t0) / 1000, endMs: (found.ts + (found.dur ?? 0) - t0) / 1000 }
    : null;
}

/** When, in ms after the navigation, the page's `performance.mark(name)` was made; null: never. */
export function markAt(events: readonly TraceEvent[], origin: string, name: string): number | null {
  const { pid, t0 } = pageThread(events, origin);
  const found = events.find((e) => e.pid === pid && e.name === name && e.ph !== 'M');
  return found ? (found.ts - t0) / 1000 : null;
}

/** The time each event of a task spent outside the events it holds, by label, ms. */
function exclusiveTimes(
  task: TraceEvent,
  mine: readonly TraceEvent[],
  origin: string,
): { name: string; ms: number }[] {
  const end = task.ts + (task.dur ?? 0);
  const inside = mine.filter(
    (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && !TASK_NAMES.has(e.name),
  );
  const own = new Map<TraceEvent, number>();
  for (const e of inside) own.set(e, e.dur ?? 0);
  const stack: TraceEvent[] = [];
  for (const e of inside) {
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as TraceEvent;
      if (top.ts + (top.dur ?? 0) > e.ts) break;
      stack.pop();
    }
    const parent = stack[stack.length - 1];
    if (parent) own.set(parent, (own.get(parent) ?? 0) - (e.dur ?? 0));
    stack.push(e);
  }
  const outerTime = (task.dur ?? 0) - rootTime(inside);
  const totals = new Map<string, number>();
  for (const e of inside) {
    const label = labelOf(e, origin);
    totals.set(label, (totals.get(label) ?? 0) + (own.get(e) ?? 0));
  }
  if (outerTime > 0) totals.set('(the task itself)', outerTime);
  return sortedMs(totals);
}

/** The time covered by the outermost of `events` (sorted by start). */
function rootTime(events: readonly TraceEvent[]): number {
  let covered = 0;
  let until = -Infinity;
  for (const e of events) {
    const end = e.ts + (e.dur ?? 0);
    if (e.ts >= until) {
      covered += e.dur ?? 0;
      until = end;
    } else if (end > until) {
      covered += end - until;
      until = end;
    }
  }
  return covered;
}

interface Sample {
  at: number;
  us: number;
  url: string;
  name: string;
  line: number;
  column: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame?: { url?: string; functionName?: string; lineNumber?: number; columnNumber?: number };
}

/** A frame of a sample's stack: the position that ran (1-based line), and where its function starts. */
export interface StackFrame {
  url: string;
  name: string;
  line: number;
  column: number;
  fnLine: number;
  fnColumn: number;
}

/** A sample of the V8 profiler: when (µs on the trace's clock), its weight (µs), its stack, leaf first. */
export interface StackSample {
  at: number;
  us: number;
  stack: StackFrame[];
}

/**
 * The sampling profiler's samples of one thread, each with its time, its weight and its stack. The
 * leaf's position is the line that ran where the profiler gives it, not only its function's first
 * (a chunk's top level is one function of 100,000 lines); the frames above it are their functions'.
 */
export function profileSamples(
  events: readonly TraceEvent[],
  pid: number,
  tid: number,
): StackSample[] {
  const profiles = new Map<
    string,
    {
      start: number;
      nodes: Map<number, ProfileNode>;
      ids: number[];
      deltas: number[];
      lines: number[];
      columns: number[];
    }
  >();
  for (const e of events)
    if (e.pid === pid && e.tid === tid && e.name === 'Profile' && e.id !== undefined)
      profiles.set(e.id, {
        start: Number((e.args?.data as { startTime?: number } | undefined)?.startTime ?? 0),
        nodes: new Map(),
        ids: [],
        deltas: [],
        lines: [],
        columns: [],
      });
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk' || e.id === undefined) continue;
    const profile = profiles.get(e.id);
    if (!profile) continue;
    const data = e.args?.data as
      | {
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
          lines?: number[];
          columns?: number[];
        }
      | undefined;
    const ids = data?.cpuProfile?.samples ?? [];
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const at = (list: number[] | undefined, i: number) => list?.[i] ?? 0;
    profile.deltas.push(...(data?.timeDeltas ?? []));
    ids.forEach((id, i) => {
      profile.ids.push(id);
      profile.lines.push(at(data?.lines, i));
      profile.columns.push(at(data?.columns, i));
    });
  }
  const samples: StackSample[] = [];
  for (const profile of profiles.values()) {
    let at = profile.start;
    profile.ids.forEach((id, index) => {
      at += profile.deltas[index] ?? 0;
      const line = profile.lines[index] ?? 0;
      const column = profile.columns[index] ?? 1;
      const stack: StackFrame[] = [];
      // A sample whose node is missing still counts, as a frame of no code.
      let node: ProfileNode | undefined = profile.nodes.get(id) ?? { id };
      while (node) {
        const frame = node.callFrame ?? {};
        const leaf = stack.length === 0;
        const fnLine = (frame.lineNumber ?? 0) + 1;
        const fnColumn = frame.columnNumber ?? 0;
        stack.push({
          url: frame.url ?? '',
          name: frame.functionName || '(anonymous)',
          line: leaf && line > 0 ? line : fnLine,
          column: leaf && line > 0 ? Math.max(0, column - 1) : fnColumn,
          fnLine,
          fnColumn,
        });
        node = node.parent === undefined ? undefined : profile.nodes.get(node.parent);
      }
      samples.push({ at, us: profile.deltas[index + 1] ?? 0, stack });
    });
  }
  return samples;
}

/** The sampling profiler's samples of the main thread, each with its time and code position. */
function mainSamples(events: readonly TraceEvent[], pid: number, tid: number): Sample[] {
  return profileSamples(events, pid, tid).map(({ at, us, stack: [leaf] }) => ({
    at,
    us,
    url: leaf?.url ?? '',
    name: leaf?.name ?? '(anonymous)',
    line: leaf?.line ?? 1,
    column: leaf?.column ?? 0,
  }));
}

/** A task's samples by source file: mapped where the build's maps say, else the chunk or name. */
function bySource(
  samples: readonly Sample[],
  task: TraceEvent,
  origin: string,
  sourceOf: SourceOf,
): { name: string; ms: number }[] {
  const end = task.ts + (task.dur ?? 0);
  const totals = new Map<string, number>();
  for (const sample of samples) {
    if (sample.at < task.ts || sample.at > end) continue;
    const mapped = sample.url ? sourceOf(sample.url, sample.line, sample.column) : null;
    const name =
      mapped ?? (sample.url ? `${sample.url.replace(origin, '')} (unmapped)` : sample.name);
    totals.set(name, (totals.get(name) ?? 0) + sample.us);
  }
  return sortedMs(totals);
}

function sortedMs(totals: Map<string, number>): { name: string; ms: number }[] {
  return [...totals]
    .map(([name, us]) => ({ name, ms: us / 1000 }))
    .filter(({ ms }) => ms > 0)
    .sort((a, b) => b.ms - a.ms);
}

/** The table of the note: one row a long task, its three heaviest events and sources. */
export function taskTable(tasks: readonly LongTask[]): string {
  const top = (list: { name: string; ms: number }[]) =>
    list
      .slice(0, 3)
      .map(({ name, ms }) => `${ms.toFixed(0)} ms ${name.replace(/\|/g, '\\|')}`)
      .join('; ');
  return [
    '| start (ms) | long task (ms) | what ran (trace events) | whose code (sampled, by source) |',
    '| --- | --- | --- | --- |',
    ...tasks.map(
      (t) =>
        `| ${t.startMs.toFixed(0)} | ${t.durationMs.toFixed(0)} | ${top(t.events)} | ${top(t.sources) || '(no script)'} |`,
    ),
  ].join('\n');
}
