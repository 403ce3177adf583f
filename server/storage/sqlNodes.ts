/**
 * The nodes' reads and writes in SQL, written once over `SqlDatabase` so that PGlite and a
 * PostgreSQL server run the same statements.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SqlDatabase, SqlSession } from './migrations';
import {
  ImportConflict,
  importConflicts,
  NodeExists,
  NodeNotFound,
  VersionConflict,
  type EditableNodeStore,
  type ImportChanges,
  type JournalAction,
  type JournalEntry,
  type JournalQuery,
  type StoredNode,
} from './nodeStore';
import { isoTime, jsonParam, rowBefore, rowLimit, withoutNul } from './postgresValues';

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
  reason = '',
): Promise<void> {
  await tx.query(
    `insert into node_journal (node_id, action, who, before, after, reason)
       values ($1, $2, $3, $4::jsonb, $5::jsonb, $6)`,
    [nodeId, action, who, jsonParam(before), jsonParam(after), withoutNul(reason)],
  );
}

/** The node after a change, from `insert … returning` or `update … returning`. */
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

/**
 * Adds a node at version 1 and journals it, inside the caller's transaction: an editor's create
 * and a submission's approval share it, so both make exactly the same node.
 *
 * @throws NodeExists when a node (even a deleted one) has that id.
 */
export async function insertNode(
  tx: SqlSession,
  node: Record<string, unknown> & { video_id: string },
  who: string,
): Promise<StoredNode> {
  // One writer at a time decides whether an id is free: a PostgreSQL server has many
  // connections, and a row lock cannot guard a row that does not exist yet.
  await tx.query('lock table nodes in share row exclusive mode');
  const existing = await lockNode(tx, node.video_id);
  if (existing) throw new NodeExists(node.video_id, existing.deleted);
  const row = await change(tx, 'insert into nodes (data) values ($1::jsonb)', [jsonParam(node)]);
  await record(tx, node.video_id, 'create', who, null, row.data);
  return storedOf(row);
}

/**
 * Hides a node from the public list at once (whatever its version), journaled as a delete with
 * `reason`, inside the caller's transaction: a removal request's "hide" does it. A node already
 * hidden stays as it is.
 *
 * @returns the node, or null when no node has this id.
 */
export async function hideNode(
  tx: SqlSession,
  id: string,
  who: string,
  reason: string,
): Promise<StoredNode | null> {
  const before = await lockNode(tx, id);
  if (before === null) return null;
  if (before.deleted) return storedOf(before);
  const row = await change(
    tx,
    `update nodes set deleted_at = now(), version = version + 1, updated_at = now()
       where seq = $1`,
    [before.seq],
  );
  await record(tx, id, 'delete', who, before.data, null, reason);
  return storedOf(row);
}

/**
 * Rows the whole list is read in at once: the embedded database parses a statement's answer on
 * the server's own thread, 170 ms for 10,000 items in one statement (issue 45), so the list comes
 * a page at a time with the event loop's turn between. A write between pages is read as it
 * landed: a list is then momentarily of no single revision, and the next read of the list (whose
 * revision has moved on) reads it again.
 */
const READ_PAGE = 2000;

/** Every row of a query read a page at a time by `seq` (`page(after)`), in order. */
async function inPages<R extends { seq: number | string }>(
  page: (after: number) => Promise<{ rows: R[] }>,
): Promise<R[]> {
  const all: R[] = [];
  for (let after = 0; ;) {
    const { rows } = await page(after);
    all.push(...rows);
    const last = rows.at(-1);
    if (rows.length < READ_PAGE || last === undefined) return all;
    after = Number(last.seq);
    await nextTurn();
  }
}

/** Rows an import writes in one statement (a few tens of milliseconds of the embedded database). */
const IMPORT_BATCH = 200;

/** `items` in runs of `IMPORT_BATCH`, in order. */
function batchesOf<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let at = 0; at < items.length; at += IMPORT_BATCH) {
    batches.push(items.slice(at, at + IMPORT_BATCH));
  }
  return batches;
}

/** The stored rows of the items an import names, by id (the first of duplicates), locked. */
async function lockImported(tx: SqlSession, ids: string[]): Promise<Map<string, NodeRow>> {
  // No other write until this one is done: ids cannot be taken, nor versions move, meanwhile.
  await tx.query('lock table nodes in share row exclusive mode');
  const { rows } = await tx.query<NodeRow & { video_id: string }>(
    `select seq, video_id, data, version, deleted_at is not null as deleted from nodes
      where video_id in (select jsonb_array_elements_text($1::jsonb)) order by seq`,
    [JSON.stringify(ids)],
  );
  const found = new Map<string, NodeRow>();
  for (const row of rows) if (!found.has(row.video_id)) found.set(row.video_id, row);
  return found;
}

/** Adds an import's new items and journals them, a batch at a time. */
async function insertImported(
  tx: SqlSession,
  creates: ImportChanges['creates'],
  who: string,
  reason: string,
): Promise<void> {
  for (const batch of batchesOf(creates)) {
    await nextTurn();
    await tx.query(
      `insert into nodes (data)
         select value from jsonb_array_elements($1::jsonb) with ordinality as t(value, n)
         order by n`,
      [jsonParam(batch)],
    );
    await tx.query(
      `insert into node_journal (node_id, action, who, before, after, reason)
         select value->>'video_id', 'create', $2, null, value, $3
           from jsonb_array_elements($1::jsonb) with ordinality as t(value, n) order by n`,
      [jsonParam(batch), who, withoutNul(reason)],
    );
  }
}

/** Replaces the items an import changes and journals them, a batch at a time. */
async function updateImported(
  tx: SqlSession,
  updates: ImportChanges['updates'],
  found: Map<string, NodeRow>,
  who: string,
  reason: string,
): Promise<void> {
  const changed = updates.map(({ node }) => {
    const row = found.get(node.video_id) as NodeRow;
    return { seq: row.seq, id: node.video_id, before: row.data, after: node };
  });
  for (const batch of batchesOf(changed)) {
    await nextTurn();
    await tx.query(
      `update nodes set data = u.value->'after', version = nodes.version + 1,
              updated_at = now()
         from jsonb_array_elements($1::jsonb) as u(value)
        where nodes.seq = (u.value->>'seq')::bigint`,
      [jsonParam(batch)],
    );
    await tx.query(
      `insert into node_journal (node_id, action, who, before, after, reason)
         select value->>'id', 'update', $2, value->'before', value->'after', $3
           from jsonb_array_elements($1::jsonb) with ordinality as t(value, n) order by n`,
      [jsonParam(batch), who, withoutNul(reason)],
    );
  }
}

/**
 * Writes an import inside the caller's transaction, refused whole (ImportConflict) when any of
 * its items moved since it was planned.
 */
async function importNodes(
  tx: SqlSession,
  { creates, updates }: ImportChanges,
  who: string,
  reason: string,
): Promise<{ created: number; updated: number }> {
  const ids = [...creates, ...updates.map((update) => update.node)].map((n) => n.video_id);
  const found = await lockImported(tx, ids);
  const conflicts = importConflicts({ creates, updates }, (id) => found.get(id));
  if (conflicts.length > 0) throw new ImportConflict(conflicts);
  // Statements of a batch of rows each, in file order, giving way between them: the
  // embedded database runs on the server's own thread, where one statement of 10,000 rows
  // would hold every other request for seconds (issue 45).
  await insertImported(tx, creates, who, reason);
  await updateImported(tx, updates, found, who, reason);
  return { created: creates.length, updated: updates.length };
}

/** The journal's entries, newest first, a page at a time (a node's, or every node's). */
async function readJournal(
  db: SqlDatabase,
  { nodeId, limit, before }: JournalQuery,
): Promise<JournalEntry[]> {
  const { rows } = await db.query<{
    id: string;
    node_id: string;
    action: JournalAction;
    who: string;
    at: Date | string;
    before: unknown;
    after: unknown;
    reason: string;
  }>(
    // Qualified: a bare `id` in order by names the text column above, which sorts "9" after
    // "10", so past entry 999 the newest ones would never come first.
    `select id::text as id, node_id, action, who, at, before, after, reason from node_journal
       where ($1::text is null or node_id = $1)
         and ($3::bigint is null or node_journal.id < $3)
       order by node_journal.id desc limit $2`,
    [nodeId ?? null, rowLimit(limit), rowBefore(before)],
  );
  return rows.map((row): JournalEntry => ({
    id: Number(row.id),
    nodeId: row.node_id,
    action: row.action,
    who: row.who,
    at: isoTime(row.at),
    before: row.before,
    after: row.after,
    reason: row.reason,
  }));
}

/** The public list, its revision, and the editors' reads and writes over `db`. */
export function sqlNodeOperations(db: SqlDatabase): Omit<EditableNodeStore, 'close'> {
  return {
    async listNodes() {
      const rows = await inPages((after) =>
        db.query<{ seq: number; data: unknown }>(
          `select seq, data from nodes where deleted_at is null and seq > $1 order by seq
            limit ${READ_PAGE}`,
          [after],
        ),
      );
      return rows.map((row) => row.data);
    },
    async revision() {
      // As text: PGlite and node-postgres disagree on how a bigint comes back.
      const { rows } = await db.query<{ revision: string }>(
        'select revision::text as revision from archive_meta',
      );
      return rows[0]?.revision ?? '0';
    },
    async getNode(id) {
      const { rows } = await db.query<NodeRow>(
        `${SELECT_NODE} where video_id = $1 order by seq limit 1`,
        [id],
      );
      return rows[0] ? storedOf(rows[0]) : null;
    },
    createNode(node, who) {
      return db.transaction((tx) => insertNode(tx, node, who));
    },
    updateNode(id, node, expectedVersion, who) {
      const content = { ...node, video_id: id };
      return db.transaction(async (tx) => {
        const before = await lockCurrent(tx, id, expectedVersion);
        const row = await change(
          tx,
          `update nodes set data = $2::jsonb, version = version + 1, updated_at = now()
             where seq = $1`,
          [before.seq, jsonParam(content)],
        );
        await record(tx, id, 'update', who, before.data, row.data);
        return storedOf(row);
      });
    },
    deleteNode(id, expectedVersion, who) {
      return db.transaction(async (tx) => {
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
      return db.transaction(async (tx) => {
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
    async allNodes() {
      const rows = await inPages((after) =>
        db.query<NodeRow & { changed_at: Date | string }>(
          `select seq, data, version, deleted_at is not null as deleted, updated_at as changed_at
             from nodes where seq > $1 order by seq limit ${READ_PAGE}`,
          [after],
        ),
      );
      return rows.map((row) => ({ ...storedOf(row), changedAt: isoTime(row.changed_at) }));
    },
    importNodes(changes, who, reason) {
      return db.transaction((tx) => importNodes(tx, changes, who, reason));
    },
    journal: (query) => readJournal(db, query),
  };
}
