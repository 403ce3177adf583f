/**
 * What the /login tests share: the user pool's names, a stand-in for the pool on 127.0.0.1 (its
 * JWKS and the admin API's AdminAddUserToGroup), and ID tokens signed as the pool signs them. The
 * route, its configuration, the group call and the Lambda function each have their own file.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

export const POOL_ID = 'us-east-1_TestPool';
export const ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${POOL_ID}`;
export const CLIENT_ID = 'archiveappclient';
export const APP = 'https://archive.example.org';
const KID = 'pool-key-1';

/** The pool's signing key, the public half it publishes, and a key it never used. */
interface PoolKeys {
  signing: CryptoKey;
  published: JWK;
  other: CryptoKey;
}

/** Made once per file, before its first test (see `useFakePool`). */
export const poolKeys = {} as PoolKeys;

/** A stand-in for the user pool on 127.0.0.1: its JWKS, and the admin API's AdminAddUserToGroup. */
export interface FakePool {
  server: Server;
  url: string;
  adminCalls: { target: string; body: unknown; signed: boolean }[];
  adminFailure: { status: number; type: string } | null;
}
export const pool: FakePool = {
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
    res.end(JSON.stringify({ keys: [poolKeys.published] }));
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

async function makeKeys(): Promise<void> {
  const pair = await generateKeyPair('RS256');
  poolKeys.signing = pair.privateKey;
  poolKeys.published = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  poolKeys.other = (await generateKeyPair('RS256')).privateKey;
}

async function startPool(): Promise<void> {
  pool.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    servePool(req, res).catch(() => res.writeHead(500).end());
  });
  pool.server.listen(0, '127.0.0.1');
  await once(pool.server, 'listening');
  pool.url = `http://127.0.0.1:${(pool.server.address() as AddressInfo).port}`;
}

/**
 * Makes the keys and starts the stand-in pool before the file's tests, stops it after them, and
 * after each test forgets the pool's calls and what the test stubbed (environment, modules, mocks).
 */
export function useFakePool(): void {
  beforeAll(async () => {
    await makeKeys();
    await startPool();
  });

  afterAll(() => new Promise<void>((resolve) => pool.server.close(() => resolve())));

  afterEach(() => {
    pool.adminCalls = [];
    pool.adminFailure = null;
    vi.unstubAllEnvs();
    vi.resetModules();
    vi.restoreAllMocks();
  });
}

export interface TokenOptions {
  key?: CryptoKey;
  kid?: string;
  issuer?: string;
  audience?: string | null;
  /** Seconds from now. */
  expiresIn?: number;
}

/** Signs a token shaped like a Cognito ID token; `claims` add to or override its payload. */
export function idToken(claims: JWTPayload = {}, options: TokenOptions = {}): Promise<string> {
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
  return jwt.sign(options.key ?? poolKeys.signing);
}
