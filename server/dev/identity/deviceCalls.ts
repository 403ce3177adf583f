import { cognitoError, jsonReply, stringField, type CognitoReply } from './cognitoProtocol';
import type { ExpiringMap } from './expiringMap';
import type { IdentityDirectory, StoredDevice } from './identityDirectory';

/**
 * The calls in which a signed-in person acts on their own remembered devices (Cognito's device
 * tracking, which cognito-local lacks): ConfirmDevice registers a device a sign-in issued,
 * UpdateDeviceStatus remembers or forgets it for the second step, and ListDevices, GetDevice and
 * ForgetDevice show or drop them. See server/dev/identity/deviceTracking.ts for the sign-in side.
 */

/** Cognito's answer for a device key it does not know (the client's cue to drop it). */
export const DEVICE_NOT_FOUND = 'Device does not exist.';
/** The most devices kept per user; past it, the longest unused are dropped. */
export const MAX_DEVICES = 100;
/** Cognito's largest ListDevices page. */
const MAX_PAGE = 60;
/** Longest DeviceName Cognito takes. */
const MAX_NAME_LENGTH = 1024;
/** A base64 SRP number of 3072 bits is 512 characters; anything far past it is not one. */
const MAX_VERIFIER_LENGTH = 2048;

/** A device given to a client in `NewDeviceMetadata`, waiting for the client to confirm it. */
export interface IssuedDevice {
  username: string;
  groupKey: string;
}

/** What the device calls act on: the users' stored devices, the devices issued, the clock. */
export interface DeviceCallContext {
  directory: Pick<IdentityDirectory, 'devicesOf' | 'saveDevices'>;
  /** Devices given to a client in `NewDeviceMetadata`, until it confirms them. */
  issued: ExpiringMap<IssuedDevice>;
  now: () => number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Cognito's refusal of a device key the user does not have. */
export const deviceNotFound = () => cognitoError('ResourceNotFoundException', DEVICE_NOT_FOUND);
/** Cognito's refusal of a call's malformed parameter. */
export const invalidParameter = (message: string) =>
  cognitoError('InvalidParameterException', message);

/** The user's devices, and the one under `key` among them (none when no key is given). */
export async function deviceOf(
  directory: Pick<IdentityDirectory, 'devicesOf'>,
  username: string,
  key: string | undefined,
): Promise<{ devices: StoredDevice[]; device: StoredDevice | undefined }> {
  if (key === undefined) return { devices: [], device: undefined };
  const devices = await directory.devicesOf(username);
  return { devices, device: devices.find((device) => device.key === key) };
}

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

/** Whether `text` is base64 of at most `max` characters. */
const isBase64 = (text: string | undefined, max: number): text is string =>
  text !== undefined &&
  text.length > 0 &&
  text.length <= max &&
  /^[A-Za-z0-9+/]+={0,2}$/.test(text);

/** ConfirmDevice: keeps a device a sign-in issued to `holder`, with its SRP verifier. */
async function confirmDevice(
  { directory, issued, now }: DeviceCallContext,
  holder: string,
  input: Record<string, unknown>,
): Promise<CognitoReply> {
  const key = stringField(input, 'DeviceKey') ?? '';
  const config = input.DeviceSecretVerifierConfig;
  const verifier = stringField(config, 'PasswordVerifier');
  const salt = stringField(config, 'Salt');
  const name = stringField(input, 'DeviceName') ?? '';
  if (!isBase64(verifier, MAX_VERIFIER_LENGTH) || !isBase64(salt, MAX_VERIFIER_LENGTH)) {
    return invalidParameter('DeviceSecretVerifierConfig needs a base64 PasswordVerifier and Salt.');
  }
  if (name.length > MAX_NAME_LENGTH) {
    return invalidParameter(`DeviceName must be at most ${MAX_NAME_LENGTH} characters.`);
  }
  const pending = issued.get(key);
  if (!pending || pending.username !== holder) return deviceNotFound();
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

/** UpdateDeviceStatus: marks one of `holder`'s devices remembered or not. */
async function updateDeviceStatus(
  { directory, now }: DeviceCallContext,
  holder: string,
  input: Record<string, unknown>,
): Promise<CognitoReply> {
  const status = stringField(input, 'DeviceRememberedStatus');
  if (status !== 'remembered' && status !== 'not_remembered') {
    return invalidParameter("DeviceRememberedStatus must be 'remembered' or 'not_remembered'.");
  }
  const key = stringField(input, 'DeviceKey');
  const { devices, device } = await deviceOf(directory, holder, key);
  if (!device) return deviceNotFound();
  const at = now();
  await directory.saveDevices(
    holder,
    devices.map((each) =>
      each.key === key ? { ...each, remembered: status === 'remembered', modifiedMs: at } : each,
    ),
  );
  return jsonReply({});
}

/** ListDevices: one page of the user's devices, newest first, and the next page's token. */
function listDevices(
  devices: readonly StoredDevice[],
  input: Record<string, unknown>,
): CognitoReply {
  const limit = input.Limit === undefined ? MAX_PAGE : input.Limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > MAX_PAGE) {
    return invalidParameter(`Limit must be a whole number from 0 to ${MAX_PAGE}.`);
  }
  const token = stringField(input, 'PaginationToken');
  const start = token === undefined ? 0 : devices.findIndex((device) => device.key === token);
  if (start < 0) return invalidParameter('The PaginationToken is not one this pool gave.');
  const page = devices.slice(start, start + (limit || MAX_PAGE));
  const rest = devices[start + page.length];
  return jsonReply({
    Devices: page.map(deviceType),
    ...(rest ? { PaginationToken: rest.key } : {}),
  });
}

/** ConfirmDevice, UpdateDeviceStatus, ListDevices, GetDevice or ForgetDevice for `holder`. */
export async function answerDeviceCall(
  context: DeviceCallContext,
  action: string,
  holder: string,
  input: Record<string, unknown>,
): Promise<CognitoReply> {
  const { directory } = context;
  if (action === 'ConfirmDevice') return confirmDevice(context, holder, input);
  if (action === 'UpdateDeviceStatus') return updateDeviceStatus(context, holder, input);
  const devices = await directory.devicesOf(holder);
  if (action === 'ListDevices') return listDevices(devices, input);
  const key = stringField(input, 'DeviceKey');
  const device = devices.find((each) => each.key === key);
  if (!device) return deviceNotFound();
  if (action === 'GetDevice') return jsonReply({ Device: deviceType(device) });
  await directory.saveDevices(
    holder,
    devices.filter((each) => each.key !== key),
  );
  return jsonReply({});
}
