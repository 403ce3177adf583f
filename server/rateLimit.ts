/**
 * Per-client rate limits for the community's public routes (forms and photo uploads).
 *
 * The counts live in this process's memory: a deployment with several instances behind a load
 * balancer limits each client per instance (a client may reach N × the limit across N instances).
 * That is enough to blunt a flood from one connection; a shared limit needs a shared store (a
 * database table or the load balancer's own rate limiting) and is deliberately not done here.
 */

/** What a rate limiter answers for one attempt. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

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
