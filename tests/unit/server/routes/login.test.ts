/**
 * The /login route: it adds an allow-listed user to the editor group once the user pool's ID
 * token checks out, refuses every other token with the reason, and answers its preflight and
 * methods as the other resources do.
 */
import { createLocalJWKSet } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import type { EditorGroups } from '../../../../server/login/cognitoGroups';
import { createLoginApp, type LoginHandlerOptions } from '../../../../server/routes/login';
import { callApp, type AppAnswer, type AppRequest } from '../support/appRequest';
import {
  APP,
  CLIENT_ID,
  idToken,
  ISSUER,
  pool,
  poolKeys,
  useFakePool,
} from '../support/loginHarness';
import { PUBLISHED_PUBLIC_JWK, publishedPrivateKey } from '../support/publishedEmulatorKey';

useFakePool();

function fakeGroups(fail = false): EditorGroups & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    ensureEditor(username) {
      calls.push(username);
      return fail
        ? Promise.reject(new Error('AccessDeniedException: not allowed'))
        : Promise.resolve();
    },
  };
}

function loginWith(options: Partial<LoginHandlerOptions> = {}, groups = fakeGroups()) {
  const log = vi.fn<(line: string) => void>();
  const app = createLoginApp({
    issuer: ISSUER,
    clientId: CLIENT_ID,
    keys: createLocalJWKSet({ keys: [poolKeys.published] }),
    allowList: ['alice', 'Bob', '@Example.com'],
    appOrigins: [APP],
    groups,
    log,
    ...options,
  });
  const handle = (request: AppRequest) => callApp(app, request);
  return { handle, groups, log };
}

function post(token: string | null, headers: Record<string, string> = {}): AppRequest {
  return {
    method: 'POST',
    path: '/login',
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
  };
}

function json(response: AppAnswer): unknown {
  return JSON.parse(response.text);
}
describe('POST /login', () => {
  it('adds an allow-listed user to the editor group, once', async () => {
    const { handle, groups, log } = loginWith();
    const response = await handle(post(await idToken(), { origin: APP }));
    expect(response.status).toBe(200);
    expect(json(response)).toEqual({ editor: true, added: true });
    expect(groups.calls).toEqual(['alice']);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/added "alice" to the editor group/);
  });

  it("matches usernames as the pool does: ALICE does not inherit alice's place by default", async () => {
    // A case-sensitive pool (the local one, and Cognito's unless made otherwise): ALICE is
    // someone else, who could register that name to become an editor.
    const { handle, groups } = loginWith();
    for (const username of ['ALICE', 'Alice', 'bob', 'BOB']) {
      const response = await handle(post(await idToken({ 'cognito:username': username })));
      expect(json(response)).toEqual({ editor: false });
    }
    expect(groups.calls).toEqual([]);
    const bob = await handle(post(await idToken({ 'cognito:username': 'Bob' })));
    expect(json(bob)).toEqual({ editor: true, added: true });
    expect(groups.calls).toEqual(['Bob']);

    // A pool made case-insensitive treats them as one account, so the list does too.
    const insensitive = loginWith({ usernamesCaseSensitive: false });
    const shouted = await insensitive.handle(post(await idToken({ 'cognito:username': 'BOB' })));
    expect(json(shouted)).toEqual({ editor: true, added: true });
    expect(insensitive.groups.calls).toEqual(['BOB']);
  });

  it('adds nobody who is not on the allow-list', async () => {
    const { handle, groups } = loginWith();
    const token = await idToken({ 'cognito:username': 'mallory', email: 'm@elsewhere.org' });
    const response = await handle(post(token));
    expect(response.status).toBe(200);
    expect(json(response)).toEqual({ editor: false });
    expect(groups.calls).toEqual([]);
  });

  it('admits an @domain entry only for a verified address of exactly that domain', async () => {
    const { handle, groups } = loginWith();
    const carol = { 'cognito:username': 'carol', email: 'Carol@EXAMPLE.com' };
    expect(json(await handle(post(await idToken(carol))))).toEqual({ editor: true, added: true });
    expect(groups.calls).toEqual(['carol']);

    const unverified = { ...carol, email_verified: false };
    expect(json(await handle(post(await idToken(unverified))))).toEqual({ editor: false });
    const subdomain = { ...carol, email: 'carol@mail.example.com' };
    expect(json(await handle(post(await idToken(subdomain))))).toEqual({ editor: false });
    const lookalike = { ...carol, email: 'carol@notexample.com' };
    expect(json(await handle(post(await idToken(lookalike))))).toEqual({ editor: false });
    expect(groups.calls).toEqual(['carol']);
  });

  it('makes no call for a user whose token already lists the editor group', async () => {
    const { handle, groups } = loginWith();
    const token = await idToken({ 'cognito:groups': ['editor'] });
    expect(json(await handle(post(token)))).toEqual({ editor: true, added: false });
    expect(groups.calls).toEqual([]);
  });

  it('answers 502 and logs one line when the group call fails', async () => {
    const { handle, groups, log } = loginWith({}, fakeGroups(true));
    const response = await handle(post(await idToken(), { origin: APP }));
    expect(response.status).toBe(502);
    expect(json(response)).toEqual({ error: expect.stringMatching(/editor group/) });
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(groups.calls).toEqual(['alice']);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/adding "alice" to the editor group failed/);
  });

  it('verifies against the JWKS the pool serves over http', async () => {
    const { handle, groups } = loginWith({
      keys: new URL(`${pool.url}/pool/.well-known/jwks.json`),
    });
    expect(json(await handle(post(await idToken())))).toEqual({ editor: true, added: true });
    expect(groups.calls).toEqual(['alice']);
  });

  it('answers 503, not 401, when the signing keys cannot be fetched', async () => {
    const { handle, groups, log } = loginWith({ keys: new URL(`${pool.url}/broken/jwks.json`) });
    const response = await handle(post(await idToken()));
    expect(response.status).toBe(503);
    expect(groups.calls).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/signing keys could not be fetched/);
  });
});

describe('POST /login refuses tokens', () => {
  const cases: [string, () => Promise<string | null>, RegExp][] = [
    ['missing Authorization', () => Promise.resolve(null), /Sign in first/],
    ['forged (another key, same key id)', () => idToken({}, { key: poolKeys.other }), /signature/],
    [
      'forged (another key and key id)',
      () => idToken({}, { key: poolKeys.other, kid: 'k2' }),
      /key the user pool does not publish/,
    ],
    ['expired', () => idToken({}, { expiresIn: -60 }), /expired/],
    [
      'from another issuer',
      () => idToken({}, { issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' }),
      /not issued by this user pool/,
    ],
    ['for another client', () => idToken({}, { audience: 'otherclient' }), /another app client/],
    [
      'an access token',
      () => idToken({ token_use: 'access', client_id: CLIENT_ID }, { audience: null }),
      /access token/,
    ],
    ['malformed', () => Promise.resolve('not-a-jwt'), /malformed/],
  ];

  it.each(cases)('%s: 401 with the reason, and no group call', async (_name, make, reason) => {
    const { handle, groups } = loginWith();
    const response = await handle(post(await make(), { origin: APP }));
    expect(response.status).toBe(401);
    expect(json(response)).toEqual({ error: expect.stringMatching(reason) });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(groups.calls).toEqual([]);
  });

  it("refuses a token signed with cognito-local's published key, even from a pool that serves it", async () => {
    // A stand-alone cognito-local (LOGIN_LOCAL=true) publishes the key its npm package ships:
    // anyone can mint tokens under it, so no JWKS that holds it makes them good.
    const { handle, groups } = loginWith({
      keys: createLocalJWKSet({ keys: [PUBLISHED_PUBLIC_JWK] }),
    });
    const token = await idToken({}, { key: await publishedPrivateKey(), kid: 'CognitoLocal' });
    const response = await handle(post(token));
    expect(response.status).toBe(401);
    expect(json(response)).toEqual({ error: expect.stringMatching(/published key/) });
    expect(groups.calls).toEqual([]);
  });

  it('refuses an Authorization header that is not a Bearer token', async () => {
    const { handle, groups } = loginWith();
    const response = await handle(post(null, { Authorization: 'Basic YWxpY2U6c2VjcmV0' }));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_request"');
    expect(groups.calls).toEqual([]);
  });
});

describe('/login methods and CORS', () => {
  it('answers a preflight from the app origin, allowing POST with Authorization', async () => {
    const { handle } = loginWith();
    const response = await handle({
      method: 'OPTIONS',
      path: '/login',
      headers: {
        Origin: APP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('grants nothing to another origin', async () => {
    const { handle } = loginWith();
    const response = await handle({
      method: 'OPTIONS',
      path: '/login',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 405 to GET, naming POST', async () => {
    const { handle, groups } = loginWith();
    const response = await handle({ ...post(await idToken()), method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(groups.calls).toEqual([]);
  });
});
