import { mkdirSync, statSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import { migrate, type SqlSession } from './migrations';
import {
  NodeExists,
  NodeNotFound,
  StoreOpenError,
  VersionConflict,
  type JournalAction,
  type JournalEntry,
  type EditableNodeStore,
  type StoredNode,
} from './nodeStore';

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
  seed?: () => unknown[] | Promise<unknown[]>;
}

/** A store backed by PGlite, with what happened on open. */
export interface PgliteNodeStore extends EditableNodeStore {
  /** How many nodes this open seeded (0 when the database already had its data). */
  readonly seededCount: number;
}

/** Best-effort text of anything thrown (PGlite's file-system errors carry only a code). */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { code, errno } = error as { code?: unknown; errno?: unknown };
    if (typeof code === 'string') return code;
    if (typeof errno === 'number') return `file system error ${errno}`;
  }
  return String(error);
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb. Such a character in an archive must not stop the
 * whole archive from loading, so it becomes U+FFFD (and the caller is told how many).
 */
function withoutNul(value: unknown, count: { n: number }): unknown {
  if (typeof value === 'string') {
    if (!value.includes('\u0000')) return value;
    count.n += value.split('\u0000').length - 1;
    return value.replaceAll('\u0000', '\uFFFD');
  }
  if (Array.isArray(value)) return value.map((item) => withoutNul(item, count));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [withoutNul(key, count), withoutNul(item, count)]),
    );
  }
  return value;
}

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

async function seedIfNew(db: PGlite, seed: PgliteStoreOptions['seed']): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ seeded: boolean; empty: boolean }>(
      `select seeded_at is not null as seeded, not exists (select 1 from nodes) as empty
         from archive_meta`,
    );
    const state = rows[0];
    // Seed a database once: an editor who later empties the archive must not get the sample back.
    if (!state || state.seeded || !state.empty || !seed) return 0;
    const entries = await seed();
    const nul = { n: 0 };
    const clean = withoutNul(entries, nul);
    if (nul.n > 0) {
      console.warn(`Seed archive: ${nul.n} NUL character(s) replaced with U+FFFD for PostgreSQL.`);
    }
    // One statement for the whole list; `with ordinality` keeps archive order in seq.
    await tx.query(
      `insert into nodes (data)
         select entry.value from jsonb_array_elements($1::jsonb) with ordinality as entry(value, n)
         order by entry.n`,
      [JSON.stringify(clean)],
    );
    await tx.query('update archive_meta set seeded_at = now()');
    return entries.length;
  });
}

interface NodeRow {
  seq: number;
  data: Record<string, unknown>;
  version: number;
  deleted: boolean;
}

const SELECT_NODE = `select seq, data, version, deleted_at is not null as deleted from nodes`;

function storedOf(row: NodeRow): StoredNode {
  return { node: row.data, version: row.version, deleted: row.deleted };
}

/** The node with this id, locked for the rest of the transaction (the first of duplicates). */
async function lockNode(tx: SqlSession, id: string): Promise<NodeRow | null> {
  const { rows } = await tx.query<NodeRow>(
    `${SELECT_NODE} where video_id = $1 order by seq limit 1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

async function record(
  tx: SqlSession,
  nodeId: string,
  action: JournalAction,
  who: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.query(
    `insert into node_journal (node_id, action, who, before, after)
       values ($1, $2, $3, $4::jsonb, $5::jsonb)`,
    [
      nodeId,
      action,
      who,
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
    ],
  );
}

/** The node after a change, from `update … returning`. */
async function change(tx: SqlSession, sql: string, params: unknown[]): Promise<NodeRow> {
  const { rows } = await tx.query<NodeRow>(
    `${sql} returning seq, data, version, deleted_at is not null as deleted`,
    params,
  );
  const row = rows[0];
  if (!row) throw new Error('the node vanished during its own transaction');
  return row;
}

/** Locks a live node at the expected version, or throws what the caller must be told. */
async function lockCurrent(tx: SqlSession, id: string, expectedVersion: number): Promise<NodeRow> {
  const row = await lockNode(tx, id);
  if (row === null) throw new NodeNotFound(id);
  if (row.deleted || row.version !== expectedVersion) throw new VersionConflict(storedOf(row));
  return row;
}

/** The writes and reads editors use, over an open database. */
function editorOperations(
  database: PGlite,
): Omit<EditableNodeStore, 'listNodes' | 'revision' | 'close'> {
  return {
    async getNode(id) {
      const { rows } = await database.query<NodeRow>(
        `${SELECT_NODE} where video_id = $1 order by seq limit 1`,
        [id],
      );
      return rows[0] ? storedOf(rows[0]) : null;
    },
    createNode(node, who) {
      const clean = withoutNul(node, { n: 0 }) as Record<string, unknown>;
      return database.transaction(async (tx) => {
        // One writer at a time decides whether an id is free (PGlite has one connection, but a
        // PostgreSQL server has many).
        await tx.query('lock table nodes in share row exclusive mode');
        const existing = await lockNode(tx, node.video_id);
        if (existing) throw new NodeExists(node.video_id, existing.deleted);
        const row = await change(tx, 'insert into nodes (data) values ($1::jsonb)', [
          JSON.stringify(clean),
        ]);
        await record(tx, node.video_id, 'create', who, null, row.data);
        return storedOf(row);
      });
    },
    updateNode(id, node, expectedVersion, who) {
      const clean = withoutNul({ ...node, video_id: id }, { n: 0 });
      return database.transaction(async (tx) => {
        const before = await lockCurrent(tx, id, expectedVersion);
        const row = await change(
          tx,
          `update nodes set data = $2::jsonb, version = version + 1, updated_at = now()
             where seq = $1`,
          [before.seq, JSON.stringify(clean)],
        );
        await record(tx, id, 'update', who, before.data, row.data);
        return storedOf(row);
      });
    },
    deleteNode(id, expectedVersion, who) {
      return database.transaction(async (tx) => {
        const before = await lockCurrent(tx, id, expectedVersion);
        const row = await change(
          tx,
          `update nodes set deleted_at = now(), version = version + 1, updated_at = now()
             where seq = $1`,
          [before.seq],
        );
        await record(tx, id, 'delete', who, before.data, null);
        return storedOf(row);
      });
    },
    restoreNode(id, who) {
      return database.transaction(async (tx) => {
        const before = await lockNode(tx, id);
        if (before === null) throw new NodeNotFound(id);
        if (!before.deleted) throw new VersionConflict(storedOf(before));
        const row = await change(
          tx,
          `update nodes set deleted_at = null, version = version + 1, updated_at = now()
             where seq = $1`,
          [before.seq],
        );
        await record(tx, id, 'restore', who, null, row.data);
        return storedOf(row);
      });
    },
    async journal({ nodeId, limit }) {
      const { rows } = await database.query<{
        id: string;
        node_id: string;
        action: JournalAction;
        who: string;
        at: Date | string;
        before: unknown;
        after: unknown;
      }>(
        `select id::text as id, node_id, action, who, at, before, after from node_journal
           where $1::text is null or node_id = $1 order by id desc limit $2`,
        [nodeId ?? null, Math.max(0, Math.floor(limit))],
      );
      return rows.map((row): JournalEntry => ({
        id: Number(row.id),
        nodeId: row.node_id,
        action: row.action,
        who: row.who,
        at: new Date(row.at).toISOString(),
        before: row.before,
        after: row.after,
      }));
    },
  };
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
    db = dataDir === null ? await PGlite.create() : await PGlite.create(dataDir);
    await migrate(db);
    seededCount = await seedIfNew(db, options.seed);
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
  let closing: Promise<void> | null = null;
  return {
    seededCount,
    ...editorOperations(database),
    async listNodes() {
      const { rows } = await database.query<{ data: unknown }>(
        'select data from nodes where deleted_at is null order by seq',
      );
      return rows.map((row) => row.data);
    },
    async revision() {
      const { rows } = await database.query<{ revision: string }>(
        'select revision::text as revision from archive_meta',
      );
      return rows[0]?.revision ?? '0';
    },
    close() {
      closing ??= (async () => {
        try {
          if (!database.closed) await database.close();
        } finally {
          lock?.release();
        }
      })();
      return closing;
    },
  };
}
