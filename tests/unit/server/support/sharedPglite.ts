import { PGlite } from '@electric-sql/pglite';
import { afterAll } from 'vitest';
import { migrate } from '../../../../server/storage/migrations';
import type { ArchiveSeed } from '../../../../server/storage/archiveFile';
import {
  createSqlStore,
  prepareSqlDatabase,
  type SqlNodeStore,
} from '../../../../server/storage/sqlStore';

/** Opens a store on the file's database, emptied back to its migrated state and seeded. */
export type OpenPgliteStore = (seed: readonly unknown[] | ArchiveSeed) => Promise<SqlNodeStore>;

/** A copy of a seed (nodes, or nodes and stories), as a seed source answers it. */
export const seedCopy = (seed: readonly unknown[] | ArchiveSeed): unknown[] | ArchiveSeed =>
  Array.isArray(seed) ? [...(seed as readonly unknown[])] : { ...(seed as ArchiveSeed) };

/** A table name as SQL reads it. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One in-memory PGlite database for a whole test file, put back before each store opens on it
 * to the state its migrations left (every table emptied, identities restarted, the rows the
 * migrations wrote restored), then seeded as a new database is: the store's code runs as
 * `openPgliteStore` runs it (`prepareSqlDatabase`, `createSqlStore`), without PostgreSQL's
 * start-up under WebAssembly for every test (1.5 s from a dump, about 4 s from nothing; emptying
 * takes milliseconds). Closing a store leaves the database open for the next; it closes after the
 * file. The folder, its lock and the handle's own closing are `pgliteStore.test.ts`'s.
 */
export function sharedPglite(): OpenPgliteStore {
  let database: Promise<{ db: PGlite; reset: () => Promise<void> }> | null = null;
  afterAll(async () => {
    const opened = await database;
    await opened?.db.close();
  });
  return async (seed) => {
    const { db, reset } = await (database ??= prepare());
    await reset();
    const seededCount = await prepareSqlDatabase(db, () => seedCopy(seed));
    // Only this store writes the database, as with `openPgliteStore`: its revision is remembered.
    return createSqlStore(db, { seededCount, close: () => Promise.resolve(), exclusive: true });
  };
}

async function prepare(): Promise<{ db: PGlite; reset: () => Promise<void> }> {
  const db = await PGlite.create();
  await migrate(db);
  const { rows } = await db.query<{ name: string }>(
    `select tablename as name from pg_tables
      where schemaname = 'public' and tablename <> 'schema_migrations' order by tablename`,
  );
  const tables = rows.map((row) => row.name);
  // What the migrations wrote (archive_meta's one row), as JSON to put back.
  const written: { table: string; rows: string }[] = [];
  for (const table of tables) {
    const { rows: found } = await db.query<{ rows: unknown[] | null }>(
      `select json_agg(t) as rows from ${quoted(table)} t`,
    );
    const list = found[0]?.rows ?? null;
    if (list && list.length > 0) written.push({ table, rows: JSON.stringify(list) });
  }
  return {
    db,
    async reset() {
      await db.transaction(async (tx) => {
        await tx.exec(`truncate ${tables.map(quoted).join(', ')} restart identity cascade`);
        for (const { table, rows } of written) {
          await tx.query(
            `insert into ${quoted(table)} select * from json_populate_recordset(null::${quoted(table)}, $1::json)`,
            [rows],
          );
        }
      });
    },
  };
}
