import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../../../server/config/serverConfig';
import { createCognitoGroups, type EditorGroups } from '../../../../server/login/cognitoGroups';
import { readLoginConfig } from '../../../../server/config/loginConfig';
import { createLoginApp, type LoginHandlerOptions } from '../../../../server/routes/login';
import type { LoginHttpApiEvent } from '../../../../server/lambda/loginLambda';
import { callApp, type AppAnswer, type AppRequest } from '../support/appRequest';
import { PUBLISHED_PUBLIC_JWK, publishedPrivateKey } from '../support/publishedEmulatorKey';

const POOL_ID = 'us-east-1_TestPool';
const ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${POOL_ID}`;
const CLIENT_ID = 'archiveappclient';
const APP = 'https://archive.example.org';
const KID = 'pool-key-1';

let poolKey: CryptoKey;
let otherKey: CryptoKey;
let poolJwk: JWK;

/** A stand-in for the user pool on 127.0.0.1: its JWKS, and the admin API's AdminAddUserToGroup. */
interface FakePool {
  server: Server;
  url: string;
  adminCalls: { target: string; body: unknown; signed: boolean }[];
  adminFailure: { status: number; type: string } | null;
}
const pool: FakePool = {
  server: createServer(),
  url: '',
  adminCalls: [],
  adminFailure: null,
};

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

async function servePool(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET' && req.url?.endsWith('/.well-known/jwks.json')) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [poolJwk] }));
  } else if (req.method === 'GET' && req.url === '/broken/jwks.json') {
    res.writeHead(500).end('down');
  } else if (req.method === 'POST' && req.url === '/') {
    const body = JSON.parse(await readBody(req)) as unknown;
    pool.adminCalls.push({
      target: String(req.headers['x-amz-target']),
      body,
      signed: String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256'),
    });
    const failure = pool.adminFailure;
    res.writeHead(failure?.status ?? 200, { 'Content-Type': 'application/x-amz-json-1.1' });
    res.end(
      failure ? JSON.stringify({ __type: failure.type, message: 'User does not exist.' }) : '{}',
    );
  } else {
    res.writeHead(404).end();
  }
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  poolKey = pair.privateKey;
  poolJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  otherKey = (await generateKeyPair('RS256')).privateKey;
  pool.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    servePool(req, res).catch(() => res.writeHead(500).end());
  });
  pool.server.listen(0, '127.0.0.1');
  await once(pool.server, 'listening');
  pool.url = `http://127.0.0.1:${(pool.server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => pool.server.close(() => resolve())));

afterEach(() => {
  pool.adminCalls = [];
  pool.adminFailure = null;
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
});

interface TokenOptions {
  key?: CryptoKey;
  kid?: string;
  issuer?: string;
  audience?: string | null;
  /** Seconds from now. */
  expiresIn?: number;
}

/** Signs a token shaped like a Cognito ID token; `claims` add to or override its payload. */
function idToken(claims: JWTPayload = {}, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({
    'cognito:username': 'alice',
    email: 'alice@example.org',
    email_verified: true,
    token_use: 'id',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID })
    .setSubject('c0ffee00-0000-4000-8000-000000000001')
    .setIssuer(options.issuer ?? ISSUER)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (options.expiresIn ?? 3600));
  if (options.audience !== null) jwt.setAudience(options.audience ?? CLIENT_ID);
  return jwt.sign(options.key ?? poolKey);
}

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
    keys: createLocalJWKSet({ keys: [poolJwk] }),
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
    ['forged (another key, same key id)', () => idToken({}, { key: otherKey }), /signature/],
    [
      'forged (another key and key id)',
      () => idToken({}, { key: otherKey, kid: 'k2' }),
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

describe('createCognitoGroups', () => {
  it('calls AdminAddUserToGroup on the configured endpoint, signed with stand-in credentials', async () => {
    const groups = createCognitoGroups({
      region: 'local',
      userPoolId: 'local_TestPool',
      endpoint: pool.url,
      env: {},
    });
    await groups.ensureEditor('alice');
    expect(pool.adminCalls).toEqual([
      {
        target: 'AWSCognitoIdentityProviderService.AdminAddUserToGroup',
        body: { UserPoolId: 'local_TestPool', Username: 'alice', GroupName: 'editor' },
        signed: true,
      },
    ]);
  });

  it('rejects with the pool’s error', async () => {
    pool.adminFailure = { status: 400, type: 'UserNotFoundException' };
    const groups = createCognitoGroups({
      region: 'local',
      userPoolId: 'local_TestPool',
      endpoint: pool.url,
      env: {},
    });
    await expect(groups.ensureEditor('ghost')).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });
});

describe('readLoginConfig', () => {
  it('is off without LOGIN_USER_POOL_ID', () => {
    expect(readLoginConfig({})).toBeNull();
    expect(readLoginConfig({ LOGIN_USER_POOL_ID: '  ', LOGIN_CLIENT_ID: 'x' })).toBeNull();
  });

  it('derives the region, issuer and JWKS URL from the pool id', () => {
    const config = readLoginConfig({
      LOGIN_USER_POOL_ID: 'eu-west-2_AbC123',
      LOGIN_CLIENT_ID: CLIENT_ID,
      EDITOR_ALLOWLIST: ' Alice , @Example.org ,',
      APP_ORIGIN: 'https://archive.example.org/',
    });
    expect(config).toEqual({
      userPoolId: 'eu-west-2_AbC123',
      clientId: CLIENT_ID,
      region: 'eu-west-2',
      issuer: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123',
      jwksUrl: new URL(
        'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123/.well-known/jwks.json',
      ),
      adminEndpoint: null,
      local: false,
      allowList: ['Alice', '@Example.org'],
      usernamesCaseSensitive: true,
      appOrigins: [APP],
    });
  });

  it('takes explicit values', () => {
    const config = readLoginConfig({
      LOGIN_USER_POOL_ID: 'us-east-1_AbC123',
      LOGIN_CLIENT_ID: CLIENT_ID,
      LOGIN_REGION: 'us-west-2',
      LOGIN_ISSUER: 'https://issuer.example.org/pool/',
      LOGIN_JWKS_URL: 'https://keys.example.org/jwks.json',
      LOGIN_ADMIN_ENDPOINT: 'https://cognito.example.org',
      LOGIN_USERNAMES_CASE_SENSITIVE: 'false',
    });
    expect(config).toMatchObject({
      usernamesCaseSensitive: false,
      region: 'us-west-2',
      issuer: 'https://issuer.example.org/pool',
      jwksUrl: new URL('https://keys.example.org/jwks.json'),
      adminEndpoint: 'https://cognito.example.org',
      allowList: [],
      appOrigins: [],
    });
  });

  it('accepts http JWKS and admin URLs only with LOGIN_LOCAL=true', () => {
    const local = {
      LOGIN_USER_POOL_ID: 'local_GlobeArch',
      LOGIN_CLIENT_ID: CLIENT_ID,
      LOGIN_ISSUER: 'http://127.0.0.1:9229/local_GlobeArch',
      LOGIN_ADMIN_ENDPOINT: 'http://127.0.0.1:9229',
    };
    expect(() => readLoginConfig(local)).toThrow(/LOGIN_JWKS_URL \(from LOGIN_ISSUER\).*https/);
    expect(() =>
      readLoginConfig({ ...local, LOGIN_JWKS_URL: 'http://127.0.0.1:9229/jwks.json' }),
    ).toThrow(/LOGIN_JWKS_URL.*LOGIN_LOCAL=true/);
    expect(() =>
      readLoginConfig({ ...local, LOGIN_JWKS_URL: 'https://keys.example.org/jwks.json' }),
    ).toThrow(/LOGIN_ADMIN_ENDPOINT/);
    expect(readLoginConfig({ ...local, LOGIN_LOCAL: 'true' })).toMatchObject({
      region: 'local',
      local: true,
      jwksUrl: new URL('http://127.0.0.1:9229/local_GlobeArch/.well-known/jwks.json'),
      adminEndpoint: 'http://127.0.0.1:9229',
    });
  });

  it.each([
    [{ LOGIN_USER_POOL_ID: 'not a pool', LOGIN_CLIENT_ID: 'c' }, /^LOGIN_USER_POOL_ID:/],
    [{ LOGIN_USER_POOL_ID: POOL_ID }, /^LOGIN_CLIENT_ID:/],
    [{ LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', LOGIN_LOCAL: 'yes' }, /^LOGIN_LOCAL:/],
    [
      { LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', LOGIN_REGION: 'US East' },
      /^LOGIN_REGION:/,
    ],
    [{ LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', LOGIN_ISSUER: 'pool' }, /^LOGIN_ISSUER:/],
    [
      { LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', EDITOR_ALLOWLIST: 'alice, @example' },
      /^EDITOR_ALLOWLIST: "@example"/,
    ],
    [
      { LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', EDITOR_ALLOWLIST: 'alice bob' },
      /^EDITOR_ALLOWLIST:/,
    ],
    [
      { LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: 'c', APP_ORIGIN: 'https://a.org/app' },
      /^APP_ORIGIN:/,
    ],
  ])('names the variable that is wrong: %o', (env, message) => {
    expect(() => readLoginConfig(env)).toThrow(ConfigError);
    expect(() => readLoginConfig(env)).toThrow(message);
  });
});

describe('loginLambda.handler', () => {
  /** The module builds its handler at init, so each test loads a fresh copy. */
  async function lambda(env: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    return import('../../../../server/lambda/loginLambda');
  }

  function event(
    method: string,
    rawPath: string,
    headers: Record<string, string> = {},
  ): LoginHttpApiEvent {
    return { rawPath, headers, requestContext: { http: { method } } };
  }

  const localPool = () => ({
    LOGIN_USER_POOL_ID: 'local_TestPool',
    LOGIN_CLIENT_ID: CLIENT_ID,
    LOGIN_LOCAL: 'true',
    LOGIN_ISSUER: `${pool.url}/local_TestPool`,
    LOGIN_ADMIN_ENDPOINT: pool.url,
    EDITOR_ALLOWLIST: 'alice',
    APP_ORIGIN: APP,
    // The emulator takes any signature: with none of these the function signs with stand-ins.
    AWS_ACCESS_KEY_ID: undefined,
    AWS_PROFILE: undefined,
    AWS_WEB_IDENTITY_TOKEN_FILE: undefined,
    AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: undefined,
    AWS_CONTAINER_CREDENTIALS_FULL_URI: undefined,
  });

  it('ensures the editor group behind a stage prefix, decoding a base64 body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handler } = await lambda(localPool());
    const token = await idToken({}, { issuer: `${pool.url}/local_TestPool` });
    const result = await handler({
      ...event('POST', '/prod/login', { authorization: `Bearer ${token}`, origin: APP }),
      body: Buffer.from('{}').toString('base64'),
      isBase64Encoded: true,
    });
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(false);
    expect(JSON.parse(result.body)).toEqual({ editor: true, added: true });
    expect(result.headers['Access-Control-Allow-Origin']).toBe(APP);
    expect(pool.adminCalls).toHaveLength(1);
    expect(pool.adminCalls[0]?.body).toEqual({
      UserPoolId: 'local_TestPool',
      Username: 'alice',
      GroupName: 'editor',
    });

    const preflight = await handler(event('OPTIONS', '/login', { origin: APP }));
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['Access-Control-Allow-Headers']).toMatch(/Authorization/);
    expect((await handler(event('GET', '/login'))).statusCode).toBe(405);
    expect((await handler(event('POST', '/login'))).statusCode).toBe(401);
  });

  it('answers 503 saying what to configure when the function is off or misconfigured', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const off = await lambda({ LOGIN_USER_POOL_ID: '' });
    const result = await off.handler(event('POST', '/login'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body).error).toMatch(/LOGIN_USER_POOL_ID is not set/);

    vi.resetModules();
    const broken = await lambda({ LOGIN_USER_POOL_ID: POOL_ID, LOGIN_CLIENT_ID: '' });
    const answer = await broken.handler(event('POST', '/login'));
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body).error).toMatch(/^LOGIN_CLIENT_ID:/);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/LOGIN_CLIENT_ID/));
  });
});
