import type { IdentitySettings } from '../identity/localIdentity';
import { createCognitoGroups } from './cognitoGroups';
import type { LoginConfig } from './loginConfig';
import { createLoginHandler, type LoginHandler } from './loginHandler';

/** What the local server knows when it mounts the /login function. */
export interface ServerLoginOptions {
  /** A configured pool (`LOGIN_USER_POOL_ID` …), which wins over the local identity server. */
  login: LoginConfig | null;
  /** The local identity server's pool, when it runs. */
  identity: IdentitySettings | null;
  /** `EDITOR_ALLOWLIST`, for the local identity server. */
  allowList: readonly string[];
  appOrigins: readonly string[];
  log?: (line: string) => void;
}

/**
 * The /login function the local server serves at `/api/login`: for a configured pool, or else for
 * the local identity server (its issuer, keys and admin endpoint); none when neither exists.
 */
export function createServerLogin({
  login,
  identity,
  allowList,
  appOrigins,
  log,
}: ServerLoginOptions): LoginHandler | null {
  const pool = login
    ? {
        issuer: login.issuer,
        clientId: login.clientId,
        keys: login.jwksUrl,
        region: login.region,
        userPoolId: login.userPoolId,
        adminEndpoint: login.adminEndpoint,
        allowList: login.allowList,
        appOrigins: login.appOrigins,
      }
    : identity
      ? {
          issuer: identity.issuer,
          clientId: identity.clientId,
          keys: new URL(identity.jwksUrl),
          region: identity.region,
          userPoolId: identity.poolId,
          adminEndpoint: identity.adminEndpoint,
          allowList,
          appOrigins,
        }
      : null;
  if (!pool) return null;
  return createLoginHandler({
    issuer: pool.issuer,
    clientId: pool.clientId,
    keys: pool.keys,
    allowList: pool.allowList,
    appOrigins: pool.appOrigins,
    groups: createCognitoGroups({
      region: pool.region,
      userPoolId: pool.userPoolId,
      endpoint: pool.adminEndpoint,
    }),
    ...(log ? { log } : {}),
  });
}
