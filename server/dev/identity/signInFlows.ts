/**
 * Sign-in: InitiateAuth (USER_SRP_AUTH, CUSTOM_AUTH, USER_PASSWORD_AUTH, refresh) and
 * RespondToAuthChallenge (PASSWORD_VERIFIER, CUSTOM_CHALLENGE, the device challenges and the
 * challenges cognito-local answers), checked against the client's allowed flows, the challenge
 * sessions and the password lockout.
 */
import { cognitoError, stringField, type ForwardedRequest } from './cognitoProtocol';
import type { ActionHandler } from './accountCodes';
import { createCustomChallenge } from './customChallenge';
import { errorTypeOf, type FrontContext } from './frontContext';
import { passwordPolicyViolation } from './passwordPolicy';
import { SESSION_EXPIRED } from './passwordVerifier';
import { createSignInSteps } from './signInSteps';

/** What Cognito allows a client whose ExplicitAuthFlows were never set. */
const DEFAULT_AUTH_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'];
/** The flows InitiateAuth takes; the ADMIN_ ones are AdminInitiateAuth's, for IAM callers only. */
const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'CUSTOM_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'USER_AUTH',
];

function allowsFlow(authFlows: readonly string[], flow: string): boolean {
  const allowed = authFlows.length > 0 ? authFlows : DEFAULT_AUTH_FLOWS;
  const name = flow === 'REFRESH_TOKEN' ? 'REFRESH_TOKEN_AUTH' : flow;
  // The legacy names (USER_PASSWORD_AUTH without ALLOW_) still count.
  return allowed.includes(`ALLOW_${name}`) || allowed.includes(name);
}

/** The sign-in calls of one front, as its table of actions holds them. */
export function createSignInFlows(context: FrontContext): {
  InitiateAuth: ActionHandler;
  RespondToAuthChallenge: ActionHandler;
} {
  const { directory, passwordPolicy, verifier, challenges, lockout, devices } = context;
  const { pass, keptTokens, settled, attemptsExceeded } = context;
  const steps = createSignInSteps(context);
  const { signIn, startSrp } = steps;
  const custom = createCustomChallenge(context, steps);

  /**
   * Answers a PASSWORD_VERIFIER. Once the password is proven, cognito-local's own password flow
   * issues the tokens (or the next challenge), so they are exactly what it would give.
   */
  async function verifyPassword(clientId: string, input: Record<string, unknown>) {
    const claimed = stringField(input.ChallengeResponses, 'USERNAME') ?? '';
    if (lockout.isLocked(claimed)) return attemptsExceeded();
    const deviceKey = stringField(input.ChallengeResponses, 'DEVICE_KEY');
    // Before the answer is used up: the client drops an unknown device and sends it again.
    const unknownDevice = await devices.unknownDevice(clientId, claimed, deviceKey);
    if (unknownDevice) return unknownDevice;
    const outcome = verifier.verify(clientId, input.ChallengeResponses);
    if ('refusal' in outcome) {
      if (outcome.wrongPasswordFor !== undefined) lockout.failed(outcome.wrongPasswordFor, true);
      return outcome.refusal;
    }
    if (lockout.isLocked(outcome.user.username)) return attemptsExceeded();
    const block = stringField(input.ChallengeResponses, 'PASSWORD_CLAIM_SECRET_BLOCK') ?? '';
    const challenge = custom.afterPassword(block, clientId, outcome.user.username, deviceKey);
    if (challenge) return challenge;
    return signIn(clientId, outcome.user, input.ClientMetadata, deviceKey);
  }

  /**
   * USER_PASSWORD_AUTH, which cognito-local checks: the lockout is counted around it, and the
   * device it names is checked before and looked at after.
   */
  async function plainPassword(
    request: ForwardedRequest,
    input: Record<string, unknown>,
    clientId: string,
    username: string,
  ) {
    if (lockout.isLocked(username)) return attemptsExceeded();
    const deviceKey = stringField(input.AuthParameters, 'DEVICE_KEY');
    const unknownDevice = await devices.unknownDevice(clientId, username, deviceKey);
    if (unknownDevice) return unknownDevice;
    const reply = await pass(request, clientId);
    const error = errorTypeOf(reply);
    const user = await directory.findUser(clientId, username);
    if (error === 'NotAuthorizedException' || error === 'UserNotFoundException') {
      lockout.failed(user?.username ?? username, user !== null);
    }
    return user && error === null
      ? settled(
          await devices.afterAnswer(reply, { clientId, username: user.username, deviceKey }),
          user.username,
        )
      : reply;
  }

  async function initiateAuth(request: ForwardedRequest, input: Record<string, unknown>) {
    const clientId = stringField(input, 'ClientId') ?? '';
    const flow = stringField(input, 'AuthFlow') ?? '';
    if (!AUTH_FLOWS.includes(flow)) {
      return cognitoError(
        'InvalidParameterException',
        `1 validation error detected: Value '${flow}' at 'authFlow' failed to satisfy constraint: ` +
          `Member must satisfy enum value set: [${AUTH_FLOWS.join(', ')}]`,
      );
    }
    const client = await directory.findClient(clientId);
    if (!client) {
      return cognitoError(
        'ResourceNotFoundException',
        `User pool client ${clientId} does not exist.`,
      );
    }
    if (!allowsFlow(client.authFlows, flow)) {
      return cognitoError('InvalidParameterException', `${flow} flow not enabled for this client`);
    }
    if (flow === 'USER_SRP_AUTH') return startSrp(clientId, input);
    if (flow === 'CUSTOM_AUTH') return custom.startCustom(clientId, input);
    const username = stringField(input.AuthParameters, 'USERNAME');
    if (flow === 'USER_PASSWORD_AUTH' && username !== undefined) {
      return plainPassword(request, input, clientId, username);
    }
    return pass(request, clientId);
  }

  async function respondToAuthChallenge(request: ForwardedRequest, input: Record<string, unknown>) {
    const clientId = stringField(input, 'ClientId') ?? '';
    const challengeName = stringField(input, 'ChallengeName');
    if (challengeName === 'PASSWORD_VERIFIER') return verifyPassword(clientId, input);
    if (challengeName === 'CUSTOM_CHALLENGE') return custom.customAnswer(clientId, input);
    const username = stringField(input.ChallengeResponses, 'USERNAME') ?? '';
    if (challengeName === 'DEVICE_SRP_AUTH' || challengeName === 'DEVICE_PASSWORD_VERIFIER') {
      return settled(await devices.respond(challengeName, clientId, input), username);
    }
    // cognito-local answers any challenge for any user without a session: the answer must be to
    // the challenge issued under it, for that client and user.
    const session = stringField(input, 'Session') ?? '';
    const issued = challenges.answerable(session, {
      clientId,
      username,
      name: challengeName ?? '',
    });
    if (issued === undefined) return cognitoError('NotAuthorizedException', SESSION_EXPIRED);
    const holder = issued.username ?? username;
    if (lockout.isLocked(holder)) return attemptsExceeded();
    if (challengeName === 'NEW_PASSWORD_REQUIRED') {
      const violation = passwordPolicyViolation(
        stringField(input.ChallengeResponses, 'NEW_PASSWORD') ?? '',
        passwordPolicy,
      );
      if (violation) return cognitoError('InvalidPasswordException', violation);
    }
    const reply = await keptTokens(await pass(request, clientId), holder);
    if (reply.status === 200) {
      challenges.finish(session);
    } else if (errorTypeOf(reply) === 'CodeMismatchException') {
      // A mistyped code may be corrected with the same session, as on Cognito, a few times; each
      // counts against the account like a wrong password.
      lockout.failed(holder, true);
      challenges.answeredWrongly(session);
    }
    return settled(
      await devices.afterAnswer(reply, {
        clientId,
        username: holder,
        deviceKey: stringField(input.ChallengeResponses, 'DEVICE_KEY'),
      }),
      holder,
    );
  }

  return { InitiateAuth: initiateAuth, RespondToAuthChallenge: respondToAuthChallenge };
}
