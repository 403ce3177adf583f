import type { CryptoKey, JWTPayload } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { callApp, type AppAnswer, type AppRequest } from '../support/appRequest';
import {
  accessToken as poolToken,
  APP,
  makeKeys,
  poolVerifier,
  type TestKeys,
} from '../support/communityHarness';
import { BEFORE_ERROR } from '../../../../server/app/validation';
import { MAX_JSON_BODY_BYTES as MAX_WRITE_BODY_BYTES } from '../../../../server/app/validation';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import type { EditableNodeStore } from '../../../../server/storage/nodeStore';

let keys: TestKeys;

beforeAll(async () => {
  keys = await makeKeys();
});

/** A token shaped like a Cognito access token of `alice`, an editor; `claims` add or override. */
function accessToken(
  claims: JWTPayload = {},
  options: { key?: CryptoKey; expiresIn?: number } = {},
): Promise<string> {
  return poolToken(keys, claims, options);
}

const SEED = [
  { video_id: 'clayton', title: 'Clayton', youtube_id: 'dQw4w9WgXcQ', lat: 38.6, lng: -90.3 },
  { video_id: 'ville', type: 'gallery', title: 'The Ville', lat: 38.66, lng: -90.22 },
];

const GALLERY = {
  video_id: 'penrose-tarps',
  type: 'gallery',
  title: 'Penrose tarps',
  description: 'Neighbours covering roofs.',
  images: [{ thumbUrl: '/uploads/a-thumb.jpg', fullUrl: '/uploads/a.jpg' }],
  categories: ['Recovery'],
  links: ['clayton'],
  lat: 38.69,
  lng: -90.23,
};

function setup() {
  const store: EditableNodeStore = createMemoryStore(SEED);
  const handler = createNodesHandler({
    openStore: () => Promise.resolve(store),
    appOrigins: [APP],
    log: () => undefined,
    verifyEditor: poolVerifier(keys.jwk),
  });
  async function call(
    method: string,
    path: string,
    {
      token,
      body,
      headers = {},
      query,
    }: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      query?: string;
    } = {},
  ): Promise<AppAnswer & { json: unknown }> {
    const request: AppRequest = {
      method,
      path,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      ...(query !== undefined ? { query } : {}),
      ...(body !== undefined
        ? { body: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    };
    const response = await callApp(handler.app, request);
    const text = response.text;
    return { ...response, json: text === '' ? null : (JSON.parse(text) as unknown) };
  }
  async function list() {
    const response = await call('GET', '/nodes');
    return { nodes: response.json as { video_id: string }[], etag: response.headers.get('etag') };
  }
  return { store, handler, call, list };
}

describe('writes are refused without an editor access token', () => {
  const writes = (id: string): [string, string, unknown, Record<string, string>][] => [
    ['POST', '/nodes', GALLERY, {}],
    ['PUT', `/nodes/${id}`, { ...SEED[0], title: 'Changed' }, { 'If-Match': '"1"' }],
    ['DELETE', `/nodes/${id}`, undefined, { 'If-Match': '"1"' }],
    ['POST', `/nodes/${id}/restore`, undefined, {}],
    ['GET', '/nodes/journal', undefined, {}],
    ['GET', `/nodes/${id}`, undefined, {}],
  ];

  const badTokens: [string, () => Promise<string | undefined>, number][] = [
    ['no token', () => Promise.resolve(undefined), 401],
    ['a forged signature', () => accessToken({}, { key: keys.other }), 401],
    ['an expired token', () => accessToken({}, { expiresIn: -3600 }), 401],
    ['another app client', () => accessToken({ client_id: 'someoneelse' }), 401],
    ['an ID token', () => accessToken({ token_use: 'id' }), 401],
    ['garbage', () => Promise.resolve('not.a.jwt'), 401],
    ['a non-editor', () => accessToken({ 'cognito:groups': ['viewers'] }), 403],
    ['no groups at all', () => accessToken({ 'cognito:groups': undefined }), 403],
  ];

  it.each(badTokens)('with %s: %i, and nothing changes', async (_name, token, status) => {
    const { call, list, store } = setup();
    const before = await list();
    for (const [method, path, body, headers] of writes('clayton')) {
      const response = await call(method, path, {
        token: await token(),
        body,
        headers,
      });
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(response.json).toMatchObject({ error: expect.any(String) as string });
      if (status === 401) expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect(await list()).toEqual(before);
    expect(await store.journal({ limit: 10 })).toEqual([]);
  });

  it('refuses an Authorization header that is not a bearer token', async () => {
    const { call } = setup();
    const response = await call('POST', '/nodes', {
      body: GALLERY,
      headers: { Authorization: 'Basic YWxpY2U6cGFzcw==' },
    });
    expect(response.status).toBe(401);
  });
});

describe('an editor', () => {
  it('creates an item that the public list then shows, with a new ETag', async () => {
    const { call, list } = setup();
    const before = await list();
    const token = await accessToken();
    const response = await call('POST', '/nodes', {
      token,
      body: { ...GALLERY, date: ' 2025-05-19 / 2025-05-21 ', license: 'cc-by-4.0' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.json).toEqual({
      node: {
        ...GALLERY,
        youtube_id: null,
        youtube_url: null,
        date: '2025-05-19/2025-05-21',
        credit: null,
        license: 'CC-BY-4.0',
      },
      version: 1,
      deleted: false,
    });
    const after = await list();
    expect(after.nodes.map((n) => n.video_id)).toEqual(['clayton', 'ville', 'penrose-tarps']);
    expect(after.nodes.at(-1)).toMatchObject({ date: '2025-05-19/2025-05-21' });
    expect(after.etag).not.toBe(before.etag);

    const again = await call('POST', '/nodes', { token, body: GALLERY });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ errors: [{ path: 'video_id' }] });
  });

  it('gets 400 with field errors for invalid input, and nothing is stored', async () => {
    const { call, list } = setup();
    const before = await list();
    const token = await accessToken();
    const response = await call('POST', '/nodes', {
      token,
      body: {
        ...GALLERY,
        title: 'x'.repeat(10_000),
        images: [{ thumbUrl: 'javascript:alert(1)', fullUrl: '/a.jpg' }],
        lat: 120,
        categories: Array.from({ length: 21 }, (_, i) => `c${i}`),
      },
    });
    expect(response.status).toBe(400);
    const { errors } = response.json as { errors: { path: string; message: string }[] };
    expect(errors.map((e) => e.path)).toEqual(['title', 'images.0.thumbUrl', 'categories', 'lat']);
    expect(errors.every((e) => e.message.length > 0)).toBe(true);
    expect(await list()).toEqual(before);

    const notJson = await call('POST', '/nodes', { token, body: '{"title": ' });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ errors: [{ path: '' }] });

    const badVideo = await call('POST', '/nodes', {
      token,
      body: { video_id: 'v', title: 'V', youtube_url: 'https://example.org/', lat: 0, lng: 0 },
    });
    expect(badVideo.status).toBe(400);
    expect(badVideo.json).toMatchObject({ errors: [{ path: 'youtube_url' }] });
  });

  it('stores script tags in text fields as inert text', async () => {
    const { call, store } = setup();
    const hostile = {
      ...GALLERY,
      title: '<script>alert(1)</script>',
      description: '<img src=x onerror=alert(1)>',
      categories: ['<b>bold</b>'],
    };
    const response = await call('POST', '/nodes', { token: await accessToken(), body: hostile });
    expect(response.status).toBe(201);
    const stored = await store.getNode('penrose-tarps');
    expect(stored?.node).toMatchObject({
      title: '<script>alert(1)</script>',
      description: '<img src=x onerror=alert(1)>',
      categories: ['<b>bold</b>'],
    });
    // It travels as JSON text, never as markup.
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a body over 64 KB with 413', async () => {
    const { call } = setup();
    const response = await call('POST', '/nodes', {
      token: await accessToken(),
      body: { ...GALLERY, description: 'x'.repeat(MAX_WRITE_BODY_BYTES) },
    });
    expect(response.status).toBe(413);
  });

  it('edits at the current version; a stale edit gets 409 with the current node', async () => {
    const { call } = setup();
    const alice = await accessToken();
    const bob = await accessToken({ username: 'bob' });
    const edited = { ...SEED[0], title: 'Clayton, the morning after' };
    const first = await call('PUT', '/nodes/clayton', {
      token: alice,
      body: edited,
      headers: { 'If-Match': '"1"' },
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ version: 2, node: { title: 'Clayton, the morning after' } });

    const stale = await call('PUT', '/nodes/clayton', {
      token: bob,
      body: { ...SEED[0], title: 'Bob was here' },
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      version: 2,
      current: { video_id: 'clayton', title: 'Clayton, the morning after' },
    });

    const noVersion = await call('PUT', '/nodes/clayton', { token: bob, body: edited });
    expect(noVersion.status).toBe(428);
    const renamed = await call('PUT', '/nodes/clayton', {
      token: bob,
      body: { ...edited, video_id: 'elsewhere' },
      headers: { 'If-Match': '2' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.json).toMatchObject({ errors: [{ path: 'video_id' }] });
    const missing = await call('PUT', '/nodes/nowhere', {
      token: bob,
      body: { ...edited, video_id: 'nowhere' },
      headers: { 'If-Match': '1' },
    });
    expect(missing.status).toBe(404);
  });

  it('deletes (hidden from GET /nodes, new ETag) and restores; the journal holds it all', async () => {
    const { call, list } = setup();
    const alice = await accessToken();
    const before = await list();

    const stale = await call('DELETE', '/nodes/clayton', {
      token: alice,
      headers: { 'If-Match': '"7"' },
    });
    expect(stale.status).toBe(409);

    const deleted = await call('DELETE', '/nodes/clayton', {
      token: alice,
      headers: { 'If-Match': '"1"' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ version: 2, deleted: true });
    const hidden = await list();
    expect(hidden.nodes.map((n) => n.video_id)).toEqual(['ville']);
    expect(hidden.etag).not.toBe(before.etag);
    const one = await call('GET', '/nodes/clayton', { token: alice });
    expect(one.json).toMatchObject({ deleted: true, version: 2 });

    const restored = await call('POST', '/nodes/clayton/restore', {
      token: await accessToken({ username: 'carol' }),
    });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ version: 3, deleted: false, node: SEED[0] });
    const back = await list();
    expect(back.nodes).toEqual(SEED);
    expect(back.etag).not.toBe(hidden.etag);

    const journal = await call('GET', '/nodes/journal', {
      token: alice,
      query: 'nodeId=clayton&limit=10',
    });
    expect(journal.status).toBe(200);
    const { entries } = journal.json as {
      entries: { action: string; who: string; at: string; before: unknown; after: unknown }[];
    };
    expect(entries.map((e) => [e.action, e.who, e.before, e.after])).toEqual([
      ['restore', 'carol', null, SEED[0]],
      ['delete', 'alice', SEED[0], null],
    ]);
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    const badLimit = await call('GET', '/nodes/journal', { token: alice, query: 'limit=0' });
    expect(badLimit.status).toBe(400);
  });

  it('pages the journal with before, saying where the next page starts', async () => {
    const { call, store } = setup();
    await store.createNode({ ...GALLERY, links: [] }, 'alice');
    for (let version = 1; version <= 6; version++) {
      await store.updateNode(
        GALLERY.video_id,
        { ...GALLERY, title: `Edit ${version}` },
        version,
        'bob',
      );
    }
    const token = await accessToken();
    const pages: number[][] = [];
    let query = 'limit=3';
    for (;;) {
      const response = await call('GET', '/nodes/journal', { token, query });
      expect(response.status, query).toBe(200);
      const { entries, older } = response.json as { entries: { id: number }[]; older: unknown };
      pages.push(entries.map((entry) => entry.id));
      if (older === null) break;
      expect(older).toBe(String(entries.at(-1)?.id));
      query = `limit=3&before=${String(older)}`;
    }
    const all = (await store.journal({ limit: 10 })).map((entry) => entry.id);
    expect(pages).toEqual([all.slice(0, 3), all.slice(3, 6), all.slice(6)]);

    const exact = await call('GET', '/nodes/journal', { token, query: 'limit=7' });
    expect(exact.json).toMatchObject({ older: null });
    const scoped = await call('GET', '/nodes/journal', {
      token,
      query: `nodeId=clayton&before=${all[0] ?? 0}`,
    });
    expect(scoped.json).toEqual({ entries: [], older: null });
  });

  it.each([
    'before=abc',
    'before=',
    'before=0',
    'before=-3',
    'before=1.5',
    'before=1e3',
    'before=0x10',
    'before=014',
    'before=%205',
    'before=9007199254740993',
    'before=3&before=2',
  ])('refuses the journal query %s with 400, saying what before must be', async (query) => {
    const { call } = setup();
    const response = await call('GET', '/nodes/journal', { token: await accessToken(), query });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: BEFORE_ERROR });
  });

  it('answers a preflight from the app allowing the write methods and Authorization', async () => {
    const { call } = setup();
    const response = await call('OPTIONS', '/nodes/clayton', { headers: { Origin: APP } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(response.headers.get('access-control-allow-headers')).toContain('If-Match');
  });
});

describe('a read-only service (no pool configured)', () => {
  it('keeps answering writes with 405 and paths below /nodes with 404', async () => {
    const handler = createNodesHandler({
      openStore: () => Promise.resolve(createMemoryStore(SEED)),
      log: () => undefined,
    });
    const post = await callApp(handler.app, { method: 'POST', path: '/nodes', headers: {} });
    expect(post.status).toBe(405);
    const put = await callApp(handler.app, { method: 'PUT', path: '/nodes/clayton', headers: {} });
    expect(put.status).toBe(404);
  });
});

describe('a write and the list after it (issue 45)', () => {
  it('is answered once the list shows it, while readers meanwhile get the list before', async () => {
    const { call, list, store } = setup();
    const before = await list();
    // A list that takes a second to read, as 10,000 items on the embedded database take half.
    const read = store.listNodes.bind(store);
    let reading = false;
    store.listNodes = async () => {
      reading = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return read();
    };
    const started = Date.now();
    const created = call('POST', '/nodes', { token: await accessToken(), body: GALLERY });
    await vi.waitFor(() => expect(reading).toBe(true));
    // A reader waits a quarter of a second at most, and gets the list it would have before.
    const meanwhile = await list();
    expect(meanwhile.etag).toBe(before.etag);
    expect(Date.now() - started).toBeLessThan(900);
    // The editor's own answer comes once the list holds the new item.
    expect((await created).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const after = await list();
    expect(after.nodes.map((n) => n.video_id)).toContain(GALLERY.video_id);
  });
});
