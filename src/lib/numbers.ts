/**
 * A count as the archive writes it ("10,000"). One formatter for the page: `toLocaleString`
 * builds a new one at each call (about 0.3 ms), and counts are written again at every key typed
 * and every move of the timeline. It is made at the first count, not when this module is
 * evaluated: the start's first `Intl` object loaded ICU's data on the main thread (84 ms of a
 * phone's, CPU ÷4, issue 48), which `app/start/warmIntl.ts` now loads in a worker meanwhile.
 */
let count: Intl.NumberFormat | null = null;

export function countText(value: number): string {
  count ??= new Intl.NumberFormat('en');
  return count.format(value);
}
