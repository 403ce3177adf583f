import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../../server/app/rateLimit';

describe('createRateLimiter', () => {
  it('allows `limit` attempts per window and says when the next one is allowed', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.take('a')).toEqual({ allowed: true });
      now += 10_000;
    }
    // The first attempt was 30 s ago: it leaves the window in 30 s.
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.take('b')).toEqual({ allowed: true });
    now += 30_001;
    expect(limiter.take('a')).toEqual({ allowed: true });
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('slides: a burst at the end of a minute is not followed by another at the start of the next', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    now = 59_000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(true);
    now = 61_000;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 58 });
  });

  it('refused attempts do not extend the wait', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 10_000, now: () => now });
    limiter.take('a');
    for (let i = 0; i < 5; i++) {
      now += 1000;
      expect(limiter.take('a').allowed).toBe(false);
    }
    now = 10_001;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('remembers at most maxKeys clients, forgetting the least recently seen', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100 });
    limiter.take('first');
    for (let i = 0; i < 10_000; i++) limiter.take(`client-${i}`);
    expect(limiter.size).toBe(100);
    // Forgotten, so allowed again: the price of bounded memory under a flood.
    expect(limiter.take('first').allowed).toBe(true);
    expect(limiter.take('client-9999').allowed).toBe(false);
  });
});
