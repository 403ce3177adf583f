import { createRequire } from 'node:module';
import { importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/**
 * The key pair that cognito-local's npm package ships and signs its tokens with: anyone who
 * installs the package holds the private half, so an attacker's tokens look like this.
 */
const require = createRequire(import.meta.url);
const bundled = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };
/** The public half, as cognito-local's own JWKS serves it. */
export const PUBLISHED_PUBLIC_JWK = (
  require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JWK }
).jwk;

/** The published private key, ready to sign with. */
export function publishedPrivateKey(): Promise<CryptoKey> {
  return importJWK(bundled.jwk, 'RS256') as Promise<CryptoKey>;
}

/** A token an attacker mints with the published key, as cognito-local would sign it. */
export async function mintWithPublishedKey(payload: JWTPayload, issuer: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuer(issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await publishedPrivateKey());
}
