/**
 * What the nodes-service Lambda function reads from its environment: the local server's settings
 * for the store, the origins and the photos, and the /login function's `LOGIN_*` for the pool
 * whose editors may write. What has no meaning in a function is refused (`UPLOADS_DIR`: no folder
 * outlives an instance) or ignored with a log line (`TRUST_PROXY`: API Gateway names the caller).
 */
import { readArchiveSeed } from '../storage/archiveFile';
import { ConfigError, readConfig } from '../config/serverConfig';
import { readLoginConfig } from '../config/loginConfig';
import { createEditorTokenVerifier, resolvePool } from '../config/poolSettings';
import type { NodesHandlerOptions } from '../nodesHandler';
import { describeDatabaseUrl } from '../storage/databaseUrl';
import { createMemoryStore } from '../storage/memoryStore';
import { withDatabaseSecret, type SecretReader } from './databaseSecret';
import { readOnlyView, StoreOpenError, type NodeStore } from '../storage/nodeStore';
import type { MediaStorage } from '../uploads/mediaStorage';
import { openMediaStorage } from '../uploads/openMediaStorage';

/**
 * The 405 of every write and form when the store is the bundled archive: it lives in one
 * instance's memory, so a write would reach one instance of many and vanish when it is recycled.
 */
export const READ_ONLY_WITHOUT_DATABASE = 'This archive is read-only without DATABASE_URL.';

/** An instance serves one request at a time: a write's transaction and a read at most. */
const LAMBDA_MAX_CONNECTIONS = 2;

/** The nodes handler's options for this environment, and a line saying what they amount to. */
export interface LambdaSetup {
  options: NodesHandlerOptions;
  /** For the function's log: the store, the editors' pool and the photo storage, in words. */
  summary: string;
}

function storeOpener(
  archiveFile: string | null,
  databaseUrl: string | null,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): () => Promise<NodeStore> {
  const readArchive = (file: string) => readArchiveSeed(file, env.ARCHIVE_FILE);
  if (databaseUrl !== null) {
    return async () => {
      // Loaded only here, so a function serving a bundled archive never loads the driver.
      const { openPgStore } = await import('../storage/pgStore');
      return openPgStore({
        url: databaseUrl,
        // A bundled archive seeds a database that was never seeded (the first cold start).
        ...(archiveFile === null ? {} : { seed: () => readArchive(archiveFile) }),
        maxConnections: LAMBDA_MAX_CONNECTIONS,
        log,
      });
    };
  }
  return async () => {
    if (archiveFile === null) {
      throw new StoreOpenError(
        'ARCHIVE_FILE is not set: name the archive JSON bundled with the function, or set ' +
          'DATABASE_URL to a PostgreSQL database.',
      );
    }
    return readOnlyView(
      createMemoryStore(await readArchive(archiveFile)),
      READ_ONLY_WITHOUT_DATABASE,
    );
  };
}

/**
 * Reads the function's settings. Relative paths (`ARCHIVE_FILE`) are taken from the working
 * directory, which a Lambda runtime sets to the function's folder.
 *
 * @throws ConfigError naming the variable that is wrong, as the local server would at start.
 */
export async function readLambdaSetup(
  given: NodeJS.ProcessEnv,
  log: (line: string) => void,
  readSecret?: SecretReader,
): Promise<LambdaSetup> {
  const env = await withDatabaseSecret(given, readSecret);
  if (env.UPLOADS_DIR?.trim()) {
    // Refused rather than ignored: photos written to /tmp would be served by no one and lost
    // with the instance, while the uploader was told they were stored.
    throw new ConfigError(
      'UPLOADS_DIR: a Lambda function has no lasting folder; keep photos in S3 with ' +
        'UPLOADS_BUCKET and UPLOADS_PUBLIC_URL, or unset UPLOADS_DIR to take no photos.',
    );
  }
  const config = readConfig(env);
  if (config.trustProxy.kind === 'proxies' || config.trustProxy.hops > 0) {
    log('nodes-service: TRUST_PROXY is ignored: API Gateway names the client (its source IP).');
  }
  // The pool the /login function puts editors in: the same settings, read by the same code.
  const pool = resolvePool({
    login: readLoginConfig(env),
    identity: null,
    allowList: [],
    appOrigins: config.appOrigins,
  });
  // Only a bucket: without UPLOADS_BUCKET, config.uploads is the local server's default folder.
  const media: MediaStorage | null =
    config.uploads.kind === 's3' ? await openMediaStorage(config.uploads) : null;
  const options: NodesHandlerOptions = {
    openStore: storeOpener(config.archiveFile, config.databaseUrl, env, log),
    appOrigins: config.appOrigins,
    log,
    verifyEditor: pool ? createEditorTokenVerifier(pool) : null,
    media,
    uploadQuotas: config.uploadQuotas,
    // No timer outlives a request on Lambda: visitors' uploads sweep now and then instead.
    sweepOnUploads: true,
    siteUrl: () => config.siteUrl,
    adminEmail: config.adminEmail,
  };
  const store =
    config.databaseUrl !== null
      ? describeDatabaseUrl(config.databaseUrl)
      : `${env.ARCHIVE_FILE?.trim() || '(no ARCHIVE_FILE)'}, in memory, read-only`;
  const editors = pool ? `editors of ${pool.issuer}` : 'no editors (LOGIN_USER_POOL_ID is not set)';
  const photos = media ? `photos to ${media.description}` : 'no photos (UPLOADS_BUCKET is not set)';
  return { options, summary: `nodes-service: ${store}; ${editors}; ${photos}.` };
}
