/**
 * What the archive keeps, opened as the server's configuration names it (`.env`, `DATA_DIR` or
 * `DATABASE_URL`, `UPLOADS_DIR` or `UPLOADS_BUCKET`), for `npm run backup` and `npm run restore`
 * (issue 52). The database is opened without a seed: a backup changes nothing, and a restore's
 * new install must stay empty for it.
 */
import '../../server/support/serverLanguage';
import { fileURLToPath } from 'node:url';
import { displayPath, readConfig, type ServerConfig } from '../../server/config/serverConfig';
import { loadDotEnv } from '../../server/node/dotenv';
import { describeDatabaseUrl } from '../../server/storage/databaseUrl';
import { openPgliteStore } from '../../server/storage/pgliteStore';
import { openPgStore } from '../../server/storage/pgStore';
import type { SqlNodeStore } from '../../server/storage/sqlStore';
import type { MediaStorage } from '../../server/uploads/mediaStorage';
import { openMediaStorage } from '../../server/uploads/openMediaStorage';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The configuration as the server reads it. */
export function serverConfig(): ServerConfig {
  loadDotEnv(projectRoot);
  return readConfig(process.env, projectRoot);
}

export interface KeptStores {
  store: SqlNodeStore;
  media: MediaStorage | null;
  /** The database in words, never with a password. */
  database: string;
  /** The upload storage in words. */
  uploads: string;
  close(): Promise<void>;
}

/** Opens the database and the upload storage; throws with a line to show when it cannot. */
export async function openKept(config: ServerConfig): Promise<KeptStores> {
  if (config.archiveFile !== null)
    throw new Error(
      'ARCHIVE_FILE is set: that archive lives in memory and keeps nothing to back up or restore into. Unset it to use DATA_DIR or DATABASE_URL.',
    );
  const database =
    config.databaseUrl !== null
      ? describeDatabaseUrl(config.databaseUrl)
      : displayPath(config.dataDir);
  const store =
    config.databaseUrl !== null
      ? await openPgStore({ url: config.databaseUrl, log: (line) => console.warn(line) })
      : await openPgliteStore({
          dataDir: config.dataDir,
          displayName: displayPath(config.dataDir),
        });
  const media =
    config.uploads.kind === 'folder' && config.uploads.dir === null
      ? null
      : await openMediaStorage(config.uploads);
  return {
    store,
    media,
    database,
    uploads: media?.description ?? 'none',
    async close() {
      await store.close();
      await media?.close();
    },
  };
}

/** Runs `main` as a command: its exit code, or 1 with the error's message. */
export function runCommand(main: () => Promise<number>, whenFailed = ''): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${error instanceof Error ? error.message : String(error)}${whenFailed}`);
      process.exit(1);
    },
  );
}
