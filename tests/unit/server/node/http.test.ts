import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveFileError } from '../../../../server/storage/archiveFile';
import { readConfig, type ServerConfig } from '../../../../server/config/serverConfig';
import { StartError, startServer, type RunningServer } from '../../../../server/node/http';

const temp = mkdtempSync(join(tmpdir(), 'globe-http-'));
const staticDir = join(temp, 'dist');
const INDEX = '<!doctype html><html><body><div id="root">GLOBE-APP-SHELL</div></body></html>';
const SCRIPT = 'console.log("the globe turns");\n'.repeat(100);
const SECRET = 'TOP-SECRET-OUTSIDE-STATIC-DIR';
const NODES = [
  { video_id: 'clayton-first-responders', title: 'First Responders', lat: 38.6, lng: -90.2 },
  { title: 'kept although the app will not show it' },
];

mkdirSync(join(staticDir, 'assets'), { recursive: true });
writeFileSync(join(staticDir, 'index.html'), INDEX);
writeFileSync(join(staticDir, 'assets', 'index-Bx12abCD.js'), SCRIPT);
const SOURCE = 'SOURCE-OF-THE-APP';
writeFileSync(
  join(staticDir, 'assets', 'index-Bx12abCD.js.map'),
  JSON.stringify({ version: 3, sources: ['../src/main.tsx'], sourcesContent: [SOURCE] }),
);
writeFileSync(join(staticDir, 'app.css.map'), JSON.stringify({ version: 3, sources: [] }));
writeFileSync(join(staticDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The first bytes of a WebP file (RIFF....WEBP), enough for a static server.
const WEBP = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00', 'latin1');
writeFileSync(join(staticDir, 'map.webp'), WEBP);
writeFileSync(join(staticDir, 'notes.txt'), 'release notes');
writeFileSync(join(staticDir, '.env'), `SECRET=${SECRET}`);
writeFileSync(join(temp, 'secret.txt'), SECRET);
writeFileSync(join(temp, 'archive.json'), JSON.stringify({ nodes: NODES }));
const damagedDir = join(temp, 'damaged-nodes');
mkdirSync(damagedDir);
writeFileSync(join(damagedDir, 'PG_VERSION'), '17\n');

function config(env: Record<string, string>): ServerConfig {
  // The local identity server has its own tests (localIdentity.test.ts).
  return readConfig({ PORT: '0', HOST: '127.0.0.1', IDENTITY: 'off', ...env }, temp);
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request: unlike fetch, it sends the path exactly as written (`..` included). */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let app: RunningServer;
const log: string[] = [];

beforeAll(async () => {
  app = await startServer(
    config({ STATIC_DIR: staticDir, ARCHIVE_FILE: join(temp, 'archive.json') }),
    { log: (line) => log.push(line) },
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('the built app', () => {
  it('serves index.html at / with security headers and revalidation', async () => {
    const res = await get(app.url, '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
    // Hono's secureHeaders gives the rest: no other window may script the page, no Flash policy.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src [^;]*https:\/\/i\.ytimg\.com/);
    expect(csp).toMatch(/img-src [^;]*blob:/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube\.com/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toContain("object-src 'none'");
  });

  it('lets browsers keep hashed assets for a year, and compresses them', async () => {
    const res = await get(app.url, '/assets/index-Bx12abCD.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('lets browsers keep public images for a day (their names do not change), then revalidate', async () => {
    const res = await get(app.url, '/logo.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const again = await get(app.url, '/logo.svg', { 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const map = await get(app.url, '/map.webp', { 'accept-encoding': 'gzip, br' });
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toBe('image/webp');
    expect(map.headers['cache-control']).toBe('public, max-age=86400');
    // Compressed already: sent as it is.
    expect(map.headers['content-encoding']).toBeUndefined();
    expect(map.body.equals(WEBP)).toBe(true);
  });

  it('has other unhashed files revalidated on every load', async () => {
    const res = await get(app.url, '/notes.txt');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app (200) for its routes, so a shared link opens the item', async () => {
    for (const path of [
      '/video/clayton-first-responders',
      '/category/response-efforts?type=video',
      '/editor',
    ]) {
      const res = await get(app.url, path);
      expect(res.status, path).toBe(200);
      expect(res.body.toString()).toBe(INDEX);
    }
  });

  it('serves the app with 404 for unknown paths, so it shows its not-found page', async () => {
    const res = await get(app.url, '/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toBe(INDEX);
  });

  it('answers a missing hashed asset with a plain 404, not the page', async () => {
    const res = await get(app.url, '/assets/index-gone.js');
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('GLOBE-APP-SHELL');
  });

  it('never serves source maps, though the build leaves them in the folder', async () => {
    for (const path of [
      '/assets/index-Bx12abCD.js.map',
      '/assets/index-Bx12abCD.js%2emap',
      '/assets/index-Bx12abCD.js.MAP',
      '/app.css.map',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get(app.url, path, {}, method);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.toString(), path).not.toContain(SOURCE);
      }
    }
  });

  it('never serves files outside the folder, nor dotfiles', async () => {
    const attempts = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/.env',
      '/%00/secret.txt',
    ];
    for (const path of attempts) {
      const res = await get(app.url, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.body.toString(), path).not.toContain(SECRET);
    }
  });

  it('refuses writes to the app with 405', async () => {
    const res = await get(app.url, '/', {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('/api/nodes', () => {
  it('answers every node of the archive file, malformed ones included', async () => {
    const res = await get(app.url, '/api/nodes');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body.toString())).toEqual(NODES);
    expect(app.nodes).toMatchObject({ ok: true, count: 2 });
    const again = await get(app.url, '/api/nodes', { 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('is what startServer reports as the nodes URL', async () => {
    const res = await fetch(app.nodesUrl);
    expect(res.status).toBe(200);
  });

  it('logged the archive file check at start', () => {
    expect(log.some((line) => /archive\.json.*2 entries, 1 shown/.test(line))).toBe(true);
  });
});

describe('a client that leaves before its body ends', () => {
  /** Sends a request declaring 1000 bytes, sends `part` of them, then closes or resets. */
  async function abandon(path: string, part: string, close: 'end' | 'reset'): Promise<void> {
    const { hostname, port } = new URL(app.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
            `Content-Length: 1000\r\n\r\n${part}`,
        );
        setTimeout(() => {
          if (close === 'reset') socket.resetAndDestroy();
          else socket.destroy();
          resolve();
        }, 100);
      });
      socket.on('error', reject);
    });
  }

  it.each(['end', 'reset'] as const)(
    'is logged as one line without a stack (%s)',
    async (close) => {
      const before = log.length;
      await abandon('/api/messages', '{"name":', close);
      await expect.poll(() => log.length, { timeout: 5000 }).toBeGreaterThan(before);
      // Anything logged late would still be a line of this request.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(log.slice(before)).toEqual([
        'POST /api/messages: the client closed the connection before its request body ended ' +
          '(8 of 1000 bytes).',
      ]);
      // The server goes on answering.
      expect((await get(app.url, '/api/nodes')).status).toBe(200);
    },
  );
});

describe('start-up problems', () => {
  it('still starts on a damaged data folder, and /api/nodes says which folder', async () => {
    const lines: string[] = [];
    const server = await startServer(config({ STATIC_DIR: staticDir, DATA_DIR: damagedDir }), {
      log: (line) => lines.push(line),
    });
    try {
      expect(server.nodes.ok).toBe(false);
      const res = await get(server.url, '/api/nodes');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      const { error } = JSON.parse(res.body.toString()) as { error: string };
      expect(error).toContain('damaged-nodes');
      expect(lines.join('\n')).toContain('damaged-nodes');
      // The app itself still loads, and can show the failure.
      expect((await get(server.url, '/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('serves only the API when STATIC_DIR is none', async () => {
    const server = await startServer(config({ STATIC_DIR: 'none', DATA_DIR: damagedDir }), {
      log: () => undefined,
    });
    try {
      expect(server.servesApp).toBe(false);
      const res = await get(server.url, '/');
      expect(res.status).toBe(404);
      expect(res.body.toString()).toMatch(/only the API/);
    } finally {
      await server.close();
    }
  });

  it('refuses to start on an unusable ARCHIVE_FILE, naming it', async () => {
    await expect(
      startServer(config({ ARCHIVE_FILE: join(temp, 'missing.json') }), { log: () => undefined }),
    ).rejects.toThrow(ArchiveFileError);
  });

  it('says which port is taken', async () => {
    const port = new URL(app.url).port;
    const error = await startServer(
      { ...config({ STATIC_DIR: 'none', DATA_DIR: damagedDir }), port: Number(port) },
      { log: () => undefined },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartError);
    expect((error as Error).message).toContain(`Port ${port}`);
  });
});
