import { createHmac } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps and Cognito make them: HMAC-SHA1
 * over the count of 30-second steps since the epoch, 6 digits, from a base32 secret (RFC 4648).
 * The local identity server uses it to answer a remembered device's second step; tests use it to
 * compute the code an authenticator app would show.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** Seconds each code is valid for. */
export const TOTP_STEP_SECONDS = 30;

/**
 * The bytes of a base32 secret; spaces and `=` padding are ignored, letters may be lower case.
 *
 * @throws Error when the text has a character outside the base32 alphabet.
 */
export function base32Bytes(secret: string): Buffer {
  const text = secret.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of text) {
    const digit = BASE32.indexOf(character);
    if (digit < 0) throw new Error('The secret is not base32.');
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The HOTP value (RFC 4226) of `key` at `counter`, as `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac.readUInt8(mac.length - 1) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 6-digit code an authenticator app shows for a base32 `secret` at `timeMs`. */
export function totpCode(secret: string, timeMs = Date.now()): string {
  return hotp(base32Bytes(secret), Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS));
}
