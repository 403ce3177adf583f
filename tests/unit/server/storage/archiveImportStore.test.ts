/**
 * An import's writes, the same in every store (issue 32): all items in one step, each journaled
 * with its reason, in file order; nothing at all when one item moved since the dry run.
 */
import { expect, it, vi } from 'vitest';
import { ImportConflict } from '../../../../server/storage/nodeStore';
import { describeEachStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const VILLE = { video_id: 'ville', type: 'gallery', title: 'The Ville', lat: 38.66, lng: -90.22 };
const SEED = [{ video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 }, VILLE];

const node = (id: string, title = id) => ({
  video_id: id,
  type: 'video',
  title,
  youtube_id: 'dQw4w9WgXcQ',
  lat: 38.6,
  lng: -90.3,
});

describeEachStore('imports', (open) => {
  it('adds and replaces items in one step, journaled in file order with the reason', async () => {
    const store = await open(SEED);
    const revision = await store.revision();
    const result = await store.importNodes(
      {
        creates: [node('b-second'), node('a-first')],
        updates: [{ node: node('clayton', 'Clayton, corrected'), version: 1 }],
      },
      'alice',
      'imported from list.csv by alice',
    );
    expect(result).toEqual({ created: 2, updated: 1 });
    expect(await store.revision()).not.toBe(revision);
    expect((await store.listNodes()).map((n) => (n as { video_id: string }).video_id)).toEqual([
      'clayton',
      'ville',
      'b-second',
      'a-first',
    ]);
    expect(await store.getNode('clayton')).toMatchObject({
      node: { title: 'Clayton, corrected' },
      version: 2,
    });
    const journal = await store.journal({ limit: 10 });
    expect(
      journal.map((entry) => [entry.nodeId, entry.action, entry.who, entry.reason]).reverse(),
    ).toEqual([
      ['b-second', 'create', 'alice', 'imported from list.csv by alice'],
      ['a-first', 'create', 'alice', 'imported from list.csv by alice'],
      ['clayton', 'update', 'alice', 'imported from list.csv by alice'],
    ]);
    expect(journal[0]).toMatchObject({
      before: SEED[0],
      after: node('clayton', 'Clayton, corrected'),
    });
    const all = await store.allNodes();
    expect(
      all.map((n) => [(n.node as { video_id: string }).video_id, n.version, n.deleted]),
    ).toEqual([
      ['clayton', 2, false],
      ['ville', 1, false],
      ['b-second', 1, false],
      ['a-first', 1, false],
    ]);
  });

  it('imports nothing when an item was added, changed or deleted since the dry run', async () => {
    const store = await open(SEED);
    await store.updateNode('ville', { ...VILLE, title: 'Edited meanwhile' }, 1, 'bob');
    await store.createNode(node('taken'), 'bob');
    const { version } = (await store.getNode('clayton')) ?? { version: 0 };
    await store.deleteNode('clayton', version, 'bob');
    const before = await store.allNodes();
    const attempt = store.importNodes(
      {
        creates: [node('fresh'), node('taken')],
        updates: [
          { node: { ...VILLE, title: 'Mine' }, version: 1 },
          { node: node('clayton', 'Mine'), version: 1 },
          { node: node('nowhere'), version: 1 },
        ],
      },
      'alice',
      'imported from list.csv by alice',
    );
    await expect(attempt).rejects.toBeInstanceOf(ImportConflict);
    await expect(attempt).rejects.toMatchObject({
      nodeIds: ['taken', 'ville', 'clayton', 'nowhere'],
    });
    expect(await store.allNodes()).toEqual(before);
    expect(await store.getNode('fresh')).toBeNull();
  });
});
