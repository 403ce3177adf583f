/**
 * When an item's media was recorded (issue 30): an optional ISO 8601 text on a node, one of
 * - a day, `2025-05-16` (the whole day in the archive's time zone);
 * - a time with its offset from UTC, `2025-05-16T14:52-05:00` (seconds optional, `Z` for UTC);
 * - a range of two of those, `2025-05-17/2025-05-30` or `2025-05-16T14:40-05:00/2025-05-16T15:10-05:00`.
 *
 * One reader for the shared schema (an editor's or a visitor's form), the archive file's forgiving
 * reader (a bad date is dropped with a warning) and the views (the date in words, its span in time).
 * Its messages and its words are in the active language (issue 49).
 */
import { t } from '@lingui/core/macro';
import { formatLocale } from '@/i18n/i18n';

/** The archive's own time zone: a day without a time is a day in St. Louis, and so are the forms' times. */
export const ARCHIVE_TIME_ZONE = 'America/Chicago';
/** How the forms name that time zone to a person. */
export const ARCHIVE_TIME_ZONE_NAME = 'St. Louis time';
/** The earliest year a recording can have (photography began in the 1820s). */
export const EARLIEST_YEAR = 1800;
/** The longest date text read; anything longer is not a date. */
export const ITEM_DATE_MAX = 60;

/** One end of a date as written: a day, or a time of that day with its offset. */
export interface DatePoint {
  year: number;
  month: number;
  day: number;
  /** The time as written, or null for a whole day. */
  time: { hour: number; minute: number; second: number | null; offset: number } | null;
}

/** A date an item can carry, read. */
export interface ItemDate {
  /** The date's text as stored (trimmed, `T` and `Z` in capitals). */
  text: string;
  start: DatePoint;
  /** The range's end; null for a single day or time. */
  end: DatePoint | null;
  /** The first and the last instant the date covers, in ms since 1970 (a day: all of it). */
  from: number;
  to: number;
}

export type ItemDateReading = { ok: true; date: ItemDate } | { ok: false; message: string };

/** What a person is told when a date cannot be read at all. */
export function dateFormatMessage(): string {
  return t({
    message:
      'Write the date as a day (2025-05-16), a time with its offset (2025-05-16T14:52-05:00) or a range (2025-05-17/2025-05-30).',
    comment: 'Keep the dates in brackets exactly as they are: they show how to write one',
  });
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * St. Louis's offset by the United States' rules since 2007: CDT (UTC-5) from 2 am on the second
 * Sunday of March to 2 am on the first Sunday of November, CST (UTC-6) otherwise; null before 2007.
 * Worked out rather than asked of `Intl`: building a time-zone format costs tens of milliseconds of
 * the main thread the first time, on the task that takes the archive (a test holds it to `Intl`).
 */
export function centralOffsetMinutes(utcMs: number): number | null {
  const year = new Date(utcMs).getUTCFullYear();
  if (!(year >= 2007)) return null;
  const sundayOnOrAfter = (month: number, day: number) =>
    day + ((7 - new Date(Date.UTC(year, month, day)).getUTCDay()) % 7);
  const summerStarts = Date.UTC(year, 2, sundayOnOrAfter(2, 8), 8); // 2 am CST
  const summerEnds = Date.UTC(year, 10, sundayOnOrAfter(10, 1), 7); // 2 am CDT
  return utcMs >= summerStarts && utcMs < summerEnds ? -300 : -360;
}

/** Minutes east of UTC that `zone` keeps at the instant `utcMs`. */
export function zoneOffsetMinutes(utcMs: number, zone: string = ARCHIVE_TIME_ZONE): number {
  const central = zone === ARCHIVE_TIME_ZONE ? centralOffsetMinutes(utcMs) : null;
  if (central !== null) return central;
  return intlOffsetMinutes(utcMs, zone);
}

/** Minutes east of UTC that `zone` keeps at `utcMs`, as the browser's time-zone data says. */
export function intlOffsetMinutes(utcMs: number, zone: string): number {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneFormats.set(zone, format);
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: string) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const parts = format.formatToParts(new Date(utcMs));
  const wall = Date.UTC(
    part(parts, 'year'),
    part(parts, 'month') - 1,
    part(parts, 'day'),
    part(parts, 'hour') % 24,
    part(parts, 'minute'),
  );
  return Math.round((wall - Math.floor(utcMs / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/** The instant a wall-clock time of `zone` names (the earlier one where clocks fall back). */
export function zoneTimeToUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  zone: string = ARCHIVE_TIME_ZONE,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffsetMinutes(wall, zone) * MINUTE_MS;
  const second = wall - zoneOffsetMinutes(first, zone) * MINUTE_MS;
  return Math.min(first, second);
}

/** `-05:00` for -300. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function readOffset(text: string): number | null {
  if (text === 'Z') return 0;
  const hours = Number(text.slice(1, 3));
  const minutes = Number(text.slice(4, 6));
  if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return null;
  return (text.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

type PointReading =
  { ok: true; point: DatePoint; from: number; to: number } | { ok: false; message: string };

function checkDay(year: number, month: number, day: number, written: string): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return t({
      message: `${written} is not a day of the calendar.`,
      comment: '{written} is a date as the person wrote it, such as 2025-02-30',
    });
  const earliestYear = EARLIEST_YEAR;
  if (year < EARLIEST_YEAR)
    return t({
      message: `Give a year from ${earliestYear} on.`,
      comment: 'A recording date must be in {earliestYear} or later',
    });
  return null;
}

function readPoint(text: string): PointReading {
  if (text === '') return { ok: false, message: dateFormatMessage() };
  if (text.startsWith('T')) return { ok: false, message: t`Give the day as well as the time.` };
  const day = DAY.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const refusal = checkDay(year, month, date, text);
    if (refusal) return { ok: false, message: refusal };
    const from = zoneTimeToUtc(year, month, date, 0, 0);
    const next = new Date(Date.UTC(year, month - 1, date + 1));
    const to =
      zoneTimeToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0) - 1;
    return { ok: true, point: { year, month, day: date, time: null }, from, to };
  }
  const time = TIME.exec(text);
  if (!time) return { ok: false, message: dateFormatMessage() };
  const [year, month, date] = [Number(time[1]), Number(time[2]), Number(time[3])];
  const refusal = checkDay(year, month, date, text.slice(0, 10));
  if (refusal) return { ok: false, message: refusal };
  const hour = Number(time[4]);
  const minute = Number(time[5]);
  const second = time[6] === undefined ? null : Number(time[6]);
  if (hour > 23 || minute > 59 || (second !== null && second > 59)) {
    const written = text.slice(11, 19).replace(/[Z+-].*$/, '');
    return {
      ok: false,
      message: t({
        message: `${written} is not a time of day.`,
        comment: '{written} is a time as the person wrote it, such as 25:10',
      }),
    };
  }
  const writtenOffset = time[7];
  if (writtenOffset === undefined)
    return {
      ok: false,
      message: t({
        message: 'Give the time with its offset from UTC, as in 2025-05-16T14:52-05:00.',
        comment: 'Keep the example date as it is written',
      }),
    };
  const offset = readOffset(writtenOffset);
  if (offset === null)
    return {
      ok: false,
      message: t({
        message: `${writtenOffset} is not an offset from UTC.`,
        comment: '{writtenOffset} is what the person wrote after the time, such as +15:00',
      }),
    };
  const instant = Date.UTC(year, month - 1, date, hour, minute, second ?? 0) - offset * MINUTE_MS;
  return {
    ok: true,
    point: { year, month, day: date, time: { hour, minute, second, offset } },
    from: instant,
    to: instant,
  };
}

/**
 * Reads a date as a person or an archive wrote it.
 *
 * @param now the present, in ms (a recording cannot be later than a day from now)
 * @returns the date read, or one plain-words message saying what to change
 */
export function readItemDate(written: string, now: number = Date.now()): ItemDateReading {
  const text = written.trim().toUpperCase();
  if (text.length > ITEM_DATE_MAX) return { ok: false, message: dateFormatMessage() };
  // A space for the T, as people (and RFC 3339) write it.
  const [first = '', second, ...more] = text
    .split('/')
    .map((half) => half.trim().replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2'));
  if (more.length > 0) return { ok: false, message: dateFormatMessage() };
  const start = readPoint(first);
  if (!start.ok) return start;
  let date: ItemDate = {
    text: first,
    start: start.point,
    end: null,
    from: start.from,
    to: start.to,
  };
  if (second !== undefined) {
    const end = readPoint(second);
    if (!end.ok) return end;
    if (end.to < start.from) return { ok: false, message: t`The range ends before it starts.` };
    date = {
      text: `${first}/${second}`,
      start: start.point,
      end: end.point,
      from: start.from,
      to: end.to,
    };
  }
  if (date.from > now + DAY_MS) return { ok: false, message: t`The date is in the future.` };
  return { ok: true, date };
}

/** The date read, or null for no date or one that cannot be read. */
export function itemDateOf(text: string | null | undefined): ItemDate | null {
  if (text === null || text === undefined || text === '') return null;
  const reading = readItemDate(text, Infinity);
  return reading.ok ? reading.date : null;
}

function weekday(point: DatePoint): string {
  return WEEKDAYS[new Date(Date.UTC(point.year, point.month - 1, point.day)).getUTCDay()] ?? '';
}

function dayWords(point: DatePoint, withWeekday: boolean): string {
  const day = `${point.day} ${MONTHS[point.month - 1]} ${point.year}`;
  return withWeekday ? `${weekday(point)} ${day}` : day;
}

/** `2:52 pm`, and the offset where it is not St. Louis's at that moment ('' for a whole day). */
function timeWords(point: DatePoint): string {
  const time = point.time;
  if (!time) return '';
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  const words = `${hour12}:${String(time.minute).padStart(2, '0')} ${time.hour < 12 ? 'am' : 'pm'}`;
  const instant =
    Date.UTC(point.year, point.month - 1, point.day, time.hour, time.minute) -
    time.offset * MINUTE_MS;
  if (zoneOffsetMinutes(instant) === time.offset) return words;
  return `${words} ${time.offset === 0 ? 'UTC' : `(UTC${offsetText(time.offset)})`}`;
}

/** A day's first and last minute, as the archive says them. */
const DAY_START = '12:00 am';
const DAY_END = '11:59 pm';

/** "1:00–11:59 pm", "9:00 am–3:10 pm": the period said once where both times share it. */
function hoursWords(from: string, to: string): string {
  const period = / (am|pm)$/.exec(from)?.[1];
  if (period !== undefined && to.endsWith(` ${period}`) && /^\d/.test(to))
    return `${from.slice(0, -3)}–${to}`;
  return `${from}–${to}`;
}

function pointWords(point: DatePoint, withWeekday: boolean): string {
  const day = dayWords(point, withWeekday);
  return point.time ? `${day}, ${timeWords(point)}` : day;
}

function sameDay(a: DatePoint, b: DatePoint): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/**
 * The date in words, in the active language: "Friday 16 May 2025, 2:52 pm", "17–30 May 2025";
 * "viernes, 16 de mayo de 2025, 14:52". `short` leaves out the weekday (lists). Text that is not a
 * date comes back as it is.
 */
export function describeItemDate(text: string, { short = false } = {}): string {
  const date = itemDateOf(text);
  if (!date) return text;
  const locale = formatLocale();
  return locale.startsWith('en') ? englishWords(date, short) : localeWords(date, short, locale);
}

/** The archive's English, worked out by hand (no `Intl` format to build on the archive's load). */
function englishWords(date: ItemDate, short: boolean): string {
  const { start, end } = date;
  if (!end) return pointWords(start, !short);
  if (!start.time && !end.time) {
    if (sameDay(start, end)) return dayWords(start, !short);
    if (start.year === end.year && start.month === end.month)
      return `${start.day}–${end.day} ${MONTHS[end.month - 1]} ${end.year}`;
    if (start.year === end.year)
      return `${start.day} ${MONTHS[start.month - 1]} – ${end.day} ${MONTHS[end.month - 1]} ${end.year}`;
    return `${dayWords(start, false)} – ${dayWords(end, false)}`;
  }
  if (start.time && end.time && sameDay(start, end))
    return `${pointWords(start, !short)} – ${timeWords(end)}`;
  // From a time to the end of that day (a timeline range that starts in the afternoon), or from
  // the day's start to a time: one day, said once, with the hours it covers.
  if (sameDay(start, end))
    return `${dayWords(start, !short)}, ${hoursWords(timeWords(start) || DAY_START, timeWords(end) || DAY_END)}`;
  return `${pointWords(start, false)} – ${pointWords(end, false)}`;
}

const localeFormats = new Map<string, Intl.DateTimeFormat>();

type FormatShape = 'day' | 'weekday' | 'time' | 'day-time' | 'weekday-time';

/**
 * A format of `locale` for a wall-clock time: points are given as that time in UTC, so a time
 * written in St. Louis's offset is said on St. Louis's clock and a whole day is that day.
 */
function localeFormat(locale: string, shape: FormatShape): Intl.DateTimeFormat {
  const key = `${locale} ${shape}`;
  let format = localeFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC' };
    if (shape !== 'time')
      Object.assign(options, { day: 'numeric', month: 'long', year: 'numeric' });
    if (shape.startsWith('weekday')) options.weekday = 'long';
    if (shape.endsWith('time')) Object.assign(options, { hour: 'numeric', minute: '2-digit' });
    format = new Intl.DateTimeFormat(locale, options);
    localeFormats.set(key, format);
  }
  return format;
}

/** A point's wall-clock time (a day: its midnight), as an instant in UTC to format there. */
function wallClock(point: DatePoint, end = false): Date {
  const hour = point.time?.hour ?? (end ? 23 : 0);
  const minute = point.time?.minute ?? (end ? 59 : 0);
  return new Date(Date.UTC(point.year, point.month - 1, point.day, hour, minute));
}

/** Where a time's offset is not St. Louis's at that moment, it is named (' UTC', ' (UTC-04:00)'). */
function offsetWords(point: DatePoint): string {
  const time = point.time;
  if (!time) return '';
  const instant = wallClock(point).getTime() - time.offset * MINUTE_MS;
  if (zoneOffsetMinutes(instant) === time.offset) return '';
  return time.offset === 0 ? ' UTC' : ` (UTC${offsetText(time.offset)})`;
}

/** The date in `locale`'s words, by `Intl` (Spanish, Bosnian): the same shapes as the English. */
function localeWords(date: ItemDate, short: boolean, locale: string): string {
  const { start, end } = date;
  const withWeekday = !short;
  const point = (p: DatePoint, weekday: boolean) =>
    p.time
      ? localeFormat(locale, weekday ? 'weekday-time' : 'day-time').format(wallClock(p)) +
        offsetWords(p)
      : localeFormat(locale, weekday ? 'weekday' : 'day').format(wallClock(p));
  if (!end) return point(start, withWeekday);
  if (!start.time && !end.time) {
    if (sameDay(start, end)) return point(start, withWeekday);
    return localeFormat(locale, 'day').formatRange(wallClock(start), wallClock(end));
  }
  if (sameDay(start, end)) {
    // One day, said once, with the hours it covers (a day's end: its last minute).
    if (offsetWords(start) === '' && offsetWords(end) === '')
      return localeFormat(locale, withWeekday ? 'weekday-time' : 'day-time').formatRange(
        wallClock(start),
        wallClock(end, true),
      );
    return `${point(start, withWeekday)} – ${localeFormat(locale, 'time').format(wallClock(end, true))}${offsetWords(end)}`;
  }
  return `${point(start, false)} – ${point(end, false)}`;
}

/** The form's three inputs: a day (`2025-05-16`), an optional time (`14:52`), an optional last day. */
export interface DateInputs {
  day: string;
  time: string;
  until: string;
}

export const EMPTY_DATE_INPUTS: DateInputs = { day: '', time: '', until: '' };

/**
 * The stored text of what a form's inputs say, the time read in St. Louis time. Empty inputs: ''
 * (no date). Inputs that do not make a date give text the reader refuses with a message.
 */
export function dateOfInputs({ day, time, until }: DateInputs): string {
  const d = day.trim();
  const t = time.trim();
  const u = until.trim();
  if (d === '' && t === '' && u === '') return '';
  let start = d;
  const wall = /^(\d{2}):(\d{2})$/.exec(t);
  const parsedDay = DAY.exec(d);
  if (t !== '') {
    if (wall && parsedDay) {
      const instant = zoneTimeToUtc(
        Number(parsedDay[1]),
        Number(parsedDay[2]),
        Number(parsedDay[3]),
        Number(wall[1]),
        Number(wall[2]),
      );
      start = `${d}T${t}${offsetText(zoneOffsetMinutes(instant))}`;
    } else start = `${d}T${t}`;
  }
  return u === '' ? start : `${start}/${u}`;
}

/**
 * The form's inputs for a stored date, or null when they cannot show it (a range that ends at a
 * time, a time written in another offset than St. Louis's, seconds): the form then shows the text.
 */
export function inputsOfDate(text: string): DateInputs | null {
  if (text.trim() === '') return EMPTY_DATE_INPUTS;
  const date = itemDateOf(text);
  if (!date) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const dayText = (p: DatePoint) => `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  const { start, end } = date;
  if (end && end.time) return null;
  let time = '';
  if (start.time) {
    if (start.time.second !== null && start.time.second !== 0) return null;
    if (zoneOffsetMinutes(date.from) !== start.time.offset) return null;
    time = `${pad(start.time.hour)}:${pad(start.time.minute)}`;
  }
  const inputs = { day: dayText(start), time, until: end ? dayText(end) : '' };
  const again = itemDateOf(dateOfInputs(inputs));
  return again && again.from === date.from && again.to === date.to ? inputs : null;
}
