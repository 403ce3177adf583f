import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import { createSharedRateLimiter } from '../../../../server/app/rateLimit';
import { openPgStore } from '../../../../server/storage/pgStore';
import type { RateCounter } from '../../../../server/storage/rateCounter';
import type { SqlNodeStore } from '../../../../server/storage/sqlStore';
import { CONTACT_MESSAGE, makeKeys, setup, type TestKeys } from '../support/communityHarness';
import { postgresSkipReason, usePostgresDatabase } from '../support/postgresTestDatabase';
import { sharedPglite } from '../support/sharedPglite';

/*
 * Rate limits counted in the store (issue 15): every instance of the service on one database
 * counts a client alike, so a limit means the same on Lambda as on one server. PGlite (one
 * process, shared by handlers) and PostgreSQL (two stores, as two instances would open it).
 */

const database = usePostgresDatabase();
const skipPostgres = database === null ? postgresSkipReason() : null;
const opened: SqlNodeStore[] = [];
const openPglite = sharedPglite();
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

const WINDOW = { limit: 3, windowMs: 60_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, seconds));

/** Two views of one database, as two instances of the service have. */
type OpenTwo = () => Promise<[SqlNodeStore, SqlNodeStore]>;

const kinds: [name: string, open: OpenTwo, skip: string | null][] = [
  [
    'PGlite (one store, two handlers)',
    async () => {
      const store = await openPglite([]);
      opened.push(store);
      return [store, store];
    },
    null,
  ],
  [
    'PostgreSQL (two stores on one database)',
    async () => {
      if (database === null) throw new Error('no PostgreSQL server');
      await database.reset();
      const first = await openPgStore({ url: database.url, seed: () => [] });
      const second = await openPgStore({ url: database.url, seed: () => [] });
      opened.push(first, second);
      return [first, second];
    },
    skipPostgres,
  ],
];

for (const [name, openTwo, skip] of kinds) {
  describe.skipIf(skip !== null)(
    `rate limits in ${name}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      it('counts a client across instances, in a sliding window, apart per scope and client', async () => {
        const [a, b] = await openTwo();
        const take = (
          store: RateCounter,
          seconds: number,
          client = '203.0.113.7',
          scope = 'messages',
        ) => store.takeRate({ scope, client, at: at(seconds) }, WINDOW);
        expect(await take(a, 0)).toEqual({ allowed: true });
        expect(await take(b, 10)).toEqual({ allowed: true });
        expect(await take(a, 20)).toEqual({ allowed: true });
        // The fourth, on either instance, waits until the first leaves the window.
        expect(await take(b, 30)).toEqual({ allowed: false, retryAfterSeconds: 30 });
        expect(await take(a, 45)).toEqual({ allowed: false, retryAfterSeconds: 15 });
        // Another client, another scope: their own counts.
        expect(await take(a, 45, '198.51.100.1')).toEqual({ allowed: true });
        expect(await take(b, 45, '203.0.113.7', 'submissions')).toEqual({ allowed: true });
        // A minute after the first, there is room for one.
        expect(await take(b, 61)).toEqual({ allowed: true });
        expect(await take(a, 62)).toEqual({ allowed: false, retryAfterSeconds: 8 });
      });

      it('lets exactly the limit through when instances race for the last room', async () => {
        const [a, b] = await openTwo();
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            (i % 2 ? a : b).takeRate({ scope: 'uploads', client: 'racer', at: at(i) }, WINDOW),
          ),
        );
        expect(results.filter((r) => r.allowed)).toHaveLength(WINDOW.limit);
      });

      it('refuses the next message on another instance once one instance used up the limit', async () => {
        const [first, second] = await openTwo();
        const one = setup({ keys, store: first });
        const two = setup({ keys, store: second });
        try {
          for (let i = 0; i < FORMS_PER_MINUTE; i++) {
            const instance = i % 2 ? two : one;
            expect(
              (await instance.call('POST', '/messages', { body: CONTACT_MESSAGE })).status,
            ).toBe(201);
          }
          const refused = await two.call('POST', '/messages', { body: CONTACT_MESSAGE });
          expect(refused.status).toBe(429);
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect((await one.call('POST', '/messages', { body: CONTACT_MESSAGE })).status).toBe(429);
        } finally {
          one.cleanup();
          two.cleanup();
        }
      });
    },
  );
}

describe('a limiter whose store fails to count', () => {
  it('counts in this instance instead, and says so', async () => {
    const log: string[] = [];
    const limiter = createSharedRateLimiter({
      scope: 'messages',
      limit: 2,
      windowMs: 60_000,
      log: (line) => log.push(line),
      now: () => 0,
    });
    const failing: RateCounter = {
      takeRate: () => Promise.reject(new Error('connection reset')),
    };
    expect(await limiter.take('a', failing)).toEqual({ allowed: true });
    expect(await limiter.take('a', failing)).toEqual({ allowed: true });
    expect(await limiter.take('a', failing)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(log[0]).toMatch(/counting a messages attempt in the store failed \(connection reset\)/);
    // A store that does not count (the memory store): this instance counts, quietly.
    expect(await limiter.take('b', {})).toEqual({ allowed: true });
  });
});
