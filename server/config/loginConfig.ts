/**
 * What the /login function reads from the environment. Like the nodes-service's settings, a
 * missing pool turns the function off cleanly and a wrong value stops it with the variable named.
 */
import { ConfigError, readConfig } from './serverConfig';
import { parseAllowList } from '../login/allowList';

/** The /login function's settings. */
export interface LoginConfig {
  /** `LOGIN_USER_POOL_ID`: the Cognito user pool (`us-east-1_AbC123`). */
  userPoolId: string;
  /** `LOGIN_CLIENT_ID`: the app client whose ID tokens are accepted. */
  clientId: string;
  /** `LOGIN_REGION`, default the pool id's prefix. */
  region: string;
  /** `LOGIN_ISSUER`, default `https://cognito-idp.{region}.amazonaws.com/{poolId}`. */
  issuer: string;
  /** `LOGIN_JWKS_URL`, default `{issuer}/.well-known/jwks.json`. */
  jwksUrl: URL;
  /** `LOGIN_ADMIN_ENDPOINT`: another Cognito API endpoint (a local emulator); `null` for AWS's. */
  adminEndpoint: string | null;
  /** `LOGIN_LOCAL=true`: the pool is the local identity emulator, which speaks plain http. */
  local: boolean;
  /** `EDITOR_ALLOWLIST`: usernames and `@domain` entries, trimmed. */
  allowList: string[];
  /**
   * `LOGIN_USERNAMES_CASE_SENSITIVE`, default true: whether the pool tells `alice` from `ALICE`
   * (its `UsernameConfiguration.CaseSensitive`), which decides how the allow-list matches.
   */
  usernamesCaseSensitive: boolean;
  /** `APP_ORIGIN`: origins allowed to call the function cross-origin, as for the nodes-service. */
  appOrigins: string[];
}

/** `{region}_{id}`; the region prefix is what `LOGIN_REGION` defaults to. */
const POOL_ID = /^[a-z0-9-]+_[0-9A-Za-z]+$/;

function text(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function readBoolean(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const value = text(env, name)?.toLowerCase() ?? String(fallback);
  if (value !== 'true' && value !== 'false') {
    throw new ConfigError(`${name}: "${env[name]}" is neither true nor false.`);
  }
  return value === 'true';
}

/**
 * Reads a URL the function talks to. Plain http is for the local emulator only: the JWKS decides
 * which signatures are trusted, and the admin endpoint receives signed admin calls, so anywhere
 * else either one over http would let the network between them grant editor rights.
 */
function readServiceUrl(name: string, value: string, local: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name}: "${value}" is not a URL.`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && local)) return url;
  const hint = url.protocol === 'http:' ? ' (http is accepted only with LOGIN_LOCAL=true)' : '';
  throw new ConfigError(`${name}: "${value}" must be an https URL${hint}.`);
}

function regionOf(env: NodeJS.ProcessEnv, userPoolId: string): string {
  const region = text(env, 'LOGIN_REGION') ?? userPoolId.slice(0, userPoolId.indexOf('_'));
  if (!/^[a-z0-9-]+$/.test(region)) {
    throw new ConfigError(`LOGIN_REGION: "${region}" is not a region name like us-east-1.`);
  }
  return region;
}

/**
 * `EDITOR_ALLOWLIST`, checked: usernames as written (the pool decides whether case matters) and
 * `@domain` entries.
 */
export function readAllowList(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.EDITOR_ALLOWLIST ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    parseAllowList(entries);
  } catch (error) {
    throw new ConfigError(`EDITOR_ALLOWLIST: ${(error as Error).message}`);
  }
  return entries;
}

/**
 * Reads the /login function's configuration.
 *
 * @returns `null` when `LOGIN_USER_POOL_ID` is not set: the function is off.
 * @throws ConfigError naming the variable that is wrong.
 */
export function readLoginConfig(env: NodeJS.ProcessEnv): LoginConfig | null {
  const userPoolId = text(env, 'LOGIN_USER_POOL_ID');
  if (userPoolId === null) return null;
  if (!POOL_ID.test(userPoolId)) {
    throw new ConfigError(
      `LOGIN_USER_POOL_ID: "${userPoolId}" is not a user pool id like us-east-1_AbC123.`,
    );
  }
  const clientId = text(env, 'LOGIN_CLIENT_ID');
  if (clientId === null) {
    throw new ConfigError('LOGIN_CLIENT_ID: not set; name the app client whose ID tokens count.');
  }
  const local = readBoolean(env, 'LOGIN_LOCAL');
  const region = regionOf(env, userPoolId);
  const issuerText = text(env, 'LOGIN_ISSUER');
  // The issuer is only compared with `iss`, never fetched, so http is harmless here; kept as
  // written (not normalised by URL) because the comparison is exact.
  if (issuerText !== null) readServiceUrl('LOGIN_ISSUER', issuerText, true);
  const issuer = (
    issuerText ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`
  ).replace(/\/$/, '');
  const jwksText = text(env, 'LOGIN_JWKS_URL');
  const jwksUrl =
    jwksText === null
      ? readServiceUrl(
          'LOGIN_JWKS_URL (from LOGIN_ISSUER)',
          `${issuer}/.well-known/jwks.json`,
          local,
        )
      : readServiceUrl('LOGIN_JWKS_URL', jwksText, local);
  const adminEndpoint = text(env, 'LOGIN_ADMIN_ENDPOINT');
  if (adminEndpoint !== null) readServiceUrl('LOGIN_ADMIN_ENDPOINT', adminEndpoint, local);
  return {
    userPoolId,
    clientId,
    region,
    issuer,
    jwksUrl,
    adminEndpoint,
    local,
    allowList: readAllowList(env),
    usernamesCaseSensitive: readBoolean(env, 'LOGIN_USERNAMES_CASE_SENSITIVE', true),
    // Read by the nodes-service's own code so both services accept and refuse the same origins;
    // only this variable is passed, so nothing else in the environment can fail here.
    appOrigins: readConfig({ APP_ORIGIN: env.APP_ORIGIN }).appOrigins,
  };
}
