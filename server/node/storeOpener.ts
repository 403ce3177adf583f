import { loadArchiveSeed } from '../storage/archiveFile';
import { displayPath, type ServerConfig } from '../config/serverConfig';
import { describeDatabaseUrl } from '../storage/databaseUrl';
import type { NodeStore } from '../storage/nodeStore';
import { openPgliteStore } from '../storage/pgliteStore';
import { readPgliteTemplate } from '../storage/pgliteTemplate';
import { openPgStore } from '../storage/pgStore';

/**
 * How the local server opens its nodes store, and the store in words for the start-up banner:
 * `ARCHIVE_FILE` in memory, else `DATABASE_URL` (PostgreSQL), else the embedded database in
 * `DATA_DIR`; a new database is seeded from `SEED_FILE`.
 *
 * @param templateDir where the build's migrated PGlite copy is (`pgliteTemplate.ts`), for a
 *   database in memory.
 * @throws ArchiveFileError when `ARCHIVE_FILE` is set and unusable (read once, before listening).
 */
export async function storeOpener(
  config: ServerConfig,
  log: (line: string) => void,
  templateDir?: string,
): Promise<{ open: () => Promise<NodeStore>; source: string }> {
  if (config.archiveFile !== null) {
    const display = displayPath(config.archiveFile);
    // Read once, before listening: a wrong ARCHIVE_FILE should stop the start with its reason.
    const entries = await loadArchiveSeed(config.archiveFile, display, log);
    return {
      open: async () =>
        openPgliteStore({
          dataDir: null,
          seed: () => entries,
          startFrom: templateDir === undefined ? null : await readPgliteTemplate(templateDir),
        }),
      source: `${display}, in memory: changes are not saved`,
    };
  }
  const seedFile = displayPath(config.seedFile);
  const seed = () => loadArchiveSeed(config.seedFile, seedFile, log);
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
