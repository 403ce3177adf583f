import { useLingui } from '@lingui/react';
import { describeItemDate, itemDateOf } from '@/lib/itemDate';

/**
 * When an item was recorded, in words in the visitor's language ("Friday 16 May 2025, 2:52 pm";
 * `short` leaves out the weekday), in a `<time>` that carries the ISO text for machines. A range,
 * which `<time>` cannot hold, is plain text. Nothing for an item without a date.
 */
export function RecordedDate({ date, short = false }: { date: string | null; short?: boolean }) {
  // Said again when the visitor switches language.
  useLingui();
  if (date === null || itemDateOf(date) === null) return null;
  const words = describeItemDate(date, { short });
  return date.includes('/') ? (
    <span className="recorded-date">{words}</span>
  ) : (
    <time className="recorded-date" dateTime={date}>
      {words}
    </time>
  );
}
