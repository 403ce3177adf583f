import { randomBytes, randomUUID } from 'node:crypto';
import {
  cognitoError,
  jsonReply,
  parseObject,
  stringField,
  type CognitoReply,
} from './cognitoProtocol';
import {
  answerDeviceCall,
  deviceNotFound,
  deviceOf,
  invalidParameter,
  type IssuedDevice,
} from './deviceCalls';
import { ExpiringMap } from './expiringMap';
import type { IdentityDirectory } from './identityDirectory';
import { INCORRECT_CREDENTIALS, SESSION_EXPIRED } from './passwordVerifier';
import { InvalidSrpAError, isPasswordClaimValid, startDeviceVerifier } from './srp';
import { totpCode } from './totp';

/**
 * Cognito's device tracking, which cognito-local lacks, for a pool that remembers a device when
 * the person asks (`DeviceOnlyRememberedOnUserPrompt`) and lets a remembered device stand in for
 * the second sign-in step:
 *
 * - a sign-in that ends in tokens on a device the pool does not know gets `NewDeviceMetadata`;
 *   the client registers it (ConfirmDevice, with an SRP verifier of a random password it keeps)
 *   and may then mark it remembered (UpdateDeviceStatus);
 * - a sign-in on a remembered device that would be asked for a code is asked instead to prove the
 *   device (DEVICE_SRP_AUTH, then DEVICE_PASSWORD_VERIFIER), after which the front answers the
 *   pending second step itself;
 * - a `DEVICE_KEY` the pool does not know is refused with the ResourceNotFoundException that
 *   tells the client to drop its stored device and try again (SPEC §8);
 * - ListDevices, GetDevice, UpdateDeviceStatus and ForgetDevice act on the token holder's devices.
 */

export { DEVICE_NOT_FOUND, MAX_DEVICES } from './deviceCalls';

/** The second steps a remembered device stands in for. */
const SECOND_STEPS = new Set(['SOFTWARE_TOKEN_MFA', 'SELECT_MFA_TYPE', 'SMS_MFA']);

/** A sign-in held at its second step while the device proves itself. */
interface HeldSignIn {
  clientId: string;
  username: string;
  deviceKey: string;
  /** The second step cognito-local asked for, and its session, to be answered once proven. */
  upstream: { name: string; session: string };
  /**
   * Set once DEVICE_SRP_AUTH is answered: the key the device's signature is checked with and the
   * secret block it must sign.
   */
  proof?: { key: Buffer; secretBlock: string };
}

/** Settings for `createDeviceTracking`. */
export interface DeviceTrackingOptions {
  directory: Pick<
    IdentityDirectory,
    'devicesOf' | 'saveDevices' | 'authenticatorSecretOf' | 'findUser'
  >;
  /** The pool's region, the prefix of a device key (`local_…`, as `us-east-1_…`). */
  region: string;
  /** How long a started device check stays answerable. */
  ttlMs: number;
  now: () => number;
  /** Sends RespondToAuthChallenge upstream (to cognito-local), remembering any next challenge. */
  answerUpstream(body: Record<string, unknown>, clientId: string): Promise<CognitoReply>;
}

/** What a sign-in's answer is checked against: who, through which client, on which device. */
export interface SignInContext {
  clientId: string;
  username: string;
  deviceKey: string | undefined;
}

export interface DeviceTracking {
  /**
   * The refusal for a `DEVICE_KEY` that is not one of the user's devices, or null when there is
   * no key or it is known. Checked before the password answer is used up, so that the client's
   * retry without the key (SPEC §8) finds the same pending check.
   */
  unknownDevice(
    clientId: string,
    username: string,
    deviceKey: string | undefined,
  ): Promise<CognitoReply | null>;
  /**
   * A sign-in step's answer, seen from the device: tokens for a new device get
   * `NewDeviceMetadata`; a second step on a remembered device becomes DEVICE_SRP_AUTH.
   */
  afterAnswer(reply: CognitoReply, context: SignInContext): Promise<CognitoReply>;
  /** Answers DEVICE_SRP_AUTH and DEVICE_PASSWORD_VERIFIER. */
  respond(
    challengeName: string,
    clientId: string,
    input: Record<string, unknown>,
  ): Promise<CognitoReply>;
  /** ConfirmDevice, UpdateDeviceStatus, ListDevices, GetDevice, ForgetDevice for `holder`. */
  call(action: string, holder: string, input: Record<string, unknown>): Promise<CognitoReply>;
}

/** The device calls `DeviceTracking.call` answers. */
export const DEVICE_ACTIONS = new Set([
  'ConfirmDevice',
  'UpdateDeviceStatus',
  'ListDevices',
  'GetDevice',
  'ForgetDevice',
]);

/** The devices a pool's sign-ins go through: its settings and what it keeps between requests. */
interface SignInDevices {
  options: DeviceTrackingOptions;
  /** Devices given to a client in `NewDeviceMetadata`, until it confirms them. */
  issued: ExpiringMap<IssuedDevice>;
  /** Sign-ins held while their device proves itself, by the session given to the client. */
  held: ExpiringMap<HeldSignIn>;
}

/** Notes that the user's device `key` was just signed in with. */
async function touch({ options }: SignInDevices, username: string, key: string): Promise<void> {
  const { directory } = options;
  const devices = await directory.devicesOf(username);
  const at = options.now();
  await directory.saveDevices(
    username,
    devices.map((device) => (device.key === key ? { ...device, lastAuthenticatedMs: at } : device)),
  );
}

/** A new device for the client to confirm, in the tokens' answer. */
function withNewDevice(
  { options, issued }: SignInDevices,
  answer: Record<string, unknown>,
  username: string,
): CognitoReply {
  const key = `${options.region}_${randomUUID()}`;
  const groupKey = `-${randomBytes(9).toString('base64url')}`;
  issued.set(key, { username, groupKey });
  const result = answer.AuthenticationResult as Record<string, unknown>;
  return jsonReply({
    ...answer,
    AuthenticationResult: {
      ...result,
      NewDeviceMetadata: { DeviceKey: key, DeviceGroupKey: groupKey },
    },
  });
}

/**
 * The answer to the held second step `name`, as the person would give it with their
 * authenticator; null for a step only the person can answer.
 */
async function secondStepResponses(
  { options }: SignInDevices,
  sign: HeldSignIn,
  name: string,
): Promise<Record<string, string> | null> {
  const responses: Record<string, string> = { USERNAME: sign.username };
  if (name === 'SELECT_MFA_TYPE') {
    responses.ANSWER = 'SOFTWARE_TOKEN_MFA';
    return responses;
  }
  if (name !== 'SOFTWARE_TOKEN_MFA') return null;
  const secret = await options.directory.authenticatorSecretOf(sign.username);
  if (secret === null) return null;
  responses.SOFTWARE_TOKEN_MFA_CODE = totpCode(secret, options.now());
  return responses;
}

/** Answers the held second step upstream, as the person would with their authenticator. */
async function finishHeld(devices: SignInDevices, sign: HeldSignIn): Promise<CognitoReply> {
  let { name, session } = sign.upstream;
  for (let step = 0; step < 2; step += 1) {
    const responses = await secondStepResponses(devices, sign, name);
    if (responses === null) break;
    const reply = await devices.options.answerUpstream(
      {
        ClientId: sign.clientId,
        ChallengeName: name,
        Session: session,
        ChallengeResponses: responses,
      },
      sign.clientId,
    );
    const answer = parseObject(reply.body);
    if (reply.status !== 200 || answer?.AuthenticationResult) {
      if (reply.status === 200) await touch(devices, sign.username, sign.deviceKey);
      return reply;
    }
    name = stringField(answer, 'ChallengeName') ?? '';
    session = stringField(answer, 'Session') ?? '';
  }
  // Only an authenticator's step can be answered for the person here (the local pool has no
  // text messages): anything else is a sign-in this device cannot finish.
  return cognitoError(
    'NotAuthorizedException',
    'The remembered device cannot finish this sign-in.',
  );
}

/** DEVICE_SRP_AUTH: the device's SRP start, answered with the secret block it must sign. */
async function deviceSrpAuth(
  { options, held }: SignInDevices,
  clientId: string,
  input: Record<string, unknown>,
): Promise<CognitoReply> {
  const session = stringField(input, 'Session') ?? '';
  const sign = held.take(session);
  const responses = input.ChallengeResponses;
  if (
    !sign ||
    sign.proof !== undefined ||
    sign.clientId !== clientId ||
    stringField(responses, 'USERNAME') !== sign.username ||
    stringField(responses, 'DEVICE_KEY') !== sign.deviceKey
  ) {
    return cognitoError('NotAuthorizedException', SESSION_EXPIRED);
  }
  const srpA = stringField(responses, 'SRP_A');
  if (!srpA) return invalidParameter('Missing required parameter SRP_A');
  const { device } = await deviceOf(options.directory, sign.username, sign.deviceKey);
  if (!device?.remembered) return deviceNotFound();
  let started;
  try {
    started = startDeviceVerifier(device.verifier, device.salt, srpA);
  } catch (error) {
    if (error instanceof InvalidSrpAError) return invalidParameter(error.message);
    throw error;
  }
  const secretBlock = randomBytes(96).toString('base64');
  const next = randomBytes(32).toString('base64url');
  held.set(next, { ...sign, proof: { key: started.key, secretBlock } });
  return jsonReply({
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    Session: next,
    ChallengeParameters: {
      USERNAME: sign.username,
      DEVICE_KEY: sign.deviceKey,
      SRP_B: started.srpB,
      SALT: started.salt,
      SECRET_BLOCK: secretBlock,
    },
  });
}

/** DEVICE_PASSWORD_VERIFIER: the device's signature checked, then the held sign-in finished. */
async function devicePasswordVerifier(
  devices: SignInDevices,
  clientId: string,
  input: Record<string, unknown>,
): Promise<CognitoReply> {
  const session = stringField(input, 'Session') ?? '';
  const sign = devices.held.take(session);
  const responses = input.ChallengeResponses;
  const field = (name: string) => stringField(responses, name) ?? '';
  if (
    !sign?.proof ||
    sign.clientId !== clientId ||
    field('USERNAME') !== sign.username ||
    field('DEVICE_KEY') !== sign.deviceKey
  ) {
    return cognitoError('NotAuthorizedException', SESSION_EXPIRED);
  }
  const secretBlock = field('PASSWORD_CLAIM_SECRET_BLOCK');
  const { device } = await deviceOf(devices.options.directory, sign.username, sign.deviceKey);
  if (!device?.remembered) return deviceNotFound();
  const proven =
    secretBlock === sign.proof.secretBlock &&
    isPasswordClaimValid(
      sign.proof.key,
      {
        poolName: device.groupKey,
        userId: device.key,
        secretBlock,
        timestamp: field('TIMESTAMP'),
      },
      field('PASSWORD_CLAIM_SIGNATURE'),
    );
  if (!proven) return cognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
  return finishHeld(devices, sign);
}

/** A sign-in step's answer, seen from the device (see `DeviceTracking.afterAnswer`). */
async function afterAnswer(
  devices: SignInDevices,
  reply: CognitoReply,
  { clientId, username, deviceKey }: SignInContext,
): Promise<CognitoReply> {
  if (reply.status !== 200) return reply;
  const answer = parseObject(reply.body);
  if (!answer) return reply;
  const { device } = await deviceOf(devices.options.directory, username, deviceKey || undefined);
  if (answer.AuthenticationResult && typeof answer.AuthenticationResult === 'object') {
    if (!device) return withNewDevice(devices, answer, username);
    await touch(devices, username, device.key);
    return reply;
  }
  const challenge = stringField(answer, 'ChallengeName') ?? '';
  const session = stringField(answer, 'Session');
  if (!device?.remembered || !SECOND_STEPS.has(challenge) || session === undefined) {
    return reply;
  }
  const next = randomBytes(32).toString('base64url');
  devices.held.set(next, {
    clientId,
    username,
    deviceKey: device.key,
    upstream: { name: challenge, session },
  });
  return jsonReply({
    ChallengeName: 'DEVICE_SRP_AUTH',
    Session: next,
    ChallengeParameters: {},
  });
}

/** Device tracking for one pool, as the comment at the top of this file describes. */
export function createDeviceTracking(options: DeviceTrackingOptions): DeviceTracking {
  const { directory, now } = options;
  const devices: SignInDevices = {
    options,
    issued: new ExpiringMap<IssuedDevice>(options.ttlMs * 5, now),
    held: new ExpiringMap<HeldSignIn>(options.ttlMs, now),
  };

  return {
    async unknownDevice(clientId, username, deviceKey) {
      if (deviceKey === undefined || deviceKey === '') return null;
      const user = await directory.findUser(clientId, username);
      if (!user) return null;
      const { device } = await deviceOf(directory, user.username, deviceKey);
      return device ? null : deviceNotFound();
    },

    afterAnswer: (reply, context) => afterAnswer(devices, reply, context),

    respond(challengeName, clientId, input) {
      return challengeName === 'DEVICE_SRP_AUTH'
        ? deviceSrpAuth(devices, clientId, input)
        : devicePasswordVerifier(devices, clientId, input);
    },

    call: (action, holder, input) =>
      answerDeviceCall({ directory, issued: devices.issued, now }, action, holder, input),
  };
}
