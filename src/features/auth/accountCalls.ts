// The signed-in account's calls: attributes, password, two-step, devices, sign-out, deletion.
import type { CognitoUser, UserData } from 'amazon-cognito-identity-js';
import { toAuthError } from '@/features/auth/authErrors';
import type { AccountDevice, AuthService } from '@/features/auth/authTypes';
import { destinationOf, otpauthUri, type PoolContext } from '@/features/auth/poolContext';

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

/** The calls on the signed-in person's account (each rejects when nobody is signed in). */
export function accountCalls(
  context: PoolContext,
): Pick<
  AuthService,
  | 'account'
  | 'changePassword'
  | 'changeEmail'
  | 'sendEmailCode'
  | 'verifyEmail'
  | 'signOutEverywhere'
  | 'deleteAccount'
  | 'setUpAuthenticator'
  | 'confirmAuthenticator'
  | 'turnOffTwoStep'
  | 'devices'
  | 'forgetDevice'
> {
  const { settings, storage, deviceKeyItem, signedIn } = context;
  return {
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
  };
}
