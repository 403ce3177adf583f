import { createContext, useContext } from 'react';
import type { AuthService } from '@/features/auth/cognitoAuth';

/**
 * How the app reaches the identity provider: whether accounts are on, the auth service (loaded
 * on first use, so the identity library stays out of the globe's first paint), the /login
 * function's host, and the storage key that says someone may be signed in.
 */
export interface AuthAccess {
  enabled: boolean;
  load(): Promise<AuthService>;
  /** SPEC §7 `{auth-function-host}`: the app POSTs `${host}/login` after each sign-in. */
  loginFunctionUrl: string | null;
  /** Whether the browser holds a signed-in user for this pool (read without the library). */
  hasStoredUser(): boolean;
  /** The sign-in flow the pool is set up for (`VITE_COGNITO_AUTH_FLOW`; SRP by default). */
  authFlow?: string;
}

/** Accounts off: nothing to load, nobody signed in. */
export const noAuth: AuthAccess = {
  enabled: false,
  load: () => Promise.reject(new Error('Accounts are not configured.')),
  loginFunctionUrl: null,
  hasStoredUser: () => false,
};

/** This build's accounts (main.tsx provides them). */
export const AuthAccessContext = createContext<AuthAccess>(noAuth);

export function useAuthAccess(): AuthAccess {
  return useContext(AuthAccessContext);
}

/** The identity library's key for the last signed-in user of a client (SPEC §3 local storage). */
export const lastUserKey = (clientId: string) =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a storage key
  `CognitoIdentityServiceProvider.${clientId}.LastAuthUser`;

/** Builds the access for a pool; the library and the service load on the first `load()`. */
export function createAuthAccess(
  pool: { userPoolId: string; clientId: string; endpoint: string | null; authFlow?: string } | null,
  loginFunctionUrl: string | null,
  storage: () => Storage | null = () => window.localStorage,
): AuthAccess {
  if (!pool) return noAuth;
  let service: Promise<AuthService> | null = null;
  return {
    enabled: true,
    authFlow: pool.authFlow ?? 'USER_SRP_AUTH',
    load: () =>
      (service ??= import('@/features/auth/cognitoAuth').then(({ createCognitoAuth }) =>
        createCognitoAuth(pool),
      )),
    loginFunctionUrl,
    hasStoredUser: () => {
      try {
        return Boolean(storage()?.getItem(lastUserKey(pool.clientId)));
      } catch {
        return false;
      }
    },
  };
}

/**
 * SPEC §6: after every successful sign-in, POST `{host}/login` with the ID token so the user is
 * ensured in the editor group; a failure is only logged, and sign-in still succeeds.
 */
export async function ensureEditorGroup(
  loginFunctionUrl: string | null,
  idToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (!loginFunctionUrl) return;
  try {
    const response = await fetchImpl(`${loginFunctionUrl.replace(/\/$/, '')}/login`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${idToken}` },
    });
    if (!response.ok) console.error('Failed to ensure editor group', response.status);
  } catch (error) {
    console.error('Failed to ensure editor group', error);
  }
}
