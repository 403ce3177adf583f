/**
 * CUSTOM_AUTH as the local pool defines it: the password first (SRP), then a custom challenge
 * asking for the sign-in code the identity server printed. Holds the challenge's prompt, the
 * pending challenges and the answers to them.
 */
import { randomBytes } from 'node:crypto';
import {
  cognitoError,
  jsonReply,
  parseObject,
  stringField,
  type CognitoReply,
} from './cognitoProtocol';
import { ExpiringMap } from './expiringMap';
import type { FrontContext } from './frontContext';
import { INCORRECT_CREDENTIALS, SESSION_EXPIRED } from './passwordVerifier';
import type { SignInSteps } from './signInSteps';

/**
 * What the local pool's custom challenge asks (CUSTOM_AUTH): after the password, the sign-in code
 * the identity server printed, as a pool's CreateAuthChallenge function would e-mail one. The
 * app shows `prompt` as it is.
 */
export const CUSTOM_CHALLENGE_PROMPT =
  'Enter the sign-in code we sent you. (The local identity server prints it in its log.)';
/** Answers a custom challenge takes before the sign-in must start again, as a typical pool's. */
const CUSTOM_ANSWER_TRIES = 3;

/** A custom challenge issued after the password, kept under its Session until answered. */
interface PendingCustom {
  clientId: string;
  username: string;
  code: string;
  triesLeft: number;
  deviceKey: string | undefined;
}

/** The custom challenge of one front, signing in through its shared `steps`. */
export function createCustomChallenge(context: FrontContext, steps: SignInSteps) {
  const { directory, lockout, attemptsExceeded } = context;
  const { signIn, startSrp } = steps;
  /** SRP password checks started by a CUSTOM_AUTH sign-in, by their SECRET_BLOCK. */
  const customPasswordChecks = new ExpiringMap<true>(context.ttl, context.now);
  const customChallenges = new ExpiringMap<PendingCustom>(context.ttl, context.now);

  /** A custom challenge (a fresh Session each time), as a pool's DefineAuthChallenge asks it. */
  function customChallenge(pending: PendingCustom): CognitoReply {
    const session = randomBytes(48).toString('base64');
    customChallenges.set(session, pending);
    return jsonReply({
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeParameters: { USERNAME: pending.username, prompt: CUSTOM_CHALLENGE_PROMPT },
    });
  }

  /**
   * A proven password's next step when a CUSTOM_AUTH sign-in started its check (by its
   * SECRET_BLOCK, `block`): the custom challenge, its code sent. Null for any other sign-in.
   */
  function afterPassword(
    block: string,
    clientId: string,
    username: string,
    deviceKey: string | undefined,
  ): CognitoReply | null {
    if (!customPasswordChecks.take(block)) return null;
    return customChallenge({
      clientId,
      username,
      code: directory.deliverSignInCode(username),
      triesLeft: CUSTOM_ANSWER_TRIES,
      deviceKey,
    });
  }

  /**
   * The answer to a custom challenge: the code signs in; a wrong one is asked again with a new
   * Session, up to CUSTOM_ANSWER_TRIES in all, then the sign-in must start again. Wrong codes
   * count against the account as wrong passwords do.
   */
  async function customAnswer(clientId: string, input: Record<string, unknown>) {
    const pending = customChallenges.take(stringField(input, 'Session') ?? '');
    const username = stringField(input.ChallengeResponses, 'USERNAME');
    if (!pending || pending.clientId !== clientId || pending.username !== username) {
      return cognitoError('NotAuthorizedException', SESSION_EXPIRED);
    }
    if (lockout.isLocked(pending.username)) return attemptsExceeded();
    const answer = (stringField(input.ChallengeResponses, 'ANSWER') ?? '').trim();
    if (answer !== pending.code) {
      lockout.failed(pending.username, true);
      if (pending.triesLeft <= 1)
        return cognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
      return customChallenge({ ...pending, triesLeft: pending.triesLeft - 1 });
    }
    const user = await directory.findUser(clientId, pending.username);
    if (!user?.enabled) return cognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
    return signIn(clientId, user, input.ClientMetadata, pending.deviceKey);
  }

  /**
   * CUSTOM_AUTH as the local pool defines it: the password first (SRP, as the app's library sends
   * it with CHALLENGE_NAME SRP_A), then a custom challenge. A sign-in without a password is
   * refused: this pool has no password-less flow.
   */
  async function startCustom(clientId: string, input: Record<string, unknown>) {
    if (stringField(input.AuthParameters, 'CHALLENGE_NAME') !== 'SRP_A') {
      return cognitoError(
        'NotAuthorizedException',
        'This pool asks for the password before its custom challenge: send SRP_A with CHALLENGE_NAME SRP_A.',
      );
    }
    const reply = await startSrp(clientId, input);
    const block = stringField(parseObject(reply.body)?.ChallengeParameters, 'SECRET_BLOCK');
    if (reply.status === 200 && block !== undefined) customPasswordChecks.set(block, true);
    return reply;
  }

  return { afterPassword, customAnswer, startCustom };
}
