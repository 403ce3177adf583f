// The identity service the app loads on first use (authAccess.ts), composed of this folder's calls.
// Must come first: the library's dependencies read `global` as they load.
import '@/features/auth/globalShim';
import { accountCalls } from '@/features/auth/accountCalls';
import type { AuthService, PoolSettings } from '@/features/auth/authTypes';
import { createPoolContext } from '@/features/auth/poolContext';
import { sessionCalls } from '@/features/auth/sessionCalls';
import { signInCalls } from '@/features/auth/signInSteps';
import { signUpCalls } from '@/features/auth/signUpCalls';

export type {
  AccountDetails,
  AccountDevice,
  AuthenticatorSetup,
  AuthService,
  PoolSettings,
  SessionSummary,
  SignInStep,
} from '@/features/auth/authTypes';
export { otpauthUri } from '@/features/auth/poolContext';
export { REVOKE_FAILED } from '@/features/auth/sessionCalls';

/**
 * The identity operations on one pool. Creating it runs the library's checks, so a malformed
 * pool id throws "Invalid UserPoolId format." and a missing one "Both UserPoolId and ClientId are
 * required." (SPEC §5).
 */
export function createCognitoAuth(settings: PoolSettings): AuthService {
  const context = createPoolContext(settings);
  const session = sessionCalls(context);
  // The calls in the order the service has always listed them.
  return {
    ...signUpCalls(context),
    ...signInCalls(context),
    currentSession: session.currentSession,
    refresh: session.refresh,
    ...accountCalls(context),
    signOut: session.signOut,
  };
}
