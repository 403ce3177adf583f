import { randomBytes, randomUUID } from 'node:crypto';
import {
  cognitoError,
  jsonReply,
  parseObject,
  stringField,
  type CognitoReply,
} from './cognitoProtocol';
import { ExpiringMap } from './expiringMap';
import type { IdentityDirectory, StoredDevice } from './identityDirectory';
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

/** Cognito's answer for a device key it does not know (the client's cue to drop it). */
export const DEVICE_NOT_FOUND = 'Device does not exist.';
/** The most devices kept per user; past it, the longest unused are dropped. */
export const MAX_DEVICES = 100;
/** Cognito's largest ListDevices page. */
const MAX_PAGE = 60;
/** The second steps a remembered device stands in for. */
const SECOND_STEPS = new Set(['SOFTWARE_TOKEN_MFA', 'SELECT_MFA_TYPE', 'SMS_MFA']);
/** Longest DeviceName Cognito takes. */
const MAX_NAME_LENGTH = 1024;
/** A base64 SRP number of 3072 bits is 512 characters; anything far past it is not one. */
const MAX_VERIFIER_LENGTH = 2048;

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

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A device as Cognito's `DeviceType`. */
function deviceType(device: StoredDevice) {
  return {
    DeviceKey: device.key,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      { Name: 'device_name', Value: device.name },
      {
        Name: 'dev:device_remembered_status',
        Value: device.remembered ? 'remembered' : 'not_remembered',
      },
    ],
    DeviceCreateDate: seconds(device.createdMs),
    DeviceLastModifiedDate: seconds(device.modifiedMs),
    DeviceLastAuthenticatedDate: seconds(device.lastAuthenticatedMs),
  };
}

const notFound = () => cognitoError('ResourceNotFoundException', DEVICE_NOT_FOUND);
const invalid = (message: string) => cognitoError('InvalidParameterException', message);

/** Whether `text` is base64 of at most `max` characters. */
const isBase64 = (text: string | undefined, max: number): text is string =>
  text !== undefined &&
  text.length > 0 &&
  text.length <= max &&
  /^[A-Za-z0-9+/]+={0,2}$/.test(text);

export function createDeviceTracking(options: DeviceTrackingOptions): DeviceTracking {
  const { directory, now } = options;
  /** Devices given to a client in `NewDeviceMetadata`, until it confirms them. */
  const issued = new ExpiringMap<{ username: string; groupKey: string }>(options.ttlMs * 5, now);
  /** Sign-ins held while their device proves itself, by the session given to the client. */
  const held = new ExpiringMap<HeldSignIn>(options.ttlMs, now);

  async function deviceOf(username: string, key: string | undefined) {
    if (key === undefined) return { devices: [], device: undefined };
    const devices = await directory.devicesOf(username);
    return { devices, device: devices.find((device) => device.key === key) };
  }

  async function touch(username: string, key: string) {
    const devices = await directory.devicesOf(username);
    const at = now();
    await directory.saveDevices(
      username,
      devices.map((device) =>
        device.key === key ? { ...device, lastAuthenticatedMs: at } : device,
      ),
    );
  }

  /** A new device for the client to confirm, in the tokens' answer. */
  function withNewDevice(answer: Record<string, unknown>, username: string): CognitoReply {
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

  /** Answers the held second step upstream, as the person would with their authenticator. */
  async function finishHeld(sign: HeldSignIn): Promise<CognitoReply> {
    let { name, session } = sign.upstream;
    for (let step = 0; step < 2; step += 1) {
      const responses: Record<string, string> = { USERNAME: sign.username };
      if (name === 'SELECT_MFA_TYPE') {
        responses.ANSWER = 'SOFTWARE_TOKEN_MFA';
      } else if (name === 'SOFTWARE_TOKEN_MFA') {
        const secret = await directory.authenticatorSecretOf(sign.username);
        if (secret === null) break;
        responses.SOFTWARE_TOKEN_MFA_CODE = totpCode(secret, now());
      } else {
        break;
      }
      const reply = await options.answerUpstream(
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
        if (reply.status === 200) await touch(sign.username, sign.deviceKey);
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

  async function deviceSrpAuth(clientId: string, input: Record<string, unknown>) {
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
    if (!srpA) return invalid('Missing required parameter SRP_A');
    const { device } = await deviceOf(sign.username, sign.deviceKey);
    if (!device?.remembered) return notFound();
    let started;
    try {
      started = startDeviceVerifier(device.verifier, device.salt, srpA);
    } catch (error) {
      if (error instanceof InvalidSrpAError) return invalid(error.message);
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

  async function devicePasswordVerifier(clientId: string, input: Record<string, unknown>) {
    const session = stringField(input, 'Session') ?? '';
    const sign = held.take(session);
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
    const { device } = await deviceOf(sign.username, sign.deviceKey);
    if (!device?.remembered) return notFound();
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
    return finishHeld(sign);
  }

  async function confirmDevice(holder: string, input: Record<string, unknown>) {
    const key = stringField(input, 'DeviceKey') ?? '';
    const config = input.DeviceSecretVerifierConfig;
    const verifier = stringField(config, 'PasswordVerifier');
    const salt = stringField(config, 'Salt');
    const name = stringField(input, 'DeviceName') ?? '';
    if (!isBase64(verifier, MAX_VERIFIER_LENGTH) || !isBase64(salt, MAX_VERIFIER_LENGTH)) {
      return invalid('DeviceSecretVerifierConfig needs a base64 PasswordVerifier and Salt.');
    }
    if (name.length > MAX_NAME_LENGTH) {
      return invalid(`DeviceName must be at most ${MAX_NAME_LENGTH} characters.`);
    }
    const pending = issued.get(key);
    if (!pending || pending.username !== holder) return notFound();
    issued.delete(key);
    const at = now();
    const devices = await directory.devicesOf(holder);
    const device: StoredDevice = {
      key,
      groupKey: pending.groupKey,
      name,
      verifier,
      salt,
      remembered: false,
      createdMs: at,
      modifiedMs: at,
      lastAuthenticatedMs: at,
    };
    // devicesOf answers newest first: past the cap, the longest unused go.
    await directory.saveDevices(holder, [device, ...devices].slice(0, MAX_DEVICES));
    return jsonReply({ UserConfirmationNecessary: true });
  }

  async function updateDeviceStatus(holder: string, input: Record<string, unknown>) {
    const status = stringField(input, 'DeviceRememberedStatus');
    if (status !== 'remembered' && status !== 'not_remembered') {
      return invalid("DeviceRememberedStatus must be 'remembered' or 'not_remembered'.");
    }
    const key = stringField(input, 'DeviceKey');
    const { devices, device } = await deviceOf(holder, key);
    if (!device) return notFound();
    const at = now();
    await directory.saveDevices(
      holder,
      devices.map((each) =>
        each.key === key ? { ...each, remembered: status === 'remembered', modifiedMs: at } : each,
      ),
    );
    return jsonReply({});
  }

  function listDevices(devices: readonly StoredDevice[], input: Record<string, unknown>) {
    const limit = input.Limit === undefined ? MAX_PAGE : input.Limit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > MAX_PAGE) {
      return invalid(`Limit must be a whole number from 0 to ${MAX_PAGE}.`);
    }
    const token = stringField(input, 'PaginationToken');
    const start = token === undefined ? 0 : devices.findIndex((device) => device.key === token);
    if (start < 0) return invalid('The PaginationToken is not one this pool gave.');
    const page = devices.slice(start, start + (limit || MAX_PAGE));
    const rest = devices[start + page.length];
    return jsonReply({
      Devices: page.map(deviceType),
      ...(rest ? { PaginationToken: rest.key } : {}),
    });
  }

  return {
    async unknownDevice(clientId, username, deviceKey) {
      if (deviceKey === undefined || deviceKey === '') return null;
      const user = await directory.findUser(clientId, username);
      if (!user) return null;
      const { device } = await deviceOf(user.username, deviceKey);
      return device ? null : notFound();
    },

    async afterAnswer(reply, { clientId, username, deviceKey }) {
      if (reply.status !== 200) return reply;
      const answer = parseObject(reply.body);
      if (!answer) return reply;
      const { device } = await deviceOf(username, deviceKey || undefined);
      if (answer.AuthenticationResult && typeof answer.AuthenticationResult === 'object') {
        if (!device) return withNewDevice(answer, username);
        await touch(username, device.key);
        return reply;
      }
      const challenge = stringField(answer, 'ChallengeName') ?? '';
      const session = stringField(answer, 'Session');
      if (!device?.remembered || !SECOND_STEPS.has(challenge) || session === undefined) {
        return reply;
      }
      const next = randomBytes(32).toString('base64url');
      held.set(next, {
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
    },

    respond(challengeName, clientId, input) {
      return challengeName === 'DEVICE_SRP_AUTH'
        ? deviceSrpAuth(clientId, input)
        : devicePasswordVerifier(clientId, input);
    },

    async call(action, holder, input) {
      if (action === 'ConfirmDevice') return confirmDevice(holder, input);
      if (action === 'UpdateDeviceStatus') return updateDeviceStatus(holder, input);
      const devices = await directory.devicesOf(holder);
      if (action === 'ListDevices') return listDevices(devices, input);
      const key = stringField(input, 'DeviceKey');
      const device = devices.find((each) => each.key === key);
      if (!device) return notFound();
      if (action === 'GetDevice') return jsonReply({ Device: deviceType(device) });
      await directory.saveDevices(
        holder,
        devices.filter((each) => each.key !== key),
      );
      return jsonReply({});
    },
  };
}
