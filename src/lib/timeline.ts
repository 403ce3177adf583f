/**
 * The timeline's arithmetic (issue 30): the stretches of time it counts items in at each zoom (a
 * minute up to a year, on St. Louis's clock), and how many items fall in each (a histogram).
 * Pure and framework-free, so that every zoom is tested without a browser.
 */
import { formatLocale } from '@/i18n/i18n';
import { ARCHIVE_TIME_ZONE, zoneTimeToUtc } from '@/lib/itemDate';
import { localParts } from '@/lib/timeRange';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The stretch of time the timeline shows, in ms: `start` inclusive, `end` exclusive. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** One size of stretch the histogram counts in. */
export interface TimeStep {
  unit: 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
  count: number;
  /** About how long it lasts (months and years vary), for choosing a step. */
  ms: number;
}

/** The steps, shortest first: a window is counted in the shortest that gives few enough bars. */
export const TIME_STEPS: readonly TimeStep[] = [
  ...[1, 2, 5, 10, 15, 30].map((count) => ({
    unit: 'minute' as const,
    count,
    ms: count * MINUTE_MS,
  })),
  ...[1, 2, 3, 6, 12].map((count) => ({ unit: 'hour' as const, count, ms: count * HOUR_MS })),
  { unit: 'day', count: 1, ms: DAY_MS },
  { unit: 'week', count: 1, ms: 7 * DAY_MS },
  { unit: 'month', count: 1, ms: 30.44 * DAY_MS },
  { unit: 'month', count: 3, ms: 91.31 * DAY_MS },
  { unit: 'year', count: 1, ms: 365.25 * DAY_MS },
  { unit: 'year', count: 10, ms: 3652.5 * DAY_MS },
];

/** The narrowest window the timeline zooms to. */
export const MIN_WINDOW_MS = 30 * MINUTE_MS;

/** The shortest step that counts `window` in at most `maxBars` bars. */
export function stepFor(window: TimeWindow, maxBars: number): TimeStep {
  const length = window.end - window.start;
  const fits = TIME_STEPS.find((step) => length / step.ms <= maxBars);
  return fits ?? (TIME_STEPS[TIME_STEPS.length - 1] as TimeStep);
}

const midnight = (year: number, month: number, day: number) =>
  zoneTimeToUtc(year, month, day, 0, 0);

/** The start of the step's stretch that holds `ms` (a clock-aligned edge, in St. Louis). */
export function floorToStep(ms: number, step: TimeStep): number {
  if (step.unit === 'minute' || step.unit === 'hour') {
    const offset = localParts(ms).offset * MINUTE_MS;
    return Math.floor((ms + offset) / step.ms) * step.ms - offset;
  }
  const { year, month, day } = localParts(ms);
  if (step.unit === 'day') return midnight(year, month, day);
  if (step.unit === 'week') {
    // Weeks start on Monday.
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    const monday = new Date(Date.UTC(year, month - 1, day - ((weekday + 6) % 7)));
    return midnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate());
  }
  if (step.unit === 'month') {
    const first = Math.floor((month - 1) / step.count) * step.count + 1;
    return midnight(year, first, 1);
  }
  return midnight(Math.floor(year / step.count) * step.count, 1, 1);
}

/** The edge after `edge` (itself an edge of the step). */
export function nextEdge(edge: number, step: TimeStep): number {
  if (step.unit === 'minute' || step.unit === 'hour') return edge + step.ms;
  const { year, month, day } = localParts(edge);
  const days = step.unit === 'day' ? 1 : step.unit === 'week' ? 7 : 0;
  const months = step.unit === 'month' ? step.count : step.unit === 'year' ? 12 * step.count : 0;
  const next = new Date(Date.UTC(year, month - 1 + months, day + days));
  return midnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/** The last edge of the step before `ms` (an edge or any instant). */
export function previousEdge(ms: number, step: TimeStep): number {
  return floorToStep(ms - 1, step);
}

/** The nearest edge of the step to `ms`. */
export function nearestEdge(ms: number, step: TimeStep): number {
  const before = floorToStep(ms, step);
  const after = nextEdge(before, step);
  return ms - before <= after - ms ? before : after;
}

/** The edges of the bars that cover the window: the first at or before its start, the last at or after its end. */
export function barEdges(window: TimeWindow, step: TimeStep): number[] {
  const edges = [floorToStep(window.start, step)];
  let edge = edges[0] as number;
  // A bound on the bars, whatever the window (a step chosen for it gives far fewer).
  while (edge < window.end && edges.length < 2000) {
    edge = nextEdge(edge, step);
    edges.push(edge);
  }
  return edges;
}

/** The items in each bar: those dated within it (`exact`), and those whose date spans more (`loose`). */
export interface Histogram {
  edges: number[];
  exact: number[];
  loose: number[];
}

/** The index of the last edge at or before `ms` (-1 before the first). */
function barOf(edges: readonly number[], ms: number): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((edges[mid] as number) <= ms) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/**
 * Counts dated items (each as its first and last instant, inclusive) in the bars between
 * `edges`. An item dated within one bar counts there as exact; one whose date spans several bars
 * (a day, at the scale of hours) counts in each of them as loose. Items outside count nowhere.
 */
export function histogram(
  spans: readonly (readonly [number, number])[],
  edges: readonly number[],
): Histogram {
  const bars = Math.max(0, edges.length - 1);
  const exact = new Array<number>(bars).fill(0);
  const steps = new Array<number>(bars + 1).fill(0);
  const first = edges[0] ?? 0;
  const last = edges[bars] ?? 0;
  for (const [from, to] of spans) {
    if (to < first || from >= last) continue;
    const a = Math.max(0, barOf(edges, from));
    const b = Math.min(bars - 1, barOf(edges, to));
    if (a === b && from >= first && to < last) exact[a] = (exact[a] as number) + 1;
    else {
      steps[a] = (steps[a] as number) + 1;
      steps[b + 1] = (steps[b + 1] as number) - 1;
    }
  }
  const loose = new Array<number>(bars);
  let running = 0;
  for (let i = 0; i < bars; i++) {
    running += steps[i] as number;
    loose[i] = running;
  }
  return { edges: [...edges], exact, loose };
}

/** The window zoomed by `factor` (below 1: in) about the instant `at`, kept within `bounds`. */
export function zoomWindow(
  window: TimeWindow,
  factor: number,
  at: number,
  bounds: TimeWindow,
): TimeWindow {
  const length = window.end - window.start;
  const full = bounds.end - bounds.start;
  const next = Math.min(full, Math.max(MIN_WINDOW_MS, length * factor));
  const share = length > 0 ? (at - window.start) / length : 0.5;
  return panWindow({ start: at - share * next, end: at - share * next + next }, 0, bounds);
}

/** The window moved by `by` ms, kept within `bounds` (its length kept where it fits). */
export function panWindow(window: TimeWindow, by: number, bounds: TimeWindow): TimeWindow {
  const length = Math.min(window.end - window.start, bounds.end - bounds.start);
  const start = Math.min(Math.max(window.start + by, bounds.start), bounds.end - length);
  return { start, end: start + length };
}

/** The whole span of dated items, in whole days of St. Louis; null when none is dated. */
export function wholeSpan(spans: readonly (readonly [number, number])[]): TimeWindow | null {
  if (spans.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const [from, to] of spans) {
    if (from < first) first = from;
    if (to > last) last = to;
  }
  const day = TIME_STEPS.find((step) => step.unit === 'day') as TimeStep;
  return { start: floorToStep(first, day), end: nextEdge(floorToStep(last, day), day) };
}

/** English's month names on the axis (the archive's English, as it always wrote them). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The step the axis is labelled at: the shortest, no shorter than the bars', whose labels stand
 * `minPx` apart on a track `width` px wide showing `window`.
 */
export function labelStep(
  window: TimeWindow,
  bars: TimeStep,
  width: number,
  minPx: number,
): TimeStep {
  const length = window.end - window.start;
  const fits = TIME_STEPS.find((step) => step.ms >= bars.ms && (step.ms / length) * width >= minPx);
  return fits ?? (TIME_STEPS[TIME_STEPS.length - 1] as TimeStep);
}

/** What an axis label says of its edge: its time, its day, its month or its year. */
type LabelKind = 'time' | 'day' | 'month';

const LABEL_FORMATS: Record<LabelKind, Intl.DateTimeFormatOptions> = {
  time: { hour: 'numeric', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
};

/** The axis's formats in another language than English, one a language and kind, on St. Louis's clock. */
const labelFormats = new Map<string, Intl.DateTimeFormat>();

function labelFormat(locale: string, kind: LabelKind): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`;
  let format = labelFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: ARCHIVE_TIME_ZONE,
      ...LABEL_FORMATS[kind],
    });
    labelFormats.set(key, format);
  }
  return format;
}

/** An edge's label in English, as the archive writes it: `2:40 pm`, `16 May`, `May 2025`. */
function englishLabel(edge: number, kind: LabelKind): string {
  const { year, month, day, hour, minute } = localParts(edge);
  if (kind === 'time') {
    const hour12 = hour % 12 === 0 ? 12 : hour % 12;
    return `${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
  }
  if (kind === 'day') return `${day} ${MONTHS[month - 1]}`;
  return `${MONTHS[month - 1]} ${year}`;
}

/**
 * An edge as the axis names it at this step, in the active language: `2:40 pm`, `16 May`,
 * `May 2025`, `2025` (a midnight among hours: its day); in Spanish `14:40`, `16 may`, `may 2025`.
 */
export function edgeLabel(edge: number, step: TimeStep): string {
  const { hour, minute, year } = localParts(edge);
  if (step.unit === 'year') return String(year);
  const kind: LabelKind =
    (step.unit === 'minute' || step.unit === 'hour') && (hour !== 0 || minute !== 0)
      ? 'time'
      : step.unit === 'month'
        ? 'month'
        : 'day';
  const locale = formatLocale();
  // English keeps the archive's own forms ("2:40 pm", where the British format says "14:40").
  if (locale.split('-')[0] === 'en') return englishLabel(edge, kind);
  return labelFormat(locale, kind).format(edge);
}

/**
 * Where `length` of time holds the most of the counted items (issue 47: Zoom in without a range
 * goes where the items are, not to the middle of the span): the placement, starting at a bar's
 * edge, whose bars (those wholly inside it) count the most; of equal ones, the nearest to
 * `near`. Null when the bars count nothing.
 */
export function densestWindow(
  bars: Histogram,
  length: number,
  bounds: TimeWindow,
  near: number,
): TimeWindow | null {
  const { edges, exact, loose } = bars;
  let best: TimeWindow | null = null;
  let most = 0;
  let bestDistance = Infinity;
  let last = 0;
  let count = 0;
  for (let first = 0; first < exact.length; first++) {
    const start = edges[first] as number;
    // The bars [first, last) lie wholly within [start, start + length].
    if (last < first) {
      last = first;
      count = 0;
    }
    while (last < exact.length && (edges[last + 1] as number) <= start + length) {
      count += (exact[last] as number) + (loose[last] as number);
      last++;
    }
    const window = panWindow({ start, end: start + length }, 0, bounds);
    const distance = Math.abs((window.start + window.end) / 2 - near);
    if (count > most || (count === most && count > 0 && distance < bestDistance)) {
      best = window;
      most = count;
      bestDistance = distance;
    }
    if (last > first) count -= (exact[first] as number) + (loose[first] as number);
  }
  return best;
}

/**
 * The St. Louis day with the most items dated within it (in this archive, 16 May 2025: the day
 * of the storm); of equal days, the first. Null when no item is dated to a day or less.
 */
export function busiestDay(
  spans: readonly (readonly [number, number])[],
  bounds: TimeWindow,
): TimeWindow | null {
  const day = TIME_STEPS.find((step) => step.unit === 'day') as TimeStep;
  const bars = histogram(spans, barEdges(bounds, day));
  let best = -1;
  let most = 0;
  bars.exact.forEach((count, i) => {
    if (count > most) {
      most = count;
      best = i;
    }
  });
  return best < 0
    ? null
    : { start: bars.edges[best] as number, end: bars.edges[best + 1] as number };
}
