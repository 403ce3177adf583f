// Sign-up, its confirmation code, and resetting a forgotten password.
import { toAuthError } from '@/features/auth/authErrors';
import type { AuthService } from '@/features/auth/authTypes';
import { destinationOf, type PoolContext } from '@/features/auth/poolContext';

/** The calls of a person who is not signed in yet: sign-up, confirmation, password reset. */
export function signUpCalls(
  context: PoolContext,
): Pick<
  AuthService,
  'signUp' | 'confirmSignUp' | 'resendCode' | 'forgotPassword' | 'confirmForgotPassword'
> {
  const { pool, userFor } = context;
  return {
    signUp: (username, password) =>
      new Promise((resolve, reject) =>
        // SPEC §7: sign-up sends an empty attribute list.
        pool.signUp(username, password, [], [], (error, result) =>
          error || !result
            ? reject(toAuthError(error))
            : resolve({
                confirmed: result.userConfirmed,
                destination:
                  (result.codeDeliveryDetails as { Destination?: string } | undefined)
                    ?.Destination ?? null,
              }),
        ),
      ),
    confirmSignUp: (username, code) =>
      new Promise((resolve, reject) =>
        // SPEC §7: confirm sends force alias creation true.
        userFor(username).confirmRegistration(code, true, (error: unknown) =>
          error ? reject(toAuthError(error)) : resolve(),
        ),
      ),
    resendCode: (username) =>
      new Promise((resolve, reject) =>
        userFor(username).resendConfirmationCode((error, result) =>
          error ? reject(toAuthError(error)) : resolve(destinationOf(result)),
        ),
      ),
    forgotPassword: (username) =>
      new Promise((resolve, reject) =>
        userFor(username).forgotPassword({
          onSuccess: (data: unknown) => resolve(destinationOf(data)),
          onFailure: (error) => reject(toAuthError(error)),
        }),
      ),
    confirmForgotPassword: (username, code, password) =>
      new Promise((resolve, reject) =>
        userFor(username).confirmPassword(code, password, {
          onSuccess: () => resolve(),
          onFailure: (error) => reject(toAuthError(error)),
        }),
      ),
  };
}
