/**
 * Rate limits through the real local server behind a reverse proxy (`TRUST_PROXY`): the test plays
 * a proxy that appends the address it saw to `X-Forwarded-For`, as nginx and AWS load balancers
 * do, while the client writes whatever it likes in front of it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import { startServer, type RunningServer } from '../../../../server/node/http';
import { apiServerConfig } from '../support/communityHarness';

const temp = mkdtempSync(join(tmpdir(), 'globe-proxy-limits-'));
writeFileSync(join(temp, 'archive.json'), JSON.stringify({ nodes: [] }));
const MESSAGE = JSON.stringify({ name: 'Sam', email: 'sam@example.org', message: 'Hello' });
const SENT = FORMS_PER_MINUTE + 3;
const COUNTED_ONCE = [
  ...Array<number>(FORMS_PER_MINUTE).fill(201),
  ...Array<number>(SENT - FORMS_PER_MINUTE).fill(429),
];

/** Servers by their TRUST_PROXY; each test counts clients of its own, as limits are per server. */
const servers = new Map<string, RunningServer>();
const ONE_HOP = '1';
const PROXY_ADDRESSES = '10.0.0.0/8,127.0.0.1';

beforeAll(async () => {
  for (const trust of [ONE_HOP, PROXY_ADDRESSES]) servers.set(trust, await serverTrusting(trust));
}, 60_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((app) => app.close()));
  rmSync(temp, { recursive: true, force: true });
});

function server(trust: string): RunningServer {
  const app = servers.get(trust);
  if (!app) throw new Error(`no server trusts ${trust}`);
  return app;
}

async function serverTrusting(trustProxy: string): Promise<RunningServer> {
  return startServer(apiServerConfig(temp, { TRUST_PROXY: trustProxy }), { log: () => undefined });
}

/** POSTs the contact form from this machine (the "proxy"), answering the status. */
function postMessage(app: RunningServer, forwardedFor: string | string[]): Promise<number> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path: '/api/messages',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(MESSAGE);
  });
}

async function statuses(app: RunningServer, forwardedFor: (i: number) => string | string[]) {
  const answers: number[] = [];
  for (let i = 0; i < SENT; i++) answers.push(await postMessage(app, forwardedFor(i)));
  return answers;
}

describe('rate limits behind TRUST_PROXY', () => {
  it.each([
    ['one trusted hop (TRUST_PROXY=1)', ONE_HOP],
    ["the proxy's address (TRUST_PROXY=10.0.0.0/8,127.0.0.1)", PROXY_ADDRESSES],
  ])(
    '%s: count the address the proxy appended, not the ones the client wrote',
    async (_name, trust) => {
      const app = server(trust);
      expect(await statuses(app, (i) => `198.51.100.${i}, 203.0.113.5`)).toEqual(COUNTED_ONCE);
      // The client's own header line before the proxy's: headers are one list, read from the right.
      expect(await postMessage(app, ['192.0.2.77', '203.0.113.5'])).toBe(429);
      // Another client behind the same proxy has its own limit.
      expect(await postMessage(app, '198.51.100.1, 203.0.113.6')).toBe(201);
    },
  );

  it('count garbage entries as the proxy that passed them on, never as a fresh client', async () => {
    // The proxy is this machine: its own limit is the one garbage shares.
    expect(await statuses(server(ONE_HOP), (i) => (i % 2 ? `garbage-${i}` : ', '))).toEqual(
      COUNTED_ONCE,
    );
  });

  it('count a client the proxy names by IPv6 by its /64, whatever it writes in front', async () => {
    expect(
      await statuses(server(PROXY_ADDRESSES), (i) => `10.0.0.${i}, [2001:db8:1:2::${i + 1}]:443`),
    ).toEqual(COUNTED_ONCE);
  });
});
