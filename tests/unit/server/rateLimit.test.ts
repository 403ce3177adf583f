import { describe, expect, it } from 'vitest';
import { clientAddressOf, createRateLimiter } from '../../../server/rateLimit';

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

describe('clientAddressOf', () => {
  it('is the socket peer, ignoring X-Forwarded-For unless a proxy is trusted', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', false)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.2', '198.51.100.1, 10.0.0.2', true)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', ['198.51.100.1', '10.0.0.3'], true)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', undefined, true)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', ' , ', true)).toBe('10.0.0.2');
    expect(clientAddressOf(undefined, undefined, false)).toBe('unknown');
    expect(clientAddressOf('10.0.0.2', '198.51.100.1:4711', true)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', '[2001:db8::1]:4711', true)).toBe('2001:db8:0:0::/64');
  });

  it('counts an IPv4 client on a dual-stack socket once, and an IPv6 client by its /64', () => {
    expect(clientAddressOf('::ffff:203.0.113.9', undefined, false)).toBe('203.0.113.9');
    const a = clientAddressOf('2001:db8:1:2:aaaa::1', undefined, false);
    const b = clientAddressOf('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee', undefined, false);
    expect(a).toBe('2001:db8:1:2::/64');
    expect(b).toBe(a);
    expect(clientAddressOf('2001:db8:1:3::1', undefined, false)).not.toBe(a);
    expect(clientAddressOf('::1', undefined, false)).toBe('0:0:0:0::/64');
  });
});
