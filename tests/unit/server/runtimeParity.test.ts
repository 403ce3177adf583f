/**
 * One application, two runtimes (issue 15): the same requests answer the same statuses, headers
 * and bodies on the Node server (over real HTTP, below `/api`) and through the Lambda adapter
 * (HTTP API and REST API events, below a stage and a base path). The table covers the list and its
 * codings and validators, preflights, every refusal the middleware makes, and each resource.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteListener } from '../../../server/app/nodeSite';
import { TRUST_NO_PROXY } from '../../../server/app/clientAddress';
import {
  createApiGatewayHandler,
  type ApiGatewayHandler,
  type HttpApiEvent,
  type RestApiEvent,
} from '../../../server/lambda/apiGatewayEvent';
import { createNodesHandler, type NodesHandler } from '../../../server/nodesHandler';
import { createMemoryStore } from '../../../server/storage/memoryStore';
import { createFolderStorage } from '../../../server/uploads/folderStorage';
import {
  accessToken,
  APP,
  CONTACT_MESSAGE,
  makeKeys,
  poolVerifier,
  type TestKeys,
} from './support/communityHarness';

const NODES = Array.from({ length: 40 }, (_, i) => ({
  video_id: `v${i}`,
  title: `Video ${i} about the recovery of the neighbourhood`,
  youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  lat: 38.6,
  lng: -90.2,
}));

/** What both runtimes are compared on. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers a runtime adds on its own (the Node server's connection and date), not compared. */
const RUNTIME_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || RUNTIME_HEADERS.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

interface Row {
  name: string;
  method: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The status both must answer (the comparison alone would pass two equal mistakes). */
  status: number;
  /** Sent with an editor's or a signed-in visitor's access token. */
  as?: 'editor' | 'visitor';
  /** A row that stores something answers its new id, which differs per request: masked. */
  newId?: boolean;
}

let keys: TestKeys;
let token: string;
let visitorToken: string;
let nodes: NodesHandler;
let server: Server;
let lambda: ApiGatewayHandler;
const folder = mkdtempSync(join(tmpdir(), 'globe-parity-'));

beforeAll(async () => {
  keys = await makeKeys();
  token = await accessToken(keys);
  visitorToken = await accessToken(keys, { 'cognito:groups': [] });
  const store = createMemoryStore(NODES);
  nodes = createNodesHandler({
    openStore: () => Promise.resolve(store),
    appOrigins: [APP],
    log: () => undefined,
    verifyEditor: poolVerifier(keys.jwk),
    media: createFolderStorage({ dir: folder }),
  });
  server = createServer(
    createSiteListener({
      api: nodes.app,
      staticFiles: null,
      identity: null,
      csp: "default-src 'self'",
      log: () => undefined,
      uploadsFolder: null,
      trustProxy: TRUST_NO_PROXY,
      // As the Node server runs: the list's repeated answers are sent as they were kept.
      preparedAnswers: nodes.listAnswers,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  lambda = createApiGatewayHandler(nodes.app, () => undefined);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await nodes.close();
  rmSync(folder, { recursive: true, force: true });
});

function overNode(row: Row): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  const path = `/api${row.path}${row.query ? `?${row.query}` : ''}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: row.method, path, headers: headersOf(row) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: comparable(res.headers),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(row.body);
  });
}

function lambdaAnswer(result: Awaited<ReturnType<ApiGatewayHandler>>): Answer {
  return {
    status: result.statusCode,
    headers: comparable(result.headers),
    body: Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
  };
}

function bodyOf(row: Row): { body?: string; isBase64Encoded?: boolean } {
  if (row.body === undefined) return {};
  // API Gateway sends binary bodies base64, text as it is.
  return Buffer.isBuffer(row.body)
    ? { body: row.body.toString('base64'), isBase64Encoded: true }
    : { body: row.body, isBase64Encoded: false };
}

async function overHttpApi(row: Row): Promise<Answer> {
  const event: HttpApiEvent = {
    version: '2.0',
    rawPath: `/prod${row.path}`,
    rawQueryString: row.query ?? '',
    headers: Object.fromEntries(
      Object.entries(headersOf(row)).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    requestContext: { http: { method: row.method, sourceIp: '203.0.113.7' }, stage: 'prod' },
    ...bodyOf(row),
  };
  return lambdaAnswer(await lambda(event));
}

async function overRestApi(row: Row): Promise<Answer> {
  const params = new URLSearchParams(row.query ?? '');
  const multi: Record<string, string[]> = {};
  for (const [name, value] of params) (multi[name] ??= []).push(value);
  const event: RestApiEvent = {
    httpMethod: row.method,
    path: `/api${row.path}`,
    headers: headersOf(row),
    multiValueQueryStringParameters: row.query ? multi : null,
    requestContext: { stage: 'prod', identity: { sourceIp: '203.0.113.8' } },
    ...bodyOf(row),
  };
  return lambdaAnswer(await lambda(event));
}

/** The row's headers, with its token (made once the keys exist). */
function headersOf(row: Row): Record<string, string> {
  const bearer = row.as === 'editor' ? token : row.as === 'visitor' ? visitorToken : null;
  return { ...(row.headers ?? {}), ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) };
}
const cors = { Origin: APP };
const KEY = '2026/11/0b0e5a3c-7d7e-4f3a-9a55-2f1c7b8d9e01.jpg';

/** The table: each row is sent to both runtimes. Rows whose answer changes state come last. */
const rows = (): Row[] => [
  { name: 'the list', method: 'GET', path: '/nodes', headers: cors, status: 200 },
  {
    name: 'the list, gzip',
    method: 'GET',
    path: '/nodes',
    headers: { 'Accept-Encoding': 'gzip' },
    status: 200,
  },
  {
    name: 'the list, br',
    method: 'GET',
    path: '/nodes',
    headers: { 'Accept-Encoding': 'br, gzip' },
    status: 200,
  },
  {
    name: 'the list, HEAD',
    method: 'HEAD',
    path: '/nodes',
    headers: { 'Accept-Encoding': 'gzip' },
    status: 200,
  },
  { name: 'the list, trailing slash', method: 'GET', path: '/nodes/', status: 200 },
  { name: 'a preflight', method: 'OPTIONS', path: '/nodes', headers: cors, status: 204 },
  {
    name: 'a preflight of a form',
    method: 'OPTIONS',
    path: '/messages',
    headers: cors,
    status: 204,
  },
  {
    name: 'a method the list does not take',
    method: 'PATCH',
    path: '/nodes',
    headers: cors,
    status: 405,
  },
  { name: 'no such endpoint', method: 'GET', path: '/nodes/v1/else', headers: cors, status: 404 },
  { name: 'a write without a token', method: 'POST', path: '/nodes', body: '{}', status: 401 },
  {
    name: 'a malformed token',
    method: 'DELETE',
    path: '/nodes/v1',
    headers: { Authorization: 'Basic x' },
    status: 401,
  },
  { name: "a visitor's token", method: 'GET', path: '/nodes/journal', as: 'visitor', status: 403 },
  { name: 'one node', method: 'GET', path: '/nodes/v3', as: 'editor', status: 200 },
  {
    name: 'a node that is not there',
    method: 'GET',
    path: '/nodes/none',
    as: 'editor',
    status: 404,
  },
  {
    name: 'an edit without If-Match',
    method: 'PUT',
    path: '/nodes/v1',
    as: 'editor',
    body: '{}',
    status: 428,
  },
  {
    name: 'an edit with a bad If-Match',
    method: 'PUT',
    path: '/nodes/v1',
    as: 'editor',
    headers: { 'If-Match': 'soon' },
    body: '{}',
    status: 400,
  },
  {
    name: 'a stale edit',
    method: 'PUT',
    path: '/nodes/v1',
    as: 'editor',
    headers: { 'If-Match': '"7"' },
    body: JSON.stringify(NODES[1]),
    status: 409,
  },
  {
    name: 'a body that is not JSON',
    method: 'POST',
    path: '/nodes',
    as: 'editor',
    body: '{"video_id":',
    status: 400,
  },
  {
    name: 'fields to fix',
    method: 'POST',
    path: '/nodes',
    as: 'editor',
    body: '{"video_id":"x"}',
    status: 400,
  },
  {
    name: 'a body over 64 KB',
    method: 'POST',
    path: '/nodes',
    as: 'editor',
    body: 'x'.repeat(70_000),
    status: 413,
  },
  {
    name: 'a node that exists',
    method: 'POST',
    path: '/nodes',
    as: 'editor',
    body: JSON.stringify(NODES[2]),
    status: 409,
  },
  {
    name: 'a journal limit out of range',
    method: 'GET',
    path: '/nodes/journal',
    query: 'limit=0',
    as: 'editor',
    status: 400,
  },
  {
    name: 'a journal page',
    method: 'GET',
    path: '/nodes/journal',
    query: 'limit=2',
    as: 'editor',
    status: 200,
  },
  {
    name: 'a bad before',
    method: 'GET',
    path: '/messages',
    query: 'before=01',
    as: 'editor',
    status: 400,
  },
  {
    name: 'a bad status',
    method: 'GET',
    path: '/submissions',
    query: 'status=lost',
    as: 'editor',
    status: 400,
  },
  {
    name: 'the submissions',
    method: 'GET',
    path: '/submissions',
    query: 'status=pending',
    as: 'editor',
    status: 200,
  },
  {
    name: 'a submission that is not there',
    method: 'GET',
    path: '/submissions/42',
    as: 'editor',
    status: 404,
  },
  {
    name: 'a rejection that is not JSON',
    method: 'POST',
    path: '/submissions/42/reject',
    as: 'editor',
    body: 'no',
    status: 400,
  },
  {
    name: 'a form sent as text',
    method: 'POST',
    path: '/messages',
    headers: { 'Content-Type': 'text/plain' },
    body: '{}',
    status: 415,
  },
  {
    name: 'an upload with no photo',
    method: 'POST',
    path: '/uploads',
    headers: { 'Content-Type': 'image/jpeg' },
    status: 400,
  },
  {
    name: 'an upload that is not a photo',
    method: 'POST',
    path: '/uploads',
    as: 'editor',
    headers: { 'Content-Type': 'image/jpeg' },
    body: Buffer.from('not a jpeg at all'),
    status: 415,
  },
  {
    name: 'a photo waiting for review that is not there',
    method: 'GET',
    path: `/uploads/${KEY}`,
    as: 'editor',
    status: 404,
  },
  {
    name: 'a message',
    method: 'POST',
    path: '/messages',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(CONTACT_MESSAGE),
    status: 201,
    newId: true,
  },
];

describe('the Node server and the Lambda adapter answer alike', () => {
  it.each(rows().map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const shown = (answer: Answer) =>
      row.newId
        ? answer.body.toString().replace(/"id":"?\d+"?/, '"id":"(new)"')
        : answer.body.toString('base64');
    const node = await overNode(row);
    expect(node.status, node.body.toString()).toBe(row.status);
    for (const [format, answer] of [
      ['HTTP API', await overHttpApi(row)],
      ['REST API', await overRestApi(row)],
    ] as const) {
      expect({ format, ...answer, body: shown(answer) }).toEqual({
        format,
        ...node,
        body: shown(node),
      });
    }
  });
});
