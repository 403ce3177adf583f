import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** The PostgreSQL server the storage tests may use: a URL, or why there is none. */
export type PostgresForTests = { url: string; reason: null } | { url: null; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresForTests;
  }
}

/** Debian's packages put each major version apart; other installs put initdb on the PATH. */
function findInitdb(): string | null {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
    '/usr/local/bin',
    ...versions.map((version) => `/usr/lib/postgresql/${version}/bin`),
  ].map((dir) => join(dir, 'initdb'));
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** initdb refuses to run as root: the cluster then belongs to an unprivileged system user. */
function clusterOwner(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) {
      return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    }
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

/**
 * Starts a throwaway cluster in a temporary folder; returns its URL and how to remove it. It
 * checks passwords over TCP (SCRAM), so the tests can see a refused login as a deployment would.
 */
async function startCluster(initdb: string): Promise<{ url: string; stop: () => void }> {
  const owner = clusterOwner();
  const run = (file: string, args: string[]) => {
    const options = { encoding: 'utf8', timeout: 60_000 } as const;
    const result = owner
      ? spawnSync('runuser', ['-u', owner.name, '--', file, ...args], options)
      : spawnSync(file, args, options);
    if (result.status !== 0) {
      const output = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-5);
      throw new Error(`${file} ${args[0] ?? ''} failed: ${output.join(' / ') || result.error}`);
    }
  };
  const dir = mkdtempSync(join(tmpdir(), 'globe-postgres-'));
  const data = join(dir, 'data');
  const serverLog = join(dir, 'server.log');
  const pgCtl = join(dirname(realpathSync(initdb)), 'pg_ctl');
  const stop = () => {
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        run(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w']);
      } catch {
        // PostgreSQL shuts itself down within a minute of its postmaster.pid being removed.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (owner) chownSync(dir, owner.uid, owner.gid);
    const password = randomBytes(12).toString('hex');
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, password, { mode: 0o600 });
    if (owner) chownSync(passwordFile, owner.uid, owner.gid);
    run(initdb, [
      '-D',
      data,
      '-U',
      'postgres',
      `--pwfile=${passwordFile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const port = await freePort();
    // Durability is of no use to a cluster removed after the run; speed is.
    const settings = [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
    ].join(' ');
    run(pgCtl, ['start', '-D', data, '-l', serverLog, '-w', '-t', '60', '-o', settings]);
    return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    const tail = existsSync(serverLog)
      ? readFileSync(serverLog, 'utf8').trim().split('\n').slice(-3)
      : [];
    stop();
    throw new Error(
      `A PostgreSQL server for the storage tests could not start (${(error as Error).message}` +
        `${tail.length ? `; ${tail.join(' / ')}` : ''}). Set TEST_DATABASE_URL to a server, ` +
        'or TEST_DATABASE_URL=off to skip those tests.',
      { cause: error },
    );
  }
}

/**
 * Vitest global setup of the unit tests: gives the storage tests a PostgreSQL server, either
 * `TEST_DATABASE_URL` or a throwaway cluster when PostgreSQL is installed, and removes the cluster
 * afterwards. Each test file then makes a database of its own on it.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const given = process.env.TEST_DATABASE_URL?.trim();
  if (given?.toLowerCase() === 'off') {
    project.provide('postgres', { url: null, reason: 'TEST_DATABASE_URL=off' });
    return () => undefined;
  }
  if (given) {
    project.provide('postgres', { url: given, reason: null });
    return () => undefined;
  }
  const initdb = findInitdb();
  if (initdb === null) {
    project.provide('postgres', {
      url: null,
      reason:
        'no PostgreSQL installed (no initdb; apt-get install postgresql) and no TEST_DATABASE_URL',
    });
    return () => undefined;
  }
  const cluster = await startCluster(initdb);
  project.provide('postgres', { url: cluster.url, reason: null });
  return cluster.stop;
}
