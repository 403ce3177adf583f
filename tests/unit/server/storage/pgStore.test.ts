import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { MIGRATIONS } from '../../../../server/storage/migrations';
import {
  NodeExists,
  StoreOpenError,
  SubmissionDecided,
  type NodeStore,
} from '../../../../server/storage/nodeStore';
import { openPgStore } from '../../../../server/storage/pgStore';
import type { SubmissionInput } from '@/lib/submissionSchema';
import {
  postgresSkipReason,
  runSql,
  usePostgresDatabase,
  withDatabase,
} from '../support/postgresTestDatabase';

vi.setConfig({ testTimeout: 30_000 });

const database = usePostgresDatabase();
const skip = database === null ? ` (skipped: ${postgresSkipReason()})` : '';

const SEED = [
  { video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 },
  { title: 'An entry with no id stays listed' },
  { video_id: 'ville', type: 'gallery', title: 'The Ville', lat: 38.66, lng: -90.22 },
];

const SUBMISSION: SubmissionInput = {
  kind: 'video',
  youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  youtube_id: 'dQw4w9WgXcQ',
  images: [],
  title: 'Tarps',
  description: '',
  categories: [],
  place: null,
  place_text: 'Page Avenue',
  name: '',
  email: 'dana@example.org',
};

/** Closes every store it is given, whatever happens in the test. */
async function closing<T>(stores: NodeStore[], fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    await Promise.all(stores.map((store) => store.close()));
  }
}

async function openError(url: string): Promise<Error> {
  const error = await openPgStore({ url, connectTimeoutMs: 5000 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StoreOpenError);
  expect((error as Error).message).not.toMatch(/\n/);
  return error as Error;
}

function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe('openPgStore without a server', () => {
  it('refuses a URL of another scheme without repeating it', async () => {
    const error = await openError('mysql://archive:s3cret-password@db.example.org/archive');
    expect(error.message).toMatch(/^DATABASE_URL is not a PostgreSQL URL/);
    expect(error.message).not.toContain('s3cret-password');
  });

  it('says nothing answers at the address, naming it but not the password', async () => {
    const port = await unusedPort();
    const error = await openError(`postgres://archive:s3cret-password@127.0.0.1:${port}/archive`);
    expect(error.message).toBe(
      `The nodes database (PostgreSQL, database "archive" on 127.0.0.1:${port}) could not be ` +
        `opened: nothing accepts connections at 127.0.0.1:${port} (is PostgreSQL running there?).`,
    );
  });
});

describe.skipIf(database === null)(`openPgStore on a PostgreSQL server${skip}`, () => {
  // Only reached when the server exists (skipIf), so `database` is set in every test.
  const db = () => database ?? (undefined as never);

  it('migrates and seeds once when servers start at the same moment', async () => {
    await db().reset();
    const seeds = [vi.fn(() => SEED), vi.fn(() => SEED), vi.fn(() => SEED)];
    const stores = await Promise.all(seeds.map((seed) => openPgStore({ url: db().url, seed })));
    await closing(stores, async () => {
      expect(stores.map((store) => store.seededCount).sort()).toEqual([0, 0, 3]);
      expect(seeds.filter((seed) => seed.mock.calls.length > 0)).toHaveLength(1);
      for (const store of stores) expect(await store.listNodes()).toEqual(SEED);
    });

    const seed = vi.fn(() => SEED);
    const reopened = await openPgStore({ url: db().url, seed });
    await closing([reopened], async () => {
      expect(reopened.seededCount).toBe(0);
      expect(seed).not.toHaveBeenCalled();
    });
  });

  it('records each migration once, and does not reseed a database an editor emptied', async () => {
    await db().reset();
    await (await openPgStore({ url: db().url, seed: () => SEED })).close();
    await runSql(db().url, 'delete from nodes');
    const seed = vi.fn(() => SEED);
    const store = await openPgStore({ url: db().url, seed });
    await closing([store], async () => {
      expect(seed).not.toHaveBeenCalled();
      expect(await store.listNodes()).toEqual([]);
    });
    const { Client } = await import('pg');
    const client = new Client({ connectionString: db().url });
    await client.connect();
    const { rows } = await client.query<{ version: number }>(
      'select version from schema_migrations order by version',
    );
    await client.end();
    expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('lets one of two servers create an id, and one of two editors decide a submission', async () => {
    await db().reset();
    const first = await openPgStore({ url: db().url, seed: () => SEED });
    const second = await openPgStore({ url: db().url });
    await closing([first, second], async () => {
      const node = { video_id: 'penrose', title: 'Penrose', lat: 38.69, lng: -90.23 };
      const creates = await Promise.allSettled([
        first.createNode(node, 'alice'),
        second.createNode(node, 'bob'),
      ]);
      expect(creates.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(creates.find((r) => r.status === 'rejected')?.reason).toBeInstanceOf(NodeExists);

      const { id } = await first.addSubmission(SUBMISSION);
      const approvals = await Promise.allSettled([
        first.approveSubmission(id, { ...node, video_id: 'tarps-a' }, 'alice'),
        second.approveSubmission(id, { ...node, video_id: 'tarps-b' }, 'bob'),
      ]);
      expect(approvals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = approvals.find((r) => r.status === 'rejected');
      expect(refused?.reason).toBeInstanceOf(SubmissionDecided);
      const ids = (await first.listNodes()).map((n) => (n as { video_id?: string }).video_id);
      expect(ids.filter((v) => v === 'tarps-a' || v === 'tarps-b')).toHaveLength(1);
    });
  });

  it('hands a connection back after every failed transaction', async () => {
    await db().reset();
    const store = await openPgStore({ url: db().url, seed: () => SEED, maxConnections: 1 });
    await closing([store], async () => {
      for (let i = 0; i < 3; i++) {
        await expect(store.createNode({ ...SEED[0], video_id: 'clayton' }, 'a')).rejects.toThrow(
          NodeExists,
        );
      }
      // With one connection, a leaked one would make this wait until the test times out.
      expect(await store.listNodes()).toEqual(SEED);
    });
  });

  it('stores NUL characters the server cannot hold as U+FFFD', async () => {
    await db().reset();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await openPgStore({
      url: db().url,
      seed: () => [{ video_id: 'nul', title: 'a\u0000b' }],
    });
    await closing([store], async () => {
      expect(await store.listNodes()).toEqual([{ video_id: 'nul', title: 'a\uFFFDb' }]);
      await store.createNode({ video_id: 'nul2', title: 'c\u0000d' }, 'alice');
      expect((await store.getNode('nul2'))?.node).toEqual({ video_id: 'nul2', title: 'c\uFFFDd' });
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('NUL'));
    warn.mockRestore();
  });

  it('says when the password is refused, without repeating it', async () => {
    const url = new URL(db().url);
    url.password = 'not-the-password';
    const error = await openError(url.toString());
    expect(error.message).toMatch(/refused the password of user "postgres"/);
    expect(error.message).not.toContain('not-the-password');
  });

  it('says when the database does not exist', async () => {
    const error = await openError(withDatabase(db().serverUrl, 'globe_no_such_database'));
    expect(error.message).toMatch(/database "globe_no_such_database" on .*does not exist/);
  });

  it('refuses a database written by a newer server', async () => {
    await db().reset();
    await (await openPgStore({ url: db().url })).close();
    await runSql(db().url, "insert into schema_migrations (version, name) values (999, 'future')");
    const error = await openError(db().url);
    expect(error.message).toMatch(/newer than this server/);
  });
});
