/**
 * A local stand-in for the provider's thumbnail host (`https://i.ytimg.com/vi/<id>/<size>.jpg`),
 * for the browser tests and the benchmark: a bench that feeds only local images measures a network
 * no visitor has (ARCHITECTURE §5).
 *
 * It is a real HTTPS server with HTTP/2 (and HTTP/1.1) on 127.0.0.1 and a free port, with a
 * self-signed certificate for i.ytimg.com (tests/fixtures/thumbnail-host/). Chromium reaches it
 * under the provider's own name, so the page's URLs, origin, CORS and Content-Security-Policy are
 * those visitors meet: launch it with `host.chromiumArgs` (`--host-resolver-rules` maps the name
 * and port, `--ignore-certificate-errors-spki-list` trusts the certificate's key), e.g. through
 * `launchBrowser({ thumbnailHost: host })`.
 *
 * What each request meets is decided by its video id's prefix (see THUMBNAIL_BEHAVIOURS), so one
 * archive can mix behaviours and parallel tests share no state.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createSecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  THUMBNAIL_BEHAVIOURS,
  thumbnailBehaviourOf,
  type ThumbnailBehaviour,
} from '../../fixtures/generateArchive';

export { THUMBNAIL_BEHAVIOURS, type ThumbnailBehaviour };

/** The provider's thumbnail host name, which the stand-in answers for. */
export const THUMBNAIL_HOSTNAME = 'i.ytimg.com';
const CERT_DIR = new URL('../../fixtures/thumbnail-host/', import.meta.url).pathname;

/**
 * The provider's sizes. `default` and `hqdefault` are 4:3 with the 16:9 picture letterboxed in
 * black bars, as the provider serves them; `mqdefault` is the 16:9 picture alone.
 */
export const THUMBNAIL_SIZES = {
  default: { width: 120, height: 90, pictureHeight: 68 },
  mqdefault: { width: 320, height: 180, pictureHeight: 180 },
  hqdefault: { width: 480, height: 360, pictureHeight: 270 },
} as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;
const SIZE_NAMES = Object.keys(THUMBNAIL_SIZES) as ThumbnailSize[];

/**
 * Distinct pictures per size: a card's colour comes from its id's hash, so neighbouring cards look
 * different. 24 hues 15° apart are enough to tell faces apart and cost well under a second to make.
 */
const PALETTE = 24;
/**
 * Pixel noise on the pictures, so their JPEGs weigh what the provider's do (about 3, 12 and 27 KB
 * for default, mq and hq at this amplitude and quality; a flat picture would be a few hundred bytes
 * and make any "bytes before shown" figure meaningless).
 */
const NOISE = 20;
const JPEG_QUALITY = 85;

/** As the provider answers its thumbnails. */
const CACHE_CONTROL = 'public, max-age=7200';
/**
 * The provider's front ends advertise 100 concurrent HTTP/2 streams: past that, Chromium queues
 * requests to the host, which is part of what a page meets when the host never answers.
 */
const MAX_CONCURRENT_STREAMS = 100;

export interface ThumbnailHostOptions {
  /** How long `slow…` ids wait before they answer, in ms (default 400). */
  slowMs?: number;
  /** SETTINGS_MAX_CONCURRENT_STREAMS (default 100, as the provider's front ends). */
  maxConcurrentStreams?: number;
}

type PerSize = Record<ThumbnailSize, number>;
/** What the host has seen since it started (or since `resetCounts()`). */
export interface ThumbnailHostCounts {
  /** Requests that arrived for a thumbnail, by the id's behaviour and the size asked for. */
  requests: Record<ThumbnailBehaviour, PerSize>;
  /** Of those, the ones answered in full (for `never`: always 0). */
  answered: Record<ThumbnailBehaviour, PerSize>;
  /** Of those, the ones the browser gave up on (stream reset, connection closed) before an answer. */
  cancelled: Record<ThumbnailBehaviour, PerSize>;
  /** Bytes of response bodies sent, headers not included. */
  bodyBytes: number;
  /** Requests for anything else (404). */
  notFound: number;
}

export interface ThumbnailHost {
  /** The port on 127.0.0.1. */
  readonly port: number;
  /** `https://i.ytimg.com`: what the page sees. */
  readonly origin: string;
  /** The Chromium flags that send `i.ytimg.com` here and trust its self-signed certificate. */
  readonly chromiumArgs: readonly string[];
  /** A copy of the counts so far. */
  counts(): ThumbnailHostCounts;
  resetCounts(): void;
  /** Stops listening and closes every connection (a `never` request ends with it). Never hangs. */
  stop(): Promise<void>;
}

const perBehaviour = (): Record<ThumbnailBehaviour, PerSize> =>
  Object.fromEntries(
    THUMBNAIL_BEHAVIOURS.map((b) => [b, { default: 0, mqdefault: 0, hqdefault: 0 }]),
  ) as Record<ThumbnailBehaviour, PerSize>;

const emptyCounts = (): ThumbnailHostCounts => ({
  requests: perBehaviour(),
  answered: perBehaviour(),
  cancelled: perBehaviour(),
  bodyBytes: 0,
  notFound: 0,
});

/** The sum of a per-behaviour table, over the given behaviours (all by default). */
export function totalOf(
  table: Record<ThumbnailBehaviour, PerSize>,
  behaviours: readonly ThumbnailBehaviour[] = THUMBNAIL_BEHAVIOURS,
): number {
  return behaviours.reduce(
    (sum, b) => sum + SIZE_NAMES.reduce((s, size) => s + table[b][size], 0),
    0,
  );
}

/** The base64 SHA-256 of a certificate's public key (SPKI), as Chromium's SPKI allow-list takes it. */
function spkiHash(certPem: Buffer): string {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** FNV-1a: a stable small hash, so an id always gets the same picture. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return 255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}

/** A 16:9 picture: a diagonal two-hue gradient, a pale disc placed by the seed, and noise. */
function picturePixels(width: number, height: number, slot: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = (slot + 1) * 2654435761;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const hue = (slot * 360) / PALETTE;
  const from = hslToRgb(hue, 0.7, 0.45);
  const to = hslToRgb((hue + 60) % 360, 0.7, 0.3);
  const cx = width * (0.25 + 0.5 * random());
  const cy = height * (0.3 + 0.4 * random());
  const radius = height * 0.3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const inDisc = Math.hypot(x - cx, y - cy) < radius;
      const noise = (random() - 0.5) * NOISE;
      const offset = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = (from[c] as number) * (1 - t) + (to[c] as number) * t;
        const value = (inDisc ? base * 0.4 + 255 * 0.6 : base) + noise;
        pixels[offset + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return pixels;
}

async function makeJpeg(size: ThumbnailSize, slot: number): Promise<Buffer> {
  const { width, height, pictureHeight } = THUMBNAIL_SIZES[size];
  const bars = height - pictureHeight;
  return sharp(picturePixels(width, pictureHeight, slot), {
    raw: { width, height: pictureHeight, channels: 3 },
  })
    .extend({
      top: Math.floor(bars / 2),
      bottom: Math.ceil(bars / 2),
      background: '#000000',
    })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

const THUMBNAIL_PATH = /^\/vi\/([A-Za-z0-9_-]{1,64})\/(default|mqdefault|hqdefault)\.jpg$/;
const JUNK_BODY =
  '<!doctype html><html><head><title>Network login</title></head>' +
  '<body><p>Sign in to the network to continue.</p></body></html>\n';

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startThumbnailHost(
  options: ThumbnailHostOptions = {},
): Promise<ThumbnailHost> {
  const slowMs = options.slowMs ?? 400;
  const jpegs = new Map<string, Buffer>();
  await Promise.all(
    SIZE_NAMES.flatMap((size) =>
      Array.from({ length: PALETTE }, async (_, slot) => {
        jpegs.set(`${size}/${slot}`, await makeJpeg(size, slot));
      }),
    ),
  );

  let counts = emptyCounts();
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  const sessions = new Set<Http2Session>();
  let stopping = false;

  const common = {
    'access-control-allow-origin': '*',
    'timing-allow-origin': '*',
  };
  const send = (
    response: Http2ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: Buffer | string,
  ) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    response.writeHead(status, { ...headers, 'content-length': String(bytes.length) });
    response.end(bytes);
    counts.bodyBytes += bytes.length;
  };

  const handle = (request: Http2ServerRequest, response: Http2ServerResponse) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const match = THUMBNAIL_PATH.exec(path);
    const behaviour = match ? thumbnailBehaviourOf(match[1] as string) : null;
    if (!match || !behaviour || (request.method !== 'GET' && request.method !== 'HEAD')) {
      counts.notFound++;
      send(response, 404, { 'content-type': 'text/plain' }, 'Not Found\n');
      return;
    }
    const id = match[1] as string;
    const size = match[2] as ThumbnailSize;
    const seen = counts;
    seen.requests[behaviour][size]++;
    let answered = false;
    // (The HTTP/2 compatibility layer emits 'finish' for a reset stream too: count answers here.)
    const answer = (status: number, headers: Record<string, string>, body: Buffer | string) => {
      if (response.destroyed || response.writableEnded) return;
      answered = true;
      seen.answered[behaviour][size]++;
      send(response, status, headers, body);
    };
    response.once('close', () => {
      if (!answered && !stopping) seen.cancelled[behaviour][size]++;
    });

    const answerImage = () => {
      const jpeg = jpegs.get(`${size}/${hash(id) % PALETTE}`) as Buffer;
      answer(
        200,
        { ...common, 'content-type': 'image/jpeg', 'cache-control': CACHE_CONTROL },
        request.method === 'HEAD' ? Buffer.alloc(0) : jpeg,
      );
    };
    switch (behaviour) {
      case 'fast':
        answerImage();
        return;
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answerImage();
        }, slowMs);
        timers.add(timer);
        return;
      }
      case 'fail':
        answer(500, { ...common, 'content-type': 'text/plain' }, 'Internal Server Error\n');
        return;
      case 'junk':
        answer(
          200,
          { ...common, 'content-type': 'text/html; charset=utf-8', 'cache-control': CACHE_CONTROL },
          JUNK_BODY,
        );
        return;
      case 'never':
        // Accepted and never answered: the stream (and its connection) stays open until the
        // browser gives up or the host stops.
        return;
    }
  };

  const cert = readFileSync(join(CERT_DIR, 'cert.pem'));
  const server = createSecureServer(
    {
      key: readFileSync(join(CERT_DIR, 'key.pem')),
      cert,
      allowHTTP1: true,
      settings: { maxConcurrentStreams: options.maxConcurrentStreams ?? MAX_CONCURRENT_STREAMS },
    },
    handle,
  );
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  // A browser that drops a connection mid-handshake is not the host's problem.
  server.on('tlsClientError', () => undefined);
  server.on('sessionError', () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    origin: `https://${THUMBNAIL_HOSTNAME}`,
    chromiumArgs: [
      // The port is part of the mapping: the page still asks for https://i.ytimg.com (port 443).
      `--host-resolver-rules=MAP ${THUMBNAIL_HOSTNAME} 127.0.0.1:${port}`,
      // Trusts this one key rather than ignoring every certificate error: with
      // --ignore-certificate-errors Chromium keeps nothing from the host in its HTTP cache, so a
      // repeat load would refetch what a visitor's browser keeps for max-age. (It needs a
      // --user-data-dir, which Playwright always gives.)
      `--ignore-certificate-errors-spki-list=${spkiHash(cert)}`,
    ],
    counts: () => structuredClone(counts),
    resetCounts: () => {
      counts = emptyCounts();
    },
    stop: async () => {
      if (stopping) return;
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.destroy();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
