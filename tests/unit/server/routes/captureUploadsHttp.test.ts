/**
 * 3D capture uploads through the real local server, run as a person runs it (`server/node/main.ts`, a
 * process of its own, so its stalls and memory are its own): a refused upload is answered before
 * its body is read where its headers suffice (rate limit, type, declared length), and one whose
 * content is refused holds up no other request (issue 27, findings 6 and 8b).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_UPLOADS_PER_10_MIN } from '@/lib/submissionSchema';
import { deepGlb, jsonBombGlb } from '../support/captureFixtures';

const MB = 1024 * 1024;
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'globe-captures-http-'));
writeFileSync(
  join(temp, 'archive.json'),
  JSON.stringify({ nodes: [{ video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 }] }),
);

let server: ChildProcess;
/** The server's address, `http://127.0.0.1:<port>`. */
let origin = '';

beforeAll(async () => {
  server = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/lingui/register.mjs', 'server/node/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY: 'off',
        STATIC_DIR: 'none',
        ARCHIVE_FILE: join(temp, 'archive.json'),
        UPLOADS_DIR: join(temp, 'uploads'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  origin = await new Promise<string>((resolve, reject) => {
    const heard = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Nodes: (http:\/\/127\.0\.0\.1:\d+)\/api\/nodes/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    server.stdout?.on('data', heard);
    server.stderr?.on('data', heard);
    server.once('exit', () => reject(new Error(`The server exited:\n${output}`)));
  });
}, 60_000);

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(temp, { recursive: true, force: true });
});

/** The server's resident memory, now and at its peak, MB (Linux; null elsewhere). */
function serverMemory(): { now: number; peak: number } | null {
  const file = `/proc/${server.pid}/status`;
  if (!existsSync(file)) return null;
  const status = readFileSync(file, 'utf8');
  const mb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
  return { now: mb('VmRSS'), peak: mb('VmHWM') };
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
  /** Milliseconds from the request's start to the end of its answer. */
  ms: number;
}

/** One request of `body` whole, answered in full. */
function send(
  path: string,
  {
    method = 'GET',
    body,
    headers = {},
  }: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // A connection of its own: a reused one can meet the server's keep-alive timeout.
    const req = request({ hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Starts a capture of `total` bytes (its length declared), sends only its first `sent` bytes and
 * waits: a server that needs the body to answer never answers (the test times out), one that
 * answers on the headers alone does.
 */
function streamCapture(
  total: number,
  contentType: string,
  sent = 4 * MB,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        hostname,
        port,
        path: '/api/captures',
        method: 'POST',
        headers: { 'Content-Length': String(total), 'Content-Type': contentType },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (part: Buffer) => chunks.push(part));
        res.on('end', () => {
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
          });
        });
      },
    );
    // The server may close the connection after answering: a write error then is expected.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write(Buffer.alloc(sent, 0x41));
  });
}

const OCTETS = { 'Content-Type': 'application/octet-stream' };

describe('POST /api/captures on the local server', () => {
  it('refuses a 45 MB glTF JSON bomb while GET /api/nodes keeps answering within a second', async () => {
    const bomb = jsonBombGlb(45 * MB);
    expect((await send('/api/nodes')).status).toBe(200);
    const before = serverMemory();
    let uploading = true;
    const lists: Answer[] = [];
    const listing = (async () => {
      while (uploading) {
        lists.push(await send('/api/nodes'));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const refused = await send('/api/captures', { method: 'POST', body: bomb, headers: OCTETS });
    uploading = false;
    await listing;
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((list) => list.status === 200)).toBe(true);
    expect(Math.max(...lists.map((list) => list.ms))).toBeLessThan(1000);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({
      error:
        'The 3D capture is too large: its glTF JSON is over 4 MB (a model keeps its geometry in the binary chunk).',
    });
    // The body itself, read and joined, and no more: building the JSON took a gigabyte.
    const after = serverMemory();
    if (before && after) expect(after.peak - before.now).toBeLessThan(300);
    // Sending 45 MB takes most of it; the check itself is milliseconds.
    expect(refused.ms).toBeLessThan(5000);
  }, 60_000);

  it('refuses JSON nested 100,000 deep with a 415 in words, no stack', async () => {
    const refused = await send('/api/captures', {
      method: 'POST',
      body: deepGlb(100_000),
      headers: OCTETS,
    });
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body)).toEqual({
      error:
        'This file is not a 3D capture the archive can show (the glTF JSON nests deeper than 64 levels): send a .glb model or a .ply, .splat or .spz splat.',
    });
  });

  it('answers a capture declared over 50 MB, or sent as text, before reading the body', async () => {
    // Each is sent only its first 4 MB: an answer at all means the rest was never needed.
    const declared = await streamCapture(60 * MB, 'application/octet-stream');
    expect([declared.status, JSON.parse(declared.body)]).toEqual([
      413,
      { error: 'The 3D capture is too large: at most 50 MB.' },
    ]);
    const text = await streamCapture(45 * MB, 'text/plain');
    expect(text.status).toBe(415);
  }, 30_000);

  it('answers a visitor over the rate limit before reading the body', async () => {
    // Each refused capture counts as an attempt: a client of the limit's worth is over it.
    let status = 0;
    for (let i = 0; i <= COMMUNITY_UPLOADS_PER_10_MIN && status !== 429; i += 1) {
      ({ status } = await send('/api/captures', {
        method: 'POST',
        body: Buffer.from('Survey notes, not a model.'),
        headers: OCTETS,
      }));
    }
    expect(status).toBe(429);
    // Sent only its first 4 MB of 45: answered all the same, the body was not read first.
    const limited = await streamCapture(45 * MB, 'application/octet-stream');
    expect(limited.status).toBe(429);
    // And the server still answers on a fresh connection.
    expect((await send('/api/nodes')).status).toBe(200);
  }, 30_000);
});
