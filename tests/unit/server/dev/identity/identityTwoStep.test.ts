import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthError } from '@/features/auth/authErrors';
import { describeAuthError } from '@/features/auth/authErrorWords';
import { createCognitoAuth, type AuthService, type SignInStep } from '@/features/auth/cognitoAuth';
import {
  startLocalIdentity,
  type LocalIdentity,
} from '../../../../../server/dev/identity/localIdentity';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../../../../server/dev/identity/localPool';
import { totpCode } from '../../../../../server/dev/identity/totp';
import { memoryStorage } from '../../../support/memoryStorage';
import { identityCall, serveIdentityFront } from '../../support/identityCall';

/**
 * Two-step sign-in and remembered devices end to end in Node: the app's own AuthService
 * (amazon-cognito-identity-js) against the local identity server, each "browser" with its own
 * storage. The codes are computed from the secret as an authenticator app computes them.
 */
let identity: LocalIdentity;
let front: Awaited<ReturnType<typeof serveIdentityFront>> | undefined;
let endpoint: string;
const SLOW = 60_000;
const PASSWORD = 'Two-Step-Local-1!';

beforeAll(async () => {
  identity = await startLocalIdentity({ dir: null, log: () => {} });
  front = await serveIdentityFront(() => identity);
  endpoint = front.endpoint;
}, SLOW);

afterAll(async () => {
  await front?.close();
  await identity?.stop();
});

/** A browser: the app's identity service over its own storage. */
function browser() {
  const storage = memoryStorage();
  const auth = createCognitoAuth({
    userPoolId: LOCAL_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    endpoint,
    storage,
  });
  const deviceKey = (username: string) =>
    storage.getItem(`CognitoIdentityServiceProvider.${LOCAL_CLIENT_ID}.${username}.deviceKey`);
  return { auth, storage, deviceKey };
}

async function newAccount(auth: AuthService): Promise<string> {
  const username = `twostep${Math.random().toString(36).slice(2, 9)}`;
  await auth.signUp(username, PASSWORD);
  await auth.confirmSignUp(username, identity.confirmationCode);
  return username;
}

function expectStep<K extends SignInStep['kind']>(step: SignInStep, kind: K) {
  expect(step.kind).toBe(kind);
  return step as Extract<SignInStep, { kind: K }>;
}

/** A raw call to the front. */
const call = (action: string, body: unknown) => identityCall(endpoint, action, body);

describe('two-step sign-in and remembered devices on the local identity server', () => {
  it(
    'turns on an authenticator, asks for its code, remembers a device that then skips it, and forgets it (SPEC §8 device rule)',
    async () => {
      const laptop = browser();
      const username = await newAccount(laptop.auth);
      // Without two-step sign-in: tokens at once, and the device is tracked (not remembered).
      expectStep(await laptop.auth.signIn(username, PASSWORD), 'signedIn');
      expect(laptop.deviceKey(username)).toMatch(/^local_[0-9a-f-]{36}$/);
      expect(await laptop.auth.devices()).toEqual([
        // The device is named by the library from the runtime's user agent ("Node.js/22" where
        // Node has a navigator, as from 21 on; "nodejs" before).
        expect.objectContaining({
          remembered: false,
          current: true,
          name: typeof navigator === 'undefined' ? 'nodejs' : navigator.userAgent,
        }),
      ]);

      const setup = await laptop.auth.setUpAuthenticator();
      expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(setup.otpauthUri).toBe(
        `otpauth://totp/Globe%20Archive%3A${username}?secret=${setup.secret}&issuer=Globe%20Archive`,
      );
      const wrong = await laptop.auth.confirmAuthenticator('000000').catch((e: unknown) => e);
      expect(describeAuthError(wrong as AuthError)).toBe(
        'That code is not right. Check it and try again.',
      );
      expect((await laptop.auth.account()).twoStep).toBe(false);
      await laptop.auth.confirmAuthenticator(totpCode(setup.secret));
      expect((await laptop.auth.account()).twoStep).toBe(true);

      // A new browser is asked for the authenticator's code after the password.
      const phone = browser();
      const asked = expectStep(await phone.auth.signIn(username, PASSWORD), 'mfaCode');
      expect(asked.method).toBe('SOFTWARE_TOKEN_MFA');
      const mistyped = await asked.submit('000000').catch((e: unknown) => e);
      expect(mistyped).toMatchObject({ code: 'CodeMismatchException' });
      const done = expectStep(await asked.submit(totpCode(setup.secret)), 'signedIn');
      expect(done.rememberDevice).toBeTypeOf('function');
      await done.rememberDevice?.();
      // Its refresh token works (cognito-local alone keeps none from a challenge's answer).
      expect(await phone.auth.refresh()).toMatchObject({ username });
      const phoneKey = phone.deviceKey(username);
      expect(await phone.auth.devices()).toContainEqual(
        expect.objectContaining({ key: phoneKey, remembered: true, current: true }),
      );

      // Remembered: the next sign-in proves the device instead of asking for a code.
      await phone.auth.signOut();
      const proven = expectStep(await phone.auth.signIn(username, PASSWORD), 'signedIn');
      expect(proven.session.username).toBe(username);
      // A session like any other: restored, refreshed, and good for the account's calls.
      expect(await phone.auth.currentSession()).toMatchObject({ username });
      expect(await phone.auth.refresh()).toMatchObject({ username });
      expect(await phone.auth.account()).toMatchObject({ username, twoStep: true });
      // The laptop, not remembered, is still asked.
      await laptop.auth.signOut();
      expectStep(await laptop.auth.signIn(username, PASSWORD), 'mfaCode');

      // Forgotten from another device: the phone's stored key is now unknown to the pool; the
      // library drops it on the ResourceNotFoundException and signs in again, asked for the code.
      const other = browser();
      const otherSignIn = expectStep(await other.auth.signIn(username, PASSWORD), 'mfaCode');
      expectStep(await otherSignIn.submit(totpCode(setup.secret)), 'signedIn');
      const listed = await other.auth.devices();
      expect(listed.find((device) => device.key === phoneKey)).toMatchObject({
        remembered: true,
        current: false,
      });
      await other.auth.forgetDevice(String(phoneKey));
      expect((await other.auth.devices()).map((device) => device.key)).not.toContain(phoneKey);
      await phone.auth.signOut();
      const again = expectStep(await phone.auth.signIn(username, PASSWORD), 'mfaCode');
      await again.submit(totpCode(setup.secret));
      expect(phone.deviceKey(username)).not.toBe(phoneKey);
      expect(phone.deviceKey(username)).toMatch(/^local_/);

      // Forgetting this device drops its stored key too.
      const fresh = String(phone.deviceKey(username));
      await phone.auth.forgetDevice(fresh);
      expect(phone.deviceKey(username)).toBeNull();

      // Turned off: the password alone signs in again.
      await other.auth.turnOffTwoStep();
      expect((await other.auth.account()).twoStep).toBe(false);
      expectStep(await browser().auth.signIn(username, PASSWORD), 'signedIn');
    },
    SLOW,
  );

  it(
    'refuses device calls the pool would refuse',
    async () => {
      const laptop = browser();
      const username = await newAccount(laptop.auth);
      const step = expectStep(await laptop.auth.signIn(username, PASSWORD), 'signedIn');
      const token = step.session.accessToken;
      const verifier = { PasswordVerifier: 'AAAA', Salt: 'AAAA' };
      // A device key the pool never gave this account.
      expect(
        await call('ConfirmDevice', {
          AccessToken: token,
          DeviceKey: 'local_00000000-0000-0000-0000-000000000000',
          DeviceSecretVerifierConfig: verifier,
        }),
      ).toMatchObject({
        status: 400,
        body: { __type: 'ResourceNotFoundException', message: 'Device does not exist.' },
      });
      // Not base64, and an oversized name.
      const key = String(laptop.deviceKey(username));
      expect(
        await call('ConfirmDevice', {
          AccessToken: token,
          DeviceKey: key,
          DeviceSecretVerifierConfig: { PasswordVerifier: '<script>', Salt: 'AAAA' },
        }),
      ).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
      expect(
        await call('UpdateDeviceStatus', {
          AccessToken: token,
          DeviceKey: key,
          DeviceRememberedStatus: 'forever',
        }),
      ).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
      expect(await call('ListDevices', { AccessToken: token, Limit: 61 })).toMatchObject({
        status: 400,
        body: { __type: 'InvalidParameterException' },
      });
      // Another account's device is not there for this one.
      const stranger = browser();
      const strangerName = await newAccount(stranger.auth);
      const theirs = expectStep(await stranger.auth.signIn(strangerName, PASSWORD), 'signedIn');
      expect(
        await call('ForgetDevice', { AccessToken: theirs.session.accessToken, DeviceKey: key }),
      ).toMatchObject({ status: 400, body: { __type: 'ResourceNotFoundException' } });
      expect(await call('GetDevice', { AccessToken: token, DeviceKey: key })).toMatchObject({
        status: 200,
        body: { Device: { DeviceKey: key } },
      });
      // Without a valid access token, nothing.
      expect(await call('ListDevices', { AccessToken: 'forged' })).toMatchObject({
        status: 400,
        body: { __type: 'NotAuthorizedException' },
      });
      // A device answer without a session the front started is refused.
      expect(
        await call('RespondToAuthChallenge', {
          ClientId: LOCAL_CLIENT_ID,
          ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
          Session: 'made-up',
          ChallengeResponses: { USERNAME: username, DEVICE_KEY: key },
        }),
      ).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    },
    SLOW,
  );
});
