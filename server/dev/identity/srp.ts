import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server half of Cognito's SRP-6a variant (USER_SRP_AUTH), as amazon-cognito-identity-js's
 * AuthenticationHelper computes the client half. Written on native BigInt rather than with the
 * cognito-srp package: that package keeps leading zero bytes of B and of the session key S (and of
 * a salt) where Cognito's clients drop them, so about 1 sign-in in 100 fails its signature check.
 * Every number here is written the clients' way, through `padHex`.
 */

/** RFC 5054's 3072-bit group, the one Cognito uses. */
const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A0879' +
    '8E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B' +
    '0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA4836' +
    '1C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804' +
    'F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6' +
    '955817183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64' +
    'ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D226' +
    '1AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E2' +
    '08E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;
/** The HKDF info Cognito derives the password authentication key with. */
const INFO = Buffer.from('Caldera Derived Key\u0001', 'utf8');

/**
 * A positive number as the clients hash it: even-length hex, with `00` in front when the top bit
 * is set (so it never reads as negative), and no other leading zeros.
 */
function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function hashOfHex(hex: string): bigint {
  return BigInt(`0x${sha256(Buffer.from(hex, 'hex')).toString('hex')}`);
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

const k = hashOfHex(padHex(N) + padHex(g));

/** What the server answers the client's A with, and keeps to check the client's signature. */
export interface PasswordVerifierChallenge {
  /** `SALT`: hex. */
  salt: string;
  /** `SRP_B`: hex. */
  srpB: string;
  /** The 16-byte key both sides derive; whoever holds it can sign as the user for this attempt. */
  key: Buffer;
}

/** Thrown when the client's `SRP_A` is not a usable number. */
export class InvalidSrpAError extends Error {
  override name = 'InvalidSrpAError';
}

/** The client's `SRP_A` as a number. @throws InvalidSrpAError */
function parseSrpA(srpA: string): bigint {
  if (!/^[0-9a-f]+$/i.test(srpA)) throw new InvalidSrpAError('SRP_A is not hexadecimal.');
  const A = BigInt(`0x${srpA}`);
  // A ≡ 0 would let a client fix the session key without knowing the password (SRP-6a's check).
  if (A % N === 0n) throw new InvalidSrpAError('SRP_A mod N is 0.');
  return A;
}

/** The server's B for the verifier `v`, and the key both sides derive from A and B. */
function answerA(A: bigint, v: bigint): { srpB: string; key: Buffer } {
  for (;;) {
    const b = BigInt(`0x${randomBytes(32).toString('hex')}`);
    const B = (k * v + modPow(g, b, N)) % N;
    const u = hashOfHex(padHex(A) + padHex(B));
    // The client refuses B ≡ 0 and u = 0; both are about 2^-256 likely: draw another b.
    if (B === 0n || u === 0n) continue;
    const S = modPow((A * modPow(v, u, N)) % N, b, N);
    const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
      .update(Buffer.from(padHex(S), 'hex'))
      .digest();
    const key = createHmac('sha256', prk).update(INFO).digest().subarray(0, 16);
    return { srpB: B.toString(16), key };
  }
}

/**
 * Starts a password check for one sign-in attempt. The server knows the password (the local
 * identity server stores it in clear), so the verifier is derived on the spot with a fresh salt.
 *
 * @param poolName the part of the user pool id after the underscore.
 * @param userId `USER_ID_FOR_SRP`: the username the client will hash the password with.
 * @param srpA the client's public value `SRP_A`, hex.
 * @throws InvalidSrpAError when `srpA` is not hex or is a multiple of N.
 */
export function startPasswordVerifier(
  poolName: string,
  userId: string,
  password: string,
  srpA: string,
): PasswordVerifierChallenge {
  const A = parseSrpA(srpA);
  const salt = randomBytes(16).toString('hex');
  const identityHash = sha256(`${poolName}${userId}:${password}`).toString('hex');
  const x = hashOfHex(padHex(BigInt(`0x${salt}`)) + identityHash);
  return { salt, ...answerA(A, modPow(g, x, N)) };
}

/**
 * Starts a remembered device's check (DEVICE_SRP_AUTH): the same exchange as a password's, against
 * the verifier and salt the device registered with ConfirmDevice (`DeviceSecretVerifierConfig`,
 * both base64), made by the client from the device group key, the device key and a random password
 * it keeps.
 *
 * @throws InvalidSrpAError when `srpA` is not hex or is a multiple of N.
 */
export function startDeviceVerifier(
  verifier: string,
  salt: string,
  srpA: string,
): PasswordVerifierChallenge {
  const A = parseSrpA(srpA);
  const v = BigInt(`0x${Buffer.from(verifier, 'base64').toString('hex') || '0'}`) % N;
  if (v === 0n) throw new InvalidSrpAError('The device has no usable verifier.');
  return { salt: Buffer.from(salt, 'base64').toString('hex'), ...answerA(A, v) };
}

/**
 * Checks `PASSWORD_CLAIM_SIGNATURE`: the client's HMAC, under the derived key, of the pool name,
 * its user id, the secret block and its timestamp.
 */
export function isPasswordClaimValid(
  key: Buffer,
  claim: { poolName: string; userId: string; secretBlock: string; timestamp: string },
  signature: string,
): boolean {
  const expected = createHmac('sha256', key)
    .update(claim.poolName, 'utf8')
    .update(claim.userId, 'utf8')
    .update(Buffer.from(claim.secretBlock, 'base64'))
    .update(claim.timestamp, 'utf8')
    .digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
