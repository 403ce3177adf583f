import { expect, it, vi } from 'vitest';
import { NodeExists, NodeNotFound, VersionConflict } from '../../../../server/storage/nodeStore';
import { describeEachStore, type TestStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const SEED = [
  { video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3, extra: 'kept' },
  { title: 'An entry with no id stays listed' },
  { video_id: 'ville', type: 'gallery', title: 'The Ville', lat: 38.66, lng: -90.22 },
];

const NEW = {
  video_id: 'penrose',
  type: 'video',
  title: 'Penrose tarps',
  youtube_id: 'dQw4w9WgXcQ',
  lat: 38.69,
  lng: -90.23,
};

describeEachStore('writes', (open) => {
  function fresh(): Promise<TestStore> {
    return open(SEED);
  }

  it('reads a seeded node at version 1, and nothing for an unknown id', async () => {
    const store = await fresh();
    expect(await store.getNode('clayton')).toEqual({ node: SEED[0], version: 1, deleted: false });
    expect(await store.getNode('nowhere')).toBeNull();
  });

  it('creates a node, lists it last, journals it and changes the revision', async () => {
    const store = await fresh();
    const revision = await store.revision();
    const created = await store.createNode(NEW, 'alice');
    expect(created).toEqual({ node: NEW, version: 1, deleted: false });
    expect(await store.listNodes()).toEqual([...SEED, NEW]);
    expect(await store.revision()).not.toBe(revision);
    const [entry] = await store.journal({ limit: 10 });
    expect(entry).toMatchObject({
      nodeId: 'penrose',
      action: 'create',
      who: 'alice',
      before: null,
      after: NEW,
    });
    expect(Date.now() - Date.parse(entry?.at ?? '')).toBeLessThan(60_000);
  });

  it('refuses to create an id that exists, even a deleted one', async () => {
    const store = await fresh();
    await expect(store.createNode({ ...NEW, video_id: 'clayton' }, 'alice')).rejects.toThrow(
      NodeExists,
    );
    await store.deleteNode('clayton', 1, 'alice');
    await expect(store.createNode({ ...NEW, video_id: 'clayton' }, 'alice')).rejects.toMatchObject({
      deleted: true,
    });
  });

  it('updates at the expected version and refuses a stale one with the current node', async () => {
    const store = await fresh();
    const revision = await store.revision();
    const edited = { ...SEED[0], title: 'Clayton, the morning after' };
    const updated = await store.updateNode('clayton', edited, 1, 'alice');
    expect(updated).toEqual({ node: edited, version: 2, deleted: false });
    expect(await store.revision()).not.toBe(revision);

    const stale = store.updateNode('clayton', { ...SEED[0], title: 'Bob was here' }, 1, 'bob');
    await expect(stale).rejects.toThrow(VersionConflict);
    await expect(stale).rejects.toMatchObject({ current: { node: edited, version: 2 } });
    expect((await store.getNode('clayton'))?.node).toEqual(edited);
    await expect(store.updateNode('nowhere', NEW, 1, 'alice')).rejects.toThrow(NodeNotFound);
  });

  it('keeps the id of the path, whatever the body says', async () => {
    const store = await fresh();
    await store.updateNode('clayton', { ...SEED[0], video_id: 'renamed' }, 1, 'alice');
    expect(await store.getNode('renamed')).toBeNull();
    expect((await store.getNode('clayton'))?.version).toBe(2);
  });

  it('soft-deletes: hidden from the list, kept for restore, revision changed', async () => {
    const store = await fresh();
    const revision = await store.revision();
    const deleted = await store.deleteNode('clayton', 1, 'alice');
    expect(deleted).toMatchObject({ version: 2, deleted: true });
    expect(await store.listNodes()).toEqual([SEED[1], SEED[2]]);
    const afterDelete = await store.revision();
    expect(afterDelete).not.toBe(revision);
    expect(await store.getNode('clayton')).toMatchObject({ deleted: true, node: SEED[0] });

    // Editing or deleting a deleted node is a conflict the editor must see.
    await expect(store.updateNode('clayton', SEED[0] ?? {}, 2, 'bob')).rejects.toMatchObject({
      current: { deleted: true, version: 2 },
    });
    await expect(store.deleteNode('clayton', 1, 'bob')).rejects.toThrow(VersionConflict);

    const restored = await store.restoreNode('clayton', 'bob');
    expect(restored).toEqual({ node: SEED[0], version: 3, deleted: false });
    expect(await store.listNodes()).toEqual(SEED);
    expect(await store.revision()).not.toBe(afterDelete);
    await expect(store.restoreNode('clayton', 'bob')).rejects.toThrow(VersionConflict);
    await expect(store.restoreNode('nowhere', 'bob')).rejects.toThrow(NodeNotFound);
  });

  it('journals every change newest first, per node and limited', async () => {
    const store = await fresh();
    await store.createNode(NEW, 'alice');
    const edited = { ...NEW, title: 'Penrose tarps, day two' };
    await store.updateNode('penrose', edited, 1, 'bob');
    await store.deleteNode('penrose', 2, 'alice');
    await store.restoreNode('penrose', 'carol');
    await store.deleteNode('ville', 1, 'alice');

    const all = await store.journal({ limit: 100 });
    expect(all.map((e) => [e.nodeId, e.action, e.who])).toEqual([
      ['ville', 'delete', 'alice'],
      ['penrose', 'restore', 'carol'],
      ['penrose', 'delete', 'alice'],
      ['penrose', 'update', 'bob'],
      ['penrose', 'create', 'alice'],
    ]);
    const penrose = await store.journal({ nodeId: 'penrose', limit: 100 });
    expect(penrose.map((e) => [e.action, e.before, e.after])).toEqual([
      ['restore', null, edited],
      ['delete', edited, null],
      ['update', NEW, edited],
      ['create', null, NEW],
    ]);
    expect(await store.journal({ limit: 2 })).toEqual(all.slice(0, 2));
    expect(await store.journal({ limit: 0 })).toEqual([]);
    const ids = all.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('puts the newest of 1,005 entries first, and pages back to the oldest with before', async () => {
    const store = await fresh();
    // 1,005 entries: past 999, ids sorted as text would put entry 999 above entry 1,005.
    await store.createNode(NEW, 'alice');
    for (let version = 1; version < 1005; version++) {
      await store.updateNode('penrose', { ...NEW, title: `Edit ${version}` }, version, 'bob');
    }

    const [newest] = await store.journal({ limit: 1 });
    expect(newest).toMatchObject({ action: 'update', after: { title: 'Edit 1004' } });
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await store.journal({ limit: 200, ...(before ? { before } : {}) });
      if (page.length === 0) break;
      seen.push(...page.map((entry) => entry.id));
      before = page.at(-1)?.id;
    }
    expect(seen).toHaveLength(1005);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(seen[0]).toBe(newest?.id);
    const oldest = await store.journal({ limit: 5, ...(before ? { before } : {}) });
    expect(oldest).toEqual([]);
    const [first] = await store.journal({ limit: 1, before: seen.at(-2) ?? 0 });
    expect(first).toMatchObject({ action: 'create', who: 'alice', id: seen.at(-1) });

    // The bound applies with a node's filter too.
    const penrose = await store.journal({ nodeId: 'penrose', limit: 3, before: seen[1] ?? 0 });
    expect(penrose.map((entry) => entry.id)).toEqual(seen.slice(2, 5));
    expect(await store.journal({ nodeId: 'ville', limit: 3, before: seen[0] ?? 0 })).toEqual([]);
  });

  it('stores script tags as the text they are', async () => {
    const store = await fresh();
    const hostile = { ...NEW, title: '<script>alert(1)</script>', description: '<img onerror=x>' };
    await store.createNode(hostile, 'alice');
    expect((await store.getNode('penrose'))?.node).toEqual(hostile);
  });
});
