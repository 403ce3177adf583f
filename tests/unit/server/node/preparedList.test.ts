/**
 * The list at the speed of its bytes on the Node server (issue 45): the application's answer to a
 * GET of `/api/nodes` is kept whole per revision, coding, validator and origin grant, and later
 * requests that would get the same answer are sent it without running the application, with the
 * very same headers and bytes; anything else, and a changed archive, goes through it.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRUST_NO_PROXY } from '../../../../server/app/clientAddress';
import { createSiteListener } from '../../../../server/app/nodeSite';
import { createNodesHandler, type NodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import type { EditableNodeStore } from '../../../../server/storage/nodeStore';

const APP_ORIGIN = 'https://app.example';
/** Enough nodes that the list is compressed. */
const NODES = Array.from({ length: 60 }, (_, i) => ({
  video_id: `clip-${i}`,
  title: `Clip ${i} from North City`,
  lat: 38.6 + i / 100,
  lng: -90.2,
}));

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers the socket adds on its own, not the application. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive']);

interface Site {
  store: EditableNodeStore;
  nodes: NodesHandler;
  /** How often the application ran. */
  appRuns: () => number;
  get(path: string, headers?: Record<string, string>, method?: string): Promise<Answer>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((done) => server.close(() => done(null)))),
  );
});

async function site(): Promise<Site> {
  const store = createMemoryStore(NODES);
  const nodes = createNodesHandler({
    openStore: () => Promise.resolve(store),
    appOrigins: [APP_ORIGIN],
    log: () => undefined,
  });
  const fetch = vi.spyOn(nodes.app, 'fetch');
  const server = createServer(
    createSiteListener({
      api: nodes.app,
      staticFiles: null,
      identity: null,
      csp: "default-src 'self'",
      log: () => undefined,
      uploadsFolder: null,
      trustProxy: TRUST_NO_PROXY,
      preparedAnswers: nodes.listAnswers,
    }),
  );
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    store,
    nodes,
    appRuns: () => fetch.mock.calls.length,
    get: (path, headers = {}, method = 'GET') =>
      new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const kept: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) {
              if (value !== undefined && !CONNECTION_HEADERS.has(name)) kept[name] = String(value);
            }
            resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
          });
        })
          .on('error', reject)
          .end();
      }),
  };
}

const BR = { 'accept-encoding': 'br' };

describe('the list on the Node server', () => {
  it('answers a repeated GET from the kept answer: the same headers and bytes, without the application', async () => {
    const { get, appRuns } = await site();
    const first = await get('/api/nodes', BR);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(appRuns()).toBe(1);

    const again = await get('/api/nodes', BR);
    const third = await get('/api/nodes', BR);
    expect(appRuns()).toBe(1);
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    // The application's security headers are among the kept ones.
    expect(again.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(again.headers.vary).toBe('Accept-Encoding, Origin');
  });

  it('keeps the 304 of a validating client too, and the answer of each coding apart', async () => {
    const { get, appRuns } = await site();
    const br = await get('/api/nodes', BR);
    const validating = { ...BR, 'if-none-match': br.headers.etag ?? '' };
    const notModified = await get('/api/nodes', validating);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(await get('/api/nodes', validating)).toEqual(notModified);
    expect(appRuns()).toBe(2);

    const gzip = await get('/api/nodes', { 'accept-encoding': 'gzip' });
    const identity = await get('/api/nodes');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString())).toHaveLength(NODES.length);
    expect(appRuns()).toBe(4);
    expect(await get('/api/nodes', { 'accept-encoding': 'gzip' })).toEqual(gzip);
    expect(await get('/api/nodes')).toEqual(identity);
    expect(appRuns()).toBe(4);
  });

  it('keeps one answer per CORS grant: the app origin is granted, any other origin is not', async () => {
    const { get, appRuns } = await site();
    const granted = await get('/api/nodes', { ...BR, origin: APP_ORIGIN });
    expect(granted.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(await get('/api/nodes', { ...BR, origin: APP_ORIGIN })).toEqual(granted);

    const none = await get('/api/nodes', BR);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    expect(appRuns()).toBe(2);
    // Other origins get the answer without a grant, kept once for all of them however many come.
    for (let i = 0; i < 5; i++) {
      const other = await get('/api/nodes', { ...BR, origin: `https://other-${i}.example` });
      expect(other).toEqual(none);
    }
    expect(appRuns()).toBe(2);
  });

  it('answers a change to the archive at once, and keeps the new answer', async () => {
    const { get, appRuns, store } = await site();
    const before = await get('/api/nodes', BR);
    await get('/api/nodes', BR);
    await store.createNode({ video_id: 'new-clip', title: 'New', lat: 38.7, lng: -90.3 }, 'ed');

    const after = await get('/api/nodes', BR);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(appRuns()).toBe(2);
    // A client holding the old list gets the new one: the kept answer of the new revision.
    const stale = await get('/api/nodes', { ...BR, 'if-none-match': before.headers.etag ?? '' });
    expect(stale).toEqual(after);
    expect(await get('/api/nodes', BR)).toEqual(after);
    expect(appRuns()).toBe(2);
  });

  it('runs the application for a HEAD, a query string, a trailing slash and other paths', async () => {
    const { get, appRuns } = await site();
    await get('/api/nodes', BR);
    await get('/api/nodes', BR);
    expect(appRuns()).toBe(1);
    const head = await get('/api/nodes', BR, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    await get('/api/nodes?fresh=1', BR);
    await get('/api/nodes/', BR);
    expect((await get('/api/nodes/journal', BR)).status).toBe(404);
    expect(appRuns()).toBe(5);
    // The HEAD's answer was not kept as the GET's.
    expect((await get('/api/nodes', BR)).body.length).toBeGreaterThan(0);
  });

  it('sends nothing kept once the store is closed: the application answers 503', async () => {
    const { get, nodes } = await site();
    await get('/api/nodes', BR);
    await nodes.close();
    const closed = await get('/api/nodes', BR);
    expect(closed.status).toBe(503);
  });
});
