/**
 * A nodes-service handler with the community routes for tests: a memory store with its inbox,
 * photos in a temporary folder, and access tokens of a test pool (as nodeWrites.test.ts mints).
 */
import { callApp, type AppAnswer, type AppRequest } from './appRequest';
import { CURRENT_TERMS } from '@/lib/terms';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalJWKSet,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { expect } from 'vitest';
import { createAccessTokenVerifier } from '../../../../server/login/accessToken';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import type { NodeStore } from '../../../../server/storage/nodeStore';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import type { MediaStorage } from '../../../../server/uploads/mediaStorage';
import { readConfig, type ServerConfig } from '../../../../server/config/serverConfig';
import type { UploadQuotas } from '../../../../server/uploads/uploadQuotas';
import { startServer, type RunningServer } from '../../../../server/node/http';
import { readLoginConfig } from '../../../../server/config/loginConfig';

/** The test pool's issuer, id and app client, as `LOGIN_*` would name them. */
export const ISSUER = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TestPool';
export const POOL_ID = 'us-east-1_TestPool';
export const CLIENT_ID = 'archiveappclient';
const KID = 'pool-key-1';
export const APP = 'https://archive.example.org';

/** The test pool's keys, and a key of no pool (for forged tokens). */
export interface TestKeys {
  pool: CryptoKey;
  other: CryptoKey;
  jwk: JWK;
}

/**
 * The configuration of a local server that serves only the API, on a free port of this machine,
 * from `dir/archive.json`, with no identity server: `env` adds to or overrides it.
 */
export function apiServerConfig(dir: string, env: Record<string, string> = {}): ServerConfig {
  return readConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      IDENTITY: 'off',
      STATIC_DIR: 'none',
      ARCHIVE_FILE: join(dir, 'archive.json'),
      ...env,
    },
    dir,
  );
}

/**
 * A local API server (`apiServerConfig`) that trusts a test pool whose keys it serves, so tokens
 * made with `keys` are editors'; `close` stops both.
 */
export async function startTrustingServer(
  dir: string,
  env: Record<string, string> = {},
): Promise<{ app: RunningServer; keys: TestKeys; close(): Promise<void> }> {
  const keys = await makeKeys();
  const jwks = await serveJwks(keys);
  const app = await startServer(apiServerConfig(dir, env), {
    log: () => undefined,
    login: { config: readLoginConfig(loginEnv(jwks.url)), allowList: [] },
  });
  return {
    app,
    keys,
    async close() {
      await app.close();
      await jwks.close();
    },
  };
}

/** The nodes-service's check of the test pool's access tokens, whose public key is `jwk`. */
export function poolVerifier(jwk: JWK) {
  return createAccessTokenVerifier({
    issuer: ISSUER,
    clientId: CLIENT_ID,
    keys: createLocalJWKSet({ keys: [jwk] }),
  });
}

/** Makes fresh keys (call in `beforeAll`). */
export async function makeKeys(): Promise<TestKeys> {
  const pair = await generateKeyPair('RS256');
  return {
    pool: pair.privateKey,
    other: (await generateKeyPair('RS256')).privateKey,
    jwk: { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' },
  };
}

/**
 * Serves the test pool over http, as a pool would (`LOGIN_JWKS_URL` and `LOGIN_ADMIN_ENDPOINT`,
 * with `LOGIN_LOCAL=true`, which allows http): its JWKS, for code that builds its verifier from
 * the environment, and the two calls with which the service asks whether an editor's token still
 * holds: GetUser (every token it is shown holds) and AdminListGroupsForUser (the groups the user's
 * token named when GetUser last saw it).
 */
export async function serveJwks(
  keys: TestKeys,
): Promise<{ url: string; close: () => Promise<void> }> {
  const groups = new Map<string, unknown>();
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [keys.jwk] }));
      return;
    }
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { AccessToken?: string; Username?: string };
      const action = String(req.headers['x-amz-target']).split('.').pop();
      let answer: unknown = {};
      if (action === 'GetUser') {
        const claims = decodeJwt(body.AccessToken ?? '');
        groups.set(String(claims.username), claims['cognito:groups'] ?? []);
        answer = { Username: claims.username, UserAttributes: [] };
      } else if (action === 'AdminListGroupsForUser') {
        const names = groups.get(body.Username ?? '') as string[] | undefined;
        answer = { Groups: (names ?? []).map((GroupName) => ({ GroupName })) };
      }
      res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The `LOGIN_*` settings of the test pool that `serveJwks` serves at `jwksUrl`. */
export function loginEnv(jwksUrl: string): Record<string, string> {
  return {
    LOGIN_USER_POOL_ID: POOL_ID,
    LOGIN_CLIENT_ID: CLIENT_ID,
    LOGIN_JWKS_URL: jwksUrl,
    LOGIN_ADMIN_ENDPOINT: new URL(jwksUrl).origin,
    LOGIN_LOCAL: 'true',
  };
}

/** Signs a token shaped like a Cognito access token of `alice`, an editor. */
export function accessToken(
  keys: TestKeys,
  claims: JWTPayload = {},
  { key = keys.pool, expiresIn = 3600 }: { key?: CryptoKey; expiresIn?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    token_use: 'access',
    client_id: CLIENT_ID,
    username: 'alice',
    'cognito:groups': ['editor'],
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setSubject('c0ffee00-0000-4000-8000-000000000001')
    .setIssuer(ISSUER)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + expiresIn)
    .sign(key);
}

/** The tokens every editor route must refuse, with the status it must refuse them with. */
export function badTokens(keys: TestKeys): [string, () => Promise<string | undefined>, number][] {
  return [
    ['no token', () => Promise.resolve(undefined), 401],
    ['a forged signature', () => accessToken(keys, {}, { key: keys.other }), 401],
    ['an expired token', () => accessToken(keys, {}, { expiresIn: -3600 }), 401],
    ['a non-editor', () => accessToken(keys, { 'cognito:groups': ['viewers'] }), 403],
  ];
}

/** A response with its body parsed. */
export type JsonResponse = AppAnswer & { json: unknown };

/** One request to the handler. */
export interface CallOptions {
  token?: string;
  /**
   * JSON-encoded unless a string or a Buffer; sent as `application/json` (as the app sends its
   * forms) unless a Buffer or `headers` names another type.
   */
  body?: unknown;
  headers?: Record<string, string>;
  query?: string;
  clientAddress?: string;
}

/** How `setup` builds the handler. */
export interface SetupOptions {
  keys: TestKeys;
  /** Without editors (no pool to trust). */
  noEditors?: boolean;
  /** No photo storage. */
  noMedia?: boolean;
  /** Another store (one without an inbox). */
  store?: NodeStore;
  /** Another way to open the store (one that fails). */
  openStore?: () => Promise<NodeStore>;
  /** The service's clock (a test moves it instead of waiting). */
  now?: () => Date;
  /** Visitors' upload quotas, when not the defaults. */
  uploadQuotas?: UploadQuotas;
  /** Sweep expired uploads after visitors' uploads, as the Lambda function does. */
  sweepOnUploads?: boolean;
  /** Editors download the preservation package, as from the Node server. */
  bagDownloads?: { siteFolder: string | null };
}

export const SEED = [
  {
    video_id: 'clayton',
    title: 'Clayton',
    youtube_id: 'dQw4w9WgXcQ',
    lat: 38.6,
    lng: -90.3,
    // A category the archive has, for a visitor to pick (submissions.test.ts).
    categories: ['Recovery'],
  },
];

/** Builds a handler; call `cleanup` after the test (it removes the photo folder). */
export function setup({
  keys,
  noEditors = false,
  noMedia = false,
  store,
  openStore,
  now,
  uploadQuotas,
  sweepOnUploads,
  bagDownloads,
}: SetupOptions) {
  const folder = mkdtempSync(join(tmpdir(), 'globe-community-'));
  const memory = createMemoryStore(SEED);
  const media: MediaStorage | null = noMedia ? null : createFolderStorage({ dir: folder });
  const log: string[] = [];
  const handler = createNodesHandler({
    openStore: openStore ?? (() => Promise.resolve(store ?? memory)),
    appOrigins: [APP],
    log: (line) => log.push(line),
    verifyEditor: noEditors ? null : poolVerifier(keys.jwk),
    media,
    ...(now ? { now } : {}),
    ...(uploadQuotas ? { uploadQuotas } : {}),
    ...(sweepOnUploads ? { sweepOnUploads } : {}),
    ...(bagDownloads ? { bagDownloads } : {}),
  });
  async function call(
    method: string,
    path: string,
    { token, body, headers = {}, query, clientAddress = '198.51.100.7' }: CallOptions = {},
  ): Promise<JsonResponse> {
    const request: AppRequest = {
      method,
      path,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !Buffer.isBuffer(body)
          ? { 'Content-Type': 'application/json' }
          : {}),
        // A photo goes as the app sends one without a type of its own.
        ...(Buffer.isBuffer(body) ? { 'Content-Type': 'application/octet-stream' } : {}),
        ...headers,
      },
      clientAddress,
      ...(query !== undefined ? { query } : {}),
      ...(body !== undefined
        ? {
            body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
          }
        : {}),
    };
    const response = await callApp(handler.app, request);
    const text = response.text;
    // A photo (an editor's look at a waiting upload) is bytes, not JSON.
    const json =
      response.headers.get('content-type')?.startsWith('application/json') ?? text !== '';
    return { ...response, json: text === '' || !json ? null : (JSON.parse(text) as unknown) };
  }
  return {
    store: memory,
    media,
    folder,
    log,
    call,
    handler,
    cleanup: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** What /submit asks of a contributor's rights, answered (issue 31). */
export const RIGHTS_ANSWERS = {
  credit_as: 'name',
  credit_name: 'Sam Reyes',
  license: 'CC-BY-4.0',
  people: 'not-recognisable',
  age: '16-or-older',
  terms_version: CURRENT_TERMS.version,
};

/** A valid video submission, as the /submit form sends it. */
export const VIDEO_SUBMISSION = {
  kind: 'video',
  youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  title: 'Cleanup on Page Avenue',
  description: 'Neighbours clearing the street.',
  // None: a visitor picks among the archive's categories, which another store may not have.
  categories: [],
  place: { lat: 38.66, lng: -90.25 },
  place_text: 'Page Avenue',
  name: 'Sam',
  email: 'sam@example.org',
  ...RIGHTS_ANSWERS,
  consent: true,
  website: '',
};

/** A valid contact message. */
export const CONTACT_MESSAGE = {
  name: 'Sam',
  email: 'sam@example.org',
  message: 'Thank you for the archive.',
  website: '',
};

/** Sends a submission that must be taken (201) and answers its id. */
export async function submitOne(
  call: (method: string, path: string, options?: CallOptions) => Promise<JsonResponse>,
  body: unknown = VIDEO_SUBMISSION,
): Promise<string> {
  const response = await call('POST', '/submissions', { body });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return (response.json as { id: string }).id;
}
