import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migrate, MIGRATIONS } from '../../../../server/storage/migrations';
import { StoreOpenError } from '../../../../server/storage/nodeStore';
import { openPgliteStore } from '../../../../server/storage/pgliteStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const temp = mkdtempSync(join(tmpdir(), 'globe-store-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let dirs = 0;
function freshDir(): string {
  return join(temp, `db-${++dirs}`);
}

/**
 * A folder holding a migrated database that was never seeded, as a server leaves one it created
 * without a seed: copied for the cases that do not test creating one (PostgreSQL's initdb takes
 * seconds under WebAssembly, a copy milliseconds). Made once, by the store itself.
 */
let template: Promise<string> | null = null;
async function createdDir(): Promise<string> {
  const from = await (template ??= (async () => {
    const dir = join(temp, 'template');
    await (await openPgliteStore({ dataDir: dir })).close();
    return dir;
  })());
  const dir = freshDir();
  cpSync(from, dir, { recursive: true });
  return dir;
}

const SEED = [
  {
    video_id: 'clayton-first-responders',
    title: 'First Responders in Clayton',
    lat: 38.6,
    lng: -90.2,
  },
  { title: 'An entry with no id and no position' },
  {
    video_id: 'north-city-gallery',
    type: 'gallery',
    images: [{ thumb: '/a.jpg' }],
    lat: 38.7,
    lng: -90.2,
  },
];

/** Reads the raw database after the store has closed it, the way an operator would. */
async function inspect<T>(dir: string, sql: string): Promise<T[]> {
  const db = await PGlite.create(dir);
  try {
    return (await db.query<T>(sql)).rows;
  } finally {
    await db.close();
  }
}

describe('openPgliteStore', () => {
  it('seeds a new database in archive order, keeping malformed entries, and persists it', async () => {
    const dir = freshDir();
    const store = await openPgliteStore({ dataDir: dir, seed: () => SEED });
    expect(store.seededCount).toBe(3);
    expect(await store.listNodes()).toEqual(SEED);
    const revision = await store.revision();
    await store.close();

    const seed = vi.fn(() => [{ video_id: 'other', lat: 0, lng: 0 }]);
    const reopened = await openPgliteStore({ dataDir: dir, seed });
    expect(await reopened.listNodes()).toEqual(SEED);
    expect(await reopened.revision()).toBe(revision);
    expect(seed).not.toHaveBeenCalled();
    expect(reopened.seededCount).toBe(0);
    await reopened.close();

    // Migrations ran once, however often the folder is opened.
    const applied = await inspect<{ version: number }>(
      dir,
      'select version from schema_migrations',
    );
    expect(applied.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('does not reseed a database an editor emptied, and changes the revision on every change', async () => {
    const dir = await createdDir();
    const store = await openPgliteStore({ dataDir: dir, seed: () => SEED });
    const seeded = await store.revision();
    await store.close();

    const db = await PGlite.create(dir);
    await db.exec('delete from nodes');
    await db.close();

    const seed = vi.fn(() => SEED);
    const reopened = await openPgliteStore({ dataDir: dir, seed });
    expect(seed).not.toHaveBeenCalled();
    expect(await reopened.listNodes()).toEqual([]);
    expect(await reopened.revision()).not.toBe(seeded);
    await reopened.close();
  });

  it('refuses a second server on the same folder, and allows it once the first closed', async () => {
    const dir = await createdDir();
    const first = await openPgliteStore({ dataDir: dir, displayName: 'data/nodes' });
    await expect(openPgliteStore({ dataDir: dir, displayName: 'data/nodes' })).rejects.toThrow(
      /data\/nodes.*in use/,
    );
    await first.close();
    const second = await openPgliteStore({ dataDir: dir });
    expect(await second.listNodes()).toEqual([]);
    await second.close();
  });

  it('takes over a lock left by a server that crashed', async () => {
    const dir = await createdDir();
    // Linux pids stop at 2^22, so this process cannot be running.
    writeFileSync(
      join(dir, 'globe-archive-server.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, host: hostname() }),
    );
    const store = await openPgliteStore({ dataDir: dir });
    await store.close();
  });

  it('fails with a message naming a damaged folder', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    const error = await openPgliteStore({ dataDir: dir, displayName: 'data/nodes' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreOpenError);
    expect((error as Error).message).toMatch(/"data\/nodes" could not be opened/);
    // The lock is released, so fixing the folder is enough to start.
    rmSync(join(dir, 'PG_VERSION'));
    const store = await openPgliteStore({ dataDir: dir });
    await store.close();
  });

  it('refuses a database written by a newer server', async () => {
    const dir = await createdDir();
    const db = await PGlite.create(dir);
    await db.query("insert into schema_migrations (version, name) values (999, 'future')");
    await db.close();
    await expect(openPgliteStore({ dataDir: dir })).rejects.toThrow(/newer than this server/);
  });

  it('runs in memory, and stores NUL characters PostgreSQL cannot hold as U+FFFD', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await openPgliteStore({
      dataDir: null,
      seed: () => [{ video_id: 'nul', title: 'a\u0000b', lat: 0, lng: 0 }],
    });
    expect(await store.listNodes()).toEqual([
      { video_id: 'nul', title: 'a\uFFFDb', lat: 0, lng: 0 },
    ]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('NUL'));
    await store.close();
    warn.mockRestore();
  });
});

describe('migrate', () => {
  it('is idempotent', async () => {
    const db = await PGlite.create();
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    await db.close();
  });
});
