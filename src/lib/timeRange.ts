/**
 * The timeline's range (issue 30): `?from=` and `?to=` in the URL, each a day (`2025-05-16`) or a
 * time with its offset (`2025-05-16T14:40-05:00`), as an item's date is written (`itemDate.ts`).
 *
 * `from` is the first instant shown (a day: its midnight in St. Louis); `to` the last (a day: all of
 * it, up to the next midnight). Internally a range is two edges in ms, `from` inclusive and `until`
 * exclusive: the timeline's handles sit on edges, and a handle on a midnight writes a day.
 *
 * No words here (the server shares this module through `routes.ts`, without the translation
 * layer): the range in words is the filter's (`features/filter/rangeWords.ts`).
 */
import { itemDateOf, zoneOffsetMinutes, zoneTimeToUtc } from '@/lib/itemDate';

const MINUTE_MS = 60_000;

/** A chosen stretch of time, as two edges in ms: `from` inclusive, `until` exclusive; null for open. */
export interface TimeRange {
  from: number | null;
  until: number | null;
}

/** The longest text a `?from=`/`?to=` value is read from (anything longer is not a date). */
const RANGE_TEXT_MAX = 40;

/**
 * A `?from=` or `?to=` value as the filter keeps it: a day or a time (with its offset) that
 * reads, trimmed; null for an absent, empty, malformed or ranged value (a bad one is ignored, as
 * an unknown `?type=` is).
 */
export function rangeText(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '' || trimmed.length > RANGE_TEXT_MAX) return null;
  const date = itemDateOf(trimmed);
  return date && date.end === null ? date.text : null;
}

/** The edges a `?from=`/`?to=` pair names (texts as `rangeText` keeps them). */
export function rangeOfTexts(from: string | null, to: string | null): TimeRange {
  const start = from === null ? null : itemDateOf(from);
  const end = to === null ? null : itemDateOf(to);
  return { from: start ? start.from : null, until: end ? end.to + 1 : null };
}

/** Whether the range narrows anything (either end chosen). */
export function isRangeChosen(range: TimeRange | null | undefined): range is TimeRange {
  return !!range && (range.from !== null || range.until !== null);
}

/** An item's date as two instants (ms, both inclusive), or null; remembered by its text. */
const spans = new Map<string, readonly [number, number] | null>();
export function itemSpan(text: string | null | undefined): readonly [number, number] | null {
  if (text === null || text === undefined || text === '') return null;
  let span = spans.get(text);
  if (span === undefined) {
    const date = itemDateOf(text);
    span = date ? [date.from, date.to] : null;
    spans.set(text, span);
  }
  return span;
}

/**
 * Whether an item's date falls in the range (overlaps it, for a date that spans time). An item
 * without a date is in no chosen range.
 */
export function dateInRange(date: string | null | undefined, range: TimeRange): boolean {
  if (range.from === null && range.until === null) return true;
  const span = itemSpan(date);
  if (!span) return false;
  return (
    (range.from === null || span[1] >= range.from) &&
    (range.until === null || span[0] < range.until)
  );
}

/** The wall-clock parts in St. Louis of an instant. */
export function localParts(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  offset: number;
} {
  const offset = zoneOffsetMinutes(ms);
  const wall = new Date(ms + offset * MINUTE_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    offset,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dayText(ms: number): string {
  const { year, month, day } = localParts(ms);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Whether an instant is a midnight in St. Louis. */
export function isLocalMidnight(ms: number): boolean {
  const { year, month, day } = localParts(ms);
  return zoneTimeToUtc(year, month, day, 0, 0) === ms;
}

/** An instant as a time in St. Louis with its offset, to the minute: `2025-05-16T14:40-05:00`. */
export function timeText(ms: number): string {
  const { hour, minute, offset } = localParts(ms);
  const abs = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  return `${dayText(ms)}T${pad(hour)}:${pad(minute)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The `?from=` text of an edge: its day where it is a midnight, its time otherwise. */
export function fromText(edge: number): string {
  return isLocalMidnight(edge) ? dayText(edge) : timeText(edge);
}

/** The `?to=` text of an edge: the day before it where it is a midnight, its time otherwise. */
export function toText(edge: number): string {
  return isLocalMidnight(edge) ? dayText(edge - 1) : timeText(edge);
}
