/**
 * A count as the archive writes it ("10,000"). One formatter for the page: `toLocaleString`
 * builds a new one at each call (about 0.3 ms), and counts are written again at every key typed
 * and every move of the timeline.
 */
const COUNT = new Intl.NumberFormat('en');

export function countText(count: number): string {
  return COUNT.format(count);
}
