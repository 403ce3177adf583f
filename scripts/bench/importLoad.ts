/**
 * `npm run bench -- --imports [--root DIR] [--only a,b]`: issue 45's
 * budgets for the editors' import, measured on the real Node server in a process of its own,
 * with a pool of test keys standing in for Cognito. For each hostile or largest-allowed import
 * request it prints the answer, how long it took, the worst wait of a `GET /api/nodes` sent every
 * 25 ms beside it, and how far the server's memory (RSS) rose; then 20 anonymous connections that
 * each send a 32 MB body and hold the connection open.
 *
 * `--root DIR` runs the server of another checkout (the code before a change, for its figures);
 * `--built` runs its build (`dist-server/main.js`, as `npm start` does) instead of its sources;
 * `--only a,b` runs only the named cases. With `IMPORT_LOAD_PROFILE=DIR` in the environment the
 * server writes a CPU profile there (`node --cpu-prof`), to find what held it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt } from 'jose';

const POOL_ID = 'us-east-1_BenchPool';
const CLIENT_ID = 'benchclient';
const ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${POOL_ID}`;
const KID = 'bench-key';
const MB = 1024 * 1024;

/** A pool of one key: its JWKS, and the two calls the service asks whether a token holds. */
async function standInPool() {
  const pair = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.method !== 'POST') return res.end(JSON.stringify({ keys: [jwk] }));
      const body = JSON.parse(text) as { AccessToken?: string };
      const action = String(req.headers['x-amz-target']).split('.').pop();
      if (action === 'GetUser') {
        const claims = decodeJwt(body.AccessToken ?? '');
        return res.end(JSON.stringify({ Username: claims.username, UserAttributes: [] }));
      }
      return res.end(JSON.stringify({ Groups: [{ GroupName: 'editor' }] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    token_use: 'access',
    client_id: CLIENT_ID,
    username: 'bench',
    'cognito:groups': ['editor'],
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setSubject('c0ffee00-0000-4000-8000-0000000000be')
    .setIssuer(ISSUER)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 7200)
    .sign(pair.privateKey);
  return {
    token,
    env: {
      LOGIN_USER_POOL_ID: POOL_ID,
      LOGIN_CLIENT_ID: CLIENT_ID,
      LOGIN_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
      LOGIN_ADMIN_ENDPOINT: `http://127.0.0.1:${port}`,
      LOGIN_LOCAL: 'true',
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A free port of this machine. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** The server's resident memory, bytes (Linux). */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface Answer {
  status: number;
  ms: number;
  body: string;
}

function send(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((done) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', () => done({ status: -1, ms: performance.now() - started, body: '' }));
      },
    );
    req.on('error', (error) =>
      done({ status: -1, ms: performance.now() - started, body: error.message }),
    );
    req.end(body);
  });
}

/** Starts the server of `root` in a process of its own; resolves once its list answers. */
async function startServerOf(
  root: string,
  built: boolean,
  env: Record<string, string>,
): Promise<{
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
  died: () => string | null;
}> {
  const port = await freePort();
  const profile = process.env.IMPORT_LOAD_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.IMPORT_LOAD_PROFILE]
    : [];
  const entry = built
    ? [...profile, join(root, 'dist-server/main.js')]
    : ['--import', 'tsx', join(root, 'server/node/main.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      IDENTITY: 'off',
      STATIC_DIR: 'none',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let exit: string | null = null;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  child.on('exit', (code, signal) => {
    exit = `exited (${signal ?? code}): ${stderr.trim().split('\n').slice(-3).join(' / ')}`;
  });
  for (let tries = 0; ; tries += 1) {
    if (exit !== null) throw new Error(`the server ${String(exit)}`);
    const answer = await send(port, '/api/nodes');
    if (answer.status === 200) break;
    if (tries > 600) throw new Error('the server did not answer within a minute');
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    child,
    port,
    died: () => exit,
    stop: async () => {
      if (exit !== null) return;
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    },
  };
}

/** An import case: the request's body (the file in its JSON request), built on demand. */
interface ImportCase {
  name: string;
  what: string;
  body: () => Buffer;
  /** A dry run (default), or the import the dry run's answer then confirms (only it watched). */
  confirm?: boolean;
}

const request_ = (format: 'csv' | 'json', text: string, extra: object = {}) =>
  Buffer.from(JSON.stringify({ name: `bench.${format}`, format, text, dryRun: true, ...extra }));

/** A realistic row: a 1,200-character description, three categories, a credit and a licence. */
function realisticCsv(rows: number): string {
  const lines = [
    'video_id,type,title,description,youtube_url,categories,lat,lng,date,credit,license',
  ];
  for (let i = 0; i < rows; i += 1) {
    lines.push(
      [
        `bench-${i}`,
        'video',
        `"Storm footage ${i}, from a neighbour"`,
        `"${'Trees down on the street, a roof torn off, people helping. '.repeat(20)}"`,
        'dQw4w9WgXcQ',
        '"Damage; Cleanup; Neighbours"',
        (38.6 + (i % 100) / 1000).toFixed(4),
        (-90.3 + (i % 97) / 1000).toFixed(4),
        '2025-05-16',
        'A neighbour',
        'CC-BY-4.0',
      ].join(','),
    );
  }
  return lines.join('\r\n');
}

const CASES: ImportCase[] = [
  {
    name: 'json-32mb-empty-rows',
    what: "the probe's 32 MB JSON list of 11 million {} rows",
    body: () => request_('json', `[${'{},'.repeat(11_000_000)}{}]`),
  },
  {
    name: 'json-16mb-empty-rows',
    what: 'just under 16 MB of {} rows (5.3 million)',
    body: () => request_('json', `[${'{},'.repeat(5_200_000)}{}]`),
  },
  {
    name: 'csv-1m-rows',
    what: "the probe's 1,000,000-row CSV (33 MB)",
    body: () =>
      request_(
        'csv',
        `video_id,title,lat,lng\r\n${Array.from({ length: 1_000_000 }, (_, i) => `r${i},Row ${i},1,2`).join('\r\n')}`,
      ),
  },
  {
    name: 'csv-16mb-rows',
    what: 'just under 16 MB of short CSV rows (about 900,000)',
    body: () =>
      request_(
        'csv',
        `video_id,title,lat,lng\r\n${Array.from({ length: 900_000 }, (_, i) => `r${i},R,1,2`).join('\r\n')}`,
      ),
  },
  {
    name: 'csv-blank-lines',
    what: '16.5 million blank lines after a header',
    body: () => request_('csv', `video_id\n${'\n'.repeat(16_500_000)}`),
  },
  {
    name: 'csv-quotes',
    what: '15 MB of doubled quotes in one cell',
    body: () => request_('csv', `video_id\r\n"${'""'.repeat(3_900_000)}"`),
  },
  {
    name: 'csv-cells',
    what: '15 MB of one-letter cells, 800 to a row',
    body: () =>
      request_(
        'csv',
        `video_id\r\n${Array.from({ length: 9_000 }, () => `${'a,'.repeat(800)}a`).join('\r\n')}`,
      ),
  },
  {
    name: 'json-wide-rows',
    what: 'JSON rows of 4,000 values each, as many as 15 MB holds',
    body: () =>
      request_(
        'json',
        `[${Array.from({ length: 1_000 }, (_, i) => `{"video_id":"w${i}","a":[${'0,'.repeat(3_990)}0]}`).join(',')}]`,
      ),
  },
  {
    name: 'csv-10k-dry-run',
    what: 'the largest real file: 10,000 rows with 1,200-character descriptions (14 MB), dry run',
    body: () => request_('csv', realisticCsv(10_000)),
  },
  {
    name: 'csv-10k-import',
    what: 'the same file imported (its dry run first, not counted)',
    body: () => request_('csv', realisticCsv(10_000)),
    confirm: true,
  },
];

interface Measured {
  name: string;
  what: string;
  status: number;
  seconds: number;
  answer: string;
  worstGetMs: number;
  getsOver500: number;
  rssRiseMb: number;
  crashed: string | null;
}

/** Runs `work` while a GET of the list goes every 25 ms and the server's RSS is sampled. */
async function watching(
  port: number,
  pid: number,
  work: () => Promise<Answer>,
): Promise<{ answer: Answer; worstGetMs: number; getsOver500: number; rssRise: number }> {
  const baseline = rssOf(pid);
  let peak = baseline;
  let worst = 0;
  let over = 0;
  let running = true;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const getter = (async () => {
    while (running) {
      const get = await send(port, '/api/nodes', { headers: { 'Accept-Encoding': 'br' } });
      worst = Math.max(worst, get.ms);
      if (get.ms > 500) over += 1;
      await new Promise((done) => setTimeout(done, 25));
    }
  })();
  const answer = await work();
  // The work's tail (freeing, a discarded body) counts too.
  await new Promise((done) => setTimeout(done, 300));
  running = false;
  await getter;
  clearInterval(sampler);
  return { answer, worstGetMs: worst, getsOver500: over, rssRise: peak - baseline };
}

/** Runs the cases (`argv`: `--root DIR`, `--only a,b`), prints them, and saves them. */
export async function measureImportLoad(argv: string[]): Promise<number> {
  const results = await measure(argv);
  mkdirSync(join(process.cwd(), 'bench-results'), { recursive: true });
  writeFileSync(
    join(process.cwd(), 'bench-results', `imports-${Date.now()}.json`),
    JSON.stringify(results, null, 1),
  );
  return 0;
}

async function measure(argv: string[]): Promise<Measured[]> {
  const { values } = parseArgs({
    args: argv,
    options: { root: { type: 'string' }, only: { type: 'string' }, built: { type: 'boolean' } },
  });
  const built = values.built ?? false;
  const root = resolve(values.root ?? process.cwd());
  const only = values.only ? new Set(values.only.split(',')) : null;
  const pool = await standInPool();
  const dir = mkdtempSync(join(tmpdir(), 'import-load-'));
  const archive = join(dir, 'archive.json');
  writeFileSync(archive, readFileSync(join(root, 'server/data/sample-archive.json')));
  const results: Measured[] = [];
  let server = await startServerOf(root, built, { ...pool.env, ARCHIVE_FILE: archive });
  const auth = { Authorization: `Bearer ${pool.token}`, 'Content-Type': 'application/json' };
  try {
    for (const item of CASES) {
      if (only && !only.has(item.name)) continue;
      if (server.died() !== null) {
        server = await startServerOf(root, built, { ...pool.env, ARCHIVE_FILE: archive });
      }
      let body = item.body();
      if (item.confirm) {
        // The import the dry run's answer confirms: the dry run first, unwatched.
        const dry = await send(server.port, '/api/imports', {
          method: 'POST',
          headers: auth,
          body,
        });
        const { expected } = JSON.parse(dry.body) as { expected?: unknown };
        const full = JSON.parse(body.toString()) as Record<string, unknown>;
        body = Buffer.from(JSON.stringify({ ...full, dryRun: false, expected }));
        await new Promise((done) => setTimeout(done, 1000));
      }
      const pid = server.child.pid ?? 0;
      const started = performance.now();
      const { answer, worstGetMs, getsOver500, rssRise } = await watching(server.port, pid, () =>
        send(server.port, '/api/imports', { method: 'POST', headers: auth, body }),
      );
      const result: Measured = {
        name: item.name,
        what: item.what,
        status: answer.status,
        seconds: (performance.now() - started) / 1000,
        answer: answer.body.slice(0, 160),
        worstGetMs,
        getsOver500,
        rssRiseMb: rssRise / MB,
        crashed: server.died(),
      };
      results.push(result);
      console.info(
        `${item.name.padEnd(22)} ${String(result.status).padStart(4)}  ${result.seconds.toFixed(1).padStart(5)} s  worst GET ${result.worstGetMs.toFixed(0).padStart(6)} ms  RSS +${result.rssRiseMb.toFixed(0).padStart(5)} MB  ${result.crashed ?? result.answer.slice(0, 100)}`,
      );
    }
    if (!only || only.has('held-anonymous')) {
      if (server.died() !== null) {
        server = await startServerOf(root, built, { ...pool.env, ARCHIVE_FILE: archive });
      }
      results.push(await heldAnonymous(server.port, server.child.pid ?? 0));
    }
  } finally {
    await server.stop();
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/**
 * Twenty connections that each send a 32 MB import without a token and hold the connection open:
 * the answers they get, and the server's memory meanwhile.
 */
async function heldAnonymous(port: number, pid: number): Promise<Measured> {
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const started = performance.now();
  const payload = Buffer.alloc(32 * MB, 0x20);
  const statuses = await Promise.all(
    Array.from(
      { length: 20 },
      () =>
        new Promise<number>((done) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(
              `POST /api/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${32 * MB}\r\n\r\n`,
            );
            socket.write(payload);
          });
          let text = '';
          socket.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
            if (status) {
              done(Number(status));
              socket.destroy();
            }
          });
          socket.on('error', () => done(-1));
          socket.setTimeout(30_000, () => {
            done(0);
            socket.destroy();
          });
        }),
    ),
  );
  clearInterval(sampler);
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  const said = [...counts]
    .map(([status, n]) => `${n}× ${status || 'no answer in 30 s'}`)
    .join(', ');
  const result: Measured = {
    name: 'held-anonymous',
    what: '20 anonymous connections sending 32 MB each and holding',
    status: statuses[0] ?? 0,
    seconds: (performance.now() - started) / 1000,
    answer: said,
    worstGetMs: 0,
    getsOver500: 0,
    rssRiseMb: (peak - baseline) / MB,
    crashed: null,
  };
  console.info(
    `held-anonymous         ${said}  within ${result.seconds.toFixed(1)} s  RSS +${result.rssRiseMb.toFixed(0)} MB`,
  );
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await measureImportLoad(process.argv.slice(2));
}
