/** The timeline's chosen range in words, in the active language (issue 49). */
import { t } from '@lingui/core/macro';
import { describeItemDate } from '@/lib/itemDate';
import { fromText, toText, type TimeRange } from '@/lib/timeRange';

/** The chosen range in words: "16 May 2025, 2:40 pm – 3:10 pm", "From 17 May 2025", "All time". */
export function rangeWords(range: TimeRange | null | undefined): string {
  if (!range || (range.from === null && range.until === null))
    return t({ message: 'All time', comment: 'The timeline with no time range chosen' });
  const from = range.from === null ? null : fromText(range.from);
  const to = range.until === null ? null : toText(range.until);
  if (from && to) return describeItemDate(`${from}/${to}`, { short: true });
  if (from) {
    const start = describeItemDate(from, { short: true });
    return t({
      message: `From ${start}`,
      comment: 'A time range with only its start chosen: "From 17 May 2025"',
    });
  }
  const end = describeItemDate(to as string, { short: true });
  return t({
    message: `Until ${end}`,
    comment: 'A time range with only its end chosen: "Until 18 May 2025"',
  });
}
