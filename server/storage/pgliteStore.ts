/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in a data folder, or in
 * memory. The SQL lives in `sqlStore.ts`; this adapter owns the folder, its lock and the handle.
 */
import { mkdirSync, statSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import { errorText } from './errorText';
import { StoreOpenError } from './nodeStore';
import { createSqlStore, prepareSqlDatabase, type SeedSource, type SqlNodeStore } from './sqlStore';

export { errorText } from './errorText';

/** How to open a PGlite-backed store. */
export interface PgliteStoreOptions {
  /** Folder of a persistent database, or `null` for one in memory that is gone on close. */
  dataDir: string | null;
  /** The folder as the person running the server wrote it (defaults to `dataDir`), for messages. */
  displayName?: string;
  /**
   * Nodes to put into a database that has never been seeded. Called only then, so an unreadable
   * seed file matters only to a fresh database.
   */
  seed?: SeedSource;
  /**
   * A database in memory's starting point (`readPgliteTemplate`): a migrated copy loaded instead
   * of creating one. Ignored with `dataDir`; a copy that does not load is set aside and the
   * database created from nothing.
   */
  startFrom?: Blob | null;
}

/** A store backed by PGlite, with what happened on open. */
export type PgliteNodeStore = SqlNodeStore;

function prepareFolder(dataDir: string, display: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new StoreOpenError(
      `The nodes database folder "${display}" cannot be created (${errorText(error)}).`,
    );
  }
  if (!statSync(dataDir).isDirectory()) {
    throw new StoreOpenError(`DATA_DIR "${display}" is a file, not a folder.`);
  }
}

/** A database in memory: from `startFrom` when it loads, else a new one. */
async function createInMemory(startFrom: Blob | null | undefined): Promise<PGlite> {
  if (startFrom) {
    try {
      return await PGlite.create({ loadDataDir: startFrom });
    } catch {
      // A damaged copy costs the start its saving, nothing more.
    }
  }
  return PGlite.create();
}

/**
 * Opens (creating and migrating when needed) the nodes database, seeding it on first use.
 *
 * @throws StoreOpenError naming the folder when it cannot be opened (in use, damaged, unreadable).
 */
export async function openPgliteStore(options: PgliteStoreOptions): Promise<PgliteNodeStore> {
  const { dataDir } = options;
  const display = options.displayName ?? dataDir ?? 'memory';
  let lock: DataDirLock | null = null;
  let db: PGlite | null = null;
  let seededCount: number;
  try {
    if (dataDir !== null) {
      prepareFolder(dataDir, display);
      lock = lockDataDir(dataDir, display);
    }
    db = dataDir !== null ? await PGlite.create(dataDir) : await createInMemory(options.startFrom);
    // PGlite has one connection and the folder lock keeps other servers out: nothing to race.
    seededCount = await prepareSqlDatabase(db, options.seed);
  } catch (error) {
    await db?.close().catch(() => undefined);
    lock?.release();
    if (error instanceof StoreOpenError) throw error;
    const where = dataDir === null ? 'in memory' : `in "${display}"`;
    throw new StoreOpenError(
      `The nodes database ${where} could not be opened: ${errorText(error)}.` +
        (dataDir === null
          ? ''
          : ' If the folder is damaged, move it away and restart to create a fresh one.'),
      { cause: error },
    );
  }

  const database = db;
  const heldLock = lock;
  return createSqlStore(database, {
    seededCount,
    // One connection, and a folder locked to this process: no one else changes the nodes.
    exclusive: true,
    async close() {
      try {
        if (!database.closed) await database.close();
      } finally {
        heldLock?.release();
      }
    },
  });
}
