// What the service's calls share: the pool, its users, this device's stored keys, sessions.
// Must come first: the library's dependencies read `global` as they load.
import '@/features/auth/globalShim';
import { CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { AuthError, toAuthError } from '@/features/auth/authErrors';
import type { PoolSettings, SessionSummary } from '@/features/auth/authTypes';
import { SITE_NAME } from '@/lib/constants';
import { groupsOf } from '@/lib/session';

/** The `otpauth://` URI an authenticator app reads from a QR code. */
export function otpauthUri(username: string, secret: string): string {
  const label = encodeURIComponent(`${SITE_NAME}:${username}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(SITE_NAME)}`;
}

/** Where the pool sent a code, as it masks it, from its `CodeDeliveryDetails`. */
export function destinationOf(result: unknown): string | null {
  return (
    (result as { CodeDeliveryDetails?: { Destination?: string } } | undefined)?.CodeDeliveryDetails
      ?.Destination ?? null
  );
}

/** A session as the app reads it (SessionSummary). */
export function summarise(user: CognitoUser, session: CognitoUserSession): SessionSummary {
  return {
    username: user.getUsername(),
    groups: groupsOf(session.getAccessToken().decodePayload()),
    idToken: session.getIdToken().getJwtToken(),
    accessToken: session.getAccessToken().getJwtToken(),
  };
}

/** One pool and what every group of its calls uses. */
export interface PoolContext {
  settings: PoolSettings;
  pool: CognitoUserPool;
  /** A user of the pool, with the settings' storage and sign-in flow. */
  userFor: (username: string) => CognitoUser;
  /** Where the library keeps tokens and this device's keys: the settings' or the browser's. */
  storage: () => Storage;
  /** Where the library keeps this device's key for `username` (SPEC §3). */
  deviceKeyItem: (username: string) => string;
  /** A user's session, refreshed if expired. */
  sessionOf: (user: CognitoUser) => Promise<SessionSummary>;
  /**
   * The signed-in user with a live session (refreshed if it had expired).
   *
   * @throws AuthError 'User is not authenticated' (SPEC §5) when nobody is signed in.
   */
  signedIn: () => Promise<CognitoUser>;
}

/**
 * The pool of the settings. Creating it runs the library's checks, so a malformed pool id throws
 * "Invalid UserPoolId format." and a missing one "Both UserPoolId and ClientId are required."
 * (SPEC §5).
 */
export function createPoolContext(settings: PoolSettings): PoolContext {
  const pool = new CognitoUserPool({
    UserPoolId: settings.userPoolId,
    ClientId: settings.clientId,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.storage ? { Storage: settings.storage } : {}),
  });
  const userFor = (username: string) => {
    const user = new CognitoUser({
      Username: username,
      Pool: pool,
      ...(settings.storage ? { Storage: settings.storage } : {}),
    });
    if (settings.authFlow) user.setAuthenticationFlowType(settings.authFlow);
    return user;
  };

  const storage = () => settings.storage ?? globalThis.localStorage;
  /** Where the library keeps this device's key for `username` (SPEC §3). */
  const deviceKeyItem = (username: string) =>
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a storage key
    `CognitoIdentityServiceProvider.${settings.clientId}.${username}.deviceKey`;

  const sessionOf = (user: CognitoUser) =>
    new Promise<SessionSummary>((resolve, reject) =>
      user.getSession((error: Error | null, session: CognitoUserSession | null) =>
        error || !session ? reject(toAuthError(error)) : resolve(summarise(user, session)),
      ),
    );

  /**
   * The signed-in user with a live session (refreshed if it had expired).
   *
   * @throws AuthError 'User is not authenticated' (SPEC §5) when nobody is signed in.
   */
  async function signedIn(): Promise<CognitoUser> {
    const user = pool.getCurrentUser();
    if (!user) throw new AuthError('User is not authenticated', 'NotAuthenticated');
    await sessionOf(user);
    return user;
  }

  return { settings, pool, userFor, storage, deviceKeyItem, sessionOf, signedIn };
}
