import { NODE_REVEAL_INTERVAL_MS } from '@/lib/constants';

/**
 * The spec's reveal (one card every 100 ms) was made for a small archive: 10,000 cards would take
 * 17 minutes. Past this many ticks, several cards appear on each tick, so the whole reveal takes
 * at most about 5 s.
 */
export const REVEAL_CAP_MS = 5000;

/**
 * When each of `count` cards appears, in ms after the reveal starts, in random order: one card per
 * 100 ms tick, or as many per tick as keeps the reveal within `capMs`.
 *
 * @param random a source of numbers in [0, 1), `Math.random` by default (tests pass a seeded one).
 */
export function revealSchedule(
  count: number,
  random: () => number = Math.random,
  intervalMs = NODE_REVEAL_INTERVAL_MS,
  capMs = REVEAL_CAP_MS,
): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const ticks = Math.max(1, Math.floor(capMs / intervalMs));
  const perTick = Math.max(1, Math.ceil(count / ticks));
  const times = new Array<number>(count);
  order.forEach((card, rank) => {
    times[card] = Math.floor(rank / perTick) * intervalMs;
  });
  return times;
}
