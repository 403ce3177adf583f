import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodesHandler, type NodesHandlerOptions } from '../../../server/nodesHandler';
import type { ServiceRequest, ServiceResponse } from '../../../server/serviceTypes';
import type { NodeStore } from '../../../server/storage/nodeStore';

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

function get(headers: Record<string, string> = {}, method = 'GET'): ServiceRequest {
  return { method, path: '/nodes', headers };
}

function bodyText(response: ServiceResponse): string {
  const raw = typeof response.body === 'string' ? Buffer.from(response.body) : response.body;
  const coding = response.headers['Content-Encoding'];
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
    const response = await handler.handle(get());
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(response.headers['Cache-Control']).toBe('no-cache');
    expect(JSON.parse(bodyText(response))).toEqual(NODES);
    expect(Number(response.headers['Content-Length'])).toBe(Buffer.byteLength(bodyText(response)));
  });

  it('keeps malformed entries: the client decides what to show', async () => {
    const raw = [{ video_id: 'ok', lat: 1, lng: 2 }, { title: 'no id or position' }, 'not a node'];
    const response = await handlerFor(fakeStore(raw)).handle(get());
    expect(JSON.parse(bodyText(response))).toEqual(raw);
  });

  it('answers 304 to a client holding the current list, and 200 once the data changes', async () => {
    const store = fakeStore();
    const handler = handlerFor(store);
    const first = await handler.handle(get());
    const etag = first.headers.ETag ?? '';
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/ prefix

    const again = await handler.handle(get({ 'If-None-Match': etag }));
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.ETag).toBe(etag);

    store.nodes = [...NODES, { video_id: 'new', lat: 0, lng: 0 }];
    store.rev = '2';
    const changed = await handler.handle(get({ 'If-None-Match': etag }));
    expect(changed.status).toBe(200);
    expect(changed.headers.ETag).not.toBe(etag);
    expect(JSON.parse(bodyText(changed))).toHaveLength(NODES.length + 1);
  });

  it('gives different content the same revision a different ETag (a recreated database)', async () => {
    const a = await handlerFor(fakeStore(NODES, '1')).handle(get());
    const b = await handlerFor(fakeStore(NODES.slice(1), '1')).handle(get());
    expect(a.headers.ETag).not.toBe(b.headers.ETag);
  });

  it('negotiates brotli or gzip, decodable to the same list, with Vary: Accept-Encoding', async () => {
    const handler = handlerFor(fakeStore());
    const br = await handler.handle(get({ 'accept-encoding': 'gzip, deflate, br' }));
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(JSON.parse(bodyText(br))).toEqual(NODES);
    const gzip = await handler.handle(get({ 'accept-encoding': 'gzip;q=1, br;q=0' }));
    expect(gzip.headers['Content-Encoding']).toBe('gzip');
    expect(JSON.parse(bodyText(gzip))).toEqual(NODES);
    const plain = await handler.handle(get());
    expect(plain.headers['Content-Encoding']).toBeUndefined();
    for (const response of [br, gzip, plain]) {
      expect(response.headers.Vary).toContain('Accept-Encoding');
    }
    expect((br.body as Buffer).length).toBeLessThan((plain.body as Buffer).length / 2);
    // Each coding is its own representation, and any of them proves the client is current.
    expect(new Set([br.headers.ETag, gzip.headers.ETag, plain.headers.ETag]).size).toBe(3);
    const revalidated = await handler.handle(get({ 'if-none-match': gzip.headers.ETag ?? '' }));
    expect(revalidated.status).toBe(304);
  });

  it('reads and compresses once per revision, not per request', async () => {
    const store = fakeStore();
    const handler = handlerFor(store);
    const first = await handler.handle(get({ 'accept-encoding': 'br' }));
    const second = await handler.handle(get({ 'accept-encoding': 'br' }));
    expect(second.body).toBe(first.body); // the very same cached buffer
    await Promise.all([handler.handle(get()), handler.handle(get())]);
    expect(store.listCalls).toBe(1);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const handler = handlerFor(fakeStore());
    const getResponse = await handler.handle(get({ 'accept-encoding': 'gzip' }));
    const head = await handler.handle(get({ 'accept-encoding': 'gzip' }, 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['Content-Length']).toBe(getResponse.headers['Content-Length']);
    expect(head.headers.ETag).toBe(getResponse.headers.ETag);
  });

  it('refuses other methods with 405 and Allow', async () => {
    const response = await handlerFor(fakeStore()).handle(get({}, 'POST'));
    expect(response.status).toBe(405);
    expect(response.headers.Allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(bodyText(response))).toHaveProperty('error');
  });

  it('answers 404 for other paths', async () => {
    const response = await handlerFor(fakeStore()).handle({ ...get(), path: '/users' });
    expect(response.status).toBe(404);
  });
});

describe('CORS', () => {
  const origins = ['https://archive.example.org', 'http://localhost:5173'];

  it('lets a configured app origin read the list', async () => {
    const handler = handlerFor(fakeStore(), { appOrigins: origins });
    const response = await handler.handle(get({ origin: 'http://localhost:5173' }));
    expect(response.headers['Access-Control-Allow-Origin']).toBe('http://localhost:5173');
    expect(response.headers.Vary).toContain('Origin');
  });

  it('does not let another origin read it', async () => {
    const handler = handlerFor(fakeStore(), { appOrigins: origins });
    const response = await handler.handle(get({ origin: 'https://evil.example.com' }));
    expect(response.status).toBe(200);
    expect(response.headers['Access-Control-Allow-Origin']).toBeUndefined();
    expect(response.headers.Vary).toContain('Origin');
  });

  it('answers a preflight with 204 and the allowed methods, only for allowed origins', async () => {
    const handler = handlerFor(fakeStore(), { appOrigins: origins });
    const allowed = await handler.handle(
      get(
        { origin: 'https://archive.example.org', 'access-control-request-method': 'GET' },
        'OPTIONS',
      ),
    );
    expect(allowed.status).toBe(204);
    expect(allowed.headers['Access-Control-Allow-Origin']).toBe('https://archive.example.org');
    expect(allowed.headers['Access-Control-Allow-Methods']).toContain('GET');
    const denied = await handler.handle(get({ origin: 'https://evil.example.com' }, 'OPTIONS'));
    expect(denied.status).toBe(204);
    expect(denied.headers['Access-Control-Allow-Origin']).toBeUndefined();
    expect(denied.headers['Access-Control-Allow-Methods']).toBeUndefined();
  });

  it('allows any origin with *', async () => {
    const handler = handlerFor(fakeStore(), { appOrigins: ['*'] });
    const response = await handler.handle(get({ origin: 'https://anyone.example' }));
    expect(response.headers['Access-Control-Allow-Origin']).toBe('*');
  });

  it('sends no CORS headers when no origin is configured (same-origin app)', async () => {
    const response = await handlerFor(fakeStore()).handle(get({ origin: 'https://x.example' }));
    expect(response.headers['Access-Control-Allow-Origin']).toBeUndefined();
  });
});

describe('when the store is unavailable', () => {
  it('answers 503 with a JSON error and Retry-After when a query throws', async () => {
    const store = fakeStore();
    store.listNodes = () => Promise.reject(new Error('disk I/O error'));
    const response = await handlerFor(store, { appOrigins: ['https://a.example'] }).handle(
      get({ origin: 'https://a.example' }),
    );
    expect(response.status).toBe(503);
    expect(response.headers['Retry-After']).toMatch(/^\d+$/);
    expect(response.headers['Cache-Control']).toBe('no-store');
    // The app, on another origin, can still read why.
    expect(response.headers['Access-Control-Allow-Origin']).toBe('https://a.example');
    const body = JSON.parse(bodyText(response)) as { error: string };
    expect(body.error).toMatch(/could not be read/);
    expect(body.error).not.toContain('disk I/O'); // internals go to the log, not to visitors
  });

  it('answers 503 after 5 s, not never, when the store does not answer', async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    store.revision = () => new Promise<string>(() => undefined);
    const handler = handlerFor(store);
    let response: ServiceResponse | undefined;
    void handler.handle(get()).then((r) => (response = r));
    await vi.advanceTimersByTimeAsync(4900);
    expect(response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    if (!response) throw new Error('no response after 5 s');
    expect(response.status).toBe(503);
    expect(JSON.parse(bodyText(response)).error).toMatch(/did not answer within 5 s/);
  });

  it('answers 503 within a shorter configured timeout', async () => {
    const store = fakeStore();
    store.listNodes = () => new Promise<unknown[]>(() => undefined);
    const started = Date.now();
    const response = await handlerFor(store, { timeoutMs: 50 }).handle(get());
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
    const failed = await handler.handle(get());
    expect(failed.status).toBe(503);
    expect(JSON.parse(bodyText(failed)).error).toContain('data/nodes');
    const recovered = await handler.handle(get());
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
    const responses = await Promise.all([1, 2, 3].map(() => handler.handle(get())));
    await handler.handle(get());
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
    expect((await handler.handle(get())).status).toBe(503);
    expect((await handler.handle(get())).status).toBe(200);
    expect(broken.closed).toBe(true);
  });

  it('closes its store on close and refuses requests afterwards', async () => {
    const store = fakeStore();
    const handler = handlerFor(store);
    expect((await handler.warmUp()).ok).toBe(true);
    await handler.close();
    expect(store.closed).toBe(true);
    expect((await handler.handle(get())).status).toBe(503);
  });
});
