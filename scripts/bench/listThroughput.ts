/**
 * How fast the list is served, against the speed of its bytes (issue 45, finding 7): the real
 * local services and a bare `node:http` server sending the very bytes and headers the real one
 * answered, loaded by `wrk` side by side, run after run, so a noisy machine slows both alike.
 *
 *   npx tsx scripts/bench/listThroughput.ts                  10,000 and 250 items, 3 runs of 10 s
 *   npm run bench -- --list                                  the same, from the bench
 *   … --n 10000 --runs 1 --duration 5 --connections 50,1     sizes, runs, seconds, connections
 *   … --from source                                          the server from its TypeScript (tsx)
 *                                                            rather than dist-server/, which is
 *                                                            built first when stale, as npm start
 *                                                            does (the default: what it serves)
 *   … --skip-build                                           dist-server/ as it is, not rebuilt
 *   … --profile folder                                       the real server writes a CPU profile
 *                                                            (`node --cpu-prof`) per size there,
 *                                                            and its heaviest functions are printed
 *
 * Each size is measured for a Brotli answer and for a conditional request (`If-None-Match` with
 * the answer's ETag, a 304). Printed: requests a second and the 99th percentile latency of each,
 * their medians over the runs, and ours / bare (the budget: ≥ 50 %). The exit code is 1 when a
 * figure misses its budget, 2 when the measurement could not run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateArchive } from '../../tests/fixtures/generateArchive';
import { heaviestFunctions, type Window } from './cpuProfile';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** ours / bare that the list must reach, for every figure (issue 45). */
export const LIST_RATIO_BUDGET = 0.5;

/** What one `wrk` run measured. */
interface WrkResult {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers other than 2xx/3xx, and socket errors: a run with any is not to be trusted. */
  errors: number;
}

/** One figure: a size, a kind of request, a number of connections. */
interface Figure {
  n: number;
  kind: 'br' | '304';
  connections: number;
  ours: WrkResult[];
  bare: WrkResult[];
  /** When ours was under load, for the CPU profile. */
  windows: Window[];
}

interface Options {
  sizes: number[];
  runs: number;
  durationS: number;
  connections: number[];
  kinds: Figure['kind'][];
  from: 'built' | 'source';
  /** Use dist-server/ as it is (`--from built` only). */
  skipBuild: boolean;
  profileDir: string | null;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      n: { type: 'string', default: '10000,250' },
      runs: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      kind: { type: 'string', default: 'br,304' },
      from: { type: 'string' },
      profile: { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.info(
      'usage: npx tsx scripts/bench/listThroughput.ts [--n 10000,250] [--runs 3] [--duration 10] ' +
        '[--connections 50] [--kind br,304] [--from built|source] [--skip-build] [--profile folder]',
    );
    process.exit(0);
  }
  const whole = (text: string, what: string) => {
    const value = Number(text.trim().replace(/_/g, ''));
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${what}: "${text}" is not a whole number ≥ 1`);
    return value;
  };
  const from = values.from ?? 'built';
  if (from !== 'built' && from !== 'source')
    throw new Error(`--from: "${from}" is neither built nor source`);
  const kinds = values.kind.split(',').map((k) => k.trim());
  const unknown = kinds.filter((k) => k !== 'br' && k !== '304');
  if (unknown.length > 0) throw new Error(`--kind: "${unknown.join(',')}" is neither br nor 304`);
  return {
    kinds: [...new Set(kinds)] as Figure['kind'][],
    sizes: values.n.split(',').map((s) => whole(s, '--n')),
    runs: whole(values.runs, '--runs'),
    durationS: whole(values.duration, '--duration'),
    connections: values.connections.split(',').map((s) => whole(s, '--connections')),
    from,
    skipBuild: values['skip-build'],
    profileDir: values.profile ? resolve(values.profile) : null,
  };
}

/** A free port on loopback. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function fetchRaw(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    }).on('error', fail);
  });
}

interface RealServer {
  url: string;
  stop(): Promise<void>;
}

/** The local services of an archive file, API only, no identity server, as `npm start` runs. */
async function startReal(
  archiveFile: string,
  from: Options['from'],
  profileDir: string | null,
): Promise<RealServer> {
  const port = await freePort();
  const entry =
    from === 'built' ? ['dist-server/main.js'] : ['--import', 'tsx', 'server/node/main.ts'];
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      ARCHIVE_FILE: archiveFile,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      IDENTITY: 'off',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}/api/nodes`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited before it answered:\n${output}`);
    const answer = await fetchRaw(url, {}).catch(() => null);
    if (answer?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 120 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Headers that belong to the connection, not the answer: node:http writes its own. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function answerHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !CONNECTION_HEADERS.has(name))
      out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The speed of the bytes: a `node:http` server, in a process of its own as ours is, with the real
 * server's Brotli answer and its 304 in memory, answering `If-None-Match` by comparing the one
 * tag. It reads `{ etag, full, notModified }` (headers) and the body from the files it is given,
 * and prints its port.
 */
const BARE_SERVER = `
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');
const [metaFile, bodyFile] = process.argv.slice(1);
const { etag, full, notModified } = JSON.parse(readFileSync(metaFile, 'utf8'));
const body = readFileSync(bodyFile);
const server = createServer((req, res) => {
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, notModified);
    res.end();
  } else {
    res.writeHead(200, full);
    res.end(body);
  }
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

interface BareServer {
  url: string;
  stop(): Promise<void>;
}

async function startBare(full: Answer, notModified: Answer, dir: string): Promise<BareServer> {
  const metaFile = join(dir, 'bare.json');
  const bodyFile = join(dir, 'bare.body');
  const meta = {
    etag: String(full.headers.etag),
    full: answerHeaders(full.headers),
    notModified: answerHeaders(notModified.headers),
  };
  writeFileSync(metaFile, JSON.stringify(meta));
  writeFileSync(bodyFile, full.body);
  const child = spawn(process.execPath, ['-e', BARE_SERVER, metaFile, bodyFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const port = await new Promise<number>((done, fail) => {
    child.stdout.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim())));
    child.once('exit', (code) => fail(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/api/nodes`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const LATENCY_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** Runs `wrk` (one thread: the other core is the server's) and reads its figures. */
async function wrk(
  url: string,
  connections: number,
  durationS: number,
  headers: string[],
): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${durationS}s`, '--latency', '--timeout', '10s'];
  for (const header of headers) args.push('-H', header);
  const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((done, fail) => {
    child.once('error', (error) =>
      fail(new Error(`wrk could not run (${error.message}): apt-get install wrk`)),
    );
    child.once('close', () => done());
  });
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(text);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(text);
  if (!rps?.[1] || !p99?.[1] || !p99[2]) throw new Error(`wrk said:\n${text}\n${stderr}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rps[1]),
    p99Ms: Number(p99[1]) * (LATENCY_UNITS[p99[2]] ?? 1),
    errors: non2xx + socketErrors,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const fmtRps = (n: number) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

function figureName(f: Figure): string {
  return `${f.n.toLocaleString('en-US')} items, ${f.kind === 'br' ? 'Brotli' : '304'}, ${f.connections} conn.`;
}

function printRun(f: Figure, run: number): void {
  const ours = f.ours[run];
  const bare = f.bare[run];
  if (!ours || !bare) return;
  const errors =
    ours.errors + bare.errors > 0 ? `  ! errors: ours ${ours.errors}, bare ${bare.errors}` : '';
  console.info(
    `  run ${run + 1}  ${figureName(f).padEnd(34)} ours ${fmtRps(ours.requestsPerSecond).padStart(6)}/s ` +
      `p99 ${fmtMs(ours.p99Ms).padStart(5)} ms   bare ${fmtRps(bare.requestsPerSecond).padStart(6)}/s ` +
      `p99 ${fmtMs(bare.p99Ms).padStart(5)} ms   ${Math.round((100 * ours.requestsPerSecond) / bare.requestsPerSecond)} %${errors}`,
  );
}

/** The medians of every figure, and whether each meets the budget. */
function printSummary(figures: Figure[]): boolean {
  console.info(
    `\n| figure | ours req/s | ours p99 | bare req/s | bare p99 | ours / bare | budget ≥ ${LIST_RATIO_BUDGET * 100} % |`,
  );
  console.info('| --- | --- | --- | --- | --- | --- | --- |');
  let allMet = true;
  for (const f of figures) {
    const ours = median(f.ours.map((r) => r.requestsPerSecond));
    const bare = median(f.bare.map((r) => r.requestsPerSecond));
    const ratio = ours / bare;
    const met = ratio >= LIST_RATIO_BUDGET;
    allMet &&= met;
    console.info(
      `| ${figureName(f)} | ${fmtRps(ours)} | ${fmtMs(median(f.ours.map((r) => r.p99Ms)))} ms | ` +
        `${fmtRps(bare)} | ${fmtMs(median(f.bare.map((r) => r.p99Ms)))} ms | ` +
        `${Math.round(100 * ratio)} % | ${met ? 'met' : 'NOT MET'} |`,
    );
  }
  return allMet;
}

/** Measures the sizes as the options say; resolves with the process's exit code. */
export async function measureListThroughput(argv: string[]): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(argv);
  } catch (error) {
    console.error(`listThroughput: ${(error as Error).message}`);
    return 2;
  }
  if (options.from === 'built' && !options.skipBuild) {
    // What `npm start` would serve: built only when missing or older than its sources.
    const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) {
      console.error(`listThroughput: the build failed (exit code ${build.status ?? build.signal})`);
      return 2;
    }
  }
  console.info(
    `The list's throughput: the server ${options.from === 'built' ? 'from dist-server/' : 'from source (tsx)'}, ` +
      `${options.runs} run(s) of ${options.durationS} s per figure, wrk -t1, ` +
      `connections ${options.connections.join(', ')}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'globe-list-'));
  const figures: Figure[] = [];
  try {
    for (const n of options.sizes) {
      const archiveFile = join(dir, `archive-${n}.json`);
      writeFileSync(archiveFile, JSON.stringify(generateArchive(n)));
      const profileDir = options.profileDir ? join(options.profileDir, `n${n}`) : null;
      if (profileDir) mkdirSync(profileDir, { recursive: true });
      const real = await startReal(archiveFile, options.from, profileDir);
      let bare: BareServer | null = null;
      try {
        const full = await fetchRaw(real.url, { 'Accept-Encoding': 'br' });
        const etag = String(full.headers.etag);
        const notModified = await fetchRaw(real.url, {
          'Accept-Encoding': 'br',
          'If-None-Match': etag,
        });
        if (full.status !== 200 || notModified.status !== 304)
          throw new Error(
            `the list answered ${full.status}, then ${notModified.status} (not 200, 304)`,
          );
        console.info(
          `\n${n.toLocaleString('en-US')} items: ${full.body.length.toLocaleString('en-US')} bytes ` +
            `with ${String(full.headers['content-encoding'] ?? 'no coding')}, ETag ${etag}`,
        );
        bare = await startBare(full, notModified, dir);
        const br = ['Accept-Encoding: br'];
        const cases: [Figure['kind'], string[]][] = [
          ['br', br],
          ['304', [...br, `If-None-Match: ${etag}`]],
        ];
        const sizeFigures: Figure[] = [];
        for (const connections of options.connections)
          for (const kind of options.kinds)
            sizeFigures.push({ n, kind, connections, ours: [], bare: [], windows: [] });
        // A short warm-up of both (JIT, sockets), not counted.
        await wrk(real.url, 10, 2, br);
        await wrk(bare.url, 10, 2, br);
        for (let run = 0; run < options.runs; run++) {
          for (const f of sizeFigures) {
            const headers = cases.find(([kind]) => kind === f.kind)?.[1] ?? br;
            const from = nowUs();
            f.ours.push(await wrk(real.url, f.connections, options.durationS, headers));
            f.windows.push([from, nowUs()]);
            f.bare.push(await wrk(bare.url, f.connections, options.durationS, headers));
            printRun(f, run);
          }
        }
        figures.push(...sizeFigures);
      } finally {
        await bare?.stop();
        await real.stop();
      }
      if (profileDir)
        printProfile(
          profileDir,
          figures.filter((f) => f.n === n),
        );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const met = printSummary(figures);
  console.info(
    `(load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  return met ? 0 : 1;
}

/** The monotonic clock in µs, as the profile's timestamps count. */
function nowUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** The heaviest functions of the real server while each kind of request loaded it. */
function printProfile(profileDir: string, figures: Figure[]): void {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) {
    console.warn(`  ! no CPU profile was written to ${profileDir}`);
    return;
  }
  const windowsOf = (kind: Figure['kind']) =>
    figures.filter((f) => f.kind === kind).flatMap((f) => f.windows);
  // Beside the profile, for a closer look (`heaviestFunctions` with these windows).
  writeFileSync(
    join(profileDir, 'load-windows.json'),
    JSON.stringify({ br: windowsOf('br'), '304': windowsOf('304') }),
  );
  for (const kind of new Set(figures.map((f) => f.kind))) {
    const windows = windowsOf(kind);
    const { totalMs, self, total } = heaviestFunctions(join(profileDir, file), 25, windows);
    console.info(
      `\nCPU profile ${join(profileDir, file)}, ${kind === 'br' ? 'Brotli answers' : '304s'} ` +
        `(${fmtRps(totalMs)} ms busy under that load):`,
    );
    console.info('  self time:');
    for (const f of self) console.info(`    ${f.percent.toFixed(1).padStart(5)} %  ${f.name}`);
    console.info('  total time (with callees):');
    for (const f of total) console.info(`    ${f.percent.toFixed(1).padStart(5)} %  ${f.name}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await measureListThroughput(process.argv.slice(2));
}
