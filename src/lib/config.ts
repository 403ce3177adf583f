import { isEmailAddress } from '@/lib/content';

/**
 * The app's configuration, read from build-time environment variables (Vite's `VITE_*`). Every
 * optional feature turns itself off cleanly when its settings are missing.
 */
export interface AppConfig {
  /** SPEC §7 nodes-service endpoint. */
  nodesUrl: string;
  /**
   * The Cognito user pool; `null` turns accounts off (`VITE_ACCOUNTS=off`). Without pool settings
   * it is the local identity server `npm start` runs (`local: true`).
   */
  cognito: {
    region: string;
    userPoolId: string;
    clientId: string;
    endpoint: string | null;
    local: boolean;
    /**
     * `VITE_COGNITO_AUTH_FLOW`: USER_SRP_AUTH (default), USER_PASSWORD_AUTH or CUSTOM_AUTH, given
     * to the identity library as set (it refuses anything else: 'Authentication flow type is
     * invalid.', SPEC §5).
     */
    authFlow: string;
  } | null;
  /** SPEC §7 `{auth-function-host}` of the /login function; `null` skips the call. */
  loginFunctionUrl: string | null;
  /** Analytics measurement id; `null` means no analytics script and no requests. */
  analyticsId: string | null;
  /** The editors' email address, shown on /contact and /submit; `null` until one is published. */
  contactEmail: string | null;
  /** Build version shown on /env. */
  version: string;
}

type Env = Record<string, string | boolean | undefined>;

function text(env: Env, key: string): string | null {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function contactEmail(value: string | null): string | null {
  if (value === null) return null;
  if (isEmailAddress(value)) return value;
  console.warn(`VITE_CONTACT_EMAIL: "${value}" is not an email address; no address is shown.`);
  return null;
}

/**
 * The local identity server's pool, served by the local server at `/identity/` (same origin): its
 * ids are fixed so a build made before the server first starts still signs in.
 */
export const LOCAL_IDENTITY = {
  region: 'local',
  userPoolId: 'local_GlobeArch',
  clientId: 'globearchivelocalclient',
  endpoint: '/identity/',
  local: true,
} as const;

/** The local /login function's host: the app POSTs `/api/login`. */
export const LOCAL_LOGIN_FUNCTION_URL = '/api';

/** The sign-in flows the app offers (SPEC §7 InitiateAuth: SRP, password, custom). */
export const AUTH_FLOWS = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH', 'CUSTOM_AUTH'] as const;

function readAuthFlow(env: Env): string {
  const flow = text(env, 'VITE_COGNITO_AUTH_FLOW') ?? 'USER_SRP_AUTH';
  if (!(AUTH_FLOWS as readonly string[]).includes(flow)) {
    console.warn(
      `VITE_COGNITO_AUTH_FLOW: "${flow}" is not one of ${AUTH_FLOWS.join(', ')}; sign-in will fail.`,
    );
  }
  return flow;
}

function readCognito(env: Env): AppConfig['cognito'] {
  if (text(env, 'VITE_ACCOUNTS')?.toLowerCase() === 'off') return null;
  const userPoolId = text(env, 'VITE_COGNITO_USER_POOL_ID');
  const clientId = text(env, 'VITE_COGNITO_CLIENT_ID');
  const authFlow = readAuthFlow(env);
  if (!userPoolId && !clientId) return { ...LOCAL_IDENTITY, authFlow };
  // Half a configuration reaches the library, whose check names what is missing (SPEC §5).
  return {
    region: text(env, 'VITE_COGNITO_REGION') ?? (userPoolId ?? '').split('_')[0] ?? '',
    userPoolId: userPoolId ?? '',
    clientId: clientId ?? '',
    endpoint: text(env, 'VITE_COGNITO_ENDPOINT'),
    local: false,
    authFlow,
  };
}

/** Reads the configuration from an env object (`import.meta.env` in the app). */
export function readConfig(env: Env): AppConfig {
  const cognito = readCognito(env);
  return {
    nodesUrl: text(env, 'VITE_NODES_URL') ?? '/api/nodes',
    cognito,
    loginFunctionUrl:
      text(env, 'VITE_LOGIN_FUNCTION_URL') ?? (cognito?.local ? LOCAL_LOGIN_FUNCTION_URL : null),
    analyticsId: text(env, 'VITE_GA_MEASUREMENT_ID'),
    contactEmail: contactEmail(text(env, 'VITE_CONTACT_EMAIL')),
    version: text(env, 'VITE_APP_VERSION') ?? 'development',
  };
}
