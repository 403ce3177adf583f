import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../../../server/config/serverConfig';
import { startServer } from '../../../../server/node/http';
import type { HttpApiEvent } from '../../../../server/lambda/nodesLambda';
import {
  accessToken,
  loginEnv,
  makeKeys,
  serveJwks,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';
import { postgresSkipReason, usePostgresDatabase } from '../support/postgresTestDatabase';

vi.setConfig({ testTimeout: 30_000 });

const database = usePostgresDatabase();
const skip = database === null ? ` (skipped: ${postgresSkipReason()})` : '';

const temp = mkdtempSync(join(tmpdir(), 'globe-pg-deploy-'));
const seedFile = join(temp, 'seed.json');
const SEED = [
  { video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 },
  { video_id: 'ville', title: 'The Ville', lat: 38.66, lng: -90.22 },
];
writeFileSync(seedFile, JSON.stringify({ nodes: SEED }));

afterAll(() => rmSync(temp, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe.skipIf(database === null)(`DATABASE_URL${skip}`, () => {
  const db = () => database ?? (undefined as never);

  it('makes the local server keep its nodes in PostgreSQL, named without the password', async () => {
    await db().reset();
    const lines: string[] = [];
    const server = await startServer(
      readConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY: 'off',
        STATIC_DIR: 'none',
        SEED_FILE: seedFile,
        DATABASE_URL: db().url,
      }),
      { log: (line) => lines.push(line) },
    );
    try {
      const password = new URL(db().url).password;
      expect(server.source).toMatch(/^PostgreSQL, database "globe_test_\w+" on 127\.0\.0\.1:\d+$/);
      expect(server.source).not.toContain(password);
      expect(lines.join('\n')).toMatch(/Seeded PostgreSQL, database .* with 2 nodes/);
      expect(lines.join('\n')).not.toContain(password);
      const response = await fetch(server.nodesUrl);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(SEED);
    } finally {
      await server.close();
    }
  });

  it('makes the Lambda function read PostgreSQL, seeded once from its bundled archive', async () => {
    await db().reset();
    // The function's pool lives as long as its container: dropping this file's database at the
    // end ends its connections, which it reports on stderr. Left silenced for the rest of the file.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubEnv('DATABASE_URL', db().url);
    vi.stubEnv('ARCHIVE_FILE', seedFile);
    const { handler } = await import('../../../../server/lambda/nodesLambda');
    const result = await handler({
      rawPath: '/prod/nodes',
      headers: {},
      requestContext: { http: { method: 'GET' } },
    });
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual(SEED);
  });

  describe("with the /login function's pool", () => {
    let keys: TestKeys;
    let jwks: { url: string; close: () => Promise<void> };
    beforeAll(async () => {
      keys = await makeKeys();
      jwks = await serveJwks(keys);
    });
    afterAll(() => jwks.close());

    function event(
      method: string,
      rawPath: string,
      { body, token, query = '' }: { body?: unknown; token?: string; query?: string } = {},
    ): HttpApiEvent {
      return {
        rawPath,
        rawQueryString: query,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        requestContext: { http: { method, sourceIp: '203.0.113.8' }, stage: 'prod' },
        ...(body === undefined
          ? {}
          : { body: Buffer.from(JSON.stringify(body)).toString('base64'), isBase64Encoded: true }),
      };
    }

    it("makes the Lambda function take editors' writes and the community's submissions", async () => {
      await db().reset();
      vi.stubEnv('DATABASE_URL', db().url);
      vi.stubEnv('ARCHIVE_FILE', seedFile);
      for (const [name, value] of Object.entries(loginEnv(jwks.url))) vi.stubEnv(name, value);
      const { handler } = await import('../../../../server/lambda/nodesLambda');
      const token = await accessToken(keys);
      const node = {
        video_id: 'page-avenue',
        title: 'Page Avenue',
        youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        lat: 38.66,
        lng: -90.25,
      };
      expect((await handler(event('POST', '/prod/nodes', { body: node }))).statusCode).toBe(401);
      const created = await handler(event('POST', '/prod/nodes', { body: node, token }));
      expect(created.statusCode, created.body).toBe(201);
      const list = await handler(event('GET', '/prod/nodes'));
      expect((JSON.parse(list.body) as { video_id: string }[]).map((n) => n.video_id)).toEqual([
        'clayton',
        'ville',
        'page-avenue',
      ]);
      const journal = await handler(
        event('GET', '/prod/nodes/journal', { token, query: 'nodeId=page-avenue&limit=1' }),
      );
      expect(JSON.parse(journal.body)).toMatchObject({
        entries: [{ nodeId: 'page-avenue', action: 'create', who: 'alice' }],
      });

      const submitted = await handler(
        event('POST', '/prod/submissions', { body: VIDEO_SUBMISSION }),
      );
      expect(submitted.statusCode, submitted.body).toBe(201);
      const inbox = await handler(
        event('GET', '/prod/submissions', { token, query: 'status=pending' }),
      );
      expect(JSON.parse(inbox.body)).toMatchObject({
        submissions: [{ status: 'pending', submission: { title: VIDEO_SUBMISSION.title } }],
      });
    });
  });
});
