/**
 * When something happened in the editors' area (a journal entry, a message, a submission, a
 * removal request): "27 Nov 2026, 7:14 am", written as the rest of the archive writes its dates
 * ("16 May 2025", "1:00 pm") and on the archive's clock, St. Louis time. Another language writes
 * it in its own forms (`formatLocale()`), on the same clock.
 */
import { formatLocale } from '@/i18n/i18n';
import { ARCHIVE_TIME_ZONE } from '@/lib/itemDate';

/** The tag the archive's English writes dates in (`formatLocale()` in English). */
const ARCHIVE_ENGLISH = 'en-GB';

/** Made at the first use, not when the module is evaluated (a time-zone format is costly, issue 48). */
let format: Intl.DateTimeFormat | null = null;
/** Another language's format, made at its first use. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant in another language's forms: its day, month and year, then its time. */
function localTimeText(date: Date, locale: string): string {
  let local = formats.get(locale);
  if (!local) {
    local = new Intl.DateTimeFormat(locale, {
      timeZone: ARCHIVE_TIME_ZONE,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    formats.set(locale, local);
  }
  return local.format(date);
}

/** An instant (ISO 8601) as the editors read it; the text as given where it is no instant. */
export function editorTimeText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = formatLocale();
  if (locale !== ARCHIVE_ENGLISH) return localTimeText(date, locale);
  format ??= new Intl.DateTimeFormat('en-US', {
    timeZone: ARCHIVE_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}
