/**
 * The Lambda adapter over a nodes handler with an editable memory store and the test pool: what
 * the local server gives the handler (path below the mount, body, query, client), API Gateway's
 * events must give it too, in both payload formats.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@/lib/submissionSchema';
import {
  createApiGatewayHandler,
  servicePath,
  type ApiGatewayEvent,
  type ApiGatewayResult,
  type HttpApiEvent,
  type RestApiEvent,
} from '../../../../server/lambda/apiGatewayEvent';
import type { AppEnv } from '../../../../server/app/appEnv';
import { MAX_JSON_BODY_BYTES as MAX_WRITE_BODY_BYTES } from '../../../../server/app/validation';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import { rootsOf } from '../../../../server/app/serviceApp';
import { PHOTO_TOO_LARGE } from '../../../../server/routes/uploads';
import {
  accessToken,
  APP,
  makeKeys,
  poolVerifier,
  type TestKeys,
} from '../support/communityHarness';
import { cameraJpeg } from '../support/photoFixtures';

const NODES = Array.from({ length: 30 }, (_, i) => ({
  video_id: `v${i}`,
  title: `Video ${i} about the recovery`,
  lat: 38.6,
  lng: -90.2,
}));
const NEW_NODE = {
  video_id: 'fresh',
  title: 'Fresh',
  youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  lat: 38.7,
  lng: -90.3,
};

let keys: TestKeys;
let token: string;
const folder = mkdtempSync(join(tmpdir(), 'globe-apigw-'));
beforeAll(async () => {
  keys = await makeKeys();
  token = await accessToken(keys);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A fresh service: its own store, and the requests the handler was given. */
/** A request as the application was given it. */
interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  query: string;
  body?: Buffer;
  clientAddress?: string;
}

function service() {
  const seen: SeenRequest[] = [];
  const nodes = createNodesHandler({
    openStore: () => Promise.resolve(createMemoryStore(NODES)),
    appOrigins: [APP],
    log: () => undefined,
    verifyEditor: poolVerifier(keys.jwk),
    media: createFolderStorage({ dir: folder }),
  });
  // What the application is given, recorded before its own middleware sees it.
  const recorder = new Hono<AppEnv>();
  recorder.use(async (c, next) => {
    const url = new URL(c.req.url);
    const body = Buffer.from(await c.req.arrayBuffer());
    const request: SeenRequest = {
      method: c.req.method,
      path: url.pathname,
      headers: Object.fromEntries(c.req.raw.headers),
      query: url.search.slice(1),
      ...(body.length > 0 ? { body } : {}),
    };
    seen.push(request);
    await next();
    request.clientAddress = c.get('client');
  });
  recorder.route('/', nodes.app);
  const handler = createApiGatewayHandler(recorder);
  return { handler, seen, app: nodes.app };
}

interface EventOptions {
  body?: string | Buffer;
  base64?: boolean;
  query?: string;
  headers?: Record<string, string>;
  sourceIp?: string;
  stage?: string;
}

/** An HTTP API (2.0) event; a Buffer body is sent base64, as API Gateway sends binary bodies. */
function httpEvent(method: string, rawPath: string, options: EventOptions = {}): HttpApiEvent {
  const { body, query = '', headers = {}, sourceIp = '203.0.113.9', stage = '$default' } = options;
  const base64 = options.base64 ?? Buffer.isBuffer(body);
  return {
    version: '2.0',
    rawPath,
    rawQueryString: query,
    headers,
    requestContext: { http: { method, sourceIp }, stage },
    ...(body === undefined
      ? {}
      : {
          body: base64 ? Buffer.from(body).toString('base64') : body.toString(),
          isBase64Encoded: base64,
        }),
  };
}

const auth = () => ({ authorization: `Bearer ${token}` });
const json = (result: ApiGatewayResult): unknown =>
  JSON.parse(result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString() : result.body);

describe('servicePath', () => {
  const routes = [
    '/nodes',
    '/nodes/',
    '/nodes/v1',
    '/nodes/v1/restore',
    '/nodes/journal',
    '/uploads',
    '/submissions',
    '/submissions/abc',
    '/submissions/abc/approve',
    '/submissions/abc/reject',
    '/messages',
  ];
  // The first segments the application answers, read from its routes (none is listed by hand).
  const roots = () => rootsOf(service().app);
  it('knows the roots from the routes', () => {
    expect([...roots()].sort()).toEqual([
      'captures',
      'exports',
      'iiif',
      'imports',
      'messages',
      'nodes',
      'oai',
      'open-data',
      'removal-requests',
      'robots.txt',
      'sitemap.xml',
      'stories',
      'submissions',
      'uploads',
    ]);
  });

  it.each(['', '/prod', '/api', '/prod/api', '/v1/archive'])('strips the prefix "%s"', (prefix) => {
    for (const route of routes) expect(servicePath(`${prefix}${route}`, roots())).toBe(route);
  });

  it('strips an HTTP API stage named like a route, and keeps ids named like routes', () => {
    expect(servicePath('/nodes/nodes/v1', roots(), 'nodes')).toBe('/nodes/v1');
    expect(servicePath('/prod/nodes/messages', roots(), 'prod')).toBe('/nodes/messages');
    expect(servicePath('/prod', roots(), 'prod')).toBe('/');
    expect(servicePath('/prod/elsewhere', roots())).toBe('/prod/elsewhere');
  });
});

describe('createApiGatewayHandler', () => {
  it('routes every path the local server serves below /api, behind a stage and a base path', async () => {
    const { handler } = service();
    const paths = ['/nodes', '/nodes/v1', '/nodes/v1/restore', '/nodes/journal', '/uploads'];
    paths.push('/submissions', '/submissions/abc', '/submissions/abc/approve', '/messages');
    for (const path of paths) {
      const event = httpEvent('OPTIONS', `/prod/api${path}`, { stage: 'prod' });
      const result = await handler(event);
      expect(result.statusCode, path).toBe(204);
      expect(result.headers.Allow, path).toMatch(/OPTIONS/);
    }
    expect((await handler(httpEvent('GET', '/prod/api/other'))).statusCode).toBe(404);
  });

  it('forwards the body and the query: an editor creates a node and reads the journal', async () => {
    const { handler, seen } = service();
    const created = await handler(
      httpEvent('POST', '/prod/nodes', { body: JSON.stringify(NEW_NODE), headers: auth() }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(json(created)).toMatchObject({ node: { video_id: 'fresh' }, version: 1 });
    // A JSON body API Gateway chose to send base64 (a content type it took for binary).
    const other = { ...NEW_NODE, video_id: 'other' };
    const encoded = await handler(
      httpEvent('POST', '/nodes', { body: JSON.stringify(other), base64: true, headers: auth() }),
    );
    expect(encoded.statusCode, encoded.body).toBe(201);
    expect(seen[1]?.body).toEqual(Buffer.from(JSON.stringify(other)));

    const journal = await handler(
      httpEvent('GET', '/prod/nodes/journal', { query: 'nodeId=fresh&limit=5', headers: auth() }),
    );
    expect(journal.statusCode).toBe(200);
    expect((json(journal) as { entries: { nodeId: string }[] }).entries).toEqual([
      expect.objectContaining({ nodeId: 'fresh', action: 'create' }),
    ]);
    const list = json(await handler(httpEvent('GET', '/nodes'))) as { video_id: string }[];
    expect(list.map((node) => node.video_id)).toContain('other');
  });

  it('reads REST API (1.0) events: method, path, multi-value query and headers, source IP', async () => {
    const { handler, seen } = service();
    const rest = (event: Partial<RestApiEvent>): RestApiEvent => ({
      httpMethod: 'GET',
      path: '/api/nodes',
      requestContext: { stage: 'prod', identity: { sourceIp: '198.51.100.4' } },
      ...event,
    });
    const created = await handler(
      rest({
        httpMethod: 'POST',
        path: '/api/nodes',
        multiValueHeaders: { Authorization: [`Bearer ${token}`] },
        body: Buffer.from(JSON.stringify(NEW_NODE)).toString('base64'),
        isBase64Encoded: true,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const journal = await handler(
      rest({
        path: '/api/nodes/journal',
        headers: auth(),
        multiValueQueryStringParameters: { limit: ['1'], nodeId: ['fresh'] },
      }),
    );
    expect(journal.statusCode).toBe(200);
    expect(seen[1]).toMatchObject({ path: '/nodes/journal', clientAddress: '198.51.100.4' });
    expect(new URLSearchParams(seen[1]?.query).get('nodeId')).toBe('fresh');
  });

  it('answers TRACE and its kin 501 in either format, never a 500', async () => {
    const { handler } = service();
    const log: string[] = [];
    const quiet = createApiGatewayHandler(service().app, (line) => log.push(line));
    for (const method of ['TRACE', 'TRACK', 'CONNECT']) {
      for (const result of [
        await handler(httpEvent(method, '/prod/nodes')),
        await quiet({ httpMethod: method, path: '/api/nodes', requestContext: { stage: 'prod' } }),
      ]) {
        expect(result.statusCode, method).toBe(501);
        expect(json(result)).toEqual({ error: `${method} is not supported by this service.` });
      }
    }
    expect(log).toEqual([]);
  });

  it('refuses writes without a token with 401, as the local server does', async () => {
    const { handler } = service();
    const writes: [string, string][] = [
      ['POST', '/prod/nodes'],
      ['PUT', '/prod/nodes/v1'],
      ['DELETE', '/prod/nodes/v1'],
      ['POST', '/prod/nodes/v1/restore'],
      ['GET', '/prod/submissions'],
      ['GET', '/prod/messages'],
    ];
    for (const [method, path] of writes) {
      const result = await handler(httpEvent(method, path, { body: JSON.stringify(NEW_NODE) }));
      expect(result.statusCode, `${method} ${path}`).toBe(401);
      expect(result.headers['WWW-Authenticate']).toBe('Bearer');
    }
  });

  it('answers 413 with the service words for bodies over the limits, decoding little of them', async () => {
    const { handler, seen } = service();
    const big = JSON.stringify({ ...NEW_NODE, title: 'x'.repeat(MAX_WRITE_BODY_BYTES) });
    const json413 = await handler(
      httpEvent('POST', '/nodes', { body: big, base64: true, headers: auth() }),
    );
    expect(json413.statusCode).toBe(413);
    expect(json(json413)).toEqual({ error: 'The item is too large: at most 64 KB of JSON.' });

    const photo = Buffer.alloc(UPLOAD_MAX_BYTES + 1024 * 1024, 0xff);
    const photo413 = await handler(httpEvent('POST', '/prod/uploads', { body: photo }));
    expect(photo413.statusCode).toBe(413);
    expect(json(photo413)).toEqual({ error: PHOTO_TOO_LARGE });
    const given = seen.at(-1)?.body;
    expect(given?.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    expect(given?.length).toBeLessThanOrEqual(UPLOAD_MAX_BYTES + 3);
  });

  it('takes a photo sent base64', async () => {
    const { handler } = service();
    const result = await handler(
      httpEvent('POST', '/prod/uploads', {
        body: await cameraJpeg(),
        headers: { ...auth(), 'content-type': 'image/jpeg' },
      }),
    );
    expect(result.statusCode, result.body).toBe(201);
    expect(json(result)).toMatchObject({ width: 300, height: 400 });
  });

  it('answers the compressed list base64-encoded, the plain one and HEAD as text', async () => {
    const { handler } = service();
    const gzip = await handler(
      httpEvent('GET', '/prod/nodes', { headers: { 'accept-encoding': 'gzip' } }),
    );
    expect(gzip).toMatchObject({ statusCode: 200, isBase64Encoded: true });
    expect(gzip.headers['Content-Encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(gzip.body, 'base64')).toString())).toEqual(NODES);
    const plain = await handler(httpEvent('GET', '/nodes'));
    expect(plain.isBase64Encoded).toBe(false);
    expect(JSON.parse(plain.body)).toEqual(NODES);
    const head = await handler(
      httpEvent('HEAD', '/nodes', { headers: { 'accept-encoding': 'gzip' } }),
    );
    expect(head).toMatchObject({ statusCode: 200, body: '', isBase64Encoded: false });
  });

  it('answers 500 in JSON, and logs, when the service fails or the event is malformed', async () => {
    const log = vi.fn();
    const boom = new Hono<AppEnv>().get('/nodes', () => Promise.reject(new Error('boom')));
    boom.onError((error) => {
      throw error;
    });
    const failing = createApiGatewayHandler(boom, log);
    const result = await failing(httpEvent('GET', '/nodes'));
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toEqual({ error: 'Internal server error.' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('boom'));
    const malformed = await failing({ rawPath: '/nodes' } as unknown as ApiGatewayEvent);
    expect(malformed.statusCode).toBe(500);
  });
});
