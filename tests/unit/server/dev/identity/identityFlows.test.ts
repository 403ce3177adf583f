import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoAuth, type SignInStep } from '@/features/auth/cognitoAuth';
import {
  startLocalIdentity,
  type LocalIdentity,
} from '../../../../../server/dev/identity/localIdentity';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../../../../server/dev/identity/localPool';
import { CUSTOM_CHALLENGE_PROMPT } from '../../../../../server/dev/identity/srpFront';
import { memoryStorage } from '../../../support/memoryStorage';
import { identityCall, serveIdentityFront } from '../../support/identityCall';

/**
 * The sign-in flows configuration chooses (issue 18, point 4), and ResendConfirmationCode (point 3),
 * end to end in Node: the app's own AuthService (amazon-cognito-identity-js) against the local
 * identity server set up for the custom flow (the password, then the code it prints).
 */
let identity: LocalIdentity;
let front: Awaited<ReturnType<typeof serveIdentityFront>> | undefined;
let endpoint: string;
const logged: string[] = [];
const SLOW = 60_000;
const PASSWORD = 'Flows-Local-2025!';

beforeAll(async () => {
  identity = await startLocalIdentity({
    dir: null,
    log: (line) => logged.push(line),
    authFlow: 'CUSTOM_AUTH',
  });
  front = await serveIdentityFront(() => identity);
  endpoint = front.endpoint;
}, SLOW);

afterAll(async () => {
  await front?.close();
  await identity?.stop();
});

function authWith(authFlow: string) {
  return createCognitoAuth({
    userPoolId: LOCAL_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    endpoint,
    storage: memoryStorage(),
    authFlow,
  });
}

const call = (action: string, body: unknown) => identityCall(endpoint, action, body);

function expectStep<K extends SignInStep['kind']>(step: SignInStep, kind: K) {
  expect(step.kind).toBe(kind);
  return step as Extract<SignInStep, { kind: K }>;
}

async function newAccount(): Promise<string> {
  const username = `flows${Math.random().toString(36).slice(2, 9)}`;
  const auth = authWith('CUSTOM_AUTH');
  await auth.signUp(username, PASSWORD);
  await auth.confirmSignUp(username, identity.confirmationCode);
  return username;
}

describe('ResendConfirmationCode on the local identity server', () => {
  it('gives an unconfirmed account a new code, printed like the first, that confirms it', async () => {
    const auth = authWith('USER_SRP_AUTH');
    const username = `resend${Math.random().toString(36).slice(2, 9)}`;
    await auth.signUp(username, PASSWORD);
    const before = logged.length;
    // Sign-up sent no e-mail address: the code goes nowhere the app could name.
    expect(await auth.resendCode(username)).toBeNull();
    expect(logged.slice(before)).toEqual([
      `Identity: code ${identity.confirmationCode} for ${username} (to the console): sign-up confirmation, sent again.`,
    ]);
    await auth.confirmSignUp(username, identity.confirmationCode);
    // Cognito's answer for a confirmed account; for nobody, what an unconfirmed account gets
    // (user-existence protection), with nothing printed.
    expect(
      (await call('ResendConfirmationCode', { ClientId: LOCAL_CLIENT_ID, Username: username }))
        .body,
    ).toEqual({ __type: 'InvalidParameterException', message: 'User is already confirmed.' });
    const printed = logged.length;
    expect(
      (await call('ResendConfirmationCode', { ClientId: LOCAL_CLIENT_ID, Username: 'nobody-here' }))
        .body,
    ).toEqual({ CodeDeliveryDetails: {} });
    expect(logged.length).toBe(printed);
    expect(
      (await call('ResendConfirmationCode', { ClientId: 'someoneelse', Username: username })).body,
    ).toMatchObject({ __type: 'ResourceNotFoundException' });
  });
});

describe('the sign-in flow chosen by configuration', () => {
  it(
    'custom: the password, then the pool’s prompt; a wrong answer is asked again, the code signs in',
    async () => {
      const username = await newAccount();
      const auth = authWith('CUSTOM_AUTH');
      const before = logged.length;
      const challenge = expectStep(await auth.signIn(username, PASSWORD), 'customChallenge');
      expect(challenge.parameters.prompt).toBe(CUSTOM_CHALLENGE_PROMPT);
      expect(logged.slice(before)).toEqual([
        `Identity: code ${identity.confirmationCode} for ${username}: sign-in (custom challenge).`,
      ]);
      const again = expectStep(await challenge.answer('000000'), 'customChallenge');
      const signedIn = expectStep(await again.answer(identity.confirmationCode), 'signedIn');
      expect(signedIn.session.username).toBe(username);
      expect(await auth.currentSession()).toMatchObject({ username });
    },
    SLOW,
  );

  it(
    'custom: a wrong password never reaches the challenge; three wrong answers end the sign-in',
    async () => {
      const username = await newAccount();
      const auth = authWith('CUSTOM_AUTH');
      await expect(auth.signIn(username, 'Not-The-Password-1!')).rejects.toMatchObject({
        code: 'NotAuthorizedException',
      });
      let step = expectStep(await auth.signIn(username, PASSWORD), 'customChallenge');
      step = expectStep(await step.answer('111111'), 'customChallenge');
      step = expectStep(await step.answer('222222'), 'customChallenge');
      await expect(step.answer('333333')).rejects.toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
      // An answer with no password behind it (a made-up session) is refused.
      expect(
        (
          await call('RespondToAuthChallenge', {
            ClientId: LOCAL_CLIENT_ID,
            ChallengeName: 'CUSTOM_CHALLENGE',
            Session: 'made-up',
            ChallengeResponses: { USERNAME: username, ANSWER: identity.confirmationCode },
          })
        ).body,
      ).toMatchObject({ __type: 'NotAuthorizedException' });
      // Nor is a custom sign-in that skips the password.
      expect(
        (
          await call('InitiateAuth', {
            ClientId: LOCAL_CLIENT_ID,
            AuthFlow: 'CUSTOM_AUTH',
            AuthParameters: { USERNAME: username },
          })
        ).body,
      ).toMatchObject({ __type: 'NotAuthorizedException' });
    },
    SLOW,
  );

  it('SRP stays allowed beside it; a flow the client does not allow is refused', async () => {
    const username = await newAccount();
    expectStep(await authWith('USER_SRP_AUTH').signIn(username, PASSWORD), 'signedIn');
    await expect(authWith('USER_PASSWORD_AUTH').signIn(username, PASSWORD)).rejects.toMatchObject({
      code: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    });
    // SPEC §5: the library's own words for a flow it does not know, and for no password.
    await expect(authWith('USER_SRP_AUTH_TYPO').signIn(username, PASSWORD)).rejects.toMatchObject({
      message: 'Authentication flow type is invalid.',
    });
    await expect(authWith('USER_PASSWORD_AUTH').signIn(username, '')).rejects.toMatchObject({
      message: 'PASSWORD parameter is required',
    });
  });
});
