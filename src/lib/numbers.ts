import { formatLocale } from '@/i18n/i18n';

/**
 * A count as the archive writes it in the active language ("10,000" in English, "10.000" in
 * Spanish and Bosnian). One formatter a language for the page: `toLocaleString` builds a new one
 * at each call (about 0.3 ms), and counts are written again at every key typed and every move of
 * the timeline. Each is made at its language's first count, not when this module is evaluated:
 * the start's first `Intl` object loaded ICU's data on the main thread (84 ms of a phone's, CPU
 * ÷4, issue 48), which `app/start/warmIntl.ts` now loads in a worker meanwhile.
 */
const counts = new Map<string, Intl.NumberFormat>();

export function countText(value: number): string {
  const locale = formatLocale();
  let count = counts.get(locale);
  if (!count) {
    count = new Intl.NumberFormat(locale);
    counts.set(locale, count);
  }
  return count.format(value);
}
