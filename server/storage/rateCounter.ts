import type { SqlDatabase } from './migrations';

/** What a rate limit answers for one attempt. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One attempt to count: which limit (`scope`), which client, when (the service's clock). */
export interface RateAttempt {
  scope: string;
  client: string;
  at: Date;
}

/** A sliding window: `limit` attempts per `windowMs`. */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

/**
 * A store that counts rate-limited attempts where every instance of the service sees them (the
 * SQL stores: PostgreSQL shared by instances, PGlite for one), so a limit means the same on
 * Lambda, behind a load balancer and on one server.
 */
export interface RateCounter {
  /**
   * Counts `attempt` if fewer than `window.limit` attempts of its client and scope were counted in
   * the window before it; else says when the oldest of them leaves the window. Check and count are
   * one step: two instances cannot both take the last room.
   */
  takeRate(attempt: RateAttempt, window: RateWindow): Promise<RateDecision>;
}

/** Rows older than this are past every window (the longest is 10 minutes) and are deleted. */
const KEEP_MS = 60 * 60_000;

/** Whether `store` counts attempts for every instance. */
export function hasRateCounter(store: unknown): store is RateCounter {
  return (
    typeof store === 'object' &&
    store !== null &&
    typeof (store as Partial<RateCounter>).takeRate === 'function'
  );
}

/** The rate counter over `db`. */
export function sqlRateOperations(db: SqlDatabase): RateCounter {
  return {
    takeRate({ scope, client, at }, { limit, windowMs }) {
      return db.transaction(async (tx) => {
        // One client of one scope at a time, across every connection to this database.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`rate:${scope}:${client}`]);
        await tx.query('delete from rate_attempts where at < $1', [
          new Date(at.getTime() - KEEP_MS).toISOString(),
        ]);
        const { rows } = await tx.query<{ n: number; oldest: Date | string | null }>(
          `select count(*)::int as n, min(at) as oldest from rate_attempts
            where scope = $1 and client = $2 and at > $3`,
          [scope, client, new Date(at.getTime() - windowMs).toISOString()],
        );
        const n = rows[0]?.n ?? 0;
        if (n >= limit) {
          const oldest = new Date(rows[0]?.oldest ?? at).getTime();
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at.getTime()) / 1000)),
          };
        }
        await tx.query('insert into rate_attempts (scope, client, at) values ($1, $2, $3)', [
          scope,
          client,
          at.toISOString(),
        ]);
        return { allowed: true };
      });
    },
  };
}
