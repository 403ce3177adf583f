import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthError } from '@/features/auth/authErrors';
import { describeAuthError } from '@/features/auth/authErrorWords';
import { createCognitoAuth, type AuthService } from '@/features/auth/cognitoAuth';
import { memoryStorage } from '../../support/memoryStorage';

/**
 * The account calls of two-step sign-in and devices, against the identity library with the network
 * stood in for by `fetch` answers: SPEC §5's message for each when nobody is signed in, and SPEC
 * §8's device rule.
 */
const POOL = {
  userPoolId: 'us-east-2_Abc123',
  clientId: 'client123',
  endpoint: 'http://127.0.0.1:9/',
};

afterEach(() => vi.restoreAllMocks());

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/x-amz-json-1.1' },
  });

describe('account calls with nobody signed in (SPEC §5)', () => {
  it("each fails with 'User is not authenticated', and no request is made", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const auth = createCognitoAuth({ ...POOL, storage: memoryStorage() });
    const calls: [string, (service: AuthService) => Promise<unknown>][] = [
      ['account', (s) => s.account()],
      ['changePassword', (s) => s.changePassword('Old-Pass-1!', 'New-Pass-1!')],
      ['changeEmail', (s) => s.changeEmail('a@example.org')],
      ['sendEmailCode', (s) => s.sendEmailCode()],
      ['verifyEmail', (s) => s.verifyEmail('123456')],
      ['signOutEverywhere', (s) => s.signOutEverywhere()],
      ['deleteAccount', (s) => s.deleteAccount()],
      ['setUpAuthenticator', (s) => s.setUpAuthenticator()],
      ['confirmAuthenticator', (s) => s.confirmAuthenticator('123456')],
      ['turnOffTwoStep', (s) => s.turnOffTwoStep()],
      ['devices', (s) => s.devices()],
      ['forgetDevice', (s) => s.forgetDevice('us-east-2_device')],
    ];
    for (const [name, run] of calls) {
      const failure = await run(auth).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure, name).toMatchObject({
        message: 'User is not authenticated',
        code: 'NotAuthenticated',
      });
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a stored device the pool does not know (SPEC §8)', () => {
  it('is dropped and the password answer sent again without it', async () => {
    const storage = memoryStorage();
    const prefix = `CognitoIdentityServiceProvider.${POOL.clientId}.someone`;
    storage.setItem(`${prefix}.deviceKey`, 'us-east-2_forgotten');
    storage.setItem(`${prefix}.randomPasswordKey`, 'device-password');
    storage.setItem(`${prefix}.deviceGroupKey`, '-group');
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        reply(200, {
          ChallengeName: 'PASSWORD_VERIFIER',
          ChallengeParameters: {
            SALT: 'a1b2c3d4',
            SRP_B: 'f'.repeat(64),
            SECRET_BLOCK: 'c2VjcmV0',
            USERNAME: 'someone',
            USER_ID_FOR_SRP: 'someone',
          },
        }),
      )
      .mockResolvedValueOnce(
        reply(400, { __type: 'ResourceNotFoundException', message: 'Device does not exist.' }),
      )
      .mockResolvedValueOnce(
        reply(400, {
          __type: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        }),
      );
    const auth = createCognitoAuth({ ...POOL, storage });
    const failure = await auth.signIn('someone', 'Some-Pass-1!').catch((e: unknown) => e);

    expect(fetch).toHaveBeenCalledTimes(3);
    const body = (call: number) =>
      JSON.parse(String((fetch.mock.calls[call]?.[1] as RequestInit).body)) as {
        ChallengeName: string;
        ChallengeResponses: Record<string, string | null>;
      };
    expect(body(1)).toMatchObject({
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: { DEVICE_KEY: 'us-east-2_forgotten' },
    });
    // The same answer again, without the device; the stored device is gone.
    expect(body(2).ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(body(2).ChallengeResponses.DEVICE_KEY ?? null).toBeNull();
    expect(body(2).ChallengeResponses.PASSWORD_CLAIM_SIGNATURE).toBe(
      body(1).ChallengeResponses.PASSWORD_CLAIM_SIGNATURE,
    );
    for (const item of ['deviceKey', 'randomPasswordKey', 'deviceGroupKey']) {
      expect(storage.getItem(`${prefix}.${item}`), item).toBeNull();
    }
    // What the pool said next is what the person is told.
    expect(describeAuthError(failure as AuthError)).toBe(
      'That username and password do not match. Check them and try again.',
    );
  });

  it('another ResourceNotFoundException is handed on, and the device kept', async () => {
    const storage = memoryStorage();
    const prefix = `CognitoIdentityServiceProvider.${POOL.clientId}.someone`;
    storage.setItem(`${prefix}.deviceKey`, 'us-east-2_kept');
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      reply(400, {
        __type: 'ResourceNotFoundException',
        message: 'User pool client client123 does not exist.',
      }),
    );
    const auth = createCognitoAuth({ ...POOL, storage });
    const failure = await auth.signIn('someone', 'Some-Pass-1!').catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'ResourceNotFoundException' });
    expect(storage.getItem(`${prefix}.deviceKey`)).toBe('us-east-2_kept');
  });
});
