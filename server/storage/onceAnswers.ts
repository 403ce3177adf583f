/**
 * The answers of the community's forms sent with an idempotency key (issue 50): the app's outbox
 * sends a submission, a message or a removal request again when it did not hear the answer, and
 * the same key gets the first answer back instead of a second entry. A key is claimed before the
 * entry is made and settled with the answer, or released when the request failed (so a retry
 * makes it); the store's own constraint (a key once per list) decides between two at once.
 */
import type { SqlSession } from './migrations';

/** The lists whose forms take a key (those of `InboxList`). */
export type OnceList = 'submissions' | 'messages' | 'removalRequests';

/** An answer as it was given: its status and JSON body. */
export interface OnceAnswer {
  status: number;
  body: string;
}

/** What claiming a key found. */
export type OnceClaim =
  /** The key is new: this request makes the entry, then settles or releases the key. */
  | { state: 'claimed' }
  /** The key's request was answered: this is its answer. */
  | { state: 'answered'; answer: OnceAnswer }
  /** A request with the key is being answered now. */
  | { state: 'pending' }
  /** The key was sent with another request (another body). */
  | { state: 'conflict' };

export interface OnceLedger {
  claimOnce(list: OnceList, key: string, requestHash: string): Promise<OnceClaim>;
  settleOnce(list: OnceList, key: string, answer: OnceAnswer): Promise<void>;
  releaseOnce(list: OnceList, key: string): Promise<void>;
}

/** The ledger in memory (the memory store's). */
export function createMemoryOnceLedger(): OnceLedger {
  const rows = new Map<string, { hash: string; answer: OnceAnswer | null }>();
  const id = (list: OnceList, key: string) => `${list}\n${key}`;
  return {
    async claimOnce(list, key, requestHash) {
      // Checked and set in one turn of the event loop: two requests at once cannot both claim.
      const row = rows.get(id(list, key));
      if (!row) {
        rows.set(id(list, key), { hash: requestHash, answer: null });
        return { state: 'claimed' };
      }
      if (row.hash !== requestHash) return { state: 'conflict' };
      return row.answer === null
        ? { state: 'pending' }
        : { state: 'answered', answer: { ...row.answer } };
    },
    async settleOnce(list, key, answer) {
      const row = rows.get(id(list, key));
      if (row) row.answer = { ...answer };
    },
    async releaseOnce(list, key) {
      const row = rows.get(id(list, key));
      if (row?.answer === null) rows.delete(id(list, key));
    },
  };
}

/** The ledger in the database (`once_answers`). */
export function sqlOnceLedger(db: SqlSession): OnceLedger {
  return {
    async claimOnce(list, key, requestHash) {
      const { rows: claimed } = await db.query<{ key: string }>(
        `insert into once_answers (list, key, request_hash) values ($1, $2, $3)
           on conflict (list, key) do nothing returning key`,
        [list, key, requestHash],
      );
      if (claimed.length > 0) return { state: 'claimed' };
      const { rows } = await db.query<{
        request_hash: string;
        status: number | null;
        body: string | null;
      }>(`select request_hash, status, body from once_answers where list = $1 and key = $2`, [
        list,
        key,
      ]);
      const row = rows[0];
      // Released between the two statements: the caller's retry claims it.
      if (!row) return { state: 'pending' };
      if (row.request_hash !== requestHash) return { state: 'conflict' };
      return row.status === null || row.body === null
        ? { state: 'pending' }
        : { state: 'answered', answer: { status: row.status, body: row.body } };
    },
    async settleOnce(list, key, answer) {
      await db.query(
        `update once_answers set status = $3, body = $4 where list = $1 and key = $2`,
        [list, key, answer.status, answer.body],
      );
    },
    async releaseOnce(list, key) {
      await db.query(`delete from once_answers where list = $1 and key = $2 and status is null`, [
        list,
        key,
      ]);
    },
  };
}
