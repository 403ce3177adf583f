/**
 * Entry of the local services (`npm start` runs the built copy, `npm run dev` this file via tsx):
 * reads the environment, starts the server, prints where it answers and stops cleanly on
 * Ctrl-C or SIGTERM so the database is closed, not cut off.
 */
import '../support/serverLanguage';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArchiveFileError } from '../storage/archiveFile';
import {
  ConfigError,
  displayPath,
  isLoopbackHost,
  readConfig,
  type ServerConfig,
} from '../config/serverConfig';
import { loadDotEnv } from './dotenv';
import { StartError, startServer, type RunningServer } from './http';
import { readAllowList, readLoginConfig } from '../config/loginConfig';

/** Longest a clean stop may take before the process gives up waiting. */
const STOP_TIMEOUT_MS = 10_000;

/** The nearest folder at or above `folder` that holds a package.json (the project root). */
function projectRootAbove(folder: string): string {
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) return dirname(folder);
  }
}

/** The project root: the nearest folder above this file (server/node/ or dist-server/) with a package.json. */
const projectRoot = projectRootAbove(fileURLToPath(new URL('.', import.meta.url)));
/** dist-server/ once built: the build's migrated PGlite copy is there (`pgliteTemplate.ts`). */
const ownFolder = fileURLToPath(new URL('.', import.meta.url));

/** The local identity server's lines: where it answers, and what to sign in and confirm with. */
function identityLines(server: RunningServer, config: ServerConfig): string[] {
  const { identity } = server;
  if (identity === null) return [];
  const where =
    config.identity?.dir === null
      ? 'a temporary folder, removed on stop'
      : displayPath(identity.dir);
  const width = Math.max(...identity.accounts.map((account) => account.username.length));
  return [
    `  Identity: ${server.url}/identity/ (local Cognito, users in ${where})`,
    ...identity.accounts.map(
      (account) =>
        `    ${account.username.padEnd(width)}  ${account.password}` +
        (account.groups.length > 0 ? `  (${account.groups.join(', ')})` : ''),
    ),
    `    Sign-up confirmation code: ${identity.confirmationCode}`,
    `    Password reset code: ${identity.confirmationCode}`,
    `    Admin API (this machine only, never web pages): ${identity.adminEndpoint}` +
      ` with access key id ${identity.adminCredentials.accessKeyId}`,
  ];
}

function printBanner(server: RunningServer, config: ServerConfig): void {
  const { host } = config;
  const lines = ['Globe Archive services are running:'];
  if (server.servesApp) lines.push(`  App:   ${server.url}/`);
  const nodes = server.nodes.ok
    ? `${server.nodes.count === 1 ? '1 node' : `${server.nodes.count} nodes`} from ${server.source}`
    : 'unavailable: answering 503 until fixed, see the message above';
  lines.push(`  Nodes: ${server.nodesUrl} (${nodes})`);
  lines.push(`  Photos: uploaded to ${server.uploads}`);
  lines.push(...identityLines(server, config));
  if (!isLoopbackHost(host)) {
    lines.push(`  HOST=${host}: reachable from other machines on the network, not just this one.`);
    if (server.identity !== null) {
      lines.push(
        '  IDENTITY_ON_NETWORK=allow: anyone who reaches it can sign in with the accounts above.',
      );
    }
  }
  lines.push('Press Ctrl-C to stop.');
  console.info(lines.join('\n'));
}

async function main(): Promise<void> {
  loadDotEnv(projectRoot);
  const config = readConfig(process.env, projectRoot);
  const login = { config: readLoginConfig(process.env), allowList: readAllowList(process.env) };
  const server = await startServer(config, { login, pgliteTemplateDir: ownFolder });
  printBanner(server, config);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C (or the supervisor's SIGTERM after the terminal's SIGINT) must not cut the
    // database close short; the timeout below covers a stop that hangs.
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: stopping…`);
    const timer = setTimeout(() => {
      console.error(`Stopping took over ${STOP_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while stopping:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // Known problems get their one-line message; anything else its stack, to be reported.
  const known =
    error instanceof ConfigError ||
    error instanceof ArchiveFileError ||
    error instanceof StartError;
  console.error(known ? error.message : error);
  process.exit(1);
});
