/**
 * A nodes-service for crashRecovery.test.ts that stops for good at one chosen step, for the test
 * to kill it there with SIGKILL (as the OOM killer or a power cut would). It is built from the
 * server's own parts, as `startServer` builds them: its store on `DATA_DIR`, its photos in
 * `UPLOADS_DIR`, the site listener that serves them; only the photo storage is wrapped, so the
 * server's code knows nothing of it.
 *
 * `STOP_AT` is `<operation>#<n>:<before|after>`: the n-th call of that storage operation (`put`,
 * `has`, `publish` or `delete`), before it starts or once it finished. Editors are the holders of
 * tokens signed by the key `POOL_JWK` (a JWK, as JSON) for `POOL_ISSUER` and `POOL_CLIENT_ID`. It
 * prints `LISTENING <url>` once it serves, and `STOPPED <STOP_AT>` when it stops.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, type JWK } from 'jose';
import { createSiteListener } from '../../../../server/app/nodeSite';
import { readConfig } from '../../../../server/config/serverConfig';
import { createAccessTokenVerifier } from '../../../../server/login/accessToken';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { storeOpener } from '../../../../server/node/storeOpener';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import type { MediaStorage } from '../../../../server/uploads/mediaStorage';

/** The storage operations a stop may be placed at. */
type Operation = 'put' | 'has' | 'publish' | 'delete';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`crashingServer needs ${name}.`);
  return value;
}

const stopAt = required('STOP_AT');
const parsed = /^(put|has|publish|delete)#(\d+):(before|after)$/.exec(stopAt);
if (!parsed) throw new Error(`STOP_AT must be <operation>#<n>:<before|after>, not ${stopAt}.`);
const [, operation, nth, when] = parsed as unknown as [string, Operation, string, string];

/** Never settles: the request that reached the stop waits there until the process is killed. */
async function stopHere(): Promise<never> {
  process.stdout.write(`STOPPED ${stopAt}\n`);
  return new Promise<never>(() => undefined);
}

const calls = new Map<Operation, number>();
/** `run`, the `name` operation, with the stop placed around its chosen call. */
async function step<T>(name: Operation, run: () => Promise<T>): Promise<T> {
  const count = (calls.get(name) ?? 0) + 1;
  calls.set(name, count);
  const chosen = name === operation && count === Number(nth);
  if (chosen && when === 'before') return stopHere();
  const result = await run();
  if (chosen) return stopHere();
  return result;
}

const root = process.cwd();
const config = readConfig(
  {
    PORT: '0',
    HOST: '127.0.0.1',
    IDENTITY: 'off',
    STATIC_DIR: 'none',
    DATA_DIR: required('DATA_DIR'),
    UPLOADS_DIR: required('UPLOADS_DIR'),
  },
  root,
);
if (config.uploads.kind !== 'folder' || config.uploads.dir === null) {
  throw new Error('crashingServer needs UPLOADS_DIR.');
}
const log = (line: string) => process.stderr.write(`${line}\n`);
const folder = createFolderStorage({ dir: config.uploads.dir });
const media: MediaStorage = {
  get folder() {
    return folder.folder;
  },
  description: folder.description,
  put: (key, body, type) => step('put', () => folder.put(key, body, type)),
  get: (key) => folder.get(key),
  has: (key) => step('has', () => folder.has(key)),
  publish: (from, to) => step('publish', () => folder.publish(from, to)),
  delete: (key) => step('delete', () => folder.delete(key)),
  removeLeftovers: () => folder.removeLeftovers(),
  keys: () => folder.keys(),
  urlOf: (key) => folder.urlOf(key),
  keyOf: (url) => folder.keyOf(url),
  owns: (url) => folder.owns(url),
  close: () => folder.close(),
};

const { open } = await storeOpener(config, log);
const handler = createNodesHandler({
  openStore: open,
  log,
  media,
  verifyEditor: createAccessTokenVerifier({
    issuer: required('POOL_ISSUER'),
    clientId: required('POOL_CLIENT_ID'),
    keys: createLocalJWKSet({ keys: [JSON.parse(required('POOL_JWK')) as JWK] }),
  }),
});
await handler.warmUp();
const server = createServer(
  createSiteListener({
    api: handler.app,
    staticFiles: null,
    identity: null,
    csp: "default-src 'none'",
    log,
    uploadsFolder: media.folder,
    trustProxy: config.trustProxy,
  }),
);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`LISTENING http://127.0.0.1:${port}\n`);
});
