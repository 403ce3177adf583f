/**
 * The nodes store on a PostgreSQL server (`DATABASE_URL`): the same SQL and migrations as the
 * embedded database, over a connection pool, so several servers or serverless instances can share
 * one archive.
 */
import { Pool, type PoolClient } from 'pg';
import { databaseAddress, describeDatabase } from './databaseUrl';
import type { SqlDatabase, SqlSession } from './migrations';
import { StoreOpenError } from './nodeStore';
import { openFailureReason } from './pgOpenFailure';
import { createSqlStore, prepareSqlDatabase, type SeedSource, type SqlNodeStore } from './sqlStore';

/** How to open a PostgreSQL-backed store. */
export interface PgStoreOptions {
  /** `postgres://user:password@host:5432/database` (query options such as `sslmode` work). */
  url: string;
  /** Nodes for a database that has never been seeded; called only then. */
  seed?: SeedSource;
  /** Most connections this process holds (a serverless instance needs few). Default 10. */
  maxConnections?: number;
  /** Longest wait for a connection, ms. Default 10 s. */
  connectTimeoutMs?: number;
  /** Where to report a connection the server dropped while it sat idle in the pool. */
  log?: (line: string) => void;
}

/**
 * Serialises schema changes and seeding across every process sharing the database. Any fixed
 * number would do; this one spells "globe" in ASCII, to be recognisable in `pg_locks`.
 */
const PREPARE_LOCK_KEY = 0x676c6f6265;

function sessionOf(client: Pool | PoolClient): SqlSession {
  return {
    // Without parameters node-postgres uses the simple protocol, which runs a migration's several
    // statements in one call.
    exec: (sql) => client.query(sql),
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
  };
}

/**
 * Runs `fn` inside BEGIN … COMMIT on one pooled connection. A connection whose ROLLBACK failed is
 * in an unknown state, so it is closed rather than handed to the next caller.
 */
async function inTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The pool as a `SqlDatabase`: queries on any connection, each transaction on one. */
function poolDatabase(pool: Pool): SqlDatabase {
  return {
    ...sessionOf(pool),
    transaction: (fn) => inTransaction(pool, (client) => fn(sessionOf(client))),
  };
}

/**
 * One connection already inside a transaction, as a `SqlDatabase` whose transactions are
 * savepoints: the whole preparation then commits at once, under one transaction-level lock.
 */
function savepointDatabase(client: PoolClient): SqlDatabase {
  const session = sessionOf(client);
  return {
    ...session,
    async transaction(fn) {
      await client.query('savepoint prepare_step');
      try {
        const result = await fn(session);
        await client.query('release savepoint prepare_step');
        return result;
      } catch (error) {
        await client.query('rollback to savepoint prepare_step');
        throw error;
      }
    },
  };
}

/**
 * Migrates and seeds under an advisory lock, so servers starting at the same moment (serverless
 * cold starts) take turns: the first does the work, the others then find nothing to do. A
 * transaction-level lock is released by COMMIT even behind a pooler in transaction mode, where a
 * session-level lock could outlive its caller on a shared connection.
 */
function prepareUnderLock(pool: Pool, seed: SeedSource | undefined): Promise<number> {
  return inTransaction(pool, async (client) => {
    await client.query(`select pg_advisory_xact_lock(${PREPARE_LOCK_KEY})`);
    return prepareSqlDatabase(savepointDatabase(client), seed);
  });
}

/**
 * Connects to PostgreSQL, brings the schema up to date and seeds a database that has never been
 * seeded.
 *
 * @throws StoreOpenError with one line saying what is wrong (bad URL, server down, login refused,
 *   no such database), naming the host and database but never the password.
 */
export async function openPgStore(options: PgStoreOptions): Promise<SqlNodeStore> {
  const address = databaseAddress(options.url);
  if (address === null) {
    throw new StoreOpenError(
      'DATABASE_URL is not a PostgreSQL URL; write it like ' +
        'postgres://user:password@host:5432/database.',
    );
  }
  const where = describeDatabase(address);
  const pool = new Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    application_name: 'globe-archive',
  });
  // An idle connection the server drops (a restart, a failover) is reported here; unheard, the
  // event would end the process. The next query then opens a fresh connection.
  pool.on('error', (error) => {
    options.log?.(`PostgreSQL (${where}): ${openFailureReason(error, options.url, address)}.`);
  });
  let seededCount: number;
  try {
    seededCount = await prepareUnderLock(pool, options.seed);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreOpenError(
      `The nodes database (PostgreSQL, ${where}) could not be opened: ` +
        `${openFailureReason(error, options.url, address)}.`,
      { cause: error },
    );
  }
  return createSqlStore(poolDatabase(pool), { seededCount, close: () => pool.end() });
}
