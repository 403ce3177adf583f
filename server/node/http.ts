import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import type { AppEnv } from '../app/appEnv';
import { join } from 'node:path';
import { displayPath, isLoopbackHost, type ServerConfig } from '../config/serverConfig';
import type { MountedIdentity } from '../login/identityPool';
import type { LoginConfig } from '../config/loginConfig';
import { createEditorTokenVerifier, resolvePool } from '../config/poolSettings';
import { createServerLogin } from './serverLogin';
import { API_PREFIX, createSiteListener, IDENTITY_PREFIX } from '../app/nodeSite';
import {
  createNodesHandler,
  type NodesHandler,
  type NodesHandlerOptions,
  type WarmUpResult,
} from '../nodesHandler';
import { inlineScriptHashes } from '../app/firstPaintPage';
import { contentSecurityPolicy } from '../app/securityHeaders';
import { createStaticFiles, type StaticFiles } from '../app/staticFiles';
import { storeOpener } from './storeOpener';
import type { MediaStorage } from '../uploads/mediaStorage';
import { openMediaStorage } from '../uploads/openMediaStorage';
import { SWEEP_EVERY_MS } from '../uploads/uploadSweep';

export { API_PREFIX, IDENTITY_PREFIX } from '../app/nodeSite';

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
  identity: MountedIdentity | null;
  /** Where uploaded photos go, in words. */
  uploads: string;
  /** The API as it is mounted at `/api` (its routes, for a test that walks every one). */
  api: Hono<AppEnv>;
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
  /**
   * How long the pool's word that an editor's token still holds is trusted, ms (30 s; tests
   * shorten it to see a revocation take effect).
   */
  editorRecheckMs?: number;
  /**
   * The folder of the build's migrated PGlite copy (`pgliteTemplate.ts`): a database in memory
   * starts from it. The built server passes its own folder; without it, one is created.
   */
  pgliteTemplateDir?: string;
}

/** A start-up failure whose message says all the person running the server needs. */
export class StartError extends Error {
  override name = 'StartError';
}

/** Start-up waits this long for the store, then reports the server as up anyway. */
const WARM_UP_LIMIT_MS = 30_000;

/**
 * The longest a shared link's document waits for its item's or story's title before it goes
 * without.
 */
const SHARED_ITEM_WAIT_MS = 300;

/** How long open keep-alive connections get to finish when the server stops. */
const CLOSE_GRACE_MS = 3000;

/**
 * Starts the local identity server when configured. Loaded only then: it needs cognito-local, a
 * devDependency that a production install may lack.
 *
 * @throws StartError saying why it could not start, and how to run without it.
 */
async function startIdentity(
  config: ServerConfig,
  log: (line: string) => void,
): Promise<MountedIdentity | null> {
  if (config.identity === null) return null;
  const { dir, confirmationCode, authFlow } = config.identity;
  try {
    const { startLocalIdentity } = await import('../dev/identity/localIdentity');
    return await startLocalIdentity({
      dir,
      confirmationCode,
      authFlow,
      log,
      appOrigins: config.appOrigins,
      // Bound beyond loopback only with IDENTITY_ON_NETWORK=allow: then other machines' names too.
      anyHost: !isLoopbackHost(config.host),
    });
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

/** The URL this machine reaches its own server at (a wildcard address by its loopback). */
function ownAddress(address: string, port: number): string {
  const host = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function formatUrl(host: string, port: number): string {
  // A wildcard address is not something to type into a browser; this machine answers on it.
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** Where this server is reached, known once it listens (null before). */
interface ServerAddresses {
  /** This server's own address, for its calls to the identity front. */
  own: string | null;
  /** The address this server is reached at, as printed. */
  shown: string | null;
}

/**
 * The built app this server serves (none when `STATIC_DIR` is none), and the hashes of its
 * document's inline script, which the pages' Content-Security-Policy allows.
 */
async function readBuiltApp(
  config: ServerConfig,
  log: (line: string) => void,
): Promise<{ staticFiles: StaticFiles | null; scriptHashes: string[] }> {
  const staticFiles = config.staticDir === null ? null : createStaticFiles(config.staticDir);
  if (config.staticDir !== null && !existsSync(join(config.staticDir, 'index.html'))) {
    log(`Warning: ${displayPath(config.staticDir)}/index.html is missing; run npm run build.`);
  }
  // The document's inline script (it names the first view before anything loads) is allowed by
  // its hash, read from the build this server serves: a rebuild needs a restart, as npm start does.
  const scriptHashes = inlineScriptHashes((await staticFiles?.indexHtml()) ?? '');
  return { staticFiles, scriptHashes };
}

/** What the API is composed of on this server: its store, photo storage and identity server. */
interface ApiParts {
  config: ServerConfig;
  options: StartOptions;
  log: (line: string) => void;
  openStore: NodesHandlerOptions['openStore'];
  media: MediaStorage;
  identity: MountedIdentity | null;
  addresses: ServerAddresses;
}

/** The service's application as this server mounts it at `/api`, its /login function included. */
function createApi({
  config,
  options,
  log,
  openStore,
  media,
  identity,
  addresses,
}: ApiParts): NodesHandler {
  const pools = {
    login: options.login?.config ?? null,
    identity,
    identityFront: () => {
      if (addresses.own === null) throw new Error('The server is not listening yet.');
      return `${addresses.own}${IDENTITY_PREFIX}/`;
    },
    allowList: options.login?.allowList ?? [],
    appOrigins: config.appOrigins,
  };
  // Editors' writes trust the same pool as the /login function (a configured one, else the local
  // identity server's); with neither, the nodes-service is read-only.
  const pool = resolvePool(pools);
  const login = createServerLogin({ ...pools, log });
  const siteFolder =
    config.staticDir !== null && existsSync(config.staticDir) ? config.staticDir : null;
  return createNodesHandler({
    openStore,
    appOrigins: config.appOrigins,
    log,
    verifyEditor: pool
      ? createEditorTokenVerifier(
          pool,
          options.editorRecheckMs !== undefined ? { recheckMs: options.editorRecheckMs } : {},
        )
      : null,
    media,
    uploadQuotas: config.uploadQuotas,
    routes: login ? [login] : [],
    // The site's links to itself: SITE_URL, else the address this server prints.
    siteUrl: () => config.siteUrl ?? addresses.shown,
    adminEmail: config.adminEmail,
    // This server streams its answers: editors download the preservation package from it.
    bagDownloads: { siteFolder },
    siteFolder,
    ...(options.storeTimeoutMs !== undefined ? { timeoutMs: options.storeTimeoutMs } : {}),
  });
}

/**
 * Listens on the configured port; when it cannot, `stop` closes what was opened for it.
 *
 * @throws StartError when the port is taken.
 */
async function listenOrStop(
  server: Server,
  config: ServerConfig,
  stop: () => Promise<void>,
): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await stop();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartError(
        `Port ${config.port} on ${config.host} is in use; set PORT to another port.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** How opening the store went, or that it is still opening after `WARM_UP_LIMIT_MS`. */
async function warmUpWithinLimit(handler: NodesHandler): Promise<WarmUpResult> {
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
  return nodes;
}

/**
 * Sweeps uploads at start and hourly; `stop` ends the sweeps once the running one has finished.
 * What an interrupted run left (an approval's copies, an upload cut short) is finished, and
 * visitors' photos nobody will publish are deleted; unref'd, the timer never keeps a stopping
 * process alive. The first run may take every unfinished upload as cut short when no other
 * server writes this database (the embedded one is locked to this process, an ARCHIVE_FILE's is
 * in memory); servers sharing PostgreSQL wait out the longest an upload may take, as another may
 * be storing one.
 */
function startUploadSweeps(
  handler: NodesHandler,
  config: ServerConfig,
  startedAt: Date,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  const exclusive = config.databaseUrl === null;
  const sweep = (unfinishedBefore?: Date) =>
    handler.sweepUploads(unfinishedBefore ? { unfinishedBefore } : {}).then(
      (report) => {
        if (report && report.deleted > 0) {
          log(`Deleted ${report.deleted} expired photo upload(s) nobody published.`);
        }
      },
      (error: unknown) =>
        log(`Sweeping expired photo uploads failed: ${(error as Error).message ?? String(error)}`),
    );
  let sweeping = sweep(exclusive ? startedAt : undefined);
  const sweeper = setInterval(() => {
    sweeping = sweep();
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    async stop() {
      clearInterval(sweeper);
      // A sweep still running finishes before its store and storage close under it.
      await sweeping;
    },
  };
}

/** Stops accepting connections and waits for the open ones, ending them past `CLOSE_GRACE_MS`. */
async function closeConnections(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
  await closed;
  clearTimeout(force);
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
  const startedAt = new Date();
  const { open, source } = await storeOpener(config, log, options.pgliteTemplateDir);
  const { staticFiles, scriptHashes } = await readBuiltApp(config, log);
  const identity = await startIdentity(config, log);
  let media: MediaStorage;
  try {
    media = await openMediaStorage(config.uploads);
  } catch (error) {
    await identity?.stop();
    throw error;
  }
  const addresses: ServerAddresses = { own: null, shown: null };
  const handler = createApi({ config, options, log, openStore: open, media, identity, addresses });
  const server = createServer(
    createSiteListener({
      api: handler.app,
      staticFiles,
      identity,
      csp: contentSecurityPolicy(config, scriptHashes),
      sharedItem: (id) => handler.sharedItem(id, SHARED_ITEM_WAIT_MS),
      sharedStory: (id) => handler.sharedStory(id, SHARED_ITEM_WAIT_MS),
      siteUrl: () => config.siteUrl ?? addresses.shown,
      log,
      uploadsFolder: media.folder,
      trustProxy: config.trustProxy,
      preparedAnswers: handler.listAnswers,
    }),
  );
  /** Closes what the server opened besides its connections: the store, identity server, photos. */
  const closeServices = async () => {
    await handler.close();
    await identity?.stop();
    await media.close();
  };
  await listenOrStop(server, config, closeServices);

  // Opened after listen: a taken port fails at once; early requests wait for the store (or 503).
  const nodes = await warmUpWithinLimit(handler);
  const sweeps = startUploadSweeps(handler, config, startedAt, log);
  const { port, address } = server.address() as AddressInfo;
  const url = formatUrl(config.host, port);
  addresses.own = ownAddress(address, port);
  addresses.shown = url;
  let closing: Promise<void> | null = null;
  return {
    url,
    nodesUrl: `${url}${API_PREFIX}/nodes`,
    servesApp: staticFiles !== null,
    nodes,
    source,
    identity,
    uploads: media.description,
    api: handler.app,
    close() {
      closing ??= (async () => {
        await sweeps.stop();
        await closeConnections(server);
        await closeServices();
      })();
      return closing;
    },
  };
}
