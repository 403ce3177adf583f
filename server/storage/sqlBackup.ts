/**
 * The database's backup and restore (issue 52), the same for PGlite and PostgreSQL: every table
 * read in one snapshot (a repeatable-read, read-only transaction, so a backup taken while editors
 * work is still one moment of the archive), each row as PostgreSQL's own JSON text, never parsed
 * here, so nothing (a bigint, a timestamp's microseconds) is rounded on the way; and put back into
 * an empty database of the same schema in one transaction, ids, versions, times and the
 * sequences' next values as they were.
 *
 * A backup is read as untrusted input: it may name only tables and columns the database has, and
 * its rows go in as parameters, never as SQL.
 */
import type { SqlDatabase, SqlSession } from './migrations';

/** One table in a backup: its columns (the generated ones apart) and how many rows it has. */
export interface TableBackup {
  name: string;
  columns: string[];
  rows: number;
}

/** What `backup.json` says of the database. */
export interface DatabaseBackup {
  /** The last schema step applied (`schema_migrations`): a restore needs the same. */
  schemaVersion: number;
  /** In the order a restore inserts them: every table before the tables that refer to it. */
  tables: TableBackup[];
}

/** Tables a restore never writes: the schema's own record (the target has made its own). */
const SCHEMA_TABLE = 'schema_migrations';
/** Written last: the other tables' triggers update it as their rows go in. */
const META_TABLE = 'archive_meta';
/** Rows fetched (and inserted) at a time. */
const BATCH = 500;

/** A restore that would not be safe, said before anything was written. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** Whether `line` is one JSON object (so a line can never be two rows, or a row's end). */
export function isJsonObject(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** An SQL identifier, quoted (only ever a name the database itself listed). */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface TableInfo {
  name: string;
  /** Every column, in order, and which are generated (not written). */
  columns: { name: string; generated: boolean; serial: boolean }[];
}

/** The database's tables and columns, the tables ordered so that a referenced one comes first. */
async function tablesOf(db: SqlSession): Promise<TableInfo[]> {
  const { rows: columns } = await db.query<{
    table_name: string;
    column_name: string;
    is_generated: string;
    column_default: string | null;
  }>(
    `select c.table_name, c.column_name, c.is_generated, c.column_default
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const byName = new Map<string, TableInfo>();
  for (const column of columns) {
    const table = byName.get(column.table_name) ?? { name: column.table_name, columns: [] };
    table.columns.push({
      name: column.column_name,
      generated: column.is_generated === 'ALWAYS',
      serial: column.column_default?.startsWith('nextval(') ?? false,
    });
    byName.set(column.table_name, table);
  }
  const { rows: references } = await db.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = current_schema()`,
  );
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: readonly string[]) => {
    if (placed.has(name) || path.includes(name)) return;
    for (const { child, parent } of references)
      if (child === name && parent !== name) place(parent, [...path, name]);
    const table = byName.get(name);
    if (table && !placed.has(name)) {
      placed.add(name);
      ordered.push(table);
    }
  };
  for (const name of [...byName.keys()].sort()) if (name !== META_TABLE) place(name, []);
  if (byName.has(META_TABLE)) place(META_TABLE, []);
  return ordered;
}

async function schemaVersionOf(db: SqlSession): Promise<number> {
  const { rows } = await db.query<{ version: number | null }>(
    `select max(version)::int as version from ${SCHEMA_TABLE}`,
  );
  return rows[0]?.version ?? 0;
}

/**
 * Reads every table in one snapshot, handing each table's rows to `write` as JSON lines (one row
 * a line, its generated columns left out), a batch at a time, and answers what it read.
 */
export async function backupDatabase(
  db: SqlDatabase,
  write: (table: string, lines: AsyncIterable<string>) => Promise<void>,
): Promise<DatabaseBackup> {
  return db.transaction(async (tx) => {
    await tx.exec('set transaction isolation level repeatable read, read only');
    const schemaVersion = await schemaVersionOf(tx);
    const tables: TableBackup[] = [];
    for (const table of await tablesOf(tx)) {
      if (table.name === SCHEMA_TABLE) continue;
      const generated = table.columns.filter((c) => c.generated).map((c) => c.name);
      const cursor = `backup_${tables.length}`;
      await tx.exec(
        `declare ${cursor} no scroll cursor for
           select (to_jsonb(t) - ${generated.length > 0 ? `array[${generated.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ')}]::text[]` : `'{}'::text[]`})::text as line
             from ${quoted(table.name)} t`,
      );
      let rows = 0;
      await write(
        table.name,
        (async function* () {
          for (;;) {
            const { rows: batch } = await tx.query<{ line: string }>(
              `fetch ${BATCH} from ${cursor}`,
            );
            for (const { line } of batch) {
              rows += 1;
              yield `${line}\n`;
            }
            if (batch.length < BATCH) break;
          }
        })(),
      );
      await tx.exec(`close ${cursor}`);
      tables.push({
        name: table.name,
        columns: table.columns.filter((c) => !c.generated).map((c) => c.name),
        rows,
      });
    }
    return { schemaVersion, tables };
  });
}

/**
 * What a restore checks before writing anything: the same schema version, only tables and
 * columns the database has, and no rows in it. Answers the database's tables by name.
 *
 * @throws RestoreRefused saying which.
 */
export async function checkRestorable(
  tx: SqlSession,
  backup: DatabaseBackup,
): Promise<Map<string, TableInfo>> {
  const version = await schemaVersionOf(tx);
  if (version !== backup.schemaVersion)
    throw new RestoreRefused(
      `The backup was made at schema version ${backup.schemaVersion} and this database is at ${version}: restore it with the version of Globe Archive that made it, then upgrade.`,
    );
  const tables = new Map((await tablesOf(tx)).map((table) => [table.name, table]));
  for (const table of backup.tables) {
    const target = tables.get(table.name);
    if (target === undefined || table.name === SCHEMA_TABLE)
      throw new RestoreRefused(`The backup has a table this database does not: ${table.name}.`);
    const writable = new Set(target.columns.filter((c) => !c.generated).map((c) => c.name));
    const unknown = table.columns.filter((column) => !writable.has(column));
    if (unknown.length > 0)
      throw new RestoreRefused(
        `The backup's ${table.name} has columns this database does not: ${unknown.join(', ')}.`,
      );
  }
  for (const table of tables.values()) {
    if (table.name === SCHEMA_TABLE || table.name === META_TABLE) continue;
    const { rows } = await tx.query<{ any: boolean }>(
      `select exists (select 1 from ${quoted(table.name)}) as any`,
    );
    if (rows[0]?.any)
      throw new RestoreRefused(
        `This database is not empty (${table.name} has rows): restore into a new, empty install.`,
      );
  }

  return tables;
}

/** Reads the JSON lines of one table of a backup, in batches. */
export type TableLines = (table: string) => AsyncIterable<string>;

/**
 * Puts a backup into `db`, which must be empty (a new install: no rows but its schema's own) and
 * at the backup's schema version, all in one transaction: nothing is written when anything fails.
 * Answers how many rows each table got.
 *
 * @throws RestoreRefused before writing anything when the database is not empty, is at another
 *   schema version, or the backup names a table or column it does not have.
 */
export async function restoreDatabase(
  db: SqlDatabase,
  backup: DatabaseBackup,
  lines: TableLines,
): Promise<Map<string, number>> {
  return db.transaction(async (tx) => {
    const tables = await checkRestorable(tx, backup);
    const counts = new Map<string, number>();
    const order = [...tables.keys()];
    const inOrder = [...backup.tables].sort(
      (a, b) => order.indexOf(a.name) - order.indexOf(b.name),
    );
    for (const table of inOrder) {
      if (table.name === META_TABLE) await tx.query(`delete from ${quoted(META_TABLE)}`);
      const columns = table.columns.map(quoted).join(', ');
      const insert = `insert into ${quoted(table.name)} (${columns})
          select ${columns} from jsonb_populate_recordset(null::${quoted(table.name)}, $1::jsonb)`;
      let batch: string[] = [];
      let count = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.query(insert, [`[${batch.join(',')}]`]);
        count += batch.length;
        batch = [];
      };
      for await (const line of lines(table.name)) {
        if (line.trim() === '') continue;
        if (!isJsonObject(line))
          throw new RestoreRefused(
            `The backup's ${table.name} has a line that is not one row (a JSON object): nothing was restored.`,
          );
        batch.push(line);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      if (count !== table.rows)
        throw new Error(
          `The backup's ${table.name} holds ${count} rows where it says ${table.rows}.`,
        );
      counts.set(table.name, count);
      // The next id after the restored ones, as it was.
      const target = tables.get(table.name) as TableInfo;
      for (const column of target.columns.filter((c) => c.serial))
        await tx.query(
          `select setval(pg_get_serial_sequence($1, $2),
                         coalesce((select max(${quoted(column.name)}) from ${quoted(table.name)}), 0) + 1,
                         false)`,
          [quoted(table.name), column.name],
        );
    }
    return counts;
  });
}
