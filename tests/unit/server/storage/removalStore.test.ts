import { expect, it, vi } from 'vitest';
import type { RemovalRequestInput } from '@/lib/removalSchema';
import {
  NodeNotFound,
  RemovalRequestDecided,
  RemovalRequestNotFound,
} from '../../../../server/storage/nodeStore';
import { describeEachStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const SEED = [
  { video_id: 'porch', title: 'On the porch', lat: 38.6, lng: -90.3 },
  { video_id: 'street', title: 'Page Avenue', lat: 38.7, lng: -90.2 },
];

const ASK: RemovalRequestInput = {
  node_id: 'porch',
  reason: 'me-or-family',
  message: 'My children are in the second photo. <b>Please</b> take it down.',
  email: 'parent@example.org',
};

describeEachStore('removal and correction requests', (open) => {
  it('keeps a request about a listed item with its title, newest first, by status', async () => {
    const store = await open(SEED);
    const first = await store.addRemovalRequest(ASK);
    expect(first).toMatchObject({
      status: 'open',
      title: 'On the porch',
      request: ASK,
      decidedAt: null,
      decidedBy: null,
      note: '',
    });
    const second = await store.addRemovalRequest({
      ...ASK,
      node_id: 'street',
      reason: 'wrong-place-or-date',
    });
    expect((await store.listRemovalRequests({ limit: 10 })).map((r) => r.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(
      (await store.listRemovalRequests({ limit: 10, before: Number(second.id) })).map((r) => r.id),
    ).toEqual([first.id]);
    expect(await store.getRemovalRequest(first.id)).toEqual(first);
    expect(await store.getRemovalRequest('x; drop table nodes')).toBeNull();
    // Nothing about an item the archive does not list.
    await expect(store.addRemovalRequest({ ...ASK, node_id: 'nowhere' })).rejects.toThrow(
      NodeNotFound,
    );
  });

  it('hides the item at once, journaled with who and why, restorable; the request decided', async () => {
    const store = await open(SEED);
    const request = await store.addRemovalRequest(ASK);
    const { request: hidden, node } = await store.hideForRemovalRequest(
      request.id,
      'editor',
      'Faces are visible',
    );
    expect(hidden).toMatchObject({
      status: 'hidden',
      decidedBy: 'editor',
      note: 'Faces are visible',
    });
    expect(hidden.decidedAt).not.toBeNull();
    expect(node).toMatchObject({ deleted: true, version: 2 });
    expect((await store.listNodes()).map((n) => (n as { video_id: string }).video_id)).toEqual([
      'street',
    ]);
    const [entry] = await store.journal({ limit: 1 });
    expect(entry).toMatchObject({
      nodeId: 'porch',
      action: 'delete',
      who: 'editor',
      reason: `Removal request ${request.id}: It shows me or my family. Faces are visible`,
    });
    expect(hidden.itemListed).toBe(false);
    // Hidden once: its item cannot be hidden again while it is hidden.
    await expect(store.hideForRemovalRequest(request.id, 'other', '')).rejects.toThrow(
      RemovalRequestDecided,
    );
    // A hidden item takes no new request, and comes back as any deleted item does.
    await expect(store.addRemovalRequest(ASK)).rejects.toThrow(NodeNotFound);
    await store.restoreNode('porch', 'editor');
    expect(await store.listNodes()).toHaveLength(2);
    expect(await store.getRemovalRequest(request.id)).toMatchObject({
      status: 'hidden',
      itemListed: true,
    });
  });

  it('follows its item: restored elsewhere it waits again, to hide again or close; closed it leaves the waiting', async () => {
    const store = await open(SEED);
    const request = await store.addRemovalRequest(ASK);
    const waiting = async () =>
      (await store.listRemovalRequests({ limit: 10, status: 'open' })).map((r) => r.id);
    const hiddenList = async () =>
      (await store.listRemovalRequests({ limit: 10, status: 'hidden' })).map((r) => r.id);
    expect(await waiting()).toEqual([request.id]);
    await store.hideForRemovalRequest(request.id, 'editor', '');
    expect(await waiting()).toEqual([]);
    expect(await hiddenList()).toEqual([request.id]);
    // Restored from the journal: the request waits again, said so.
    await store.restoreNode('porch', 'editor');
    expect(await waiting()).toEqual([request.id]);
    expect(await hiddenList()).toEqual([]);
    // Hidden again from the request.
    const again = await store.hideForRemovalRequest(request.id, 'editor', 'Still wrong');
    expect(again.request).toMatchObject({
      status: 'hidden',
      itemListed: false,
      note: 'Still wrong',
    });
    expect(await hiddenList()).toEqual([request.id]);
    // Closed while hidden (corrected, then restored): it leaves every waiting list.
    const closed = await store.decideRemovalRequest(request.id, 'corrected', 'editor', 'Fixed');
    expect(closed).toMatchObject({ status: 'corrected', itemListed: false });
    await store.restoreNode('porch', 'editor');
    expect(await waiting()).toEqual([]);
    expect(
      (await store.listRemovalRequests({ limit: 10, status: 'corrected' })).map((r) => r.id),
    ).toEqual([request.id]);
    // Closed once.
    await expect(store.decideRemovalRequest(request.id, 'declined', 'other', '')).rejects.toThrow(
      RemovalRequestDecided,
    );
    await expect(store.hideForRemovalRequest(request.id, 'other', '')).rejects.toThrow(
      RemovalRequestDecided,
    );
  });

  it('leaves an item hidden already as it is, and decides a correction or a refusal', async () => {
    const store = await open(SEED);
    const one = await store.addRemovalRequest(ASK);
    const two = await store.addRemovalRequest({ ...ASK, reason: 'other' });
    await store.hideForRemovalRequest(one.id, 'editor', '');
    const again = await store.hideForRemovalRequest(two.id, 'editor', 'Hidden already');
    expect(again.node).toMatchObject({ deleted: true, version: 2 });
    expect((await store.journal({ limit: 10 })).filter((e) => e.action === 'delete')).toHaveLength(
      1,
    );
    const three = await store.addRemovalRequest({ ...ASK, node_id: 'street' });
    const corrected = await store.decideRemovalRequest(
      three.id,
      'corrected',
      'editor',
      'Date fixed',
    );
    expect(corrected).toMatchObject({
      status: 'corrected',
      note: 'Date fixed',
      decidedBy: 'editor',
    });
    const four = await store.addRemovalRequest({ ...ASK, node_id: 'street' });
    // A stray NUL in a note is no reason to fail.
    const declined = await store.decideRemovalRequest(four.id, 'declined', 'editor', 'No\u0000');
    expect(declined.status).toBe('declined');
    expect(
      (await store.listRemovalRequests({ limit: 10, status: 'open' })).map((r) => r.id),
    ).toEqual([]);
    expect(
      (await store.listRemovalRequests({ limit: 10, status: 'hidden' })).map((r) => r.id),
    ).toEqual([two.id, one.id]);
    await expect(store.decideRemovalRequest('999', 'declined', 'editor', '')).rejects.toThrow(
      RemovalRequestNotFound,
    );
    await expect(store.hideForRemovalRequest('abc', 'editor', '')).rejects.toThrow(
      RemovalRequestNotFound,
    );
  });
});
