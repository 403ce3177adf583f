// The stored session: restored, refreshed, and signed out on this device.
import type { CognitoUserSession } from 'amazon-cognito-identity-js';
import { AuthError, toAuthError } from '@/features/auth/authErrors';
import type { AuthService } from '@/features/auth/authTypes';
import { summarise, type PoolContext } from '@/features/auth/poolContext';

/** The code of the error a sign-out rejects with when its revoke gave up (this device is out). */
export const REVOKE_FAILED = 'RevokeFailed';

/** The session calls on the context's pool. */
export function sessionCalls(
  context: PoolContext,
): Pick<AuthService, 'currentSession' | 'refresh' | 'signOut'> {
  const { pool, sessionOf } = context;
  return {
    currentSession: async () => {
      const user = pool.getCurrentUser();
      if (!user) return null;
      try {
        return await sessionOf(user);
      } catch (error) {
        const failure = toAuthError(error);
        // A session that cannot be refreshed (revoked, or its refresh token expired) is over.
        if (failure.code === 'NotAuthorizedException' || failure.code === 'Error') {
          user.signOut();
          return null;
        }
        throw failure;
      }
    },
    refresh: async () => {
      const user = pool.getCurrentUser();
      if (!user) return null;
      const current = await new Promise<CognitoUserSession>((resolve, reject) =>
        user.getSession((error: Error | null, session: CognitoUserSession | null) =>
          error || !session ? reject(toAuthError(error)) : resolve(session),
        ),
      );
      return new Promise((resolve, reject) =>
        user.refreshSession(
          current.getRefreshToken(),
          (error: unknown, session: CognitoUserSession) =>
            error ? reject(toAuthError(error)) : resolve(summarise(user, session)),
        ),
      );
    },
    signOut: async () => {
      const user = pool.getCurrentUser();
      if (!user) return;
      // Revoke the refresh token where the pool can; the stored tokens are cleared either way
      // (the library skips that when it cannot read the session first).
      const failure = await new Promise<unknown>((resolve) =>
        user.signOut((error?: unknown) => {
          if (error) user.signOut();
          resolve(error ?? null);
        }),
      );
      // Only a pool out of reach leaves the session alive; one it refuses (already revoked,
      // signed out everywhere) is over.
      if (failure && toAuthError(failure).code === 'NetworkError') {
        throw new AuthError(
          'Signed out here; the refresh token could not be revoked.',
          REVOKE_FAILED,
        );
      }
    },
  };
}
