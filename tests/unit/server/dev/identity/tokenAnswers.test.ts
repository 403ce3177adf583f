import type { OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoAuth } from '@/features/auth/cognitoAuth';
import {
  startLocalIdentity,
  type LocalIdentity,
} from '../../../../../server/dev/identity/localIdentity';
import {
  LOCAL_CLIENT_ID,
  LOCAL_POOL_ID,
  SEEDED_ACCOUNTS,
} from '../../../../../server/dev/identity/localPool';
import { memoryStorage } from '../../../support/memoryStorage';
import { identityAnswer, serveIdentityFront } from '../../support/identityCall';

/**
 * The local identity server's answers are never kept by a cache (issue 45): tokens, sign-in
 * sessions and an authenticator's secret travel in them, so every answer of its API says
 * `Cache-Control: no-store` (as OAuth 2.0 requires of token answers, RFC 6749 §5.1), errors too.
 * Read as the app's own client meets them: a sign-in by SRP and a refresh, then raw calls.
 */
let identity: LocalIdentity;
let front: Awaited<ReturnType<typeof serveIdentityFront>> | undefined;
let endpoint: string;
const SLOW = 60_000;
const [EDITOR] = SEEDED_ACCOUNTS;

/** Every answer the front wrote: the action asked, its status and its headers. */
const answers: { action: string; status: number; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  identity = await startLocalIdentity({
    dir: null,
    log: () => undefined,
    authFlow: 'USER_PASSWORD_AUTH',
  });
  front = await serveIdentityFront(() => ({
    handler: async (req, res) => {
      const action =
        String(req.headers['x-amz-target'] ?? req.method)
          .split('.')
          .pop() ?? '';
      const writeHead = res.writeHead.bind(res) as (
        status: number,
        headers?: OutgoingHttpHeaders,
      ) => typeof res;
      res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
        const named = Object.fromEntries(
          Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
        );
        answers.push({ action, status, headers: named });
        return writeHead(status, headers);
      }) as typeof res.writeHead;
      await identity.handler(req, res);
    },
  }));
  endpoint = front.endpoint;
}, SLOW);

afterAll(async () => {
  await front?.close();
  await identity?.stop();
});

async function call(action: string, body: unknown) {
  const { status, headers, body: answer } = await identityAnswer(endpoint, action, body);
  return { status, cache: headers.get('cache-control'), body: answer };
}

describe("the local identity server's token answers", () => {
  it(
    'say no-store to the app’s sign-in by SRP and its refresh',
    async () => {
      if (!EDITOR) throw new Error('no seeded editor');
      const auth = createCognitoAuth({
        userPoolId: LOCAL_POOL_ID,
        clientId: LOCAL_CLIENT_ID,
        endpoint,
        storage: memoryStorage(),
        authFlow: 'USER_SRP_AUTH',
      });
      answers.length = 0;
      expect((await auth.signIn(EDITOR.username, EDITOR.password)).kind).toBe('signedIn');
      expect(await auth.refresh()).toMatchObject({ username: EDITOR.username });
      const seen = answers.map(({ action, status }) => `${action} ${status}`);
      // The SRP start, the password's proof (tokens), the refresh (tokens); maybe more reads.
      expect(seen.filter((line) => line === 'InitiateAuth 200')).toHaveLength(2);
      expect(seen).toContain('RespondToAuthChallenge 200');
      for (const answer of answers) {
        expect(answer.headers['cache-control'], `${answer.action} ${answer.status}`).toBe(
          'no-store',
        );
      }
    },
    SLOW,
  );

  it(
    'say no-store to a password sign-in, a refresh, an authenticator’s secret and a refusal',
    async () => {
      if (!EDITOR) throw new Error('no seeded editor');
      const signIn = await call('InitiateAuth', {
        ClientId: LOCAL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: EDITOR.username, PASSWORD: EDITOR.password },
      });
      expect(signIn.status).toBe(200);
      expect(signIn.cache).toBe('no-store');
      const result = (signIn.body as { AuthenticationResult: Record<string, string> })
        .AuthenticationResult;
      expect(result.AccessToken).toBeTruthy();

      const refreshed = await call('InitiateAuth', {
        ClientId: LOCAL_CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: result.RefreshToken },
      });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({
        AuthenticationResult: { AccessToken: expect.any(String) },
      });
      expect(refreshed.cache).toBe('no-store');

      const secret = await call('AssociateSoftwareToken', { AccessToken: result.AccessToken });
      expect(secret.body).toMatchObject({ SecretCode: expect.any(String) });
      expect(secret.cache).toBe('no-store');

      const refused = await call('InitiateAuth', {
        ClientId: LOCAL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: EDITOR.username, PASSWORD: 'Not-The-Password-1!' },
      });
      expect(refused.status).toBe(400);
      expect(refused.cache).toBe('no-store');
    },
    SLOW,
  );
});
