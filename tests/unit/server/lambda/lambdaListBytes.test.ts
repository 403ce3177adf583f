/**
 * The list on Lambda (issue 45): its cached bytes go into the result as base64 (or as text, for
 * the identity body) encoded once per revision and coding, not copied out of the response and
 * base64'd a character at a time on every invocation as Hono's adapter does.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bufferOf } from '../../../../server/app/appEnv';
import {
  createApiGatewayHandler,
  type HttpApiEvent,
  type RestApiEvent,
} from '../../../../server/lambda/apiGatewayEvent';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';

const NODES = Array.from({ length: 60 }, (_, i) => ({
  video_id: `clip-${i}`,
  title: `Clip ${i} from North City`,
  lat: 38.6,
  lng: -90.2,
}));

function httpEvent(headers: Record<string, string>, method = 'GET'): HttpApiEvent {
  return {
    version: '2.0',
    rawPath: '/prod/nodes',
    rawQueryString: '',
    headers,
    requestContext: { http: { method, sourceIp: '203.0.113.9' }, stage: 'prod' },
  };
}

function restEvent(headers: Record<string, string>): RestApiEvent {
  return {
    httpMethod: 'GET',
    path: '/nodes',
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    requestContext: { stage: 'prod', identity: { sourceIp: '203.0.113.9' } },
  };
}

function service() {
  const store = createMemoryStore(NODES);
  const nodes = createNodesHandler({
    openStore: () => Promise.resolve(store),
    log: () => undefined,
  });
  return { store, nodes, lambda: createApiGatewayHandler(nodes.app, () => undefined) };
}

/** The buffer the list keeps for a coding (the very one every answer of it is made from). */
async function listBuffer(nodes: ReturnType<typeof service>['nodes'], coding: string) {
  const response = await nodes.app.request('/nodes', { headers: { 'accept-encoding': coding } });
  const buffer = bufferOf(response);
  if (!buffer) throw new Error('the list was not answered from its buffer');
  return buffer;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the list on Lambda', () => {
  it('answers the cached Brotli bytes as base64, encoded once for every invocation', async () => {
    const { nodes, lambda } = service();
    const br = await listBuffer(nodes, 'br');
    const toString = vi.spyOn(Buffer.prototype, 'toString');
    const btoa = vi.spyOn(globalThis, 'btoa');

    const results = [
      await lambda(httpEvent({ 'accept-encoding': 'br' })),
      await lambda(httpEvent({ 'accept-encoding': 'br' })),
      await lambda(restEvent({ 'Accept-Encoding': 'br' })),
    ];
    for (const result of results) {
      expect(result.statusCode).toBe(200);
      expect(result.isBase64Encoded).toBe(true);
      expect(result.headers['Content-Encoding']).toBe('br');
      expect(result.headers['Content-Length']).toBe(String(br.length));
      expect(result.body).toBe(br.toString('base64'));
    }
    const encodings = toString.mock.calls.filter(
      ([encoding], i) => encoding === 'base64' && toString.mock.contexts[i] === br,
    );
    // Once for the three invocations (and once more for this test's own comparison).
    expect(encodings.length).toBe(1 + results.length);
    // Hono's adapter is handed an empty body: nothing of the list is base64'd by it.
    expect(btoa.mock.calls.map(([text]) => text)).toEqual(results.map(() => ''));
    const list = JSON.parse(
      brotliDecompressSync(Buffer.from(results[0]?.body ?? '', 'base64')).toString(),
    );
    expect(list).toHaveLength(NODES.length);
  });

  it('answers the identity body as text, decoded once, and a new revision anew', async () => {
    const { nodes, lambda, store } = service();
    const identity = await listBuffer(nodes, 'identity');
    const toString = vi.spyOn(Buffer.prototype, 'toString');
    const first = await lambda(httpEvent({}));
    const second = await lambda(httpEvent({}));
    expect(first.isBase64Encoded).toBe(false);
    expect(JSON.parse(first.body)).toHaveLength(NODES.length);
    expect(second.body).toBe(first.body);
    const decodings = toString.mock.contexts.filter((context) => context === identity);
    expect(decodings.length).toBe(1);

    await store.createNode({ video_id: 'new-clip', title: 'New', lat: 1, lng: 2 }, 'editor');
    const changed = await lambda(httpEvent({ 'accept-encoding': 'br' }));
    expect(changed.headers.ETag).not.toBe(first.headers.ETag);
    const list = JSON.parse(brotliDecompressSync(Buffer.from(changed.body, 'base64')).toString());
    expect(list).toHaveLength(NODES.length + 1);
  });

  it('answers HEAD and 304 without a body', async () => {
    const { lambda } = service();
    const full = await lambda(httpEvent({ 'accept-encoding': 'br' }));
    const head = await lambda(httpEvent({ 'accept-encoding': 'br' }, 'HEAD'));
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.isBase64Encoded).toBe(false);
    const notModified = await lambda(
      httpEvent({ 'accept-encoding': 'br', 'if-none-match': full.headers.ETag ?? '' }),
    );
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });
});
