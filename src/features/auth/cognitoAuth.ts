// Must come first: the library's dependencies read `global` as they load.
import '@/features/auth/globalShim';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
  type IAuthenticationCallback,
  type UserData,
} from 'amazon-cognito-identity-js';
import { AuthError, toAuthError } from '@/features/auth/authErrors';
import { SITE_NAME } from '@/lib/constants';
import { groupsOf } from '@/lib/session';

/** The user pool the app signs in to (SPEC §3 Session; §7 identity provider). */
export interface PoolSettings {
  userPoolId: string;
  clientId: string;
  /** Another identity endpoint than AWS's regional one (the local identity server). */
  endpoint: string | null;
  /**
   * USER_SRP_AUTH (the library's default, and real pools'), USER_PASSWORD_AUTH or CUSTOM_AUTH (the
   * password by SRP, then the pool's custom challenge); anything else is refused by the library
   * with 'Authentication flow type is invalid.' (SPEC §5).
   */
  authFlow?: string;
  /** Where the library keeps tokens (SPEC §3 local storage keys); the browser's by default. */
  storage?: Storage;
}

/**
 * What the app reads of a session: who, their groups, the ID token for the /login call and the
 * access token the nodes-service checks on editors' writes. Tokens never enter the store.
 */
export interface SessionSummary {
  username: string;
  groups: string[];
  idToken: string;
  accessToken: string;
}

/** Where a sign-in stands: done, or a challenge the pool asks the person to answer. */
export type SignInStep =
  | {
      kind: 'signedIn';
      session: SessionSummary;
      /**
       * Marks this device remembered (UpdateDeviceStatus), so that it skips the second step next
       * time; present when the pool tracks this device.
       */
      rememberDevice?: () => Promise<void>;
    }
  | { kind: 'newPasswordRequired'; complete(newPassword: string): Promise<SignInStep> }
  | {
      kind: 'mfaCode';
      /** SMS_MFA (a text message) or SOFTWARE_TOKEN_MFA (an authenticator app). */
      method: 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';
      /** Where an SMS went, as the pool masks it (`+*******1234`). */
      destination: string | null;
      submit(code: string): Promise<SignInStep>;
    }
  | { kind: 'selectMfa'; options: string[]; choose(option: string): Promise<SignInStep> }
  | {
      kind: 'mfaSetup';
      /** The authenticator secret, to type in or scan. */
      secret: string;
      /** `otpauth://` URI for a QR code. */
      otpauthUri: string;
      verify(code: string): Promise<SignInStep>;
    }
  | {
      kind: 'customChallenge';
      parameters: Record<string, string>;
      answer(text: string): Promise<SignInStep>;
    };

/** The identity operations the app uses, as promises; failures reject with an AuthError. */
export interface AuthService {
  signUp(
    username: string,
    password: string,
  ): Promise<{ confirmed: boolean; destination: string | null }>;
  confirmSignUp(username: string, code: string): Promise<void>;
  resendCode(username: string): Promise<string | null>;
  /**
   * Sends a code to reset a forgotten password (SPEC §7 ForgotPassword); where it went, as the
   * pool masks it (`e***@e***`).
   */
  forgotPassword(username: string): Promise<string | null>;
  /** Sets a new password with that code (SPEC §7 ConfirmForgotPassword). */
  confirmForgotPassword(username: string, code: string, password: string): Promise<void>;
  signIn(username: string, password: string): Promise<SignInStep>;
  /** The stored session, refreshed if expired; `null` when nobody is signed in. */
  currentSession(): Promise<SessionSummary | null>;
  /** Refreshes now with the refresh token (after /login, so a new group shows at once). */
  refresh(): Promise<SessionSummary | null>;
  /**
   * Signs out this device and revokes its refresh token (RevokeToken, retried up to 5 s). This
   * device is signed out either way; a revoke that gives up rejects with code `RevokeFailed`.
   */
  signOut(): Promise<void>;
  /** The signed-in person's account as the pool keeps it (SPEC §7 GetUser). */
  account(): Promise<AccountDetails>;
  /** SPEC §7 ChangePassword: the current password, then the new one. */
  changePassword(current: string, next: string): Promise<void>;
  /**
   * A new e-mail address (UpdateUserAttributes); the pool sends it a code, and where it went is
   * answered (null when it sent none).
   */
  changeEmail(email: string): Promise<string | null>;
  /** Sends the e-mail address a new code (GetUserAttributeVerificationCode). */
  sendEmailCode(): Promise<string | null>;
  /** The code the e-mail address was sent (VerifyUserAttribute). */
  verifyEmail(code: string): Promise<void>;
  /** Ends every session of the account on every device (GlobalSignOut), this one included. */
  signOutEverywhere(): Promise<void>;
  /** Deletes the account for good (DeleteUser); this device is signed out. */
  deleteAccount(): Promise<void>;
  /**
   * Starts turning on two-step sign-in (AssociateSoftwareToken): the secret for the person's
   * authenticator app.
   */
  setUpAuthenticator(): Promise<AuthenticatorSetup>;
  /**
   * Finishes it with a code the app shows (VerifySoftwareToken), and makes the app the preferred
   * second step (SetUserMFAPreference).
   */
  confirmAuthenticator(code: string): Promise<void>;
  /** Turns two-step sign-in off (SetUserMFAPreference). */
  turnOffTwoStep(): Promise<void>;
  /**
   * The devices the pool tracks for the account (ListDevices), remembered or not, in the pool's
   * order (most recently used first).
   */
  devices(): Promise<AccountDevice[]>;
  /** Forgets a device (ForgetDevice); this device's stored key goes too when it is the one. */
  forgetDevice(key: string): Promise<void>;
}

/** An authenticator app's secret, to type in, or to scan as an `otpauth://` QR code. */
export interface AuthenticatorSetup {
  secret: string;
  otpauthUri: string;
}

/** A device the pool tracks for the account. */
export interface AccountDevice {
  key: string;
  /** What the device called itself when it was registered: its browser's user agent. */
  name: string;
  /** Its last sign-in, or null when the pool does not say. */
  lastSignIn: Date | null;
  /** Whether it skips the second sign-in step. */
  remembered: boolean;
  /** Whether it is the device this page runs on. */
  current: boolean;
}

/** What the account page shows. */
export interface AccountDetails {
  username: string;
  email: string | null;
  emailVerified: boolean;
  /** Whether sign-in asks for a code from an authenticator app. */
  twoStep: boolean;
}

/** The `otpauth://` URI an authenticator app reads from a QR code. */
export function otpauthUri(username: string, secret: string): string {
  const label = encodeURIComponent(`${SITE_NAME}:${username}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(SITE_NAME)}`;
}

/** The code of the error a sign-out rejects with when its revoke gave up (this device is out). */
export const REVOKE_FAILED = 'RevokeFailed';

/** What the authenticator is called on the account (VerifySoftwareToken's FriendlyDeviceName). */
const AUTHENTICATOR_NAME = 'Authenticator app';

/** ListDevices' answer, as far as the app reads it. */
interface ListDevicesAnswer {
  Devices?: {
    DeviceKey?: string;
    DeviceAttributes?: { Name?: string; Value?: string }[];
    DeviceLastAuthenticatedDate?: number | string;
  }[];
  PaginationToken?: string;
}

function accountDevice(
  device: NonNullable<ListDevicesAnswer['Devices']>[number],
  currentKey: string | null,
): AccountDevice {
  const attribute = (name: string) =>
    device.DeviceAttributes?.find((candidate) => candidate.Name === name)?.Value ?? '';
  const last = device.DeviceLastAuthenticatedDate;
  // Cognito's JSON dates are seconds since the epoch.
  const lastSignIn =
    typeof last === 'number' ? new Date(last * 1000) : last ? new Date(last) : null;
  return {
    key: device.DeviceKey ?? '',
    name: attribute('device_name'),
    lastSignIn: lastSignIn && !Number.isNaN(lastSignIn.getTime()) ? lastSignIn : null,
    remembered: attribute('dev:device_remembered_status') === 'remembered',
    current: currentKey !== null && device.DeviceKey === currentKey,
  };
}

/** Turns the authenticator app on as the preferred second step, or off. */
function setTwoStep(user: CognitoUser, on: boolean): Promise<void> {
  return new Promise((resolve, reject) =>
    user.setUserMfaPreference(null, { Enabled: on, PreferredMfa: on }, (error) =>
      error ? reject(toAuthError(error)) : resolve(),
    ),
  );
}

/** Where the pool sent a code, as it masks it, from its `CodeDeliveryDetails`. */
function destinationOf(result: unknown): string | null {
  return (
    (result as { CodeDeliveryDetails?: { Destination?: string } } | undefined)?.CodeDeliveryDetails
      ?.Destination ?? null
  );
}

function summarise(user: CognitoUser, session: CognitoUserSession): SessionSummary {
  return {
    username: user.getUsername(),
    groups: groupsOf(session.getAccessToken().decodePayload()),
    idToken: session.getIdToken().getJwtToken(),
    accessToken: session.getAccessToken().getJwtToken(),
  };
}

/**
 * The identity operations on one pool. Creating it runs the library's checks, so a malformed
 * pool id throws "Invalid UserPoolId format." and a missing one "Both UserPoolId and ClientId are
 * required." (SPEC §5).
 */
export function createCognitoAuth(settings: PoolSettings): AuthService {
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

  const storage = () => settings.storage ?? globalThis.localStorage;
  /** Where the library keeps this device's key for `username` (SPEC §3). */
  const deviceKeyItem = (username: string) =>
    `CognitoIdentityServiceProvider.${settings.clientId}.${username}.deviceKey`;

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
    signIn: (username, password) =>
      new Promise((resolve, reject) => {
        const user = userFor(username);
        user.authenticateUser(
          new AuthenticationDetails({ Username: username, Password: password }),
          stepCallbacks(user, resolve, reject),
        );
      }),
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
    account: async () => {
      const user = await signedIn();
      const data = await new Promise<UserData>((resolve, reject) =>
        user.getUserData(
          (error, result) => (error || !result ? reject(toAuthError(error)) : resolve(result)),
          { bypassCache: true },
        ),
      );
      const attributes = data.UserAttributes ?? [];
      const value = (name: string) => attributes.find((a) => a.Name === name)?.Value ?? null;
      return {
        username: user.getUsername(),
        email: value('email'),
        emailVerified: value('email_verified') === 'true',
        twoStep: (data.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
      };
    },
    changePassword: async (current, next) => {
      const user = await signedIn();
      await new Promise<void>((resolve, reject) =>
        user.changePassword(current, next, (error) =>
          error ? reject(toAuthError(error)) : resolve(),
        ),
      );
    },
    changeEmail: async (email) => {
      const user = await signedIn();
      return new Promise((resolve, reject) =>
        user.updateAttributes([{ Name: 'email', Value: email }], (error, _result, details) =>
          error
            ? reject(toAuthError(error))
            : resolve(
                (details as { CodeDeliveryDetailsList?: { Destination?: string }[] } | undefined)
                  ?.CodeDeliveryDetailsList?.[0]?.Destination ?? null,
              ),
        ),
      );
    },
    sendEmailCode: async () => {
      const user = await signedIn();
      return new Promise((resolve, reject) =>
        user.getAttributeVerificationCode('email', {
          onSuccess: (data: unknown) => resolve(destinationOf(data)),
          onFailure: (error) => reject(toAuthError(error)),
        }),
      );
    },
    verifyEmail: async (code) => {
      const user = await signedIn();
      await new Promise<void>((resolve, reject) =>
        user.verifyAttribute('email', code, {
          onSuccess: () => resolve(),
          onFailure: (error) => reject(toAuthError(error)),
        }),
      );
    },
    signOutEverywhere: async () => {
      const user = await signedIn();
      await new Promise<void>((resolve, reject) =>
        user.globalSignOut({
          onSuccess: () => resolve(),
          onFailure: (error) => reject(toAuthError(error)),
        }),
      );
      // The library clears the stored tokens on success; make sure of it either way.
      user.signOut();
    },
    deleteAccount: async () => {
      const user = await signedIn();
      await new Promise<void>((resolve, reject) =>
        user.deleteUser((error) => (error ? reject(toAuthError(error)) : resolve())),
      );
      // Nothing of the account stays on this device.
      user.signOut();
    },
    setUpAuthenticator: async () => {
      const user = await signedIn();
      const secret = await new Promise<string>((resolve, reject) =>
        user.associateSoftwareToken({
          associateSecretCode: resolve,
          onFailure: (error: unknown) => reject(toAuthError(error)),
        }),
      );
      return { secret, otpauthUri: otpauthUri(user.getUsername(), secret) };
    },
    confirmAuthenticator: async (code) => {
      const user = await signedIn();
      await new Promise<void>((resolve, reject) =>
        user.verifySoftwareToken(code, AUTHENTICATOR_NAME, {
          onSuccess: () => resolve(),
          onFailure: (error) => reject(toAuthError(error)),
        }),
      );
      await setTwoStep(user, true);
    },
    turnOffTwoStep: async () => setTwoStep(await signedIn(), false),
    devices: async () => {
      const user = await signedIn();
      const current = storage().getItem(deviceKeyItem(user.getUsername()));
      const found: AccountDevice[] = [];
      let token: string | null = null;
      // Pages of up to 60 (Cognito's most); an account has few, so a handful of pages at most.
      for (let page = 0; page < 20; page += 1) {
        const data = await new Promise<ListDevicesAnswer>((resolve, reject) =>
          user.listDevices(60, token, {
            onSuccess: (answer: ListDevicesAnswer) => resolve(answer),
            onFailure: (error) => reject(toAuthError(error)),
          }),
        );
        for (const device of data.Devices ?? []) found.push(accountDevice(device, current));
        token = data.PaginationToken ?? null;
        if (token === null) break;
      }
      return found;
    },
    forgetDevice: async (key) => {
      const user = await signedIn();
      await new Promise<void>((resolve, reject) =>
        user.forgetSpecificDevice(key, {
          onSuccess: () => resolve(),
          onFailure: (error) => reject(toAuthError(error)),
        }),
      );
      const username = user.getUsername();
      if (storage().getItem(deviceKeyItem(username)) === key) {
        // This device: its key and password go too, as the library's forgetDevice drops them.
        for (const item of ['deviceKey', 'randomPasswordKey', 'deviceGroupKey']) {
          storage().removeItem(
            `CognitoIdentityServiceProvider.${settings.clientId}.${username}.${item}`,
          );
        }
      }
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
