/**
 * The local server with `IDENTITY=local`: it serves the identity front at /identity/ from a
 * temporary folder it removes on stop, its API takes an editor's real access token and refuses a
 * visitor's, and with `IDENTITY=off` there is no identity server at all.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../../server/config/serverConfig';
import { LOCAL_POOL_ID } from '../../../../server/dev/identity/localPool';
import { startServer } from '../../../../server/node/http';
import { seeded, sessionOf, userOf, userPool } from '../support/cognitoClient';

const temp = mkdtempSync(join(tmpdir(), 'globe-server-identity-'));

// The library's SRP maths is plain JavaScript: each sign-in costs the client about half a second.
const SLOW = 30_000;

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the local server', () => {
  const archive = join(temp, 'archive.json');
  const serverConfig = (env: Record<string, string>) =>
    readConfig(
      { PORT: '0', HOST: '127.0.0.1', STATIC_DIR: 'none', ARCHIVE_FILE: archive, ...env },
      temp,
    );

  it(
    'serves the front at /identity/, in a temporary folder it removes on stop',
    async () => {
      writeFileSync(archive, '[]');
      const config = serverConfig({});
      expect(config.identity).toEqual({
        dir: null,
        confirmationCode: '123456',
        authFlow: 'USER_SRP_AUTH',
      });
      const server = await startServer(config, { log: () => undefined });
      const local = server.identity;
      try {
        if (!local) throw new Error('IDENTITY=local should start the identity server');
        expect(existsSync(local.dir)).toBe(true);
        const keys = await fetch(`${server.url}/identity/${LOCAL_POOL_ID}/.well-known/jwks.json`);
        expect(keys.status).toBe(200);
        expect(keys.headers.get('x-content-type-options')).toBe('nosniff');

        const editor = seeded(local, 'editor');
        const pool = userPool(`${server.url}/identity/`);
        const session = await sessionOf(userOf(pool, 'editor'), editor.password);
        expect(decodeJwt(session.getAccessToken().getJwtToken())).toMatchObject({
          iss: local.issuer,
          'cognito:groups': ['editor'],
        });
      } finally {
        await server.close();
      }
      expect(local && existsSync(local.dir)).toBe(false);
    },
    SLOW,
  );

  it(
    "takes an editor's writes with a real access token, and refuses a visitor's",
    async () => {
      writeFileSync(archive, '[]');
      const server = await startServer(serverConfig({}), { log: () => undefined });
      try {
        const local = server.identity;
        if (!local) throw new Error('IDENTITY=local should start the identity server');
        const pool = userPool(`${server.url}/identity/`);
        const tokenOf = async (name: string) =>
          (await sessionOf(userOf(pool, name), seeded(local, name).password))
            .getAccessToken()
            .getJwtToken();
        const node = {
          video_id: 'porch-talk',
          title: 'On the porch <script>alert(1)</script>',
          youtube_id: 'dQw4w9WgXcQ',
          lat: 38.65,
          lng: -90.25,
        };
        const post = (token: string | null) =>
          fetch(`${server.url}/api/nodes`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              ...(token ? { Authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify(node),
          });
        expect((await post(null)).status).toBe(401);
        expect((await post(await tokenOf('visitor'))).status).toBe(403);
        const created = await post(await tokenOf('editor'));
        expect(created.status).toBe(201);
        const list = (await (await fetch(`${server.url}/api/nodes`)).json()) as {
          video_id: string;
          title: string;
        }[];
        expect(list.map((n) => [n.video_id, n.title])).toEqual([
          ['porch-talk', 'On the porch <script>alert(1)</script>'],
        ]);
      } finally {
        await server.close();
      }
    },
    SLOW,
  );

  it('runs no identity server with IDENTITY=off', async () => {
    const server = await startServer(serverConfig({ IDENTITY: 'off' }), { log: () => undefined });
    try {
      expect(server.identity).toBeNull();
      const res = await fetch(`${server.url}/identity/`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
