/**
 * When something happened in the editors' area (a journal entry, a message, a submission, a
 * removal request): "27 Nov 2026, 7:14 am", written as the rest of the archive writes its dates
 * ("16 May 2025", "1:00 pm") and on the archive's clock, St. Louis time.
 */
import { ARCHIVE_TIME_ZONE } from '@/lib/itemDate';

/** Made at the first use, not when the module is evaluated (a time-zone format is costly, issue 48). */
let format: Intl.DateTimeFormat | null = null;

/** An instant (ISO 8601) as the editors read it; the text as given where it is no instant. */
export function editorTimeText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
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
