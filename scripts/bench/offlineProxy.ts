/** A slow line on this machine (issue 50's bench): a proxy that answers as slow 4G would. */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Lighthouse's "slow 4G" (its devtools throttling): latency per request and download rate. */
export const SLOW_4G = { latencyMs: 562.5, bytesPerSecond: (1474.56 * 1024) / 8 };

/** A proxy to `target` that waits `latencyMs` before each answer and shares `bytesPerSecond`. */
export async function slowProxy(target: URL): Promise<{ url: string; close: () => Promise<void> }> {
  let nextFree = 0;
  /** When `bytes` more may be sent on the shared line, ms from now. */
  const wait = (bytes: number) => {
    const now = Date.now();
    nextFree = Math.max(nextFree, now) + (bytes / SLOW_4G.bytesPerSecond) * 1000;
    return nextFree - now;
  };
  const server: Server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        setTimeout(() => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          // Each answer's chunks in order, each when the shared line has room for it.
          let queue = Promise.resolve();
          const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
          answer.on('data', (chunk: Buffer) => {
            answer.pause();
            const delay = wait(chunk.length);
            queue = queue.then(async () => {
              await after(delay);
              outgoing.write(chunk);
              answer.resume();
            });
          });
          answer.on('end', () => void queue.then(() => outgoing.end()));
        }, SLOW_4G.latencyMs);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
