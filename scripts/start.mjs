// @ts-check
/**
 * `npm start`: builds the app and the services when the build is missing or older than its
 * sources, then runs the local services and stops them all together (Ctrl-C, SIGTERM, or one of
 * them dying). `--build-only` stops after the build step. Also exports `supervise` for
 * `scripts/dev.mjs`.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the build produces; both must be newer than every input. */
const BUILD_OUTPUTS = ['dist/index.html', 'dist-server/main.js'];
/** Everything a build reads (folders are walked). */
const BUILD_INPUTS = [
  'src',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  // The chunk layout and the first-frame loader vite.config.ts reads.
  'scripts/babylonChunks.ts',
  'scripts/startChunk.ts',
  'scripts/appAfterFirstFrame.ts',
  'vite.server.config.ts',
  'package-lock.json',
  // Vite bakes the VITE_* settings into the build.
  '.env',
  '.env.local',
];

/** How long children get to stop before they are killed. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * @typedef {object} ChildSpec
 * @property {string} name what the person running it calls this child
 * @property {string} command
 * @property {string[]} args
 * @property {Record<string, string | undefined>} [env] added to (or, when undefined, removed from) this process's environment
 * @property {boolean} [restart] started again when it dies on its own (see `supervise`)
 */

/** How long a child that died waits before it is started again, ms. */
export const RESTART_DELAY_MS = 1000;
/** A child that dies this many times within `RESTART_WINDOW_MS` is not started again. */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 60_000;

/**
 * Applies `.env.local` and `.env` (see `.env.example`) to this process for variables not already
 * set, so the children and Vite's config see PORT, API_PORT and the rest (server/node/dotenv.ts does
 * the same for a server started on its own).
 */
export function loadDotEnv() {
  for (const name of ['.env.local', '.env']) {
    let text;
    try {
      text = readFileSync(join(root, name), 'utf8');
    } catch {
      continue;
    }
    for (const [key, value] of Object.entries(parseEnv(text))) {
      if (process.env[key] === undefined) process.env[key] = value;
    }
  }
}

/** @param {string} path @returns {number | null} */
function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** Newest modification time under a file or folder (0 when it does not exist). @param {string} path */
function newestUnder(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestUnder(join(path, entry.name)));
  }
  return newest;
}

/** Why a build is needed, or null when the current one is up to date. */
export function buildReason() {
  const outputs = BUILD_OUTPUTS.map((file) => ({ file, mtime: mtimeOf(join(root, file)) }));
  const missing = outputs.find((output) => output.mtime === null);
  if (missing) return `${missing.file} is missing`;
  const built = Math.min(...outputs.map((output) => output.mtime ?? 0));
  const stale = BUILD_INPUTS.find((input) => newestUnder(join(root, input)) > built);
  return stale ? `${stale} changed since the last build` : null;
}

/**
 * Runs a list of child processes as one service: their output goes to this terminal; Ctrl-C or
 * SIGTERM stops them all. A child that dies on its own is said so, loudly, with how it ended; one
 * marked `restart` is started again after a second (the others go on serving), unless it has died
 * `MAX_RESTARTS` times within a minute; any other, or one past that, stops the others, and the
 * returned code is non-zero.
 *
 * @param {ChildSpec[]} specs
 * @returns {Promise<number>} the exit code this process should end with
 */
export function supervise(specs) {
  return new Promise((done) => {
    /** @type {Map<import('node:child_process').ChildProcess, string>} */
    const live = new Map();
    /** Children waiting to be started again. @type {Set<NodeJS.Timeout>} */
    const pending = new Set();
    let stopping = false;
    let exitCode = 0;
    /** @type {NodeJS.Timeout | undefined} */
    let killTimer;

    const stopAll = () => {
      if (stopping) return;
      stopping = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      for (const child of live.keys()) child.kill('SIGTERM');
      killTimer = setTimeout(() => {
        for (const [child, name] of live) {
          console.error(`${name} did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it.`);
          child.kill('SIGKILL');
        }
      }, STOP_TIMEOUT_MS);
    };

    /** @param {NodeJS.Signals} signal */
    const onSignal = (signal) => {
      if (!stopping) console.info(`\n${signal}: stopping ${[...live.values()].join(', ')}…`);
      stopAll();
      finishedIfDone();
    };
    const signals = /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
    for (const signal of signals) process.on(signal, onSignal);

    const finishedIfDone = () => {
      if (live.size > 0 || pending.size > 0) return;
      clearTimeout(killTimer);
      for (const signal of signals) process.off(signal, onSignal);
      done(exitCode);
    };

    /** @param {ChildSpec} spec @param {number[]} deaths when it died before (ms since the epoch) */
    const start = (spec, deaths) => {
      // An undefined value in a spec removes that variable from the child's environment.
      const env = Object.fromEntries(
        Object.entries({ ...process.env, ...spec.env }).filter(([, value]) => value !== undefined),
      );
      const child = spawn(spec.command, spec.args, { cwd: root, env, stdio: 'inherit' });
      live.set(child, spec.name);
      let ended = false;
      const end = (/** @type {string | null} */ problem, /** @type {number} */ code) => {
        if (ended) return;
        ended = true;
        live.delete(child);
        if (!stopping) {
          const now = Date.now();
          const recent = [...deaths.filter((at) => now - at < RESTART_WINDOW_MS), now];
          if (spec.restart && recent.length < MAX_RESTARTS) {
            console.error(
              `${spec.name} ${problem ?? 'exited'}; starting it again in ${RESTART_DELAY_MS / 1000} s ` +
                `(the others go on; what is stored on disk is kept).`,
            );
            const timer = setTimeout(() => {
              pending.delete(timer);
              if (!stopping) start(spec, recent);
              finishedIfDone();
            }, RESTART_DELAY_MS);
            pending.add(timer);
            return;
          }
          const why = spec.restart
            ? `${problem ?? 'exited'}, ${recent.length} times within a minute; not starting it again`
            : (problem ?? 'exited');
          console.error(`${spec.name} ${why}; stopping the others.`);
          exitCode = code || 1;
          stopAll();
        }
        finishedIfDone();
      };
      child.on('error', (error) => end(`could not start (${error.message})`, 1));
      child.on('exit', (code, signal) =>
        end(signal ? `was killed by ${signal}` : `exited with code ${code}`, code ?? 1),
      );
    };

    for (const spec of specs) start(spec, []);
  });
}

/**
 * @param {string} command @param {string[]} args
 * @param {Record<string, string>} [env] added to this process's environment
 * @returns {Promise<number>}
 */
function run(command, args, env = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      done(1);
    });
    child.on('exit', (code) => done(code ?? 1));
  });
}

async function main() {
  loadDotEnv();
  const reason = buildReason();
  if (reason !== null) {
    console.info(`Building (${reason})…`);
    // Always a production build: a caller's NODE_ENV (Vitest sets "test") would bundle React's
    // development build, and `npm start` would then serve it as current.
    const code = await run('npm', ['run', 'build'], { NODE_ENV: 'production' });
    if (code !== 0) {
      console.error(`The build failed (exit code ${code}); not starting.`);
      process.exit(code);
    }
  }
  // The browser tests build through here, so they test what `npm start` would serve.
  if (process.argv.includes('--build-only')) process.exit(0);
  process.exit(
    await supervise([
      {
        name: 'local services',
        command: process.execPath,
        args: ['dist-server/main.js'],
        restart: true,
      },
    ]),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
