import { beforeAll, describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import type { StoredRemovalRequest } from '../../../../server/storage/nodeStore';
import {
  accessToken,
  APP,
  badTokens,
  makeKeys,
  setup,
  type TestKeys,
} from '../support/communityHarness';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

const ASK = {
  node_id: 'clayton',
  reason: 'private-information',
  message: 'Our house number and car plate are readable in the video.',
  email: '',
  website: '',
};

const ids = (list: unknown) =>
  (list as { requests: StoredRemovalRequest[] }).requests.map((request) => request.id);

describe('POST /removal-requests (public)', () => {
  it('keeps a request about a listed item, for editors to decide', async () => {
    const { call } = setup({ keys });
    const sent = await call('POST', '/removal-requests', { body: ASK, headers: { Origin: APP } });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('access-control-allow-origin')).toBe(APP);
    const { id, status } = sent.json as { id: string; status: string };
    expect(status).toBe('open');
    const read = await call('GET', `/removal-requests/${id}`, { token: await accessToken(keys) });
    expect((read.json as { request: StoredRemovalRequest }).request).toMatchObject({
      id,
      status: 'open',
      title: 'Clayton',
      request: { node_id: 'clayton', reason: 'private-information', message: ASK.message },
    });
  });

  it('answers 400 with one message per field, and for an item it does not list', async () => {
    const { call, store } = setup({ keys });
    const refused = await call('POST', '/removal-requests', {
      body: { node_id: '../../etc/passwd', reason: 'bored', message: ' ', email: 'nope' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      error: 'Some fields need fixing.',
      errors: [
        { path: 'node_id', message: 'Open the item again and ask from its page.' },
        { path: 'reason', message: 'Say what is wrong.' },
        { path: 'message', message: 'Tell the editors what should change.' },
        { path: 'email', message: 'Check the e-mail address.' },
      ],
    });
    const unknown = await call('POST', '/removal-requests', { body: { ...ASK, node_id: 'gone' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ errors: [{ path: 'node_id' }] });
    expect(await store.listRemovalRequests({ limit: 10 })).toEqual([]);
  });

  it('takes only JSON, answers a filled honeypot as a success, and keeps markup as text', async () => {
    const { call, store } = setup({ keys });
    const form = await call('POST', '/removal-requests', {
      body: 'node_id=clayton&reason=other&message=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const bot = await call('POST', '/removal-requests', {
      body: { ...ASK, website: 'http://spam.example' },
    });
    expect(bot.status).toBe(201);
    expect(await store.listRemovalRequests({ limit: 10 })).toEqual([]);
    const hostile = '<img src=x onerror=alert(1)>';
    expect(
      (await call('POST', '/removal-requests', { body: { ...ASK, message: hostile } })).status,
    ).toBe(201);
    expect((await store.listRemovalRequests({ limit: 1 }))[0]?.request.message).toBe(hostile);
  });

  it(`allows ${FORMS_PER_MINUTE} a minute per client`, async () => {
    const { call } = setup({ keys });
    for (let i = 0; i < FORMS_PER_MINUTE; i++)
      expect((await call('POST', '/removal-requests', { body: ASK })).status).toBe(201);
    const refused = await call('POST', '/removal-requests', { body: ASK });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not held back.
    const other = await call('POST', '/removal-requests', {
      body: ASK,
      clientAddress: '203.0.113.9',
    });
    expect(other.status).toBe(201);
  });
});

describe('the editors’ queue of removal requests', () => {
  it('hides the item from the public list at once, journaled by who and why, and restorable', async () => {
    const { call } = setup({ keys });
    const token = await accessToken(keys);
    const { id } = (await call('POST', '/removal-requests', { body: ASK })).json as { id: string };
    expect(
      ids((await call('GET', '/removal-requests', { token, query: 'status=open' })).json),
    ).toEqual([id]);
    const hidden = await call('POST', `/removal-requests/${id}/hide`, {
      token,
      body: { note: 'Plate readable at 0:42' },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.json).toMatchObject({
      request: { id, status: 'hidden', decidedBy: 'alice', note: 'Plate readable at 0:42' },
      node: { deleted: true },
    });
    const list = await call('GET', '/nodes');
    expect(list.json).toEqual([]);
    const journal = await call('GET', '/nodes/journal', { token, query: 'limit=1' });
    expect((journal.json as { entries: unknown[] }).entries[0]).toMatchObject({
      nodeId: 'clayton',
      action: 'delete',
      who: 'alice',
      reason: `Removal request ${id}: It shows private information (an address, a licence plate, a name). Plate readable at 0:42`,
    });
    // Hidden once; the item comes back as any deleted item does, and the request follows it: it
    // waits again, saying its item is listed.
    const again = await call('POST', `/removal-requests/${id}/hide`, { token, body: {} });
    expect(again.status).toBe(409);
    const restored = await call('POST', '/nodes/clayton/restore', { token });
    expect(restored.status).toBe(200);
    expect((await call('GET', '/nodes')).json).toHaveLength(1);
    const waiting = await call('GET', '/removal-requests', { token, query: 'status=open' });
    expect(ids(waiting.json)).toEqual([id]);
    expect((await call('GET', `/removal-requests/${id}`, { token })).json).toMatchObject({
      request: { id, status: 'hidden', itemListed: true },
    });
    // Closed: declined, it leaves the waiting list, and is decided once.
    const declined = await call('POST', `/removal-requests/${id}/decide`, {
      token,
      body: { status: 'declined', note: 'Plate blurred in the new cut' },
    });
    expect(declined.status).toBe(200);
    expect(
      ids((await call('GET', '/removal-requests', { token, query: 'status=open' })).json),
    ).toEqual([]);
    const twice = await call('POST', `/removal-requests/${id}/decide`, {
      token,
      body: { status: 'corrected' },
    });
    expect(twice.status).toBe(409);
  });

  it('marks a request corrected or declined with a note, and checks what it is told', async () => {
    const { call } = setup({ keys });
    const token = await accessToken(keys);
    const first = ((await call('POST', '/removal-requests', { body: ASK })).json as { id: string })
      .id;
    const second = ((await call('POST', '/removal-requests', { body: ASK })).json as { id: string })
      .id;
    const corrected = await call('POST', `/removal-requests/${first}/decide`, {
      token,
      body: { status: 'corrected', note: 'Blurred the plate' },
    });
    expect(corrected.json).toMatchObject({
      request: { status: 'corrected', note: 'Blurred the plate' },
    });
    const wrong = await call('POST', `/removal-requests/${second}/decide`, {
      token,
      body: { status: 'hidden' },
    });
    expect(wrong.status).toBe(400);
    expect((await call('POST', '/removal-requests/999/hide', { token, body: {} })).status).toBe(
      404,
    );
    expect(
      (await call('GET', '/removal-requests', { token, query: 'status=everything' })).status,
    ).toBe(400);
    expect(
      ids((await call('GET', '/removal-requests', { token, query: 'status=corrected' })).json),
    ).toEqual([first]);
  });

  it('refuses no, bad and non-editor tokens, and does not exist without a pool to trust', async () => {
    const { call } = setup({ keys });
    for (const [, token, status] of badTokens(keys)) {
      const read = await call('GET', '/removal-requests', { token: await token() });
      expect(read.status).toBe(status);
      const hide = await call('POST', '/removal-requests/1/hide', {
        token: await token(),
        body: {},
      });
      expect(hide.status).toBe(status);
    }
    const open = setup({ keys, noEditors: true });
    const read = await open.call('GET', '/removal-requests');
    expect(read.status).toBe(405);
    expect(read.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await open.call('POST', '/removal-requests', { body: ASK })).status).toBe(201);
  });
});
