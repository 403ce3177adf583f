import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadArchiveFile } from './archiveFile';
import { displayPath, type ServerConfig } from './config';
import type { LocalIdentity } from './identity/localIdentity';
import type { LoginConfig } from './login/loginConfig';
import type { LoginHandler } from './login/loginHandler';
import { createAccessTokenVerifier } from './login/accessToken';
import { resolvePool } from './login/poolSettings';
import { createServerLogin } from './login/serverLogin';
import {
  createNodesHandler,
  type NodesHandler,
  type ServiceResponse,
  type WarmUpResult,
} from './nodesHandler';
import { clientAddressOf } from './rateLimit';
import { bodyLimitOf, discardUnreadBody, readRequestBody } from './requestBody';
import { baseSecurityHeaders, contentSecurityPolicy } from './securityHeaders';
import { createStaticFiles, type StaticFiles, type StaticResponse } from './staticFiles';
import { describeDatabaseUrl } from './storage/databaseUrl';
import type { NodeStore } from './storage/nodeStore';
import { openPgliteStore } from './storage/pgliteStore';
import { openPgStore } from './storage/pgStore';
import { serveUpload, UPLOADS_PATH } from './uploads/folderStorage';
import type { MediaStorage } from './uploads/mediaStorage';
import { openMediaStorage } from './uploads/openMediaStorage';

/** The API's mount point on the local server (the Vite dev server proxies the same prefix). */
export const API_PREFIX = '/api';
/** The local identity server's mount point: the app's Cognito endpoint is `/identity/`. */
export const IDENTITY_PREFIX = '/identity';

/** A server started by `startServer`. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:5173`. */
  url: string;
  /** The nodes list, `${url}/api/nodes`. */
  nodesUrl: string;
  /** Whether the built app is served too (`STATIC_DIR` not `none`). */
  servesApp: boolean;
  /** How opening the nodes store went at start-up. */
  nodes: WarmUpResult;
  /** Where the nodes come from, in words. */
  source: string;
  /**
   * The local identity server (`IDENTITY=local`), served at `${url}/identity/`; null when off.
   * Its issuer, keys and admin endpoint are what the /login function checks tokens against.
   */
  identity: LocalIdentity | null;
  /** Where uploaded photos go, in words. */
  uploads: string;
  /** Stops accepting connections, ends open ones and closes the store. */
  close(): Promise<void>;
}

/** Optional hooks for `startServer`. */
export interface StartOptions {
  /** Where start-up notes and errors go (stderr by default). */
  log?: (line: string) => void;
  /** Longest wait for the store on one request, ms (tests shorten it). */
  storeTimeoutMs?: number;
  /**
   * The /login function at `/api/login`: a configured pool (`LOGIN_*`), else the local identity
   * server's, with `EDITOR_ALLOWLIST`. Off when neither exists.
   */
  login?: { config: LoginConfig | null; allowList: readonly string[] };
}

/** A start-up failure whose message says all the person running the server needs. */
export class StartError extends Error {
  override name = 'StartError';
}

/** Start-up waits this long for the store, then reports the server as up anyway. */
const WARM_UP_LIMIT_MS = 30_000;

/** How long open keep-alive connections get to finish when the server stops. */
const CLOSE_GRACE_MS = 3000;

async function storeOpener(
  config: ServerConfig,
  log: (line: string) => void,
): Promise<{ open: () => Promise<NodeStore>; source: string }> {
  if (config.archiveFile !== null) {
    const display = displayPath(config.archiveFile);
    // Read once, before listening: a wrong ARCHIVE_FILE should stop the start with its reason.
    const entries = await loadArchiveFile(config.archiveFile, display, log);
    return {
      open: () => openPgliteStore({ dataDir: null, seed: () => entries }),
      source: `${display}, in memory: changes are not saved`,
    };
  }
  const seedFile = displayPath(config.seedFile);
  const seed = () => loadArchiveFile(config.seedFile, seedFile, log);
  if (config.databaseUrl !== null) {
    const { databaseUrl } = config;
    const database = describeDatabaseUrl(databaseUrl);
    return {
      open: async () => {
        const store = await openPgStore({ url: databaseUrl, seed, log });
        if (store.seededCount > 0)
          log(`Seeded ${database} with ${store.seededCount} nodes from ${seedFile}.`);
        return store;
      },
      source: database,
    };
  }
  const dataDir = displayPath(config.dataDir);
  return {
    open: async () => {
      const store = await openPgliteStore({
        dataDir: config.dataDir,
        displayName: dataDir,
        seed,
      });
      if (store.seededCount > 0)
        log(`Seeded ${dataDir} with ${store.seededCount} nodes from ${seedFile}.`);
      return store;
    },
    source: dataDir,
  };
}

/**
 * Starts the local identity server when configured. Loaded only then: it needs cognito-local, a
 * devDependency that a production install may lack.
 *
 * @throws StartError saying why it could not start, and how to run without it.
 */
async function startIdentity(
  config: ServerConfig,
  log: (line: string) => void,
): Promise<LocalIdentity | null> {
  if (config.identity === null) return null;
  const { dir, confirmationCode } = config.identity;
  try {
    const { startLocalIdentity } = await import('./identity/localIdentity');
    return await startLocalIdentity({ dir, confirmationCode, log });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';
    const where = dir === null ? 'a temporary folder' : displayPath(dir);
    throw new StartError(
      missing
        ? 'IDENTITY=local needs cognito-local, a devDependency: install the dev dependencies ' +
            '(npm install), or set IDENTITY=off.'
        : `The local identity server could not start in ${where}: ${(error as Error).message} ` +
            '(set IDENTITY_DIR to another folder, or IDENTITY=off).',
      { cause: error },
    );
  }
}

function headersOf(req: IncomingMessage): Record<string, string | string[] | undefined> {
  return req.headers;
}

function queryOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

async function send(
  res: ServerResponse,
  response: ServiceResponse | StaticResponse,
  extraHeaders: Record<string, string>,
): Promise<void> {
  res.writeHead(response.status, { ...extraHeaders, ...response.headers });
  if (response.body !== null) {
    res.end(response.body);
    return;
  }
  if ('file' in response && response.file !== undefined) {
    await pipeline(createReadStream(response.file), res);
  } else {
    res.end();
  }
}

/** The request path without query, keeping a leading `//` as a path (not a host). */
function pathnameOf(req: IncomingMessage): string | null {
  const raw = req.url ?? '/';
  try {
    return new URL(raw.startsWith('/') ? `http://localhost${raw}` : raw).pathname;
  } catch {
    return null;
  }
}

function createListener(
  handler: NodesHandler,
  staticFiles: StaticFiles | null,
  identity: LocalIdentity | null,
  login: LoginHandler | null,
  csp: string,
  log: (line: string) => void,
  { uploadsFolder, trustProxy }: { uploadsFolder: string | null; trustProxy: boolean },
) {
  const security = baseSecurityHeaders();
  const pageHeaders = { ...security, 'Content-Security-Policy': csp };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    try {
      const pathname = pathnameOf(req);
      if (pathname === null) {
        res.writeHead(400, { ...security, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Bad request.');
        return;
      }
      if (login !== null && pathname === `${API_PREFIX}/login`) {
        await send(res, await login({ method, path: '/login', headers: headersOf(req) }), security);
        return;
      }
      if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
        const path = pathname.slice(API_PREFIX.length) || '/';
        const { limit, readNothingOver } = bodyLimitOf(path);
        const { body, complete } = await readRequestBody(req, limit, { readNothingOver });
        const request = {
          method,
          path,
          headers: headersOf(req),
          query: queryOf(req),
          clientAddress: clientAddressOf(
            req.socket.remoteAddress,
            req.headers['x-forwarded-for'],
            trustProxy,
          ),
          ...(body ? { body } : {}),
        };
        await send(res, await handler.handle(request), security);
        if (!complete) discardUnreadBody(req);
        return;
      }
      if (
        identity !== null &&
        (pathname === IDENTITY_PREFIX || pathname.startsWith(`${IDENTITY_PREFIX}/`))
      ) {
        for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
        // The front sees the path below its mount: `/` for the API, `/{poolId}/.well-known/…`.
        const rest = (req.url ?? '').slice(IDENTITY_PREFIX.length).replace(/^\/?/, '/');
        await identity.handler(req, res, rest);
        return;
      }
      if (uploadsFolder !== null && pathname.startsWith(`${UPLOADS_PATH}/`)) {
        await send(res, await serveUpload(uploadsFolder, method, pathname), security);
        return;
      }
      if (staticFiles === null) {
        const message = `This server serves only the API (${API_PREFIX}/nodes); STATIC_DIR is none.`;
        res.writeHead(404, { ...security, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(message);
        return;
      }
      await send(res, await staticFiles.serve(method, pathname, headersOf(req)), pageHeaders);
    } catch (error) {
      // A visitor who leaves mid-download is not a server fault.
      const aborted = (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
      if (!aborted)
        log(
          `${method} ${req.url ?? ''} failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
      if (!res.headersSent) {
        res.writeHead(500, { ...security, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal server error.');
      } else {
        res.destroy();
      }
    }
  };
}

function formatUrl(host: string, port: number): string {
  // A wildcard address is not something to type into a browser; this machine answers on it.
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/**
 * Starts the local services: the nodes-service under `/api` and, unless `staticDir` is null, the
 * built app. It resolves once the store is open, so the printed URL answers at once; if the store
 * cannot be opened the server still starts and `/api/nodes` explains the problem with a 503.
 *
 * @throws ArchiveFileError when `archiveFile` is set and unusable; StartError when the port is taken.
 */
export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.error(line));
  const { open, source } = await storeOpener(config, log);

  const staticFiles = config.staticDir === null ? null : createStaticFiles(config.staticDir);
  if (config.staticDir !== null && !existsSync(join(config.staticDir, 'index.html'))) {
    log(`Warning: ${displayPath(config.staticDir)}/index.html is missing; run npm run build.`);
  }
  const identity = await startIdentity(config, log);
  let media: MediaStorage;
  try {
    media = await openMediaStorage(config.uploads);
  } catch (error) {
    await identity?.stop();
    throw error;
  }
  const pools = {
    login: options.login?.config ?? null,
    identity,
    allowList: options.login?.allowList ?? [],
    appOrigins: config.appOrigins,
  };
  // Editors' writes trust the same pool as the /login function (a configured one, else the local
  // identity server's); with neither, the nodes-service is read-only.
  const pool = resolvePool(pools);
  const handler = createNodesHandler({
    openStore: open,
    appOrigins: config.appOrigins,
    log,
    verifyEditor: pool
      ? createAccessTokenVerifier({ issuer: pool.issuer, clientId: pool.clientId, keys: pool.keys })
      : null,
    media,
    ...(options.storeTimeoutMs !== undefined ? { timeoutMs: options.storeTimeoutMs } : {}),
  });
  const server = createServer(
    createListener(
      handler,
      staticFiles,
      identity,
      createServerLogin({ ...pools, log }),
      contentSecurityPolicy(config),
      log,
      { uploadsFolder: media.folder, trustProxy: config.trustProxy },
    ),
  );

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await handler.close();
    await identity?.stop();
    await media.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartError(
        `Port ${config.port} on ${config.host} is in use; set PORT to another port.`,
        { cause: error },
      );
    }
    throw error;
  }

  // Opened after listen: a taken port fails at once; early requests wait for the store (or 503).
  let timer: NodeJS.Timeout | undefined;
  const nodes = await Promise.race([
    handler.warmUp(),
    new Promise<WarmUpResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, message: 'The nodes store is still opening.' }),
        WARM_UP_LIMIT_MS,
      );
    }),
  ]);
  clearTimeout(timer);
  const { port } = server.address() as AddressInfo;
  const url = formatUrl(config.host, port);
  let closing: Promise<void> | null = null;
  return {
    url,
    nodesUrl: `${url}${API_PREFIX}/nodes`,
    servesApp: staticFiles !== null,
    nodes,
    source,
    identity,
    uploads: media.description,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        await closed;
        clearTimeout(force);
        await handler.close();
        await identity?.stop();
        await media.close();
      })();
      return closing;
    },
  };
}
