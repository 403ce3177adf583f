/**
 * The local identity server as the app reaches it: amazon-cognito-identity-js, in Node, against an
 * identity front, each call wrapped in a promise, and the seeded accounts the start-up prints.
 */
import {
  AuthenticationDetails,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import type { LocalIdentity } from '../../../../server/dev/identity/localIdentity';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../../../server/dev/identity/localPool';
import { memoryStorage } from '../../support/memoryStorage';

/** A seeded account, with the password the start-up output prints. */
export function seeded(local: LocalIdentity, username: string) {
  const account = local.accounts.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`${username} is not seeded`);
  return account;
}

/** The app's user pool, as amazon-cognito-identity-js reaches it at the identity front `at`. */
export function userPool(at: string): CognitoUserPool {
  return new CognitoUserPool({
    UserPoolId: LOCAL_POOL_ID,
    ClientId: LOCAL_CLIENT_ID,
    endpoint: at,
    Storage: memoryStorage(),
  });
}

/** A user of `pool`, with a storage of its own. */
export function userOf(pool: CognitoUserPool, username: string): CognitoUser {
  return new CognitoUser({ Username: username, Pool: pool, Storage: memoryStorage() });
}

/** Signs up as the app does. */
export function signUp(pool: CognitoUserPool, username: string, password: string): Promise<void> {
  return new Promise((resolve, reject) =>
    // SPEC §7: sign-up sends an empty attribute list.
    pool.signUp(username, password, [], [], (error) => (error ? reject(error) : resolve())),
  );
}

/** Confirms a sign-up with the code it was sent. */
export function confirm(user: CognitoUser, code: string): Promise<void> {
  return new Promise((resolve, reject) =>
    user.confirmRegistration(code, true, (error) => (error ? reject(error) : resolve())),
  );
}

/** Where a sign-in lands: a session, or the new-password challenge. */
export type SignIn =
  | { kind: 'session'; session: CognitoUserSession }
  | { kind: 'newPasswordRequired'; userAttributes: Record<string, string> };

/** The library's default sign-in: USER_SRP_AUTH. */
export function signIn(user: CognitoUser, password: string): Promise<SignIn> {
  return new Promise((resolve, reject) =>
    user.authenticateUser(
      new AuthenticationDetails({ Username: user.getUsername(), Password: password }),
      {
        onSuccess: (session) => resolve({ kind: 'session', session }),
        onFailure: reject,
        newPasswordRequired: (userAttributes: Record<string, string>) =>
          resolve({ kind: 'newPasswordRequired', userAttributes }),
      },
    ),
  );
}

/** Signs in and expects tokens. */
export async function sessionOf(user: CognitoUser, password: string): Promise<CognitoUserSession> {
  const result = await signIn(user, password);
  if (result.kind !== 'session') throw new Error(`expected tokens, got ${result.kind}`);
  return result.session;
}

/** Answers the new-password challenge of the sign-in in progress. */
export function completeNewPassword(
  user: CognitoUser,
  password: string,
): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) =>
    user.completeNewPasswordChallenge(password, {}, { onSuccess: resolve, onFailure: reject }),
  );
}

/** Refreshes the session with its refresh token. */
export function refresh(user: CognitoUser, token: string): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) =>
    user.refreshSession(new CognitoRefreshToken({ RefreshToken: token }), (error, session) =>
      error ? reject(error) : resolve(session as CognitoUserSession),
    ),
  );
}

/** Signs out on every device, ending the refresh token. */
export function globalSignOut(user: CognitoUser): Promise<void> {
  return new Promise((resolve, reject) =>
    user.globalSignOut({ onSuccess: () => resolve(), onFailure: reject }),
  );
}
