/**
 * Builds and serves the benchmark's peer page (scripts/bench/peer/: globe.gl, a dev dependency
 * of the bench only) on a free local port: the built page, the same map image and thumbnail
 * files our app serves from `public/`, and `/archive.json?n=` (the generated archive our app is
 * given at that size, so both globes put their cards in the same places).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import { generateArchive } from '../../tests/fixtures/generateArchive';
import { ROOT } from '../../tests/e2e/support/harness';

const PEER_DIR = join(ROOT, 'scripts/bench/peer');
/** The files of `public/` the peer uses: the map and the generated archives' thumbnails. */
const PUBLIC_FILES = new Set(['/map.webp', '/default-thumb.jpg']);
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

export interface PeerServer {
  url: string;
  stop: () => Promise<void>;
}

/** Builds the peer page (production mode, minified, as a site would ship it) into a temp folder. */
async function buildPeer(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: PEER_DIR,
    base: '/',
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      // three.js and globe.gl in one chunk, as a page of its own would ship them.
      chunkSizeWarningLimit: 2000,
    },
  });
}

export async function startPeerServer(): Promise<PeerServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'globe-bench-peer-'));
  await buildPeer(outDir);
  const archives = new Map<number, string>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    try {
      if (url.pathname === '/archive.json') {
        const n = Number(url.searchParams.get('n'));
        if (!Number.isInteger(n) || n < 0) return send(400, 'text/plain', 'n: a whole number');
        let body = archives.get(n);
        if (body === undefined) {
          body = JSON.stringify(generateArchive(n));
          archives.set(n, body);
        }
        return send(200, TYPES['.json'] as string, body);
      }
      const path = url.pathname === '/' ? '/index.html' : normalize(url.pathname);
      const file = PUBLIC_FILES.has(path) ? join(ROOT, 'public', path) : join(outDir, path);
      if (!file.startsWith(PUBLIC_FILES.has(path) ? join(ROOT, 'public') : outDir))
        return send(404, 'text/plain', 'not found');
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    } catch {
      return send(404, 'text/plain', 'not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
