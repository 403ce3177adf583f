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

/**
 * The client a request comes from, as rate limits count it: the socket's peer, or, behind a
 * trusted proxy (`TRUST_PROXY=1`), the first `X-Forwarded-For` hop. Without a trusted proxy the
 * header is ignored, because anyone can send it and so pick a fresh key for every request.
 */
export function clientAddressOf(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor !== undefined) {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    // Some proxies add the client's port (`203.0.113.5:4711`, `[2001:db8::1]:4711`).
    const first = header
      .split(',')[0]
      ?.trim()
      .replace(/^\[([^\]]+)\](?::\d+)?$/, '$1')
      .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
    if (first) return normaliseAddress(first);
  }
  return normaliseAddress(remoteAddress ?? 'unknown');
}

/**
 * The key of an address: `::ffff:203.0.113.5` (IPv4 on a dual-stack socket) and `203.0.113.5` are
 * one client, and an IPv6 client is its /64 network, since one host is usually given a whole /64
 * and could otherwise take a fresh address (and a fresh limit) for every request.
 */
function normaliseAddress(address: string): string {
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return mapped[1];
  const groups = ipv6Groups(lower);
  return groups === null ? lower : `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address without a zone, or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  if (!/^[0-9a-f:]+$/.test(address) || !address.includes(':')) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (groups.some((group) => group.length === 0 || group.length > 4)) return null;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
