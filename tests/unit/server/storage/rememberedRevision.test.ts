/**
 * The revision of a database only this process writes, remembered between statements (issue 45):
 * asked of the database once, then again only after another statement started or ended.
 */
import { describe, expect, it, vi } from 'vitest';
import type { SqlDatabase, SqlSession } from '../../../../server/storage/migrations';
import { openPgliteStore } from '../../../../server/storage/pgliteStore';
import { rememberRevision } from '../../../../server/storage/rememberedRevision';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { describeEachStore } from '../support/eachStore';

/** A database whose revision is `revision`, counting the reads of it; `hold` keeps them waiting. */
function fakeDatabase() {
  const state = {
    revision: '1',
    reads: 0,
    fail: false,
    hold: false,
    waiting: [] as (() => void)[],
  };
  const session: SqlSession = {
    exec: () => Promise.resolve(),
    query: () => Promise.resolve({ rows: [] }),
  };
  const db: SqlDatabase = { ...session, transaction: (fn) => fn(session) };
  const read = async () => {
    state.reads++;
    if (state.fail) throw new Error('the database went away');
    if (state.hold) await new Promise<void>((done) => state.waiting.push(done));
    return state.revision;
  };
  return { state, db, read };
}

describe('rememberRevision', () => {
  it('asks once, then answers from memory until a statement runs', async () => {
    const { state, db, read } = fakeDatabase();
    const remembered = rememberRevision(db, read);
    expect(remembered.known()).toBeNull();
    expect(await remembered.revision()).toBe('1');
    expect(await remembered.revision()).toBe('1');
    expect(remembered.known()).toBe('1');
    expect(state.reads).toBe(1);

    for (const statement of [
      () => remembered.db.query('update nodes set data = data'),
      () => remembered.db.exec('select 1'),
      () => remembered.db.transaction((tx) => tx.query('delete from nodes')),
    ]) {
      state.revision = String(Number(state.revision) + 1);
      await statement();
      expect(remembered.known()).toBeNull();
      expect(await remembered.revision()).toBe(state.revision);
      expect(remembered.known()).toBe(state.revision);
    }
    expect(state.reads).toBe(4);
  });

  it('shares a read in flight, but not with a caller after a statement started', async () => {
    const { state, db, read } = fakeDatabase();
    const remembered = rememberRevision(db, read);
    state.hold = true;
    const first = remembered.revision();
    const second = remembered.revision();
    expect(second).toBe(first);
    expect(remembered.known()).toBeNull(); // not answered yet
    const write = remembered.db.query('insert into nodes default values');
    state.revision = '2';
    const third = remembered.revision();
    expect(third).not.toBe(first);
    for (const done of state.waiting.splice(0)) done();
    await Promise.all([first, third, write]);
    // The reads that began before the write's end are not remembered past it.
    expect(remembered.known()).toBeNull();
    state.hold = false;
    expect(await remembered.revision()).toBe('2');
    expect(state.reads).toBe(3);
    expect(remembered.known()).toBe('2');
  });

  it('answers the committed revision while a transaction runs, and reads again once it ends', async () => {
    const { state, db, read } = fakeDatabase();
    const remembered = rememberRevision(db, read);
    expect(await remembered.revision()).toBe('1');
    let commit: () => void = () => undefined;
    const writing = remembered.db.transaction(async (tx) => {
      await tx.query('insert into nodes default values');
      state.revision = '2';
      await new Promise<void>((done) => (commit = done));
    });
    // Until it commits, the others read what was committed before it.
    expect(remembered.known()).toBe('1');
    expect(await remembered.revision()).toBe('1');
    commit();
    await writing;
    expect(remembered.known()).toBeNull();
    expect(await remembered.revision()).toBe('2');
    expect(state.reads).toBe(2);
  });

  it('does not remember a failed read', async () => {
    const { state, db, read } = fakeDatabase();
    const remembered = rememberRevision(db, read);
    state.fail = true;
    await expect(remembered.revision()).rejects.toThrow('went away');
    expect(remembered.known()).toBeNull();
    state.fail = false;
    expect(await remembered.revision()).toBe('1');
    expect(state.reads).toBe(2);
  });
});

describeEachStore('knownRevision', (open) => {
  it('never says a revision the database has moved past', async () => {
    const store = await open([{ video_id: 'a', title: 'A', lat: 1, lng: 2 }]);
    const first = await store.revision();
    // Known without asking where only this process writes; never anything but the latest.
    expect([null, first]).toContain(store.knownRevision?.() ?? null);

    await store.createNode({ video_id: 'b', title: 'B', lat: 1, lng: 2 }, 'editor');
    expect(store.knownRevision?.() ?? null).not.toBe(first);
    const second = await store.revision();
    expect(second).not.toBe(first);
    expect([null, second]).toContain(store.knownRevision?.() ?? null);

    const { version } = (await store.getNode('b')) ?? { version: 0 };
    await store.deleteNode('b', version, 'editor');
    expect(store.knownRevision?.() ?? null).not.toBe(second);
    expect(await store.revision()).not.toBe(second);
  });
});

describe('the embedded database (PGlite)', () => {
  it('knows its revision between statements, so a read of the list asks it nothing', async () => {
    const store = await openPgliteStore({
      dataDir: null,
      seed: () => [{ video_id: 'a', title: 'A', lat: 1, lng: 2 }],
    });
    try {
      const revision = await store.revision();
      expect(store.knownRevision?.()).toBe(revision);
      await store.listNodes();
      expect(store.knownRevision?.()).toBeNull();
      expect(await store.revision()).toBe(revision);
      expect(store.knownRevision?.()).toBe(revision);
    } finally {
      await store.close();
    }
  });

  it('answers the list while an import writes, without waiting for its transaction', async () => {
    const store = await openPgliteStore({
      dataDir: null,
      seed: () => [{ video_id: 'a', title: 'A', lat: 1, lng: 2 }],
    });
    try {
      const { app } = createNodesHandler({
        openStore: () => Promise.resolve(store),
        log: () => undefined,
      });
      // The list's own read is a statement: the next request reads the revision again, which
      // is then known until the next statement, as it is between a busy server's requests.
      await app.request('/nodes');
      const before = await app.request('/nodes');
      const etag = before.headers.get('etag');
      const creates = Array.from({ length: 3000 }, (_, i) => ({
        video_id: `imported-${i}`,
        title: `Imported ${i}`,
        lat: 1,
        lng: 2,
      }));
      const order: string[] = [];
      const importing = store
        .importNodes({ creates: creates as never, updates: [] }, 'editor', 'imported')
        .then(() => order.push('import'));
      // The transaction has begun; the list is answered as committed, before it ends.
      await new Promise((resolve) => setImmediate(resolve));
      const during = await app.request('/nodes');
      order.push('list');
      expect(during.status).toBe(200);
      expect(during.headers.get('etag')).toBe(etag);
      await importing;
      expect(order).toEqual(['list', 'import']);
      // A reader waits at most 0.15 s for the list being rebuilt, then is answered the one
      // before: on a busy machine the new list comes to a later request. Wait on it, not on time.
      await vi.waitFor(
        async () => {
          const after = await app.request('/nodes');
          expect(after.headers.get('etag')).not.toBe(etag);
          expect(((await after.json()) as unknown[]).length).toBe(3001);
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await store.close();
    }
  }, 60_000);
});
