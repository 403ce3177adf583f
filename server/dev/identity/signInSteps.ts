/**
 * The sign-in steps that more than one flow takes: USER_SRP_AUTH's first step (the password
 * check, which CUSTOM_AUTH starts too) and, once the password is proven, issuing the tokens.
 */
import { parseObject, stringField, type ForwardedRequest } from './cognitoProtocol';
import type { FrontContext } from './frontContext';
import { INCORRECT_CREDENTIALS } from './passwordVerifier';

function internalInitiateAuth(body: unknown): ForwardedRequest {
  return { action: 'InitiateAuth', body: Buffer.from(JSON.stringify(body)) };
}

/** The shared sign-in steps of one front. */
export function createSignInSteps(context: FrontContext) {
  const { verifier, lockout, devices, pass, settled, attemptsExceeded } = context;

  /**
   * Issues the tokens of a user whose sign-in is proven: cognito-local's own password flow, so
   * they are exactly what it would give (or its next challenge); then the device is looked at.
   */
  async function signIn(
    clientId: string,
    user: { username: string; password: string },
    clientMetadata: unknown,
    deviceKey: string | undefined,
  ) {
    const reply = await pass(
      internalInitiateAuth({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: user.username, PASSWORD: user.password },
        ClientMetadata: clientMetadata,
      }),
      clientId,
    );
    return settled(
      await devices.afterAnswer(reply, { clientId, username: user.username, deviceKey }),
      user.username,
    );
  }

  /** USER_SRP_AUTH's first step: refused while the username is locked out. */
  async function startSrp(clientId: string, input: Record<string, unknown>) {
    const username = stringField(input.AuthParameters, 'USERNAME') ?? '';
    if (username !== '' && lockout.isLocked(username)) return attemptsExceeded();
    const reply = await verifier.challenge(clientId, input.AuthParameters);
    // An unknown user is refused here; counted like a wrong password, so that a lockout says
    // nothing about which usernames exist.
    if (
      username !== '' &&
      stringField(parseObject(reply.body), 'message') === INCORRECT_CREDENTIALS
    )
      lockout.failed(username, false);
    return reply;
  }

  return { signIn, startSrp };
}

/** What `createSignInSteps` makes. */
export type SignInSteps = ReturnType<typeof createSignInSteps>;
