import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodesHandler, type NodesHandlerOptions } from '../../../server/nodesHandler';
import type { NodeStore } from '../../../server/storage/nodeStore';
import { callApp, type AppAnswer, type AppRequest } from './support/appRequest';

/** Enough nodes that the JSON is well over the compression threshold. */
const NODES = Array.from({ length: 30 }, (_, i) => ({
  video_id: `clip-${i}`,
  title: `Clip ${i} from North City`,
  description: 'Neighbours clearing debris after the storm. '.repeat(3),
  lat: 38.6 + i / 100,
  lng: -90.2,
}));

interface FakeStore extends NodeStore {
  nodes: unknown[];
  rev: string;
  listCalls: number;
  closed: boolean;
}

function fakeStore(nodes: unknown[] = NODES, rev = '1'): FakeStore {
  const store: FakeStore = {
    nodes,
    rev,
    listCalls: 0,
    closed: false,
    listNodes: () => {
      store.listCalls++;
      return Promise.resolve(structuredClone(store.nodes));
    },
    revision: () => Promise.resolve(store.rev),
    close: () => {
      store.closed = true;
      return Promise.resolve();
    },
  };
  return store;
}

function handlerFor(store: NodeStore, options: Partial<NodesHandlerOptions> = {}) {
  return createNodesHandler({
    openStore: () => Promise.resolve(store),
    log: () => undefined,
    ...options,
  });
}

function get(headers: Record<string, string> = {}, method = 'GET'): AppRequest {
  return { method, path: '/nodes', headers };
}

function bodyText(response: AppAnswer): string {
  const raw = response.body;
  const coding = response.headers.get('content-encoding');
  if (coding === 'br') return brotliDecompressSync(raw).toString();
  if (coding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /nodes', () => {
  it('answers the stored nodes as a JSON list that visitors revalidate on every load', async () => {
    const handler = handlerFor(fakeStore());
    const response = await callApp(handler.app, get());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(JSON.parse(bodyText(response))).toEqual(NODES);
    expect(Number(response.headers.get('content-length'))).toBe(
      Buffer.byteLength(bodyText(response)),
    );
  });

  it('carries the security headers on every answer, an error included', async () => {
    const handler = handlerFor(fakeStore());
    for (const response of [
      await callApp(handler.app, get()),
      await callApp(handler.app, { ...get(), path: '/users' }),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('permissions-policy')).toBe(
        'camera=(), microphone=(), geolocation=()',
      );
    }
  });

  it('keeps malformed entries: the client decides what to show', async () => {
    const raw = [{ video_id: 'ok', lat: 1, lng: 2 }, { title: 'no id or position' }, 'not a node'];
    const response = await callApp(handlerFor(fakeStore(raw)).app, get());
    expect(JSON.parse(bodyText(response))).toEqual(raw);
  });

  it('answers 304 to a client holding the current list, and 200 once the data changes', async () => {
    const store = fakeStore();
    const handler = handlerFor(store);
    const first = await callApp(handler.app, get());
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/ prefix

    const again = await callApp(handler.app, get({ 'If-None-Match': etag }));
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    store.nodes = [...NODES, { video_id: 'new', lat: 0, lng: 0 }];
    store.rev = '2';
    const changed = await callApp(handler.app, get({ 'If-None-Match': etag }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(JSON.parse(bodyText(changed))).toHaveLength(NODES.length + 1);
  });

  it('gives different content the same revision a different ETag (a recreated database)', async () => {
    const a = await callApp(handlerFor(fakeStore(NODES, '1')).app, get());
    const b = await callApp(handlerFor(fakeStore(NODES.slice(1), '1')).app, get());
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
  });

  it('negotiates brotli or gzip, decodable to the same list, with Vary: Accept-Encoding', async () => {
    const handler = handlerFor(fakeStore());
    const br = await callApp(handler.app, get({ 'accept-encoding': 'gzip, deflate, br' }));
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(bodyText(br))).toEqual(NODES);
    const gzip = await callApp(handler.app, get({ 'accept-encoding': 'gzip;q=1, br;q=0' }));
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(bodyText(gzip))).toEqual(NODES);
    const plain = await callApp(handler.app, get());
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const response of [br, gzip, plain]) {
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
    }
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    // Each coding is its own representation, and any of them proves the client is current.
    expect(
      new Set([br.headers.get('etag'), gzip.headers.get('etag'), plain.headers.get('etag')]).size,
    ).toBe(3);
    const revalidated = await callApp(
      handler.app,
      get({ 'if-none-match': gzip.headers.get('etag') ?? '' }),
    );
    expect(revalidated.status).toBe(304);
  });

  it('reads and compresses once per revision, not per request', async () => {
    const store = fakeStore();
    const handler = handlerFor(store);
    const first = await callApp(handler.app, get({ 'accept-encoding': 'br' }));
    const second = await callApp(handler.app, get({ 'accept-encoding': 'br' }));
    expect(second.body).toBe(first.body); // the very same cached buffer
    await Promise.all([callApp(handler.app, get()), callApp(handler.app, get())]);
    expect(store.listCalls).toBe(1);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const handler = handlerFor(fakeStore());
    const getResponse = await callApp(handler.app, get({ 'accept-encoding': 'gzip' }));
    const head = await callApp(handler.app, get({ 'accept-encoding': 'gzip' }, 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(getResponse.headers.get('content-length'));
    expect(head.headers.get('etag')).toBe(getResponse.headers.get('etag'));
  });

  it('refuses other methods with 405 and Allow', async () => {
    const response = await callApp(handlerFor(fakeStore()).app, get({}, 'POST'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(bodyText(response))).toHaveProperty('error');
  });

  it('answers 404 for other paths', async () => {
    const response = await callApp(handlerFor(fakeStore()).app, { ...get(), path: '/users' });
    expect(response.status).toBe(404);
  });
});

describe('CORS', () => {
  const origins = ['https://archive.example.org', 'http://localhost:5173'];

  it('lets a configured app origin read the list', async () => {
    const handler = handlerFor(fakeStore(), { appOrigins: origins });
    const response = await callApp(handler.app, get({ origin: 'http://localhost:5173' }));
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('does not let another origin read it', async () => {
    const handler = handlerFor(fakeStore(), { appOrigins: origins });
    const response = await callApp(handler.app, get({ origin: 'https://evil.example.com' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('answers a preflight with 204 and the allowed methods, only for allowed origins', async () => {
    const handler = handlerFor(fakeStore(), { appOrigins: origins });
    const allowed = await callApp(
      handler.app,
      get(
        { origin: 'https://archive.example.org', 'access-control-request-method': 'GET' },
        'OPTIONS',
      ),
    );
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://archive.example.org');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('GET');
    const denied = await callApp(
      handler.app,
      get({ origin: 'https://evil.example.com' }, 'OPTIONS'),
    );
    expect(denied.status).toBe(204);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    expect(denied.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('allows any origin with *', async () => {
    const handler = handlerFor(fakeStore(), { appOrigins: ['*'] });
    const response = await callApp(handler.app, get({ origin: 'https://anyone.example' }));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends no CORS headers when no origin is configured (same-origin app)', async () => {
    const response = await callApp(
      handlerFor(fakeStore()).app,
      get({ origin: 'https://x.example' }),
    );
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('when the store is unavailable', () => {
  it('answers 503 with a JSON error and Retry-After when a query throws', async () => {
    const store = fakeStore();
    store.listNodes = () => Promise.reject(new Error('disk I/O error'));
    const response = await callApp(
      handlerFor(store, { appOrigins: ['https://a.example'] }).app,
      get({ origin: 'https://a.example' }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // The app, on another origin, can still read why.
    expect(response.headers.get('access-control-allow-origin')).toBe('https://a.example');
    const body = JSON.parse(bodyText(response)) as { error: string };
    expect(body.error).toMatch(/could not be read/);
    expect(body.error).not.toContain('disk I/O'); // internals go to the log, not to visitors
  });

  it('answers 503 after 5 s, not never, when the store does not answer', async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    store.revision = () => new Promise<string>(() => undefined);
    const handler = handlerFor(store);
    let response: AppAnswer | undefined;
    void callApp(handler.app, get()).then((r) => (response = r));
    await vi.advanceTimersByTimeAsync(4900);
    expect(response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    if (!response) throw new Error('no response after 5 s');
    expect(response.status).toBe(503);
    expect(JSON.parse(bodyText(response)).error).toMatch(/did not answer within 5 s/);
  });

  it('answers the list served until a change while the changed one is read and compressed', async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    const handler = handlerFor(store);
    const first = await callApp(handler.app, get({ 'Accept-Encoding': 'br' }));
    // A change whose list takes a second to read (10,000 items on the embedded database).
    store.rev = '2';
    let release: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (release = resolve));
    const list = store.listNodes;
    store.listNodes = async () => {
      await reading;
      return list();
    };
    let during: AppAnswer | undefined;
    void callApp(handler.app, get({ 'Accept-Encoding': 'br' })).then((r) => (during = r));
    await vi.advanceTimersByTimeAsync(300);
    expect(during?.status).toBe(200);
    expect(during?.headers.get('etag')).toBe(first.headers.get('etag'));
    release();
    await vi.advanceTimersByTimeAsync(10);
    const after = await callApp(handler.app, get({ 'Accept-Encoding': 'br' }));
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('answers 503 within a shorter configured timeout', async () => {
    const store = fakeStore();
    store.listNodes = () => new Promise<unknown[]>(() => undefined);
    const started = Date.now();
    const response = await callApp(handlerFor(store, { timeoutMs: 50 }).app, get());
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('explains a failed open and retries opening on a later request', async () => {
    const store = fakeStore();
    let attempts = 0;
    const handler = createNodesHandler({
      openStore: () => {
        attempts++;
        return attempts === 1
          ? Promise.reject(new Error('The nodes database in "data/nodes" could not be opened'))
          : Promise.resolve(store);
      },
      retryOpenAfterMs: 0,
      log: () => undefined,
    });
    const failed = await callApp(handler.app, get());
    expect(failed.status).toBe(503);
    expect(JSON.parse(bodyText(failed)).error).toContain('data/nodes');
    const recovered = await callApp(handler.app, get());
    expect(recovered.status).toBe(200);
    expect(attempts).toBe(2);
  });

  it('does not reopen a failed store on every request of a burst', async () => {
    let attempts = 0;
    const handler = createNodesHandler({
      openStore: () => {
        attempts++;
        return Promise.reject(new Error('broken'));
      },
      log: () => undefined,
    });
    const responses = await Promise.all([1, 2, 3].map(() => callApp(handler.app, get())));
    await callApp(handler.app, get());
    expect(responses.map((r) => r.status)).toEqual([503, 503, 503]);
    expect(attempts).toBe(1);
  });

  it('reopens the store after a query failed (a crashed database stays crashed)', async () => {
    const broken = fakeStore();
    broken.revision = () => Promise.reject(new Error('RuntimeError: Aborted()'));
    const healthy = fakeStore();
    const stores = [broken, healthy];
    const handler = createNodesHandler({
      openStore: () => Promise.resolve(stores.shift() ?? healthy),
      retryOpenAfterMs: 0,
      log: () => undefined,
    });
    expect((await callApp(handler.app, get())).status).toBe(503);
    expect((await callApp(handler.app, get())).status).toBe(200);
    expect(broken.closed).toBe(true);
  });

  it('closes its store on close and refuses requests afterwards', async () => {
    const store = fakeStore();
    const handler = handlerFor(store);
    expect((await handler.warmUp()).ok).toBe(true);
    await handler.close();
    expect(store.closed).toBe(true);
    expect((await callApp(handler.app, get())).status).toBe(503);
  });
});
