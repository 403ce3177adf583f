import { statSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../../../server/node/http';
import type { LocalIdentity } from '../../../../../server/dev/identity/localIdentity';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../../../../server/dev/identity/localPool';
import { SECRETS_FILE } from '../../../../../server/dev/identity/signingKey';
import { startIdentityServer } from '../../support/identityCall';
import { mintWithPublishedKey } from '../../support/publishedEmulatorKey';
import { memoryStorage } from '../../../support/memoryStorage';

/**
 * The local identity server as an attacker meets it: through the app server's `/identity/` (from
 * any origin a page could have), on cognito-local's own port, and with tokens anyone could mint.
 * Each test tries one hole of a black-box probe and checks that nothing changed.
 */
const temp = mkdtempSync(join(tmpdir(), 'globe-identity-attacks-'));
const APP = 'https://app.example.org';
const EVIL = 'https://evil.example';
const SLOW = 30_000;
let server: RunningServer;
let local: LocalIdentity;
let admin: CognitoIdentityProviderClient;

beforeAll(async () => {
  ({ server, local, admin } = await startIdentityServer(temp, { APP_ORIGIN: APP }));
}, SLOW);

afterAll(async () => {
  admin?.destroy();
  await server?.close();
  rmSync(temp, { recursive: true, force: true });
});

const identityUrl = () => `${server.url}/identity/`;

/** A raw call to the front with any target header, as a script (or a page) could send it. */
async function call(target: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(identityUrl(), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      ...(target === null ? {} : { 'X-Amz-Target': target }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as { __type?: string; message?: string } | null,
  };
}

async function groupsOf(username: string): Promise<string[]> {
  const answer = await admin.send(
    new AdminListGroupsForUserCommand({ UserPoolId: LOCAL_POOL_ID, Username: username }),
  );
  return (answer.Groups ?? []).map((group) => group.GroupName ?? '');
}

async function userExists(username: string): Promise<boolean> {
  try {
    await admin.send(new AdminGetUserCommand({ UserPoolId: LOCAL_POOL_ID, Username: username }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

/** The app's sign-in (USER_SRP_AUTH through amazon-cognito-identity-js): the access token. */
function signIn(username: string, password: string): Promise<string> {
  const pool = new CognitoUserPool({
    UserPoolId: LOCAL_POOL_ID,
    ClientId: LOCAL_CLIENT_ID,
    endpoint: identityUrl(),
    Storage: memoryStorage(),
  });
  const user = new CognitoUser({ Username: username, Pool: pool, Storage: memoryStorage() });
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), {
      onSuccess: (session) => resolve(session.getAccessToken().getJwtToken()),
      onFailure: reject,
    }),
  );
}

function password(username: string): string {
  const account = local.accounts.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`${username} is not seeded`);
  return account.password;
}

const UNKNOWN_OPERATION = {
  __type: 'UnknownOperationException',
  message:
    'The action or operation requested is invalid. Verify that the action is typed correctly.',
};

describe('the identity front reads the target strictly', () => {
  it(
    'refuses any other prefix: no admin call, no made-up challenge, no disallowed flow, no weak password',
    async () => {
      const attempts: [string, unknown][] = [
        [
          'X.AdminAddUserToGroup',
          { UserPoolId: LOCAL_POOL_ID, Username: 'visitor', GroupName: 'editor' },
        ],
        [
          'X.RespondToAuthChallenge',
          {
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            ClientId: LOCAL_CLIENT_ID,
            Session: 'made-up',
            ChallengeResponses: { USERNAME: 'editor', NEW_PASSWORD: 'Hijacked-Pass-1!' },
          },
        ],
        [
          'X.InitiateAuth',
          {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: LOCAL_CLIENT_ID,
            AuthParameters: { USERNAME: 'editor', PASSWORD: password('editor') },
          },
        ],
        ['X.SignUp', { ClientId: LOCAL_CLIENT_ID, Username: 'weakling', Password: 'a' }],
        ['awscognitoidentityproviderservice.SignUp', { Username: 'weakling', Password: 'a' }],
        ['AWSCognitoIdentityProviderService.SignUp.X', { Username: 'weakling', Password: 'a' }],
        ['AWSCognitoIdentityProviderService.', {}],
        ['AWSCognitoIdentityProviderService.NoSuchAction', {}],
      ];
      for (const [target, body] of attempts) {
        const answer = await call(target, body);
        expect({ target, status: answer.status, body: answer.body }).toEqual({
          target,
          status: 400,
          body: UNKNOWN_OPERATION,
        });
      }
      expect((await call(null, {})).body).toEqual(UNKNOWN_OPERATION);
      // IAM-only actions, spelled right, are refused as Cognito refuses them to a browser.
      for (const action of ['AdminAddUserToGroup', 'AdminSetUserPassword', 'ListUsers']) {
        expect((await call(`AWSCognitoIdentityProviderService.${action}`, {})).body).toEqual({
          __type: 'MissingAuthenticationTokenException',
          message: 'Missing Authentication Token',
        });
      }
      // Nothing happened: the visitor is no editor, no weak account exists, and the editor's
      // password (and so the account) is still the editor's.
      expect(await groupsOf('visitor')).toEqual([]);
      expect(await userExists('weakling')).toBe(false);
      expect(decodeJwt(await signIn('editor', password('editor')))['cognito:groups']).toEqual([
        'editor',
      ]);
    },
    SLOW,
  );

  it('applies the client, flow and body rules on the real target too', async () => {
    const initiate = (flow: string) =>
      call('AWSCognitoIdentityProviderService.InitiateAuth', {
        AuthFlow: flow,
        ClientId: LOCAL_CLIENT_ID,
        AuthParameters: { USERNAME: 'editor', PASSWORD: password('editor') },
      });
    expect((await initiate('USER_PASSWORD_AUTH')).body).toEqual({
      __type: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    });
    for (const flow of ['ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH', 'SOMETHING']) {
      expect((await initiate(flow)).body).toMatchObject({
        __type: 'InvalidParameterException',
        message: expect.stringContaining(`Value '${flow}' at 'authFlow'`),
      });
    }
    const signUp = await call('AWSCognitoIdentityProviderService.SignUp', {
      ClientId: LOCAL_CLIENT_ID,
      Username: 'weakling',
      Password: 'a',
    });
    expect(signUp.body?.__type).toBe('InvalidPasswordException');
    const plain = await fetch(identityUrl(), {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: JSON.stringify({
        ClientId: LOCAL_CLIENT_ID,
        Username: 'plain',
        Password: 'Plain-1!aa',
      }),
    });
    expect(plain.status).toBe(415);
    expect(await userExists('weakling')).toBe(false);
    expect(await userExists('plain')).toBe(false);
    // cognito-local's other routes (its OAuth2 endpoints) are not reachable through the front.
    expect((await fetch(`${identityUrl()}oauth2/token`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${identityUrl()}health`)).status).toBe(404);
  });
});

describe('the identity front and web pages', () => {
  it('answers CORS only to the app, never to another site', async () => {
    const preflight = (origin: string) =>
      fetch(identityUrl(), {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent',
        },
      });
    const evil = await preflight(EVIL);
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const app = await preflight(APP);
    expect(app.status).toBe(204);
    expect(app.headers.get('access-control-allow-origin')).toBe(APP);
    expect(app.headers.get('access-control-allow-headers')).toMatch(/X-Amz-Target/);

    // Sent anyway (a page cannot, but a script can say it is one): refused, and nothing done.
    const signUp = {
      ClientId: LOCAL_CLIENT_ID,
      Username: 'from-evil',
      Password: 'Evil-Pass-2025!',
    };
    const fromEvil = await call('AWSCognitoIdentityProviderService.SignUp', signUp, {
      Origin: EVIL,
    });
    expect(fromEvil.status).toBe(403);
    expect(fromEvil.headers.get('access-control-allow-origin')).toBeNull();
    expect(await userExists('from-evil')).toBe(false);

    // The app's own pages (same origin) and the configured app origin are answered.
    const fromApp = await call(
      'AWSCognitoIdentityProviderService.SignUp',
      { ...signUp, Username: 'from-app' },
      { Origin: APP },
    );
    expect(fromApp.status).toBe(200);
    expect(fromApp.headers.get('access-control-allow-origin')).toBe(APP);
    const sameSite = await call(
      'AWSCognitoIdentityProviderService.SignUp',
      { ...signUp, Username: 'same-site' },
      { Origin: server.url },
    );
    expect(sameSite.status).toBe(200);
    expect(sameSite.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a DNS-rebinding page: its requests name its own host, not this machine', async () => {
    const signUpAs = (host: string, username: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(identityUrl());
        const outgoing = request(
          {
            hostname: url.hostname,
            port: url.port,
            method: 'POST',
            path: url.pathname,
            headers: {
              Host: host,
              // Same-origin as far as the browser knows: the page's name now points here.
              Origin: `http://${host}`,
              'Content-Type': 'application/x-amz-json-1.1',
              'X-Amz-Target': 'AWSCognitoIdentityProviderService.SignUp',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(
          JSON.stringify({
            ClientId: LOCAL_CLIENT_ID,
            Username: username,
            Password: 'Rebound-Pass-2025!',
          }),
        );
      });
    const port = new URL(server.url).port;
    expect(await signUpAs(`rebound.example:${port}`, 'rebound')).toBe(421);
    expect(await userExists('rebound')).toBe(false);
    // The names of this machine, and the app's configured origin, are answered.
    expect(await signUpAs(`localhost:${port}`, 'by-localhost')).toBe(200);
    expect(await signUpAs('app.example.org', 'by-app-origin')).toBe(200);
  });

  it("keeps cognito-local's own port to the front and to callers with the installation's key", async () => {
    const addToEditors = {
      UserPoolId: LOCAL_POOL_ID,
      Username: 'visitor',
      GroupName: 'editor',
    };
    const raw = (headers: Record<string, string>, method = 'POST') =>
      new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
        const url = new URL(local.adminEndpoint);
        const outgoing = request(
          {
            hostname: url.hostname,
            port: url.port,
            method,
            path: '/',
            headers: {
              'Content-Type': 'application/x-amz-json-1.1',
              'X-Amz-Target': 'AWSCognitoIdentityProviderService.AdminAddUserToGroup',
              ...headers,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(method === 'POST' ? JSON.stringify(addToEditors) : undefined);
      });
    const signedBy = (keyId: string) =>
      `AWS4-HMAC-SHA256 Credential=${keyId}/20250516/local/cognito-idp/aws4_request, SignedHeaders=host, Signature=00`;

    expect((await raw({})).status).toBe(403);
    expect((await raw({ Authorization: signedBy('LOCAL') })).status).toBe(403);
    expect((await raw({ Authorization: signedBy('AKIAIOSFODNN7EXAMPLE') })).status).toBe(403);
    // A web page: a preflight, or a request carrying Origin, even one holding the key.
    const preflight = await raw(
      { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const keyId = local.adminCredentials.accessKeyId;
    expect((await raw({ Origin: EVIL, Authorization: signedBy(keyId) })).status).toBe(403);
    // A DNS-rebinding page reaches the port under its own host name.
    expect(
      (
        await raw({
          Host: `evil.example:${new URL(local.adminEndpoint).port}`,
          Authorization: signedBy(keyId),
        })
      ).status,
    ).toBe(421);
    expect(await groupsOf('visitor')).toEqual([]);
  });
});

describe('tokens', () => {
  it(
    "trusts only this installation's key: cognito-local's published key opens nothing",
    async () => {
      const claims = {
        sub: '00000000-0000-4000-8000-000000000000',
        token_use: 'access',
        client_id: LOCAL_CLIENT_ID,
        username: 'nobody-at-all',
        'cognito:groups': ['editor'],
      };
      const forged = await mintWithPublishedKey(claims, local.issuer);
      const routes: [string, string][] = [
        ['POST', '/api/nodes'],
        ['GET', '/api/nodes/journal'],
        ['PUT', '/api/nodes/some-id'],
        ['DELETE', '/api/nodes/some-id'],
        ['POST', '/api/nodes/some-id/restore'],
        ['GET', '/api/submissions'],
        ['GET', '/api/submissions/1'],
        ['POST', '/api/submissions/1/approve'],
        ['POST', '/api/submissions/1/reject'],
        ['GET', '/api/messages'],
        ['POST', '/api/uploads'],
      ];
      for (const [method, path] of routes) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { Authorization: `Bearer ${forged}`, 'Content-Type': 'application/json' },
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
      }
      const idToken = await mintWithPublishedKey(
        {
          sub: claims.sub,
          token_use: 'id',
          aud: LOCAL_CLIENT_ID,
          'cognito:username': 'editor',
          email: 'editor@globe-archive.local',
          email_verified: true,
        },
        local.issuer,
      );
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${idToken}` },
      });
      expect(login.status).toBe(401);

      // The front checks access tokens itself: cognito-local would only decode them.
      const asEditor = await mintWithPublishedKey({ ...claims, username: 'editor' }, local.issuer);
      for (const [action, body] of [
        ['GetUser', { AccessToken: asEditor }],
        ['DeleteUser', { AccessToken: asEditor }],
        [
          'UpdateUserAttributes',
          {
            AccessToken: asEditor,
            UserAttributes: [{ Name: 'email', Value: 'attacker@evil.example' }],
          },
        ],
        ['DeleteUser', {}],
      ] as const) {
        const answer = await call(`AWSCognitoIdentityProviderService.${action}`, body);
        expect(answer.status).toBe(400);
        expect(answer.body?.__type).toMatch(/NotAuthorizedException|InvalidParameterException/);
      }
      expect(await userExists('editor')).toBe(true);
    },
    SLOW,
  );

  it('makes its key for this installation, readable by its owner only', () => {
    const key = local.jwks.keys[0];
    expect(key?.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key?.kid).not.toBe('CognitoLocal');
    expect(statSync(join(local.dir, SECRETS_FILE)).mode & 0o777).toBe(0o600);
    // The folder it made holds cognito-local's users, passwords in clear text: the owner's alone.
    expect(statSync(local.dir).mode & 0o777).toBe(0o700);
  });
});

describe('wrong passwords', () => {
  it(
    'are let pass five times, then lock the username out as Cognito does, known or not',
    async () => {
      const signUp = await call('AWSCognitoIdentityProviderService.SignUp', {
        ClientId: LOCAL_CLIENT_ID,
        Username: 'forgetful',
        Password: 'Forgetful-Pass-1!',
        UserAttributes: [],
      });
      expect(signUp.status).toBe(200);
      expect(
        (
          await call('AWSCognitoIdentityProviderService.ConfirmSignUp', {
            ClientId: LOCAL_CLIENT_ID,
            Username: 'forgetful',
            ConfirmationCode: local.confirmationCode,
          })
        ).status,
      ).toBe(200);
      const attempt = (secret: string) =>
        signIn('forgetful', secret).then(
          () => 'signed in',
          (error: Error) => error.message,
        );
      for (let tries = 1; tries <= 6; tries += 1) {
        expect(await attempt('Wrong-Pass-1!')).toBe('Incorrect username or password.');
      }
      // Locked now: even the right password is refused, with Cognito's words.
      expect(await attempt('Forgetful-Pass-1!')).toBe('Password attempts exceeded');
      // The first lockout is a second; it ends, and the right password then works.
      await expect.poll(() => attempt('Forgetful-Pass-1!'), { timeout: 5000 }).toBe('signed in');

      // An unknown username locks the same way, so the lockout says nothing about who exists.
      const ghost = () =>
        call('AWSCognitoIdentityProviderService.InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: LOCAL_CLIENT_ID,
          AuthParameters: { USERNAME: 'ghost', SRP_A: 'abc' },
        });
      for (let tries = 1; tries <= 6; tries += 1) {
        expect((await ghost()).body?.message).toBe('Incorrect username or password.');
      }
      expect((await ghost()).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
    },
    SLOW,
  );
});
