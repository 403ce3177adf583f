/**
 * Uploads through the real local server: bodies are refused before they are read, photos are
 * served back from the upload folder, and nothing else is.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import { startServer, type RunningServer } from '../../../../server/node/http';
import {
  apiServerConfig,
  accessToken,
  type TestKeys,
  startTrustingServer,
} from '../support/communityHarness';

const temp = mkdtempSync(join(tmpdir(), 'globe-uploads-http-'));
const uploadsDir = join(temp, 'uploads');
writeFileSync(
  join(temp, 'archive.json'),
  JSON.stringify({ nodes: [{ video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 }] }),
);
writeFileSync(join(temp, 'secret.txt'), 'TOP-SECRET');

const MB = 1024 * 1024;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let app: RunningServer;
let keys: TestKeys;
let server: Awaited<ReturnType<typeof startTrustingServer>> | undefined;

beforeAll(async () => {
  // A pool to trust: an editor's photo is public at once (a visitor's waits for review).
  server = await startTrustingServer(temp, { UPLOADS_DIR: uploadsDir });
  ({ app, keys } = server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(temp, { recursive: true, force: true });
});

function collect(res: IncomingMessage): Promise<RawResponse> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
    );
  });
}

/** A raw request that sends the path exactly as written and `body` whole. */
function send(
  path: string,
  {
    method = 'GET',
    body,
    headers = {},
  }: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      collect(res).then(resolve, reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Streams up to `total` bytes as fast as the server takes them and stops at the first answer:
 * resolves with the answer and how much had been written when it came.
 */
function streamUpload(
  total: number,
  headers: Record<string, string>,
): Promise<{ response: RawResponse; written: number }> {
  const { hostname, port } = new URL(app.url);
  const chunk = Buffer.alloc(256 * 1024, 0x41);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = request(
      { hostname, port, path: '/api/uploads', method: 'POST', headers },
      (res) => {
        answered = true;
        const at = written;
        collect(res).then((response) => {
          req.destroy();
          resolve({ response, written: at });
        }, reject);
      },
    );
    // The server may close the connection after answering: a write error then is expected.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('POST /api/uploads on the local server', () => {
  it('refuses a declared 50 MB body with 413 before reading it', async () => {
    const { response, written } = await streamUpload(50 * MB, {
      'Content-Length': String(50 * MB),
      'Content-Type': 'image/jpeg',
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body.toString())).toEqual({
      error: 'The photo is too large: at most 10 MB.',
    });
    // The answer came while the client was still near the start of its upload.
    expect(written).toBeLessThan(12 * MB);
  });

  it('stops reading a body without a length just past 10 MB and answers 413', async () => {
    const { response, written } = await streamUpload(50 * MB, { 'Content-Type': 'image/jpeg' });
    expect(response.status).toBe(413);
    expect(written).toBeGreaterThan(10 * MB);
    expect(written).toBeLessThan(30 * MB);
  });

  it('closes the connection of a client that keeps its refused body coming', async () => {
    const { hostname, port } = new URL(app.url);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const req = request({
        hostname,
        port,
        path: '/api/uploads',
        method: 'POST',
        headers: { 'Content-Length': String(50 * MB) },
      });
      req.on('response', (res) => {
        expect(res.statusCode).toBe(413);
        res.resume();
      });
      req.on('error', () => undefined);
      req.on('socket', (socket) => socket.on('close', () => resolve(Date.now() - started)));
      // A trickle that would take hours to finish.
      req.write(Buffer.alloc(1024));
      const trickle = setInterval(() => req.write(Buffer.alloc(1024)), 200);
      req.on('close', () => clearInterval(trickle));
      setTimeout(() => reject(new Error('the connection stayed open')), 10_000).unref();
    });
    expect(closedAfter).toBeGreaterThanOrEqual(1500);
    expect(closedAfter).toBeLessThan(6000);
  }, 15_000);

  it('still answers on a fresh connection afterwards', async () => {
    expect((await send('/api/nodes')).status).toBe(200);
  });

  it('refuses a text file sent as a JPEG (415)', async () => {
    const response = await send('/api/uploads', {
      method: 'POST',
      body: Buffer.from('hello, I am text'),
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(response.status).toBe(415);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('rate limits on the local server', () => {
  it('count the connection, not an X-Forwarded-For the client made up (TRUST_PROXY off)', async () => {
    const message = JSON.stringify({ name: 'Sam', email: 'sam@example.org', message: 'Hello' });
    const statuses: number[] = [];
    for (let i = 0; i < FORMS_PER_MINUTE + 1; i++) {
      const response = await send('/api/messages', {
        method: 'POST',
        body: Buffer.from(message),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.0.0.${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(FORMS_PER_MINUTE).fill(201), 429]);
  });
});

describe("GET /uploads/{key} of an editor's photo", () => {
  let fullUrl = '';
  let thumbUrl = '';
  let cardUrl = '';

  beforeAll(async () => {
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: 'teal' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 39/1 0/1' } } })
      .toBuffer();
    const response = await send('/api/uploads', {
      method: 'POST',
      body: photo,
      headers: { 'Content-Type': 'image/jpeg', Authorization: `Bearer ${await accessToken(keys)}` },
    });
    expect(response.status).toBe(201);
    ({ fullUrl, thumbUrl, cardUrl } = (
      JSON.parse(response.body.toString()) as {
        image: { fullUrl: string; thumbUrl: string; cardUrl: string };
      }
    ).image);
  });

  it('serves an uploaded photo from UPLOADS_DIR as image/jpeg, cached for a year', async () => {
    expect(fullUrl).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    // The month's folder, and the photo's IIIF tiles, made as an editor's photo is public at once.
    expect(readdirSync(uploadsDir).sort()).toEqual([fullUrl.split('/')[2], 'iiif']);
    expect(cardUrl).toBe(fullUrl.replace(/\.jpg$/, '-card.jpg'));
    for (const url of [fullUrl, thumbUrl, cardUrl]) {
      const response = await send(url);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The globe fetches photos for its card atlas, which needs CORS.
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const metadata = await sharp(response.body).metadata();
      expect([metadata.format, metadata.exif]).toEqual(['jpeg', undefined]);
    }
    expect((await send(fullUrl, { method: 'HEAD' })).status).toBe(200);
  });

  it('answers 404 for traversal and anything that is not an uploaded photo', async () => {
    const month = fullUrl.split('/').slice(2, 4).join('/');
    for (const path of [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..%5csecret.txt',
      `/uploads/${month}/..%2f..%2f..%2fsecret.txt`,
      `/uploads/${month}/00000000-0000-4000-8000-000000000000.jpg`,
      `${fullUrl}%00.html`,
      '/uploads/',
      '/uploads//etc/passwd',
    ]) {
      const response = await send(path);
      expect(response.status, path).toBe(404);
      expect(response.body.toString(), path).not.toContain('TOP-SECRET');
    }
  });
});

describe('without UPLOADS_DIR', () => {
  it('a server of ARCHIVE_FILE keeps photos in a temporary folder removed on stop', async () => {
    // os.tmpdir() reads TMPDIR on every call: a folder of its own shows what the server made.
    const ownTemp = join(temp, 'tmp');
    mkdirSync(ownTemp);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = ownTemp;
    let server: RunningServer;
    try {
      server = await startServer(apiServerConfig(temp), { log: () => undefined });
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(readdirSync(ownTemp)).toEqual([expect.stringMatching(/^globe-uploads-/)]);
    expect(server.uploads).toBe('a temporary folder, removed on stop');
    await server.close();
    expect(readdirSync(ownTemp)).toEqual([]);
  }, 60_000);
});
