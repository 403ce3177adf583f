import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

/** A test file's own PostgreSQL database, so files running in parallel never meet. */
export interface TestDatabase {
  /** Its URL, with the server's credentials. */
  readonly url: string;
  /** The server's maintenance database, for creating and dropping others. */
  readonly serverUrl: string;
  /** Empties it (no tables, no migrations), as a new deployment finds its database. */
  reset(): Promise<void>;
}

/** Runs one statement on its own connection. */
export async function runSql(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `url` naming another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Why the PostgreSQL cases do not run here, or null when they do. */
export function postgresSkipReason(): string | null {
  return inject('postgres').reason;
}

/**
 * Registers this file's database on the server the global setup provides: created with a random
 * name before the file's tests, dropped after them. Call once, at the top of a test file. Returns
 * null, after saying why in the test output, when there is no server.
 */
export function usePostgresDatabase(): TestDatabase | null {
  const { url: serverUrl, reason } = inject('postgres');
  if (serverUrl === null) {
    console.info(`PostgreSQL cases skipped: ${reason}.`);
    return null;
  }
  const name = `globe_test_${randomBytes(6).toString('hex')}`;
  const url = withDatabase(serverUrl, name);
  beforeAll(() => runSql(serverUrl, `create database ${name}`));
  // `with (force)` ends connections a failed test may have left open.
  afterAll(() => runSql(serverUrl, `drop database if exists ${name} with (force)`));
  return {
    url,
    serverUrl,
    reset: () => runSql(url, 'drop schema public cascade; create schema public'),
  };
}
