import {
  CognitoAccessToken,
  CognitoIdToken,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserPool,
  CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthAccess, ensureEditorGroup, lastUserKey } from '@/features/auth/authAccess';
import { AuthError, toAuthError } from '@/features/auth/authErrors';
import { describeAuthError } from '@/features/auth/authErrorWords';
import {
  authReducer,
  selectIsEditor,
  sessionChecked,
  signedIn,
  signedOut,
} from '@/features/auth/authSlice';
import { createCognitoAuth, type AuthService } from '@/features/auth/cognitoAuth';
import { LOCAL_IDENTITY, readConfig } from '@/lib/config';
import { unmetPasswordRules } from '@/lib/passwordRules';
import { grantsEditor, groupsOf, isSessionValid } from '@/lib/session';
import { makeStore } from '@/app/store';
import { memoryStorage } from '../../support/memoryStorage';

const POOL = {
  userPoolId: 'us-east-2_Abc123',
  clientId: 'client123',
  endpoint: 'http://127.0.0.1:9/',
};

/** Runs a node-style callback API and returns what it called back with. */
const callback = (run: (cb: (error: Error | null | undefined) => void) => void) =>
  new Promise<Error | null | undefined>((resolve) => run((error) => resolve(error)));

/** A JWT with this payload (unsigned: the library only decodes it). */
function jwt(payload: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(payload)}.sig`;
}

afterEach(() => vi.restoreAllMocks());

describe('SPEC §5 messages, word for word', () => {
  it('the pool settings', () => {
    expect(() => createCognitoAuth({ ...POOL, userPoolId: 'not a pool id' })).toThrow(
      /^Invalid UserPoolId format\.$/,
    );
    expect(() => createCognitoAuth({ ...POOL, userPoolId: `us-east-2_${'a'.repeat(60)}` })).toThrow(
      'Invalid UserPoolId format.',
    );
    expect(() => createCognitoAuth({ ...POOL, userPoolId: '', clientId: '' })).toThrow(
      'Both UserPoolId and ClientId are required.',
    );
    expect(() => createCognitoAuth({ ...POOL, clientId: '' })).toThrow(
      'Both UserPoolId and ClientId are required.',
    );
  });

  it('a session needs both tokens', () => {
    expect(
      () => new CognitoUserSession({ IdToken: undefined as unknown as CognitoIdToken } as never),
    ).toThrow('Id token and Access Token must be present.');
  });

  it('sign-in: the password flow needs a password; an unknown flow is refused', async () => {
    const auth = createCognitoAuth({
      ...POOL,
      authFlow: 'USER_PASSWORD_AUTH',
      storage: memoryStorage(),
    });
    await expect(auth.signIn('someone', '')).rejects.toMatchObject({
      message: 'PASSWORD parameter is required',
    });
    const pool = new CognitoUserPool({
      UserPoolId: POOL.userPoolId,
      ClientId: POOL.clientId,
      Storage: memoryStorage(),
    });
    const user = new CognitoUser({ Username: 'someone', Pool: pool, Storage: memoryStorage() });
    user.setAuthenticationFlowType('NO_SUCH_FLOW');
    const failure = await new Promise<unknown>((resolve) =>
      user.authenticateUser(
        {
          getUsername: () => 'someone',
          getPassword: () => 'x',
          getValidationData: () => [],
          getClientMetadata: () => ({}),
          getAuthParameters: () => [],
        } as never,
        { onSuccess: () => resolve(null), onFailure: resolve },
      ),
    );
    expect(toAuthError(failure).message).toBe('Authentication flow type is invalid.');
  });

  it('the new-password challenge needs a new password', async () => {
    const pool = new CognitoUserPool({
      UserPoolId: POOL.userPoolId,
      ClientId: POOL.clientId,
      Storage: memoryStorage(),
    });
    const user = new CognitoUser({ Username: 'someone', Pool: pool, Storage: memoryStorage() });
    const failure = await new Promise<unknown>((resolve) =>
      user.completeNewPasswordChallenge(
        '',
        {},
        { onSuccess: () => resolve(null), onFailure: resolve },
      ),
    );
    expect(toAuthError(failure).message).toBe('New password is required.');
  });

  it('authenticated-only operations and the session lookups', async () => {
    const storage = memoryStorage();
    const pool = new CognitoUserPool({
      UserPoolId: POOL.userPoolId,
      ClientId: POOL.clientId,
      Storage: storage,
    });
    const user = new CognitoUser({ Username: 'someone', Pool: pool, Storage: storage });
    expect((await callback((cb) => user.getUserAttributes(cb)))?.message).toBe(
      'User is not authenticated',
    );
    expect((await callback((cb) => user.getSession(cb)))?.message).toBe(
      'Local storage is missing an ID Token, Please authenticate',
    );
    // Stored tokens that have expired, and no refresh token to renew them.
    const prefix = `CognitoIdentityServiceProvider.${POOL.clientId}.someone`;
    storage.setItem(`${prefix}.idToken`, jwt({ exp: 1, iat: 0 }));
    storage.setItem(`${prefix}.accessToken`, jwt({ exp: 1, iat: 0 }));
    expect((await callback((cb) => user.getSession(cb)))?.message).toBe(
      'Cannot retrieve a new session. Please authenticate.',
    );
    (user as unknown as { username: null }).username = null;
    expect((await callback((cb) => user.getSession(cb)))?.message).toBe(
      'Username is null. Cannot retrieve a new session',
    );
  });

  it('a network failure is "Network error" with code NetworkError', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const auth = createCognitoAuth({
      ...POOL,
      authFlow: 'USER_PASSWORD_AUTH',
      storage: memoryStorage(),
    });
    const failure = await auth.signIn('someone', 'Secret-123').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthError);
    expect(failure).toMatchObject({ message: 'Network error', code: 'NetworkError' });
  });

  it('identity errors carry the code and name of the response type', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          __type: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        }),
        { status: 400 },
      ),
    );
    const auth = createCognitoAuth({
      ...POOL,
      authFlow: 'USER_PASSWORD_AUTH',
      storage: memoryStorage(),
    });
    const failure = (await auth
      .signIn('someone', 'Wrong-123')
      .catch((e: unknown) => e)) as AuthError;
    expect([failure.code, failure.name, failure.message]).toEqual([
      'NotAuthorizedException',
      'NotAuthorizedException',
      'Incorrect username or password.',
    ]);
    expect(describeAuthError(failure)).toBe(
      'That username and password do not match. Check them and try again.',
    );
  });

  it('says a locked-out account must wait, not that the password is wrong', () => {
    const locked = new AuthError('Password attempts exceeded', 'NotAuthorizedException');
    expect(describeAuthError(locked)).toBe(
      'Too many wrong passwords for this account. Wait a few minutes, then try again.',
    );
  });
});

describe('refresh and revoke retry with backoff up to 5 s (SPEC §7, the library does it)', () => {
  /** A stored session of "someone" whose tokens are good for an hour, with a refresh token. */
  function storedSession() {
    const storage = memoryStorage();
    const now = Math.floor(Date.now() / 1000);
    const token = (use: string) =>
      jwt({ token_use: use, username: 'someone', exp: now + 3600, iat: now, origin_jti: 'j' });
    const prefix = `CognitoIdentityServiceProvider.${POOL.clientId}`;
    storage.setItem(`${prefix}.LastAuthUser`, 'someone');
    storage.setItem(`${prefix}.someone.idToken`, token('id'));
    storage.setItem(`${prefix}.someone.accessToken`, token('access'));
    storage.setItem(`${prefix}.someone.refreshToken`, 'refresh-token');
    storage.setItem(`${prefix}.someone.clockDrift`, '0');
    return { storage, token, prefix };
  }
  const offline = () => Promise.reject(new TypeError('fetch failed'));

  it('refreshes once the pool answers again', async () => {
    const { storage, token } = storedSession();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(offline)
      .mockImplementationOnce(offline)
      .mockResolvedValue(
        new Response(
          JSON.stringify({
            AuthenticationResult: { IdToken: token('id'), AccessToken: token('access') },
          }),
          { status: 200 },
        ),
      );
    vi.useFakeTimers();
    try {
      const refreshed = createCognitoAuth({ ...POOL, storage }).refresh();
      await vi.advanceTimersByTimeAsync(1000);
      await expect(refreshed).resolves.toMatchObject({ username: 'someone' });
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up when no wait would be under 5 s, with a plain message', async () => {
    const { storage } = storedSession();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(offline);
    vi.useFakeTimers();
    try {
      const refreshed = createCognitoAuth({ ...POOL, storage })
        .refresh()
        .catch((error: unknown) => error);
      // Waits of about 0.2, 0.4, 0.8, 1.6 and 3.2 s; the next would be 6.4 s, past the ceiling.
      await vi.advanceTimersByTimeAsync(6000);
      expect(fetch).toHaveBeenCalledTimes(5);
      await vi.advanceTimersByTimeAsync(1000);
      const failure = await refreshed;
      expect(fetch).toHaveBeenCalledTimes(6);
      expect(failure).toMatchObject({ code: 'NetworkError', message: 'Network error' });
      expect(describeAuthError(failure as AuthError)).toBe(
        'The sign-in service cannot be reached. Check your connection and try again.',
      );
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetch).toHaveBeenCalledTimes(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('revokes the refresh token at sign-out, retrying, and clears this device either way', async () => {
    const { storage, prefix } = storedSession();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(offline)
      .mockResolvedValue(new Response('{}', { status: 200 }));
    vi.useFakeTimers();
    try {
      const out = createCognitoAuth({ ...POOL, storage }).signOut();
      await vi.advanceTimersByTimeAsync(1000);
      await out;
      expect(fetch).toHaveBeenCalledTimes(2);
      const revoke = fetch.mock.calls[1]?.[1] as RequestInit;
      expect(new Headers(revoke.headers).get('X-Amz-Target')).toMatch(/RevokeToken$/);
      expect(JSON.parse(String(revoke.body))).toMatchObject({ Token: 'refresh-token' });
      expect(storage.getItem(`${prefix}.someone.refreshToken`)).toBeNull();

      const again = storedSession();
      fetch.mockReset();
      fetch.mockImplementation(offline);
      const gaveUp = createCognitoAuth({ ...POOL, storage: again.storage })
        .signOut()
        .catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(10_000);
      const failure = await gaveUp;
      expect(fetch).toHaveBeenCalledTimes(6);
      expect(again.storage.getItem(`${again.prefix}.someone.refreshToken`)).toBeNull();
      // The person is told: out here, but the session itself may live on until it expires.
      expect(failure).toMatchObject({ code: 'RevokeFailed' });
      expect(describeAuthError(failure as AuthError)).toMatch(
        /^You are signed out on this device, but the sign-in service could not be reached/,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('session validity (SPEC §4)', () => {
  const expiries = { idTokenExpiresAt: 1_000, accessTokenExpiresAt: 1_200 };

  it('is valid while now minus clock drift is before both expiries', () => {
    expect(isSessionValid(expiries, 999, 0)).toBe(true);
    expect(isSessionValid(expiries, 1_000, 0)).toBe(false);
    expect(isSessionValid({ ...expiries, accessTokenExpiresAt: 900 }, 950, 0)).toBe(false);
  });

  it("counts the clock drift: the expiry is judged on the server's clock", () => {
    // A device 100 s ahead (drift +100): at device time 1 050 the server's time is 950.
    expect(isSessionValid(expiries, 1_050, 100)).toBe(true);
    expect(isSessionValid(expiries, 1_050, -100)).toBe(false);
    expect(isSessionValid(expiries, 950, -49)).toBe(true);
    expect(isSessionValid(expiries, 950, -50)).toBe(false);
  });

  it('agrees with the identity library', () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [exp, drift] of [
      [now + 60, 0],
      [now + 60, -61],
      [now - 10, 20],
      [now - 10, 5],
    ] as const) {
      const session = new CognitoUserSession({
        IdToken: new CognitoIdToken({ IdToken: jwt({ exp, iat: now - 100 }) }),
        AccessToken: new CognitoAccessToken({ AccessToken: jwt({ exp, iat: now - 100 }) }),
        RefreshToken: new CognitoRefreshToken({ RefreshToken: 'r' }),
        ClockDrift: drift,
      } as ConstructorParameters<typeof CognitoUserSession>[0]);
      expect(isSessionValid({ idTokenExpiresAt: exp, accessTokenExpiresAt: exp }, now, drift)).toBe(
        session.isValid(),
      );
    }
  });

  it('reads groups from the access token; "editor" grants editor access', () => {
    expect(groupsOf({ 'cognito:groups': ['editor', 7, 'x'] })).toEqual(['editor', 'x']);
    expect(groupsOf({})).toEqual([]);
    expect(grantsEditor(['x', 'editor'])).toBe(true);
    expect(grantsEditor(['editors'])).toBe(false);
  });
});

describe('the auth slice', () => {
  const session = { username: 'ed', groups: ['editor'], idToken: 't', accessToken: 't' };

  it('starts unknown, then follows sign-in and sign-out', () => {
    let state = authReducer(undefined, { type: 'init' });
    expect(state.status).toBe('unknown');
    state = authReducer(state, signedIn(session));
    expect(selectIsEditor({ auth: state })).toBe(true);
    expect(JSON.stringify(state)).not.toContain('"t"');
    state = authReducer(state, signedOut());
    expect(state).toEqual({ status: 'signedOut', username: null, groups: [], byPerson: false });
    state = authReducer(authReducer(state, signedIn(session)), signedOut('person'));
    expect(state).toMatchObject({ status: 'signedOut', byPerson: true });
  });

  it('checks the stored session without loading the library when none is stored', async () => {
    const load = vi.fn();
    const store = makeStore({
      auth: { enabled: true, load, loginFunctionUrl: null, hasStoredUser: () => false },
    });
    await store.dispatch(sessionChecked());
    expect(store.getState().auth.status).toBe('signedOut');
    expect(load).not.toHaveBeenCalled();
  });

  it('restores a stored session, and treats an unreachable provider as signed out', async () => {
    const service = { currentSession: vi.fn(async () => session) } as unknown as AuthService;
    const store = makeStore({
      auth: {
        enabled: true,
        load: async () => service,
        loginFunctionUrl: null,
        hasStoredUser: () => true,
      },
    });
    await store.dispatch(sessionChecked());
    expect(store.getState().auth).toEqual({
      status: 'signedIn',
      username: 'ed',
      groups: ['editor'],
      byPerson: false,
    });

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const down = { currentSession: vi.fn(async () => Promise.reject(new Error('Network error'))) };
    const second = makeStore({
      auth: {
        enabled: true,
        load: async () => down as unknown as AuthService,
        loginFunctionUrl: null,
        hasStoredUser: () => true,
      },
    });
    await second.dispatch(sessionChecked());
    expect(second.getState().auth.status).toBe('signedOut');
  });
});

describe('after sign-in: the /login call', () => {
  it('POSTs {host}/login with the bearer token and no body', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 200 }));
    await ensureEditorGroup('/api/', 'id.token.here', fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      headers: { Authorization: 'Bearer id.token.here' },
    });
  });

  it('logs "Failed to ensure editor group" and carries on when it fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await ensureEditorGroup('/api', 't', async () => new Response('', { status: 502 }));
    await ensureEditorGroup('/api', 't', async () => Promise.reject(new TypeError('offline')));
    expect(error.mock.calls.map((c) => c[0])).toEqual([
      'Failed to ensure editor group',
      'Failed to ensure editor group',
    ]);
  });

  it('is skipped without a login function', async () => {
    const fetchImpl = vi.fn();
    await ensureEditorGroup(null, 't', fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('configuration', () => {
  it('defaults to the local identity server and its /api/login', () => {
    const config = readConfig({});
    expect(config.cognito).toEqual({ ...LOCAL_IDENTITY, authFlow: 'USER_SRP_AUTH' });
    expect(config.loginFunctionUrl).toBe('/api');
  });

  it('uses a configured pool, and turns accounts off on request', () => {
    const config = readConfig({
      VITE_COGNITO_USER_POOL_ID: 'eu-west-1_Xyz',
      VITE_COGNITO_CLIENT_ID: 'abc',
    });
    expect(config.cognito).toEqual({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_Xyz',
      clientId: 'abc',
      endpoint: null,
      local: false,
      authFlow: 'USER_SRP_AUTH',
    });
    expect(config.loginFunctionUrl).toBeNull();
    expect(readConfig({ VITE_ACCOUNTS: 'off' }).cognito).toBeNull();
    // The sign-in flow is the configured one, handed on as set (the library refuses a wrong one).
    for (const flow of ['USER_PASSWORD_AUTH', 'CUSTOM_AUTH', 'SOMETHING_ELSE']) {
      expect(readConfig({ VITE_COGNITO_AUTH_FLOW: ` ${flow} ` }).cognito?.authFlow).toBe(flow);
    }
  });

  it('knows whether a user is stored, without the library', () => {
    const storage = memoryStorage();
    const access = createAuthAccess(LOCAL_IDENTITY, '/api', () => storage);
    expect(access.hasStoredUser()).toBe(false);
    storage.setItem(lastUserKey(LOCAL_IDENTITY.clientId), 'editor');
    expect(access.hasStoredUser()).toBe(true);
  });
});

describe('password rules', () => {
  it('names each rule a password does not meet yet', () => {
    expect(unmetPasswordRules('')).toEqual(['length', 'lower', 'upper', 'digit', 'symbol']);
    expect(unmetPasswordRules('abcdefgh')).toEqual(['upper', 'digit', 'symbol']);
    expect(unmetPasswordRules('Editor-Local-2025!')).toEqual([]);
    expect(unmetPasswordRules('Aa1 aaaa')).toEqual([]);
  });
});
