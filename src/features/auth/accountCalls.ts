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

/**
 * The callbacks one Cognito call answers through, settling its promise. Calls answer in one of two
 * ways: `onSuccess`/`onFailure`, or a single `(error, result)` callback.
 */
interface Settle<T> {
  onSuccess: (value: T) => void;
  /** Rejects with the error as an AuthError, whose message is meant for the person. */
  onFailure: (error: unknown) => void;
  callback: (error: unknown, value?: T) => void;
}

/** One Cognito call as a promise: `send` makes it and answers through the callbacks it is given. */
function settled<T>(send: (settle: Settle<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onFailure = (error: unknown) => reject(toAuthError(error));
    send({
      onSuccess: resolve,
      onFailure,
      callback: (error, value) => (error ? onFailure(error) : resolve(value as T)),
    });
  });
}

/** Turns the authenticator app on as the preferred second step, or off. */
async function setTwoStep(user: CognitoUser, on: boolean): Promise<void> {
  await settled((settle) =>
    user.setUserMfaPreference(null, { Enabled: on, PreferredMfa: on }, settle.callback),
  );
}

/** The calls an account's profile page makes: who it is, its password and its e-mail address. */
type ProfileCalls = Pick<
  AuthService,
  'account' | 'changePassword' | 'changeEmail' | 'sendEmailCode' | 'verifyEmail'
>;

function profileCalls({ signedIn }: PoolContext): ProfileCalls {
  return {
    account: async () => {
      const user = await signedIn();
      const data = await settled<UserData>((settle) =>
        user.getUserData(
          (error, result) =>
            error || !result ? settle.onFailure(error) : settle.onSuccess(result),
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
      await settled((settle) => user.changePassword(current, next, settle.callback));
    },
    changeEmail: async (email) => {
      const user = await signedIn();
      return settled((settle) =>
        user.updateAttributes([{ Name: 'email', Value: email }], (error, _result, details) =>
          error
            ? settle.onFailure(error)
            : settle.onSuccess(
                (details as { CodeDeliveryDetailsList?: { Destination?: string }[] } | undefined)
                  ?.CodeDeliveryDetailsList?.[0]?.Destination ?? null,
              ),
        ),
      );
    },
    sendEmailCode: async () => {
      const user = await signedIn();
      return settled((settle) =>
        user.getAttributeVerificationCode('email', {
          onSuccess: (data: unknown) => settle.onSuccess(destinationOf(data)),
          onFailure: settle.onFailure,
        }),
      );
    },
    verifyEmail: async (code) => {
      const user = await signedIn();
      await settled((settle) => user.verifyAttribute('email', code, settle));
    },
  };
}

/** The calls that end things: every session of the account, or the account itself. */
function endingCalls({
  signedIn,
}: PoolContext): Pick<AuthService, 'signOutEverywhere' | 'deleteAccount'> {
  return {
    signOutEverywhere: async () => {
      const user = await signedIn();
      await settled((settle) => user.globalSignOut(settle));
      // The library clears the stored tokens on success; make sure of it either way.
      user.signOut();
    },
    deleteAccount: async () => {
      const user = await signedIn();
      await settled((settle) => user.deleteUser(settle.callback));
      // Nothing of the account stays on this device.
      user.signOut();
    },
  };
}

/** The calls of the second sign-in step: the authenticator app set up, confirmed, turned off. */
function twoStepCalls({
  signedIn,
}: PoolContext): Pick<
  AuthService,
  'setUpAuthenticator' | 'confirmAuthenticator' | 'turnOffTwoStep'
> {
  return {
    setUpAuthenticator: async () => {
      const user = await signedIn();
      const secret = await settled<string>((settle) =>
        user.associateSoftwareToken({
          associateSecretCode: settle.onSuccess,
          onFailure: settle.onFailure,
        }),
      );
      return { secret, otpauthUri: otpauthUri(user.getUsername(), secret) };
    },
    confirmAuthenticator: async (code) => {
      const user = await signedIn();
      await settled((settle) => user.verifySoftwareToken(code, AUTHENTICATOR_NAME, settle));
      await setTwoStep(user, true);
    },
    turnOffTwoStep: async () => setTwoStep(await signedIn(), false),
  };
}

/** The calls on the devices the account signed in from: listed, and one forgotten. */
function deviceCalls({
  settings,
  storage,
  deviceKeyItem,
  signedIn,
}: PoolContext): Pick<AuthService, 'devices' | 'forgetDevice'> {
  return {
    devices: async () => {
      const user = await signedIn();
      const current = storage().getItem(deviceKeyItem(user.getUsername()));
      const found: AccountDevice[] = [];
      let token: string | null = null;
      // Pages of up to 60 (Cognito's most); an account has few, so a handful of pages at most.
      for (let page = 0; page < 20; page += 1) {
        const data = await settled<ListDevicesAnswer>((settle) =>
          user.listDevices(60, token, settle),
        );
        for (const device of data.Devices ?? []) found.push(accountDevice(device, current));
        token = data.PaginationToken ?? null;
        if (token === null) break;
      }
      return found;
    },
    forgetDevice: async (key) => {
      const user = await signedIn();
      await settled((settle) => user.forgetSpecificDevice(key, settle));
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
  return {
    ...profileCalls(context),
    ...endingCalls(context),
    ...twoStepCalls(context),
    ...deviceCalls(context),
  };
}
