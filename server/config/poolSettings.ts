import type { JWTVerifyGetKey } from 'jose';
import type { IdentitySettings } from '../login/identityPool';
import { createAccessTokenVerifier, type AccessTokenVerifier } from '../login/accessToken';
import type { LoginConfig } from './loginConfig';
import { createPoolStanding } from '../login/poolStanding';

/** The user pool the local server's services trust: whose tokens they accept, and how to reach it. */
export interface PoolSettings {
  issuer: string;
  clientId: string;
  /** The pool's JWKS: its URL, or the local identity server's keys in-process. */
  keys: URL | JWTVerifyGetKey;
  region: string;
  userPoolId: string;
  /** Where admin calls go; `null` for AWS's regional endpoint. */
  adminEndpoint: string | null;
  /**
   * Where a user's own calls with their token go (GetUser); `null` for AWS's regional endpoint.
   * The local identity server's front, once the server listens.
   */
  userEndpoint: string | (() => string) | null;
  /** The local identity server's admin credentials; `null`: the environment's (an IAM role). */
  adminCredentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `EDITOR_ALLOWLIST`. */
  allowList: readonly string[];
  /** Whether the pool's usernames are case-sensitive (the local pool's are). */
  usernamesCaseSensitive: boolean;
  appOrigins: readonly string[];
}

/** What the local server knows about pools when it starts. */
export interface PoolSources {
  /** A configured pool (`LOGIN_USER_POOL_ID` …), which wins over the local identity server. */
  login: LoginConfig | null;
  /** The local identity server's pool, when it runs. */
  identity: IdentitySettings | null;
  /** The local identity server's front (`{server}/identity/`), once the server listens. */
  identityFront?: () => string;
  /** `EDITOR_ALLOWLIST`, for the local identity server. */
  allowList: readonly string[];
  appOrigins: readonly string[];
}

/**
 * The one place that decides which pool the /login function and the nodes-service's writes
 * trust: a configured pool, else the local identity server's; `null` when neither exists.
 */
export function resolvePool({
  login,
  identity,
  identityFront,
  allowList,
  appOrigins,
}: PoolSources): PoolSettings | null {
  if (login) {
    return {
      issuer: login.issuer,
      clientId: login.clientId,
      keys: login.jwksUrl,
      region: login.region,
      userPoolId: login.userPoolId,
      adminEndpoint: login.adminEndpoint,
      // Another endpoint (an emulator) answers every call; else AWS's, for both.
      userEndpoint: login.adminEndpoint,
      adminCredentials: null,
      allowList: login.allowList,
      usernamesCaseSensitive: login.usernamesCaseSensitive,
      appOrigins: login.appOrigins,
    };
  }
  if (identity) {
    return {
      issuer: identity.issuer,
      clientId: identity.clientId,
      keys: identity.keys,
      region: identity.region,
      userPoolId: identity.poolId,
      adminEndpoint: identity.adminEndpoint,
      userEndpoint:
        identityFront ??
        (() => {
          throw new Error('The local identity front is not served yet.');
        }),
      adminCredentials: identity.adminCredentials,
      allowList,
      // cognito-local looks users up by their exact username.
      usernamesCaseSensitive: true,
      appOrigins,
    };
  }
  return null;
}

/**
 * The check of an editor's access token against `pool`: its signature, issuer, expiry and client,
 * then the pool's own word that it still honours it and the groups its user is in now.
 */
export function createEditorTokenVerifier(
  pool: PoolSettings,
  { recheckMs }: { recheckMs?: number } = {},
): AccessTokenVerifier {
  return createAccessTokenVerifier({
    issuer: pool.issuer,
    clientId: pool.clientId,
    keys: pool.keys,
    standing: createPoolStanding({
      region: pool.region,
      userPoolId: pool.userPoolId,
      userEndpoint: pool.userEndpoint,
      adminEndpoint: pool.adminEndpoint,
      adminCredentials: pool.adminCredentials,
      ...(recheckMs !== undefined ? { cacheMs: recheckMs } : {}),
    }),
  });
}
