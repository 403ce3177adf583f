/**
 * Who you are before what you send (issue 45): every route that needs a token or a group answers
 * a caller who may not use it from the headers alone, on the real Node server, and never reads
 * the body first. Walked over every such route of the running server, so a route added later is
 * held to it too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCheck, isAccessCheck } from '../../../../server/app/accessCheck';
import type { AppEnv } from '../../../../server/app/appEnv';
import { resource } from '../../../../server/app/resource';
import { createCorsPolicy } from '../../../../server/app/cors';
import { accessToken, SEED, startTrustingServer, type TestKeys } from '../support/communityHarness';

/** A body as large as an import may be, declared and never sent in full. */
const DECLARED = 32 * 1024 * 1024;

let dir: string;
let server: Awaited<ReturnType<typeof startTrustingServer>>;
let keys: TestKeys;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'access-first-'));
  writeFileSync(join(dir, 'archive.json'), JSON.stringify(SEED));
  server = await startTrustingServer(dir);
  keys = server.keys;
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The method and path of every route whose first handler checks who is calling. */
function guardedRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const route of server.app.api.routes) {
    if (!isAccessCheck(route.handler) || route.method === 'OPTIONS') continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path: route.path });
  }
  return routes;
}

/** A path of the route's pattern: each parameter given a value its pattern takes. */
const concrete = (path: string) =>
  path.replace(/:key\{[^}]*\}/g, 'pending/photo.jpg').replace(/:[A-Za-z]+/g, 'some-id');

/**
 * Sends the request line, the headers (a 32 MB body declared) and one kilobyte of the body, then
 * waits: the status of the answer, or 0 when none came in `waitMs` (the server was waiting for
 * the rest of the body).
 */
function statusWithoutBody(
  method: string,
  path: string,
  token: string | undefined,
  { waitMs = 5000, declared = DECLARED }: { waitMs?: number; declared?: number } = {},
): Promise<number> {
  const { port } = new URL(server.app.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `${method} /api${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          (token ? `Authorization: Bearer ${token}\r\n` : '') +
          `Content-Length: ${declared}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(1024, 0x20));
    });
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(0);
    }, waitMs);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      if (status) {
        clearTimeout(timer);
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on('error', () => undefined);
  });
}

describe('routes that need a token or a group', () => {
  it('are found on the running server: every editor route and /login', () => {
    const routes = guardedRoutes().map(({ method, path }) => `${method} ${path}`);
    for (const expected of [
      'POST /imports',
      'GET /exports/archive.json',
      'POST /nodes',
      'PUT /nodes/:id',
      'DELETE /nodes/:id',
      'POST /nodes/:id/restore',
      'GET /nodes/journal',
      'GET /messages',
      'POST /submissions/:id/approve',
      'POST /submissions/:id/blur',
      'POST /removal-requests/:id/decide',
      'POST /login',
    ]) {
      expect(routes).toContain(expected);
    }
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('answer 401 without a token, and 401 or 403 for a token that may not, before the body arrives', async () => {
    const stranger = await accessToken(keys, { 'cognito:groups': ['viewers'] });
    const unread: string[] = [];
    for (const { method, path } of guardedRoutes()) {
      const anonymous = await statusWithoutBody(method, concrete(path), undefined);
      if (anonymous !== 401)
        unread.push(`${method} ${path} without a token: ${anonymous || 'waited'}`);
      const signedIn = await statusWithoutBody(method, concrete(path), stranger);
      if (signedIn !== 401 && signedIn !== 403) {
        unread.push(`${method} ${path} as a non-editor: ${signedIn || 'waited'}`);
      }
    }
    expect(unread).toEqual([]);
  }, 60_000);

  it('read the body of a caller who may use them, up to its limit', async () => {
    const editor = await accessToken(keys);
    // An editor's import that never finishes sending is waited for: the route does read bodies…
    expect(
      await statusWithoutBody('POST', '/imports', editor, { waitMs: 1000, declared: 1024 * 1024 }),
    ).toBe(0);
    // …but one declared over the import's limit is refused from its headers too.
    expect(await statusWithoutBody('POST', '/imports', editor)).toBe(413);
  });
});

describe('a resource', () => {
  it('refuses a declaration with an access check among its steps, where it could follow the body', () => {
    const app = new Hono<AppEnv>();
    const check = accessCheck(async (_c, next) => {
      await next();
    });
    const cors = createCorsPolicy([]);
    expect(() =>
      resource(app, '/x', {
        cors,
        allow: 'POST',
        methods: { POST: [check, () => new Response()] },
      }),
    ).toThrow(/declare it as the method's access/);
    expect(() =>
      resource(app, '/y', {
        cors,
        allow: 'POST',
        methods: { POST: { access: check, steps: [() => new Response()] } },
      }),
    ).not.toThrow();
  });
});
