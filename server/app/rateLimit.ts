/**
 * Per-client rate limits for the community's public routes (forms and photo uploads).
 *
 * Where the store counts attempts for every instance (the SQL stores: PostgreSQL shared by
 * instances, see `storage/rateCounter.ts`), the limit is counted there, so it means the same on
 * Lambda, behind a load balancer and on one server. Otherwise (the memory store) the counts live
 * in this process's memory.
 */
import { hasRateCounter, type RateDecision } from '../storage/rateCounter';

export type { RateDecision };

/** A sliding-window limit of `limit` attempts per `windowMs` for each key. */
export interface RateLimiter {
  /** Counts one attempt by `key` and says whether it is within the limit. */
  take(key: string): RateDecision;
  /** How many keys are tracked (bounded by `maxKeys`). */
  readonly size: number;
}

/** How a limiter counts. */
export interface RateLimiterOptions {
  /** Attempts allowed per window. */
  limit: number;
  /** The window's length, ms. */
  windowMs: number;
  /**
   * Most clients remembered at once; the least recently seen is forgotten first. This bounds
   * memory under a flood of spoofed or rotating addresses (at worst it forgets a client early).
   */
  maxKeys?: number;
  /** The clock, ms (tests move it). */
  now?: () => number;
}

/** A limit counted by the store where it can (every instance alike), else in this process. */
export interface SharedRateLimiter {
  /**
   * Counts one attempt by `key` and says whether it is within the limit: in `store` when it counts
   * attempts, else in memory (also when the store fails to count: the limit still holds here).
   */
  take(key: string, store: unknown): Promise<RateDecision>;
}

/**
 * Creates a limiter for one `scope` (its name in the store: `submissions`, `messages`, `uploads`)
 * of `limit` attempts per `windowMs`.
 */
export function createSharedRateLimiter({
  scope,
  log = (line) => console.error(line),
  ...options
}: RateLimiterOptions & { scope: string; log?: (line: string) => void }): SharedRateLimiter {
  const local = createRateLimiter(options);
  const now = options.now ?? Date.now;
  return {
    async take(key, store) {
      if (!hasRateCounter(store)) return local.take(key);
      try {
        return await store.takeRate(
          { scope, client: key, at: new Date(now()) },
          { limit: options.limit, windowMs: options.windowMs },
        );
      } catch (error) {
        log(
          `nodes-service: counting a ${scope} attempt in the store failed (${
            error instanceof Error ? error.message : String(error)
          }); counting it in this instance`,
        );
        return local.take(key);
      }
    },
  };
}

/** Clients a limiter remembers by default: each costs a few dozen bytes plus its timestamps. */
export const RATE_LIMIT_MAX_KEYS = 10_000;

/**
 * Creates a sliding-window limiter: each key keeps the times of its attempts within the window
 * (at most `limit` of them), so a burst at the end of one minute cannot be followed by another
 * at the start of the next, as a fixed window would allow.
 */
export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = RATE_LIMIT_MAX_KEYS,
  now = Date.now,
}: RateLimiterOptions): RateLimiter {
  // Map keeps insertion order; re-inserting on every attempt makes the first key the stalest.
  const attempts = new Map<string, number[]>();

  return {
    take(key) {
      const at = now();
      const recent = (attempts.get(key) ?? []).filter((time) => time > at - windowMs);
      attempts.delete(key);
      if (recent.length >= limit) {
        attempts.set(key, recent);
        const oldest = recent[0] ?? at;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
        };
      }
      recent.push(at);
      attempts.set(key, recent);
      for (const stale of attempts.keys()) {
        if (attempts.size <= maxKeys) break;
        attempts.delete(stale);
      }
      return { allowed: true };
    },
    get size() {
      return attempts.size;
    },
  };
}
