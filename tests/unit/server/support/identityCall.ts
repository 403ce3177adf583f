import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { readConfig } from '../../../../server/config/serverConfig';
import { startServer, type RunningServer, type StartOptions } from '../../../../server/node/http';
import type { LocalIdentity } from '../../../../server/dev/identity/localIdentity';

/**
 * A raw call to an identity front at `endpoint`, as amazon-cognito-identity-js makes it, with the
 * answer's headers.
 */
export async function identityAnswer(
  endpoint: string,
  action: string,
  body: unknown,
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** The same call's status and body, as tests compare them whole. */
export async function identityCall(
  endpoint: string,
  action: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const { status, body: answer } = await identityAnswer(endpoint, action, body);
  return { status, body: answer };
}

/**
 * Serves an identity front on 127.0.0.1 and a free port, as the local server mounts it: each
 * request goes to `current()`'s handler, so a test may swap the identity server underneath (a
 * restart on the same folder). `close` ends its connections and stops listening.
 */
export async function serveIdentityFront(
  current: () => { handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> },
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => void current().handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The local server with its identity server (in `dir`, over an empty archive, the API alone), as
 * an attacker meets it, and an admin client of cognito-local's own port for the tests' set-up.
 */
export async function startIdentityServer(
  dir: string,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<{ server: RunningServer; local: LocalIdentity; admin: CognitoIdentityProviderClient }> {
  const archive = join(dir, 'archive.json');
  writeFileSync(archive, '[]');
  const server = await startServer(
    readConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        STATIC_DIR: 'none',
        ARCHIVE_FILE: archive,
        IDENTITY_DIR: join(dir, 'identity'),
        ...env,
      },
      dir,
    ),
    { log: () => undefined, ...options },
  );
  if (!server.identity) throw new Error('IDENTITY=local should start the identity server');
  const local = server.identity;
  const admin = new CognitoIdentityProviderClient({
    region: local.region,
    endpoint: local.adminEndpoint,
    credentials: { ...local.adminCredentials },
  });
  return { server, local, admin };
}
