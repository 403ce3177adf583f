import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';

/**
 * The secrets of one installation of the local identity server, made on its first start and kept
 * with its users: the key its tokens are signed with, and the key its admin API asks for.
 *
 * cognito-local signs with a private key that ships inside its npm package, so anyone could mint
 * tokens it (and anything trusting its JWKS) would accept; a key made here is known only to this
 * folder.
 */
export interface InstallationSecrets {
  /** Signs the pool's tokens (RS256). */
  privateKey: CryptoKey;
  /** The key id in every token's header: the public key's thumbprint. */
  kid: string;
  /** The pool's JWKS, as `/{poolId}/.well-known/jwks.json` serves it. */
  jwks: JSONWebKeySet;
  /** A key lookup for jose's `jwtVerify` over `jwks`, with no network in between. */
  keys: JWTVerifyGetKey;
  /**
   * The access key id the admin API asks for (in the SigV4 `Credential`). The emulator checks no
   * signatures, so this id is the secret: it never leaves this folder and the start-up output.
   */
  adminKeyId: string;
}

/** What the secrets file holds. */
interface StoredSecrets {
  signingKey: JWK;
  adminKeyId: string;
}

/** The file, beside cognito-local's own files in the identity folder. */
export const SECRETS_FILE = 'installation-secrets.json';

function isStoredSecrets(value: unknown): value is StoredSecrets {
  if (typeof value !== 'object' || value === null) return false;
  const { signingKey, adminKeyId } = value as Partial<StoredSecrets>;
  return (
    typeof adminKeyId === 'string' &&
    /^[A-Z0-9]{20,}$/.test(adminKeyId) &&
    typeof signingKey === 'object' &&
    signingKey !== null &&
    signingKey.kty === 'RSA' &&
    typeof signingKey.d === 'string'
  );
}

async function createSecrets(): Promise<StoredSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  // An AWS-shaped access key id (20 upper-case letters and digits), so SDKs and the CLI take it.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const adminKeyId =
    'LOCAL' +
    [...randomBytes(27)].map((byte) => alphabet[byte % alphabet.length] as string).join('');
  return { signingKey: await exportJWK(privateKey), adminKeyId };
}

/** Writes the file so that only its owner can read it, replacing any old one in one step. */
function writeSecrets(path: string, secrets: StoredSecrets): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(secrets)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/**
 * The installation's secrets from `dir`, made and saved (readable by the owner only) on the first
 * start. A file that is not ours is an error, not a reason to replace it silently: replacing the
 * key would sign out everyone, and an unreadable file may be a folder left by something else.
 *
 * @throws Error naming the file when it exists but cannot be used.
 */
export async function loadInstallationSecrets(dir: string): Promise<InstallationSecrets> {
  // A new folder is the owner's alone: cognito-local keeps its users' passwords in clear text.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, SECRETS_FILE);
  let stored: StoredSecrets;
  if (existsSync(path)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      parsed = null;
    }
    if (!isStoredSecrets(parsed)) {
      throw new Error(
        `${path} is not this server's secrets file; move it away and a new one is made (everyone is then signed out).`,
      );
    }
    stored = parsed;
  } else {
    stored = await createSecrets();
    writeSecrets(path, stored);
  }
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicPart } = stored.signingKey;
  const kid = await calculateJwkThumbprint(publicPart);
  const jwks: JSONWebKeySet = { keys: [{ ...publicPart, kid, alg: 'RS256', use: 'sig' }] };
  const privateKey = (await importJWK({ ...stored.signingKey, alg: 'RS256' })) as CryptoKey;
  return { privateKey, kid, jwks, keys: createLocalJWKSet(jwks), adminKeyId: stored.adminKeyId };
}
