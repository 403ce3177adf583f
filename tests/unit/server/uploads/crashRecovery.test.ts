/**
 * A server killed with SIGKILL at any step of an approval or of a visitor's upload, then started
 * again on the same data folders: a photo is never public while its submission is not approved
 * (not even in the state the kill left), and once the restarted server has recovered, everything
 * agrees: a submission waits with nothing public or is approved with every file public, and an
 * upload's record and its files are there together or not at all. The killed server is
 * support/crashingServer.ts in a child process; the restarted one is `startServer`, as `npm start` runs.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../../../server/config/serverConfig';
import { startServer, type RunningServer } from '../../../../server/node/http';
import { readLoginConfig } from '../../../../server/config/loginConfig';
import { openPgliteStore } from '../../../../server/storage/pgliteStore';
import { serveUpload } from '../../../../server/app/uploadFiles';
import { filesOf, isPublicKey } from '../../../../server/uploads/mediaStorage';
import { cutoffsAt } from '../../../../server/uploads/uploadSweep';
import {
  accessToken,
  CLIENT_ID,
  ISSUER,
  loginEnv,
  makeKeys,
  SEED,
  serveJwks,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';
import { cameraJpeg, type Uploaded } from '../support/photoFixtures';

// Each case starts two servers and opens the database twice, under WebAssembly.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = join('tests', 'unit', 'server', 'support', 'crashingServer.ts');
const DAY = 24 * 60 * 60 * 1000;

const temp = mkdtempSync(join(tmpdir(), 'globe-crash-'));
let keys: TestKeys;
let jwks: Awaited<ReturnType<typeof serveJwks>>;
let photo: Buffer;
/** A migrated, seeded database folder, copied for each case (creating one takes seconds). */
const template = join(temp, 'template');

beforeAll(async () => {
  keys = await makeKeys();
  jwks = await serveJwks(keys);
  photo = await cameraJpeg();
  const store = await openPgliteStore({ dataDir: template, seed: () => SEED });
  await store.close();
});

afterAll(async () => {
  await jwks?.close();
  rmSync(temp, { recursive: true, force: true });
});

/** One case's folders: its database (a copy of the template) and its photos. */
function folders(name: string) {
  const dir = join(temp, name);
  const data = join(dir, 'nodes');
  cpSync(template, data, { recursive: true });
  return { data, uploads: join(dir, 'uploads') };
}

/** The child server, stopping at `stopAt`. */
interface Child {
  url: string;
  /** Whether it stopped at its step (false: it exited first). */
  stopped: Promise<boolean>;
  /** Kills it with SIGKILL and waits until it is gone. */
  kill(): Promise<void>;
}

async function startChild(
  { data, uploads }: ReturnType<typeof folders>,
  stopAt: string,
): Promise<Child> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/lingui/register.mjs', CHILD],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: data,
        UPLOADS_DIR: uploads,
        STOP_AT: stopAt,
        POOL_JWK: JSON.stringify(keys.jwk),
        POOL_ISSUER: ISSUER,
        POOL_CLIENT_ID: CLIENT_ID,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const waiting = new Set<() => void>();
  const heard = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiting) check();
  };
  child.stdout.on('data', heard);
  child.stderr.on('data', heard);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** The first match of `pattern` in what it printed; null once it exited without. */
  const printed = (pattern: RegExp) =>
    new Promise<RegExpMatchArray | null>((resolve) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          waiting.delete(check);
          resolve(match);
        }
      };
      waiting.add(check);
      check();
      void exited.then(() => resolve(pattern.exec(output)));
    });
  const listening = await printed(/LISTENING (http:\/\/\S+)\n/);
  if (!listening?.[1]) throw new Error(`the server exited:\n${output}`);
  return {
    url: listening[1],
    stopped: printed(/STOPPED \S+\n/).then((match) => match !== null),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A JSON request to a server's API; the answer's status and body. */
async function api(
  base: string,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(Buffer.isBuffer(body)
        ? { 'Content-Type': 'application/octet-stream' }
        : body === undefined
          ? {}
          : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined
      ? {}
      : { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** The restarted server: `startServer` on the same folders, trusting the test pool. */
function restart({ data, uploads }: ReturnType<typeof folders>): Promise<RunningServer> {
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    IDENTITY: 'off',
    STATIC_DIR: 'none',
    DATA_DIR: data,
    UPLOADS_DIR: uploads,
  };
  return startServer(readConfig(env, root), {
    log: () => undefined,
    login: { config: readLoginConfig(loginEnv(jwks.url)), allowList: [] },
  });
}

/** Every file below `dir`, as paths relative to it ('/' between folders). */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => relative(dir, join(dir, name)).split(/[/\\]/).join('/'));
}

/** What anyone is served at each URL by the server's folder (200 or 404). */
async function publicStatuses(uploads: string, urls: readonly string[]): Promise<number[]> {
  return Promise.all(urls.map(async (url) => (await serveUpload(uploads, 'GET', url)).status));
}

/**
 * The files of the public folders (anything but `pending/`): every one must be a whole file under
 * its key, never a half-written one.
 */
function publicFiles(uploads: string): string[] {
  return filesBelow(uploads).filter((file) => !file.startsWith('pending/'));
}

function galleryOf(sent: Uploaded) {
  return {
    video_id: 'fallen-oak',
    type: 'gallery',
    title: 'Fallen oak',
    images: [sent.image],
    lat: 38.66,
    lng: -90.25,
  };
}

describe('a SIGKILL during an approval', () => {
  // Where the approval stands at each stop: checking its photos inside its transaction; committed
  // with no copy made; after the first public copy; with every copy made but not yet recorded;
  // with the copies recorded but the private ones not yet deleted.
  it.each([
    'has#1:after',
    'publish#1:before',
    'publish#1:after',
    'publish#3:after',
    'delete#1:before',
  ])(
    'at %s leaves nothing public unapproved, and all or nothing once restarted',
    async (stopAt) => {
      const dirs = folders(`approve-${stopAt.replace(/\W/g, '-')}`);
      const child = await startChild(dirs, stopAt);
      const token = await accessToken(keys);
      let urls: string[] = [];
      let id = '';
      try {
        const sent = await api(child.url, 'POST', '/uploads', { body: photo });
        expect(sent.status, JSON.stringify(sent.json)).toBe(201);
        const image = (sent.json as Uploaded).image;
        urls = [image.fullUrl, image.thumbUrl, image.cardUrl];
        const submitted = await api(child.url, 'POST', '/submissions', {
          body: { ...VIDEO_SUBMISSION, kind: 'photos', youtube_url: null, images: [image] },
        });
        expect(submitted.status, JSON.stringify(submitted.json)).toBe(201);
        id = (submitted.json as { id: string }).id;
        const approving = api(child.url, 'POST', `/submissions/${id}/approve`, {
          token,
          body: galleryOf(sent.json as Uploaded),
        });
        const answered = approving.then(
          (response) => `the approval answered ${response.status} without stopping`,
          () => null,
        );
        expect(
          await Promise.race([
            child.stopped.then((yes) => (yes ? null : 'the server exited before its stop')),
            answered,
          ]),
        ).toBeNull();
      } finally {
        await child.kill();
      }

      // The state the kill left: a photo public (or half-written in a public folder) only if its
      // submission is approved.
      const served = await publicStatuses(dirs.uploads, urls);
      const leftInPublic = publicFiles(dirs.uploads);
      const killed = await openPgliteStore({ dataDir: dirs.data });
      const statusAfterKill = (await killed.getSubmission(id))?.status;
      await killed.close();
      if (statusAfterKill !== 'approved') {
        expect({ served, leftInPublic }).toEqual({ served: [404, 404, 404], leftInPublic: [] });
      }
      // Only whole files under public names: the photo's copies and its IIIF tiles.
      expect(leftInPublic.filter((file) => !isPublicKey(file))).toEqual([]);

      const server = await restart(dirs);
      try {
        // Until the recovery is done, and after: public only if approved.
        let status = '';
        await expect
          .poll(
            async () => {
              const read = await api(server.url, 'GET', `/submissions/${id}`, { token });
              status =
                (read.json as { submission?: { status: string } }).submission?.status ??
                `${read.status} ${JSON.stringify(read.json)}`;
              const now = await publicStatuses(dirs.uploads, urls);
              if (status !== 'approved') expect(now, status).toEqual([404, 404, 404]);
              const partial = filesBelow(dirs.uploads).filter((file) => file.endsWith('.partial'));
              return { status, served: now, partial };
            },
            { timeout: 20_000, interval: 100 },
          )
          .toEqual(
            statusAfterKill === 'approved'
              ? { status: 'approved', served: [200, 200, 200], partial: [] }
              : { status: 'pending', served: [404, 404, 404], partial: [] },
          );

        if (status === 'approved') {
          // Approved for good: a rejection is refused and every file stays public.
          const rejected = await api(server.url, 'POST', `/submissions/${id}/reject`, {
            token,
            body: {},
          });
          expect(rejected.status).toBe(409);
          expect(await publicStatuses(dirs.uploads, urls)).toEqual([200, 200, 200]);
        } else {
          // Still waiting, its photo intact for the editors; rejected, nothing of it is public.
          const look = await fetch(`${server.url}/api${urls[0]}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          expect(look.status).toBe(200);
          const rejected = await api(server.url, 'POST', `/submissions/${id}/reject`, {
            token,
            body: { reason: 'Not this one.' },
          });
          expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
          expect(await publicStatuses(dirs.uploads, urls)).toEqual([404, 404, 404]);
          expect(publicFiles(dirs.uploads)).toEqual([]);
        }
      } finally {
        await server.close();
      }
    },
  );
});

describe("a SIGKILL during a visitor's upload", () => {
  // Its three files are stored side by side: stopped before the photo itself is (its thumbnail
  // and card copy are stored), and once all three are but before the upload is recorded done.
  it.each(['put#1:before', 'put#2:after'])(
    'at %s leaves no record without its files once restarted, nor files without a record',
    async (stopAt) => {
      const dirs = folders(`upload-${stopAt.replace(/\W/g, '-')}`);
      const child = await startChild(dirs, stopAt);
      try {
        const uploading = api(child.url, 'POST', '/uploads', { body: photo }).then(
          (response) => `the upload answered ${response.status} without stopping`,
          () => null,
        );
        expect(
          await Promise.race([
            child.stopped.then((yes) => (yes ? null : 'the server exited before its stop')),
            uploading,
          ]),
        ).toBeNull();
      } finally {
        await child.kill();
      }

      // Closing waits for the sweep it started with, which recovers what the kill left.
      const server = await restart(dirs);
      await server.close();

      const store = await openPgliteStore({ dataDir: dirs.data });
      try {
        // Every record (none is claimed, so a sweep a day later would take them all).
        const records = await store.expiredUploads(cutoffsAt(new Date(Date.now() + 2 * DAY)), 100);
        const stored = filesBelow(dirs.uploads);
        for (const record of records) {
          for (const key of filesOf(record.pendingKey)) {
            expect(stored, `${record.publicKey}'s ${key}`).toContain(key);
            expect(statSync(join(dirs.uploads, key)).size, key).toBeGreaterThan(0);
          }
        }
        const known = new Set(records.flatMap((record) => filesOf(record.pendingKey)));
        expect(stored.filter((file) => !known.has(file))).toEqual([]);
        // Nothing of it counts against the waiting photos' room.
        expect(
          await store.uploadAdmission(
            { client: 'anyone', bytes: 1, at: new Date() },
            { clientBytes: 1, windowMs: DAY, pendingBytes: 1 },
          ),
        ).toEqual({ ok: true });
      } finally {
        await store.close();
      }
    },
  );
});
