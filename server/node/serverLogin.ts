import { createCognitoGroups } from '../login/cognitoGroups';
import type { Hono } from 'hono';
import type { AppEnv } from '../app/appEnv';
import { createLoginRoutes } from '../routes/login';
import { resolvePool, type PoolSources } from '../config/poolSettings';

/** What the local server knows when it mounts the /login function. */
export interface ServerLoginOptions extends PoolSources {
  log?: (line: string) => void;
}

/**
 * The /login function the local server serves at `/api/login`: for a configured pool, or else for
 * the local identity server (its issuer, keys and admin endpoint); none when neither exists.
 */
export function createServerLogin({ log, ...sources }: ServerLoginOptions): Hono<AppEnv> | null {
  const pool = resolvePool(sources);
  if (!pool) return null;
  return createLoginRoutes({
    issuer: pool.issuer,
    clientId: pool.clientId,
    keys: pool.keys,
    allowList: pool.allowList,
    usernamesCaseSensitive: pool.usernamesCaseSensitive,
    appOrigins: pool.appOrigins,
    groups: createCognitoGroups({
      region: pool.region,
      userPoolId: pool.userPoolId,
      endpoint: pool.adminEndpoint,
      credentials: pool.adminCredentials,
    }),
    ...(log ? { log } : {}),
  });
}
