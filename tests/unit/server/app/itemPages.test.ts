/**
 * An item's page on the Node server (issue 45): a search engine must see a 404, not a soft one,
 * for an id the archive does not show (unknown, deleted, hidden on a removal request), with the
 * app's own document so the app says "Item not found"; an item under the other type's path is
 * sent to its one address; and an archive that cannot be read in time delists nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_NO_PROXY } from '../../../../server/app/clientAddress';
import { createSiteListener } from '../../../../server/app/nodeSite';
import { createStaticFiles } from '../../../../server/app/staticFiles';
import { createNodesHandler, type NodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';

const INDEX = readFileSync(new URL('../../../../index.html', import.meta.url), 'utf8');
const SEED = [
  { video_id: 'porch', title: 'On the porch', lat: 38.6, lng: -90.3 },
  { video_id: 'street', title: 'Page Avenue', lat: 38.7, lng: -90.2 },
  { video_id: 'asked-off', title: 'A family at home', lat: 38.7, lng: -90.2 },
  { video_id: 'roofs', type: 'gallery', title: 'Roofs', lat: 38.6, lng: -90.2 },
];

const temp = mkdtempSync(join(tmpdir(), 'globe-item-pages-'));
const servers: Server[] = [];

/** A Node site over `handler`'s archive, serving the app's document from a built folder. */
async function site(handler: NodesHandler, waitMs = 2000): Promise<string> {
  const server = createServer(
    createSiteListener({
      api: handler.app,
      staticFiles: createStaticFiles(temp),
      identity: null,
      csp: "default-src 'self'",
      log: () => undefined,
      uploadsFolder: null,
      trustProxy: TRUST_NO_PROXY,
      sharedItem: (id) => handler.sharedItem(id, waitMs),
      siteUrl: () => 'https://archive.example.org',
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const store = createMemoryStore(SEED);
const handler = createNodesHandler({ openStore: async () => store });
let url: string;

beforeAll(async () => {
  writeFileSync(join(temp, 'index.html'), INDEX);
  url = await site(handler);
});

afterAll(async () => {
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
  await handler.close();
  rmSync(temp, { recursive: true, force: true });
});

describe("an item's page", () => {
  it('names a published item, with 200', async () => {
    const res = await fetch(`${url}/video/porch`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>On the porch · Globe Archive</title>');
  });

  it("answers an unknown id with 404 and the app's own document, where the app says not found", async () => {
    for (const path of ['/video/no-such-id', '/gallery/no-such-id', '/video/caf%C3%A9/']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'self'");
      expect(await res.text(), path).toBe(INDEX);
    }
    const head = await fetch(`${url}/video/no-such-id`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('compresses the 404 document as any other', async () => {
    const { get } = await import('node:http');
    const answer = await new Promise<{ status?: number; encoding?: string; body: Buffer }>(
      (resolve) =>
        get(`${url}/video/no-such-id`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (chunk: Buffer) => chunks.push(chunk));
          r.on('end', () =>
            resolve({
              status: r.statusCode,
              encoding: r.headers['content-encoding'],
              body: Buffer.concat(chunks),
            }),
          );
        }),
    );
    expect(answer.status).toBe(404);
    expect(answer.encoding).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(INDEX);
  });

  it('answers 404 once an item is deleted, or hidden on a removal request', async () => {
    expect((await fetch(`${url}/video/street`)).status).toBe(200);
    await store.deleteNode('street', 1, 'alice');
    const deleted = await fetch(`${url}/video/street`);
    expect(deleted.status).toBe(404);
    expect(await deleted.text()).toBe(INDEX);

    expect((await fetch(`${url}/video/asked-off`)).status).toBe(200);
    const request = await store.addRemovalRequest({
      node_id: 'asked-off',
      reason: 'me-or-family',
      message: 'My family is in this video.',
      email: 'parent@example.org',
    });
    await store.hideForRemovalRequest(request.id, 'alice', 'Hidden at their request.');
    const hidden = await fetch(`${url}/video/asked-off`);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).toBe(INDEX);
  });

  it("sends an item under the other type's path to its own address, asked again each time", async () => {
    const wrong = await fetch(`${url}/gallery/porch?category=homes&type=video`, {
      redirect: 'manual',
    });
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get('location')).toBe('/video/porch?category=homes&type=video');
    expect(wrong.headers.get('cache-control')).toBe('no-cache');
    const gallery = await fetch(`${url}/video/roofs`, { redirect: 'manual' });
    expect(gallery.status).toBe(301);
    expect(gallery.headers.get('location')).toBe('/gallery/roofs');
  });

  it('leaves a category the archive does not have to the app (an empty filter, not a missing page)', async () => {
    const res = await fetch(`${url}/category/no-such-category`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });

  it('sends the document as built, with 200, when the archive cannot be read in time', async () => {
    // A store that never opens: the page cannot know whether the item exists.
    const stalled = createNodesHandler({ openStore: () => new Promise(() => undefined) });
    const slowUrl = await site(stalled, 50);
    for (const path of ['/video/porch', '/video/no-such-id', '/gallery/porch']) {
      const res = await fetch(`${slowUrl}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(INDEX);
    }
  });
});
