/** Paging as the SQL stores page, for the memory store's lists. */
import type { PageQuery } from './nodeStore';

/**
 * Whether an entry with this id is on a page read `before` that id, as the SQL stores decide it:
 * no bound when absent, and nothing at all for a bound that is not a whole number.
 */
function isOlder(id: number, before: number | undefined): boolean {
  return before === undefined || (Number.isSafeInteger(before) && id < before);
}

/**
 * Newest first, at most `limit` (none for 0 or less), of those older than `before`. `items` are
 * in the order they were added, which is the order of their ids.
 */
export function newestPage<T extends { id: string | number }>(
  items: readonly T[],
  { limit, before }: PageQuery,
): T[] {
  if (!(limit >= 1)) return [];
  return items
    .filter((item) => isOlder(Number(item.id), before))
    .slice(-Math.floor(limit))
    .reverse();
}
