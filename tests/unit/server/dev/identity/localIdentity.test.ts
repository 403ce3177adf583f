import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalIdentity,
  type LocalIdentity,
} from '../../../../../server/dev/identity/localIdentity';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../../../../server/dev/identity/localPool';
import {
  completeNewPassword,
  confirm,
  globalSignOut,
  refresh,
  seeded,
  sessionOf,
  signIn,
  signUp,
  userOf,
  userPool,
} from '../../support/cognitoClient';
import { identityCall, serveIdentityFront } from '../../support/identityCall';

/**
 * The local identity server as the app uses it: amazon-cognito-identity-js, in Node, against the
 * SRP front on a local HTTP server, with cognito-local behind it in a temporary folder.
 */
const temp = mkdtempSync(join(tmpdir(), 'globe-identity-test-'));
const dir = join(temp, 'identity');
const logged: string[] = [];
let identity: LocalIdentity;
let front: Awaited<ReturnType<typeof serveIdentityFront>> | undefined;
let endpoint: string;

// The library's SRP maths is plain JavaScript: each sign-in costs the client about half a second.
const SLOW = 30_000;

beforeAll(async () => {
  identity = await startLocalIdentity({ dir, log: (line) => logged.push(line) });
  // Delegates to whichever identity is current, so the restart test can swap it underneath.
  front = await serveIdentityFront(() => identity);
  endpoint = front.endpoint;
}, SLOW);

afterAll(async () => {
  await front?.close();
  await identity?.stop();
  rmSync(temp, { recursive: true, force: true });
});

/** A raw call to the front, as the library would make it. */
const call = (action: string, body: unknown) => identityCall(endpoint, action, body);

describe('startLocalIdentity', () => {
  it('answers with the fixed pool and client, its issuer and keys, and the seeded accounts', async () => {
    expect(identity).toMatchObject({
      poolId: 'local_GlobeArch',
      clientId: 'globearchivelocalclient',
      region: 'local',
      dir,
      confirmationCode: '123456',
    });
    expect(identity.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/local_GlobeArch$/);
    expect(identity.adminEndpoint).toBe(identity.issuer.replace('/local_GlobeArch', ''));
    expect(identity.adminCredentials.accessKeyId).toMatch(/^LOCAL[A-Z2-7]{27}$/);
    expect(identity.accounts.map(({ username, groups }) => ({ username, groups }))).toEqual([
      { username: 'editor', groups: ['editor'] },
      { username: 'visitor', groups: [] },
    ]);
    const jwks = (await (
      await fetch(`${endpoint}${LOCAL_POOL_ID}/.well-known/jwks.json`)
    ).json()) as {
      keys: { kid: string }[];
    };
    expect(jwks).toEqual(identity.jwks);
    expect(jwks.keys).toHaveLength(1);
    // A key of this installation's, not the one cognito-local's package ships.
    expect(jwks.keys[0]?.kid).not.toBe('CognitoLocal');
    expect(existsSync(join(dir, `${LOCAL_POOL_ID}.json`))).toBe(true);
  });

  it(
    'signs up with no attributes, confirms with the fixed code and signs in with SRP',
    async () => {
      const pool = userPool(endpoint);
      await signUp(pool, 'new-reader', 'Reader-Pass-1!');
      await expect(confirm(userOf(pool, 'new-reader'), '654321')).rejects.toMatchObject({
        code: 'CodeMismatchException',
      });
      await confirm(userOf(pool, 'new-reader'), identity.confirmationCode);

      const session = await sessionOf(userOf(pool, 'new-reader'), 'Reader-Pass-1!');
      expect(session.isValid()).toBe(true);
      const id = decodeJwt(session.getIdToken().getJwtToken());
      expect(id).toMatchObject({
        iss: identity.issuer,
        aud: LOCAL_CLIENT_ID,
        'cognito:username': 'new-reader',
      });
      expect(decodeJwt(session.getAccessToken().getJwtToken())['cognito:groups']).toBeUndefined();
    },
    SLOW,
  );

  it(
    "gives the seeded editor tokens that list the editor group and verify against the pool's keys",
    async () => {
      const editor = seeded(identity, 'editor');
      const session = await sessionOf(userOf(userPool(endpoint), 'editor'), editor.password);
      const keys = createRemoteJWKSet(new URL(`${endpoint}${LOCAL_POOL_ID}/.well-known/jwks.json`));
      const { payload: access } = await jwtVerify(session.getAccessToken().getJwtToken(), keys, {
        issuer: identity.issuer,
      });
      expect(access).toMatchObject({
        token_use: 'access',
        client_id: LOCAL_CLIENT_ID,
        'cognito:groups': ['editor'],
      });
      const { payload: id } = await jwtVerify(session.getIdToken().getJwtToken(), keys, {
        issuer: identity.issuer,
        audience: LOCAL_CLIENT_ID,
      });
      expect(id).toMatchObject({ email: 'editor@globe-archive.local', email_verified: true });
    },
    SLOW,
  );

  it(
    'refuses a wrong password and an unknown user alike, as Cognito does',
    async () => {
      const visitor = seeded(identity, 'visitor');
      const pool = userPool(endpoint);
      const refused = {
        code: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      };
      await expect(signIn(userOf(pool, 'visitor'), `${visitor.password}x`)).rejects.toMatchObject(
        refused,
      );
      await expect(signIn(userOf(pool, 'nobody'), visitor.password)).rejects.toMatchObject(refused);
      expect(
        await call('InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: LOCAL_CLIENT_ID,
          AuthParameters: { USERNAME: 'nobody', SRP_A: 'abc' },
        }),
      ).toEqual({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      });
      // The visitor still signs in: a refusal leaves nothing behind.
      await sessionOf(userOf(pool, 'visitor'), visitor.password);
    },
    SLOW,
  );

  it(
    'takes an admin-created user through NEW_PASSWORD_REQUIRED, checking the password policy',
    async () => {
      const admin = new CognitoIdentityProviderClient({
        region: identity.region,
        endpoint: identity.adminEndpoint,
        // A copy: the SDK writes its own bookkeeping into the object it is given.
        credentials: { ...identity.adminCredentials },
      });
      await admin.send(
        new AdminCreateUserCommand({
          UserPoolId: identity.poolId,
          Username: 'invited',
          TemporaryPassword: 'Temporary-1!',
          MessageAction: 'SUPPRESS',
        }),
      );
      admin.destroy();

      const user = userOf(userPool(endpoint), 'invited');
      await expect(signIn(user, 'Temporary-2!')).rejects.toMatchObject({
        code: 'NotAuthorizedException',
      });
      expect(await signIn(user, 'Temporary-1!')).toMatchObject({ kind: 'newPasswordRequired' });
      await expect(completeNewPassword(user, 'weak')).rejects.toMatchObject({
        code: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      });
      // The same session answers again once the password is fixed.
      const session = await completeNewPassword(user, 'Invited-Pass-1!');
      expect(decodeJwt(session.getAccessToken().getJwtToken())).toMatchObject({
        username: 'invited',
      });
      expect(await signIn(userOf(userPool(endpoint), 'invited'), 'Invited-Pass-1!')).toMatchObject({
        kind: 'session',
      });
    },
    SLOW,
  );

  it(
    'refreshes with the refresh token until a global sign-out ends it',
    async () => {
      const visitor = seeded(identity, 'visitor');
      const user = userOf(userPool(endpoint), 'visitor');
      const session = await sessionOf(user, visitor.password);
      const refreshToken = session.getRefreshToken().getToken();

      const refreshed = await refresh(user, refreshToken);
      expect(decodeJwt(refreshed.getAccessToken().getJwtToken())).toMatchObject({
        iss: identity.issuer,
        username: 'visitor',
      });
      expect(refreshed.getRefreshToken().getToken()).toBe(refreshToken);

      await globalSignOut(user);
      // Raw, because the library retries a failed refresh with backoff for 5 s (SPEC §7).
      expect(
        await call('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: LOCAL_CLIENT_ID,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      ).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
      expect(await call('GlobalSignOut', { AccessToken: 'not-a-token' })).toEqual({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Invalid Access Token' },
      });
    },
    SLOW,
  );

  it('refuses what Cognito refuses a browser: IAM-only actions, disabled flows, weak passwords', async () => {
    expect(
      await call('AdminAddUserToGroup', {
        UserPoolId: LOCAL_POOL_ID,
        Username: 'visitor',
        GroupName: 'editor',
      }),
    ).toEqual({
      status: 400,
      body: {
        __type: 'MissingAuthenticationTokenException',
        message: 'Missing Authentication Token',
      },
    });
    expect(
      await call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: LOCAL_CLIENT_ID,
        AuthParameters: { USERNAME: 'visitor', PASSWORD: 'x' },
      }),
    ).toEqual({
      status: 400,
      body: {
        __type: 'InvalidParameterException',
        message: 'USER_PASSWORD_AUTH flow not enabled for this client',
      },
    });
    expect(
      await call('InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: 'someoneelse',
        AuthParameters: { USERNAME: 'visitor', SRP_A: 'abc' },
      }),
    ).toMatchObject({
      status: 400,
      body: { __type: 'ResourceNotFoundException' },
    });
    await expect(signUp(userPool(endpoint), 'weakling', 'alllowercase1!')).rejects.toMatchObject({
      code: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    expect(
      await call('RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: LOCAL_CLIENT_ID,
        Session: 'made-up',
        ChallengeResponses: { USERNAME: 'visitor', NEW_PASSWORD: 'Hijacked-Pass-1!' },
      }),
    ).toEqual({
      status: 400,
      body: {
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      },
    });
  });

  it(
    'keeps users, ids and keys across a restart on the same folder',
    async () => {
      const { issuer, jwks, adminCredentials } = identity;
      await identity.stop();
      identity = await startLocalIdentity({ dir, log: (line) => logged.push(line) });
      expect(identity).toMatchObject({ poolId: LOCAL_POOL_ID, clientId: LOCAL_CLIENT_ID, dir });
      // The installation's key and admin key id are kept with its users.
      expect(identity.jwks).toEqual(jwks);
      expect(identity.adminCredentials.accessKeyId).toBe(adminCredentials.accessKeyId);
      // A new port, so a new issuer: sessions from before a restart are not accepted by /login.
      expect(identity.issuer).not.toBe(issuer);

      const session = await sessionOf(userOf(userPool(endpoint), 'new-reader'), 'Reader-Pass-1!');
      expect(decodeJwt(session.getIdToken().getJwtToken()).iss).toBe(identity.issuer);
      expect(logged.filter((line) => !line.startsWith('Identity: code'))).toEqual([]);

      // Started for a build with the plain-password flow, the same folder's client allows it.
      const plain = () =>
        call('InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: LOCAL_CLIENT_ID,
          AuthParameters: { USERNAME: 'new-reader', PASSWORD: 'Reader-Pass-1!' },
        });
      await identity.stop();
      identity = await startLocalIdentity({ dir, log: () => {}, authFlow: 'USER_PASSWORD_AUTH' });
      expect((await plain()).status).toBe(200);
      await identity.stop();
      identity = await startLocalIdentity({ dir, log: (line) => logged.push(line) });
      expect((await plain()).body).toMatchObject({ __type: 'InvalidParameterException' });
    },
    SLOW,
  );
});
