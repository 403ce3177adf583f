import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoAuth } from '@/features/auth/cognitoAuth';
import type { RunningServer } from '../../../../../server/node/http';
import type { LocalIdentity } from '../../../../../server/dev/identity/localIdentity';
import {
  EDITOR_GROUP,
  LOCAL_CLIENT_ID,
  LOCAL_POOL_ID,
} from '../../../../../server/dev/identity/localPool';
import { totpCode } from '../../../../../server/dev/identity/totp';
import { TokenRejected } from '../../../../../server/login/idToken';
import {
  createPoolStanding,
  STANDING_CACHE_MS,
  StandingUnknown,
} from '../../../../../server/login/poolStanding';
import { memoryStorage } from '../../../support/memoryStorage';
import { identityCall, startIdentityServer } from '../../support/identityCall';

/**
 * The second black-box probe's findings on accounts (issue 27), each tried as the probe tried it
 * against the running server: a second step skipped by answering another challenge, codes and
 * current passwords guessed without limit, an e-mail address verified by its owner's say-so, an
 * editor's token that outlives its sign-out, and a TRACE that failed as a 500.
 */
const temp = mkdtempSync(join(tmpdir(), 'globe-identity-probe-'));
const SLOW = 60_000;
const PASSWORD = 'Second-Probe-2025!';
/** Editors' tokens are re-checked with the pool this often here (30 s in a deployment). */
const RECHECK_MS = 1000;
const ALLOWED_DOMAIN = 'allowed.example';
let server: RunningServer;
let local: LocalIdentity;
let admin: CognitoIdentityProviderClient;

beforeAll(async () => {
  ({ server, local, admin } = await startIdentityServer(
    temp,
    {},
    { login: { config: null, allowList: [`@${ALLOWED_DOMAIN}`] }, editorRecheckMs: RECHECK_MS },
  ));
}, SLOW);

afterAll(async () => {
  admin?.destroy();
  await server?.close();
  rmSync(temp, { recursive: true, force: true });
});

const endpoint = () => `${server.url}/identity/`;
const call = (action: string, body: unknown) => identityCall(endpoint(), action, body);
const answerOf = (reply: { body: unknown }) => reply.body as { __type?: string; message?: string };

/** A confirmed account (with an e-mail address when given), signed up as a browser would. */
async function newAccount(prefix: string, email?: string): Promise<string> {
  const username = `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const signUp = await call('SignUp', {
    ClientId: LOCAL_CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: email === undefined ? [] : [{ Name: 'email', Value: email }],
  });
  expect(signUp.status).toBe(200);
  const confirmed = await call('ConfirmSignUp', {
    ClientId: LOCAL_CLIENT_ID,
    Username: username,
    ConfirmationCode: local.confirmationCode,
  });
  expect(confirmed.status).toBe(200);
  return username;
}

/** The app's AuthService, signed in as `username`. */
async function appSignedIn(username: string) {
  const auth = createCognitoAuth({
    userPoolId: LOCAL_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    endpoint: endpoint(),
    storage: memoryStorage(),
  });
  expect((await auth.signIn(username, PASSWORD)).kind).toBe('signedIn');
  return auth;
}

/** An account with an authenticator turned on, and its secret. */
async function accountWithAuthenticator(): Promise<{ username: string; secret: string }> {
  const username = await newAccount('twostep');
  const auth = await appSignedIn(username);
  const { secret } = await auth.setUpAuthenticator();
  await auth.confirmAuthenticator(totpCode(secret));
  expect((await auth.account()).twoStep).toBe(true);
  return { username, secret };
}

/**
 * A password sign-in (USER_SRP_AUTH, the app's library) up to its second step: the session the
 * pool issued with SOFTWARE_TOKEN_MFA, or the error that refused the password.
 */
function sessionAtSecondStep(username: string, password = PASSWORD): Promise<string> {
  const pool = new CognitoUserPool({
    UserPoolId: LOCAL_POOL_ID,
    ClientId: LOCAL_CLIENT_ID,
    endpoint: endpoint(),
    Storage: memoryStorage(),
  });
  const user = new CognitoUser({ Username: username, Pool: pool, Storage: memoryStorage() });
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), {
      onSuccess: () => reject(new Error('signed in without the second step')),
      onFailure: reject,
      totpRequired: () => resolve((user as unknown as { Session: string }).Session),
    }),
  );
}

const answerCode = (username: string, session: string, code: string) =>
  call('RespondToAuthChallenge', {
    ClientId: LOCAL_CLIENT_ID,
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: session,
    ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
  });

/** A code that is not the authenticator's now (nor a step either side of it). */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

const INVALID_SESSION = {
  __type: 'NotAuthorizedException',
  message: 'Invalid session for the user, session is expired.',
};

describe('the second step of a sign-in', () => {
  it(
    'is answered only with the answer to the challenge its session was issued for',
    async () => {
      const { username, secret } = await accountWithAuthenticator();
      const session = await sessionAtSecondStep(username);
      // The probe: the authenticator's session answered as if it asked for a new password.
      const swapped = await call('RespondToAuthChallenge', {
        ClientId: LOCAL_CLIENT_ID,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: 'Taken-Over-2025!' },
      });
      expect(swapped.status).toBe(400);
      expect(answerOf(swapped)).toEqual(INVALID_SESSION);
      expect(JSON.stringify(swapped.body)).not.toContain('AccessToken');
      // The session is finished: not even the right code opens it now.
      expect(answerOf(await answerCode(username, session, totpCode(secret)))).toEqual(
        INVALID_SESSION,
      );
      // The password did not change: the owner still reaches the second step with it, and the
      // attacker's password opens nothing.
      await expect(sessionAtSecondStep(username, 'Taken-Over-2025!')).rejects.toMatchObject({
        code: 'NotAuthorizedException',
      });
      const again = await sessionAtSecondStep(username);
      const signedIn = await answerCode(username, again, totpCode(secret));
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toHaveProperty('AuthenticationResult.AccessToken');
    },
    SLOW,
  );

  it(
    'takes three wrong codes a session, and counts wrong codes against the account across sessions',
    async () => {
      const { username, secret } = await accountWithAuthenticator();
      const first = await sessionAtSecondStep(username);
      for (let tries = 1; tries <= 3; tries += 1) {
        expect(answerOf(await answerCode(username, first, wrongCode(secret))).__type).toBe(
          'CodeMismatchException',
        );
      }
      // The right code, after too many wrong ones on that session: the session is over.
      expect(answerOf(await answerCode(username, first, totpCode(secret)))).toEqual(
        INVALID_SESSION,
      );
      // A fresh session costs only the password, and buys no fresh guesses: the sixth wrong code
      // in all locks the account, as a sixth wrong password would.
      const second = await sessionAtSecondStep(username);
      for (let tries = 4; tries <= 6; tries += 1) {
        expect(answerOf(await answerCode(username, second, wrongCode(secret))).__type).toBe(
          'CodeMismatchException',
        );
      }
      await expect(sessionAtSecondStep(username)).rejects.toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      // The lockout (a second) ends; the password and the right code then sign in, and the count
      // starts afresh.
      let third: string | null = null;
      await expect
        .poll(async () => (third = await sessionAtSecondStep(username).catch(() => null)), {
          timeout: 5000,
        })
        .not.toBeNull();
      expect((await answerCode(username, third ?? '', totpCode(secret))).status).toBe(200);
    },
    SLOW,
  );
});

describe('codes and current passwords outside sign-in', () => {
  it(
    'lock the account after five wrong reset codes, even before the right one',
    async () => {
      const username = await newAccount('reset', `reset@${ALLOWED_DOMAIN}`);
      expect(
        (await call('ForgotPassword', { ClientId: LOCAL_CLIENT_ID, Username: username })).status,
      ).toBe(200);
      const confirm = (code: string) =>
        call('ConfirmForgotPassword', {
          ClientId: LOCAL_CLIENT_ID,
          Username: username,
          ConfirmationCode: code,
          Password: 'Reset-By-Guess-2025!',
        });
      for (let tries = 1; tries <= 6; tries += 1) {
        expect(answerOf(await confirm('000000'))).toEqual({
          __type: 'CodeMismatchException',
          message: 'Invalid verification code provided, please try again.',
        });
      }
      expect(answerOf(await confirm(local.confirmationCode))).toEqual({
        __type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
      // The owner, once the lockout is over, resets with the code sent.
      await expect
        .poll(async () => (await confirm(local.confirmationCode)).status, { timeout: 5000 })
        .toBe(200);
    },
    SLOW,
  );

  it(
    'lock ChangePassword after five wrong current passwords',
    async () => {
      const username = await newAccount('change');
      const token = (await (await appSignedIn(username)).currentSession())?.accessToken;
      expect(token).toBeTruthy();
      const change = (previous: string) =>
        call('ChangePassword', {
          AccessToken: token,
          PreviousPassword: previous,
          ProposedPassword: 'Changed-By-Guess-2025!',
        });
      for (let tries = 1; tries <= 6; tries += 1) {
        expect(answerOf(await change(`Guess-${tries}-2025!`)).__type).toBe(
          'NotAuthorizedException',
        );
      }
      expect(answerOf(await change(PASSWORD)).__type).toBe('LimitExceededException');
      // Counted with the sign-in's: the right password at sign-in is refused too, for now.
      await expect(sessionAtSecondStep(username)).rejects.toMatchObject({
        message: 'Password attempts exceeded',
      });
    },
    SLOW,
  );

  it('answer an unknown username as a known one: a code sent, then a wrong code', async () => {
    const known = await newAccount('known', `known@${ALLOWED_DOMAIN}`);
    const forgot = (username: string) =>
      call('ForgotPassword', { ClientId: LOCAL_CLIENT_ID, Username: username });
    const knownAnswer = await forgot(known);
    const unknownAnswer = await forgot('nobody-by-this-name');
    expect(unknownAnswer.status).toBe(200);
    expect(Object.keys(unknownAnswer.body as object)).toEqual(
      Object.keys(knownAnswer.body as object),
    );
    expect(unknownAnswer.body).toEqual({
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: expect.stringMatching(/^[a-z]\*\*\*@[a-z]\*\*\*$/),
      },
    });
    // Asked twice, the same made-up address: a real one would not change either.
    expect((await forgot('nobody-by-this-name')).body).toEqual(unknownAnswer.body);
    const confirm = (username: string) =>
      call('ConfirmForgotPassword', {
        ClientId: LOCAL_CLIENT_ID,
        Username: username,
        ConfirmationCode: '000000',
        Password: 'Whatever-It-Is-2025!',
      });
    expect((await confirm('nobody-by-this-name')).body).toEqual((await confirm(known)).body);
  });
});

describe('an e-mail address', () => {
  it(
    'is verified only by its code: never by its owner saying so, so the allow-list cannot be talked into',
    async () => {
      const username = await newAccount('selfverify');
      const auth = await appSignedIn(username);
      const token = (await auth.currentSession())?.accessToken;
      const claim = await call('UpdateUserAttributes', {
        AccessToken: token,
        UserAttributes: [
          { Name: 'email', Value: `boss@${ALLOWED_DOMAIN}` },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
      expect(answerOf(claim)).toEqual({
        __type: 'NotAuthorizedException',
        message: 'A client attempted to write unauthorized attribute',
      });
      for (const [action, body] of [
        ['UpdateUserAttributes', { UserAttributes: [{ Name: 'email_verified', Value: 'true' }] }],
        ['UpdateUserAttributes', { UserAttributes: [{ Name: 'sub', Value: 'someone-else' }] }],
        ['DeleteUserAttributes', { UserAttributeNames: ['email_verified'] }],
      ] as const) {
        expect(answerOf(await call(action, { AccessToken: token, ...body })).__type).toBe(
          'NotAuthorizedException',
        );
      }
      const account = await auth.account();
      expect(account).toMatchObject({ emailVerified: false });

      // Signing in again and asking /login: no editor, the address is not verified.
      const login = async () => {
        const fresh = await appSignedIn(username);
        const session = await fresh.currentSession();
        const res = await fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${session?.idToken}` },
        });
        return { status: res.status, groups: (await fresh.refresh())?.groups ?? [] };
      };
      expect((await login()).groups).not.toContain(EDITOR_GROUP);

      // Guessing the code sent to an address one does not own is counted and locked.
      await auth.changeEmail(`boss@${ALLOWED_DOMAIN}`);
      const verify = (code: string) =>
        call('VerifyUserAttribute', { AccessToken: token, AttributeName: 'email', Code: code });
      for (let tries = 1; tries <= 6; tries += 1) {
        expect(answerOf(await verify('000000')).__type).toBe('CodeMismatchException');
      }
      expect(answerOf(await verify(local.confirmationCode)).__type).toBe('LimitExceededException');
      // Its owner, with the code, once the lockout is over: verified, and then an editor.
      await expect
        .poll(async () => (await verify(local.confirmationCode)).status, { timeout: 5000 })
        .toBe(200);
      expect((await login()).groups).toContain(EDITOR_GROUP);
    },
    SLOW,
  );
});

describe("an editor's access token", () => {
  /** A new editor, signed in: its app and its access token. */
  async function newEditor() {
    const username = await newAccount('editor');
    await admin.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: LOCAL_POOL_ID,
        Username: username,
        GroupName: EDITOR_GROUP,
      }),
    );
    const auth = await appSignedIn(username);
    const session = await auth.currentSession();
    expect(session?.groups).toContain(EDITOR_GROUP);
    return { username, auth, token: session?.accessToken ?? '' };
  }

  const journal = async (token: string) =>
    (
      await fetch(`${server.url}/api/nodes/journal`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).status;

  /** Polls the journal until it refuses the token; the time it took, ms. */
  async function refusedWithin(token: string): Promise<number> {
    const start = Date.now();
    await expect.poll(() => journal(token), { timeout: 60_000, interval: 200 }).toBe(401);
    return Date.now() - start;
  }

  it(
    'is refused by the journal soon after Sign out everywhere, deletion, or removal from the group',
    async () => {
      const signedOut = await newEditor();
      expect(await journal(signedOut.token)).toBe(200);
      await signedOut.auth.signOutEverywhere();
      expect(await refusedWithin(signedOut.token)).toBeLessThan(60_000);

      const deleted = await newEditor();
      expect(await journal(deleted.token)).toBe(200);
      await deleted.auth.deleteAccount();
      expect(await refusedWithin(deleted.token)).toBeLessThan(60_000);

      const demoted = await newEditor();
      expect(await journal(demoted.token)).toBe(200);
      await admin.send(
        new AdminRemoveUserFromGroupCommand({
          UserPoolId: LOCAL_POOL_ID,
          Username: demoted.username,
          GroupName: EDITOR_GROUP,
        }),
      );
      // Still a good token, of a signed-in user who is no longer an editor: 403.
      await expect.poll(() => journal(demoted.token), { timeout: 60_000, interval: 200 }).toBe(403);
      // And a write is refused the same way.
      const write = await fetch(`${server.url}/api/nodes`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${demoted.token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(write.status).toBe(403);
    },
    SLOW * 2,
  );

  it('is taken on the pool’s word for 30 seconds at most, and a pool that cannot answer is no answer', async () => {
    const editor = await newEditor();
    let now = 1_000_000;
    const standingAt = (userEndpoint: string) =>
      createPoolStanding({
        region: local.region,
        userPoolId: LOCAL_POOL_ID,
        userEndpoint,
        adminEndpoint: local.adminEndpoint,
        adminCredentials: local.adminCredentials,
        now: () => now,
      });
    const standing = standingAt(endpoint());
    const ask = () => standing.groupsOf(editor.token, editor.username);
    expect(await ask()).toContain(EDITOR_GROUP);
    await editor.auth.signOutEverywhere();
    now += STANDING_CACHE_MS - 1;
    expect(await ask()).toContain(EDITOR_GROUP);
    now += 1;
    await expect(ask()).rejects.toBeInstanceOf(TokenRejected);
    expect(STANDING_CACHE_MS).toBeLessThanOrEqual(60_000);

    // Nobody answering on the pool's address: not a refusal of the token (the service says 503).
    const closed = standingAt('http://127.0.0.1:9/');
    const unanswered = await closed
      .groupsOf(editor.token, editor.username)
      .catch((e: unknown) => e);
    expect(unanswered).toBeInstanceOf(StandingUnknown);
  });

  it('still works for a signed-in editor, and a new sign-in after Sign out everywhere works', async () => {
    const editor = await newEditor();
    await editor.auth.signOutEverywhere();
    const again = await appSignedIn(editor.username);
    const token = (await again.currentSession())?.accessToken ?? '';
    expect(await journal(token)).toBe(200);
  });
});

describe('methods no route knows', () => {
  it('are answered 501, never a 500', async () => {
    for (const path of ['/api/nodes', '/api/nodes/journal', '/identity/', '/', '/uploads/x.jpg']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${server.url}${path}`, { method: 'TRACE' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect({ path, status }).toEqual({ path, status: 501 });
    }
  });
});
