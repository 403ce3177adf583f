/**
 * The nodes-service Lambda entry point as deployed: everything from the environment. Writes to a
 * PostgreSQL store are in postgresDeploy.test.ts; the event adapter's details (bodies, queries,
 * every route, rate limits) in apiGatewayEvent.test.ts and lambdaClientAddress.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpApiEvent, RestApiEvent } from '../../../../server/lambda/nodesLambda';
import { READ_ONLY_WITHOUT_DATABASE } from '../../../../server/lambda/lambdaSetup';
import {
  accessToken,
  loginEnv,
  makeKeys,
  serveJwks,
  type TestKeys,
} from '../support/communityHarness';

const temp = mkdtempSync(join(tmpdir(), 'globe-lambda-'));
const archive = join(temp, 'archive.json');
const NODES = Array.from({ length: 20 }, (_, i) => ({
  video_id: `v${i}`,
  title: `Video ${i} about the recovery`,
  lat: 38.6,
  lng: -90.2,
}));
writeFileSync(archive, JSON.stringify({ nodes: NODES }));

let keys: TestKeys;
let jwks: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  keys = await makeKeys();
  jwks = await serveJwks(keys);
});
afterAll(async () => {
  await jwks.close();
  rmSync(temp, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
});

/** The module sets itself up once per container, so each test loads a fresh copy. */
async function lambda(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('../../../../server/lambda/nodesLambda');
}

/** The function's log (console.error), silenced. */
function captureLog(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
  return lines;
}

function event(
  rawPath: string,
  headers: Record<string, string> = {},
  { method = 'GET', body }: { method?: string; body?: string } = {},
): HttpApiEvent {
  return {
    rawPath,
    headers,
    requestContext: { http: { method, sourceIp: '203.0.113.7' }, stage: 'prod' },
    ...(body === undefined ? {} : { body, isBase64Encoded: false }),
  };
}

describe('lambda.handler', () => {
  it('answers the bundled archive, base64-encoded when compressed, behind a stage prefix', async () => {
    captureLog();
    const { handler } = await lambda({
      ARCHIVE_FILE: archive,
      APP_ORIGIN: 'https://archive.example.org',
    });
    const result = await handler(
      event('/prod/nodes', { 'accept-encoding': 'br', origin: 'https://archive.example.org' }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers['Content-Encoding']).toBe('br');
    expect(result.headers['Access-Control-Allow-Origin']).toBe('https://archive.example.org');
    const json = brotliDecompressSync(Buffer.from(result.body, 'base64')).toString();
    expect(JSON.parse(json)).toEqual(NODES);

    const gzip = await handler(event('/prod/nodes', { 'accept-encoding': 'gzip' }));
    expect(gzip).toMatchObject({ statusCode: 200, isBase64Encoded: true });
    expect(JSON.parse(gunzipSync(Buffer.from(gzip.body, 'base64')).toString())).toEqual(NODES);

    const plain = await handler(event('/nodes'));
    expect(plain.isBase64Encoded).toBe(false);
    expect(JSON.parse(plain.body)).toEqual(NODES);
    const revalidated = await handler(
      event('/nodes', { 'if-none-match': plain.headers.ETag ?? '' }),
    );
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers REST API (1.0) events under a base path', async () => {
    captureLog();
    const { handler } = await lambda({ ARCHIVE_FILE: archive });
    const rest: RestApiEvent = {
      httpMethod: 'GET',
      path: '/api/nodes',
      headers: { 'Accept-Encoding': 'identity' },
      requestContext: { stage: 'prod', identity: { sourceIp: '198.51.100.1' } },
    };
    const result = await handler(rest);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual(NODES);
  });

  it('answers 503 saying what to configure when no archive is bundled', async () => {
    captureLog();
    const { handler } = await lambda({ ARCHIVE_FILE: '' });
    const result = await handler(event('/nodes'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body).error).toMatch(/ARCHIVE_FILE is not set/);
  });

  it("checks editors' tokens of the LOGIN_* pool, and refuses writes to the bundled archive", async () => {
    const log = captureLog();
    const { handler } = await lambda({ ARCHIVE_FILE: archive, ...loginEnv(jwks.url) });
    expect(log.join('\n')).toMatch(/editors of https:\/\/cognito-idp\..*us-east-1_TestPool/);
    const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const node = JSON.stringify({
      video_id: 'new',
      title: 'New',
      youtube_url: youtube,
      lat: 1,
      lng: 2,
    });
    const anonymous = await handler(event('/prod/nodes', {}, { method: 'POST', body: node }));
    expect(anonymous.statusCode).toBe(401);
    const forged = await accessToken(keys, {}, { key: keys.other });
    const bad = { authorization: `Bearer ${forged}` };
    expect(
      (await handler(event('/prod/nodes', bad, { method: 'POST', body: node }))).statusCode,
    ).toBe(401);

    const editor = { authorization: `Bearer ${await accessToken(keys)}` };
    const write = await handler(event('/prod/nodes', editor, { method: 'POST', body: node }));
    expect(write.statusCode).toBe(405);
    expect(JSON.parse(write.body)).toEqual({ error: READ_ONLY_WITHOUT_DATABASE });
    const form = await handler(event('/prod/submissions', {}, { method: 'POST', body: '{}' }));
    expect(form.statusCode).toBe(405);
    expect(JSON.parse(form.body)).toEqual({ error: READ_ONLY_WITHOUT_DATABASE });
    const photo = await handler(event('/prod/uploads', {}, { method: 'POST', body: 'x' }));
    expect(photo.statusCode).toBe(405);
    expect(JSON.parse(photo.body).error).toBe('This archive does not take photo uploads.');
  });

  it('stays read-only without LOGIN_*, as the local server without a pool', async () => {
    const log = captureLog();
    const { handler } = await lambda({ ARCHIVE_FILE: archive, TRUST_PROXY: '1' });
    expect(log.join('\n')).toMatch(/no editors \(LOGIN_USER_POOL_ID is not set\)/);
    expect(log.join('\n')).toMatch(/TRUST_PROXY is ignored/);
    const write = await handler(event('/prod/nodes', {}, { method: 'POST', body: '{}' }));
    expect(write.statusCode).toBe(405);
    expect((await handler(event('/prod/nodes/v1'))).statusCode).toBe(404);
  });

  it('names the photo bucket it writes to', async () => {
    const log = captureLog();
    const { handler } = await lambda({
      ARCHIVE_FILE: archive,
      UPLOADS_BUCKET: 'archive-photos',
      UPLOADS_PUBLIC_URL: 'https://photos.example.org',
    });
    // Set up (the SDK loaded) by the time the first request is answered.
    expect((await handler(event('/prod/nodes'))).statusCode).toBe(200);
    expect(log.join('\n')).toMatch(/photos to s3:\/\/archive-photos\//);
  });

  it('has a second entry point that sweeps expired uploads, and says when there is nothing to sweep', async () => {
    captureLog();
    const { sweepUploads } = await lambda({
      ARCHIVE_FILE: archive,
      UPLOADS_BUCKET: 'archive-photos',
      UPLOADS_PUBLIC_URL: 'https://photos.example.org',
    });
    // The bundled archive is read-only: no visitor's upload was ever taken.
    expect(await sweepUploads()).toEqual({
      skipped: 'no photo storage or no database: nothing to sweep',
    });
    const misconfigured = await (async () => {
      vi.resetModules();
      return lambda({ ARCHIVE_FILE: archive, UPLOADS_DIR: '/tmp/photos' });
    })();
    await expect(misconfigured.sweepUploads()).rejects.toThrow(/could not start/);
  });

  it.each([
    [{ UPLOADS_DIR: '/tmp/photos' }, /^UPLOADS_DIR: a Lambda function has no lasting folder/],
    [{ LOGIN_USER_POOL_ID: 'nonsense' }, /^LOGIN_USER_POOL_ID: "nonsense" is not a user pool id/],
    [{ UPLOADS_BUCKET: 'archive-photos' }, /^UPLOADS_PUBLIC_URL: required/],
  ])('answers 503 naming a wrong setting (%o), and logs it', async (env, message) => {
    const log = captureLog();
    const { handler } = await lambda({ ARCHIVE_FILE: archive, ...env });
    const result = await handler(event('/prod/nodes'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body).error).toMatch(message);
    expect(log.join('\n')).toMatch(message.source.replace('^', ''));
  });
});
