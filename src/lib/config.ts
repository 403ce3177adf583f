import { isEmailAddress } from '@/lib/content';

/**
 * The app's configuration, read from build-time environment variables (Vite's `VITE_*`). Every
 * optional feature turns itself off cleanly when its settings are missing.
 */
export interface AppConfig {
  /** SPEC §7 nodes-service endpoint. */
  nodesUrl: string;
  /** Cognito user pool; `null` turns accounts off. */
  cognito: { region: string; userPoolId: string; clientId: string; endpoint: string | null } | null;
  /** The /login auth function, called after sign-in; `null` skips the call. */
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

/** Reads the configuration from an env object (`import.meta.env` in the app). */
export function readConfig(env: Env): AppConfig {
  const region = text(env, 'VITE_COGNITO_REGION');
  const userPoolId = text(env, 'VITE_COGNITO_USER_POOL_ID');
  const clientId = text(env, 'VITE_COGNITO_CLIENT_ID');
  return {
    nodesUrl: text(env, 'VITE_NODES_URL') ?? '/api/nodes',
    cognito:
      region && userPoolId && clientId
        ? { region, userPoolId, clientId, endpoint: text(env, 'VITE_COGNITO_ENDPOINT') }
        : null,
    loginFunctionUrl: text(env, 'VITE_LOGIN_FUNCTION_URL'),
    analyticsId: text(env, 'VITE_GA_MEASUREMENT_ID'),
    contactEmail: contactEmail(text(env, 'VITE_CONTACT_EMAIL')),
    version: text(env, 'VITE_APP_VERSION') ?? 'development',
  };
}
