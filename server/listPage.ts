/**
 * Paging of the editors' lists (journal, submissions, messages): `?before=<id>` reads the entries
 * older than that one, and every answer says where the next page starts, so an editor can reach
 * the oldest entry however many arrive.
 */
import type { Reply } from './editorAuth';
import type { ServiceResponse } from './serviceTypes';

/** The 400 of a `before` that is not an entry's id. */
export const BEFORE_ERROR =
  'before must be the id of an entry, a whole number from 1 up (like before=14).';

/**
 * The `before` of a list's query string (undefined when absent), or the reply refusing it.
 * Strict: one decimal whole number from 1, no sign, spaces, leading zeros, fractions or exponents,
 * and small enough to stay exact in JavaScript.
 */
export function readBefore(
  params: URLSearchParams,
  reply: Reply,
): { before?: number } | { refused: ServiceResponse } {
  const given = params.getAll('before');
  if (given.length === 0) return {};
  const text = given[0] ?? '';
  const before = Number(text);
  if (given.length > 1 || !/^[1-9][0-9]*$/.test(text) || !Number.isSafeInteger(before)) {
    return { refused: reply(400, { error: BEFORE_ERROR }) };
  }
  return { before };
}

/** One page of a list as a route answers it, and the `before` of the next page. */
export interface ListPage<T> {
  items: T[];
  /** The `before` that reads the entries after these; null when there are none. */
  older: string | null;
}

/**
 * The page of `rows`, which were read newest first with a limit of `limit + 1`: the extra row
 * only says that an older page exists, so the last page is known without asking for an empty one.
 */
export function pageOf<T extends { id: string | number }>(rows: T[], limit: number): ListPage<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, older: rows.length > limit && last ? String(last.id) : null };
}
