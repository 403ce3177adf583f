// Sign-in, and the challenges the pool may answer it with (new password, MFA, TOTP set-up, custom).
// Must come first: the library's dependencies read `global` as they load.
import '@/features/auth/globalShim';
import {
  AuthenticationDetails,
  type CognitoUser,
  type CognitoUserSession,
  type IAuthenticationCallback,
} from 'amazon-cognito-identity-js';
import { toAuthError } from '@/features/auth/authErrors';
import type { AuthService, SignInStep } from '@/features/auth/authTypes';
import { otpauthUri, summarise, type PoolContext } from '@/features/auth/poolContext';
import { SITE_NAME } from '@/lib/constants';

/** Sign-in on the context's pool, step by step through the pool's challenges. */
export function signInCalls(context: PoolContext): Pick<AuthService, 'signIn'> {
  const { userFor, storage, deviceKeyItem } = context;

  /** Callbacks for every answer the pool may give to a sign-in step. */
  function stepCallbacks(
    user: CognitoUser,
    resolve: (step: SignInStep) => void,
    reject: (error: unknown) => void,
  ): IAuthenticationCallback {
    const next = (run: (callbacks: IAuthenticationCallback) => void) =>
      new Promise<SignInStep>((res, rej) => run(stepCallbacks(user, res, rej)));
    return {
      onSuccess: (session) => resolve(signedInStep(user, session)),
      onFailure: (error: unknown) => reject(toAuthError(error)),
      newPasswordRequired: () =>
        resolve({
          kind: 'newPasswordRequired',
          // Attributes the pool requires are not collected: the archive's pools require none.
          complete: (newPassword) =>
            next((cb) => user.completeNewPasswordChallenge(newPassword, {}, cb)),
        }),
      mfaRequired: (challengeName, parameters: Record<string, string> | undefined) =>
        resolve({
          kind: 'mfaCode',
          method: 'SMS_MFA',
          destination: parameters?.CODE_DELIVERY_DESTINATION ?? null,
          submit: (code) => next((cb) => user.sendMFACode(code, cb, challengeName)),
        }),
      totpRequired: (challengeName) =>
        resolve({
          kind: 'mfaCode',
          method: 'SOFTWARE_TOKEN_MFA',
          destination: null,
          submit: (code) => next((cb) => user.sendMFACode(code, cb, challengeName)),
        }),
      selectMFAType: (_name, parameters: Record<string, string> | undefined) => {
        let options: string[];
        try {
          options = JSON.parse(parameters?.MFAS_CAN_CHOOSE ?? '[]') as string[];
        } catch {
          options = [];
        }
        resolve({
          kind: 'selectMfa',
          options,
          choose: (option) =>
            next((cb) =>
              user.sendMFASelectionAnswer(option, {
                onSuccess: cb.onSuccess,
                onFailure: cb.onFailure,
                mfaRequired: cb.mfaRequired,
                totpRequired: cb.totpRequired,
              }),
            ),
        });
      },
      mfaSetup: () => {
        user.associateSoftwareToken({
          associateSecretCode: (secret) =>
            resolve({
              kind: 'mfaSetup',
              secret,
              otpauthUri: otpauthUri(user.getUsername(), secret),
              verify: (code) =>
                new Promise<SignInStep>((res, rej) =>
                  user.verifySoftwareToken(code, SITE_NAME, {
                    onSuccess: (session) =>
                      res({ kind: 'signedIn', session: summarise(user, session) }),
                    onFailure: (error) => rej(toAuthError(error)),
                  }),
                ),
            }),
          onFailure: (error: unknown) => reject(toAuthError(error)),
        });
      },
      customChallenge: (parameters: Record<string, string> | undefined) =>
        resolve({
          kind: 'customChallenge',
          parameters: parameters ?? {},
          answer: (text) => next((cb) => user.sendCustomChallengeAnswer(text, cb)),
        }),
    };
  }

  /** A finished sign-in, with a way to remember the device when the pool tracks it. */
  function signedInStep(user: CognitoUser, session: CognitoUserSession): SignInStep {
    const step: SignInStep = { kind: 'signedIn', session: summarise(user, session) };
    if (storage().getItem(deviceKeyItem(user.getUsername())) === null) return step;
    return {
      ...step,
      rememberDevice: () =>
        new Promise<void>((resolve, reject) =>
          user.setDeviceStatusRemembered({
            onSuccess: () => resolve(),
            onFailure: (error: unknown) => reject(toAuthError(error)),
          }),
        ),
    };
  }

  return {
    signIn: (username, password) =>
      new Promise((resolve, reject) => {
        const user = userFor(username);
        user.authenticateUser(
          new AuthenticationDetails({ Username: username, Password: password }),
          stepCallbacks(user, resolve, reject),
        );
      }),
  };
}
