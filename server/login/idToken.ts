/**
 * Verifies the Cognito ID token the app sends to /login. The group call that follows acts with
 * admin rights on the user the token names, so nothing is read from a token before its signature,
 * issuer, expiry, use and audience are checked.
 */
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { SignedInIdentity } from './allowList';

/** What a verified ID token says: who the user is and the groups they were in when it was issued. */
export interface IdTokenClaims extends SignedInIdentity {
  /** `cognito:groups`; empty when the user is in none. */
  groups: string[];
}

/** How to verify: the user pool's issuer, the app client, and where the signing keys come from. */
export interface IdTokenVerifierOptions {
  /** `iss` the token must carry: `https://cognito-idp.{region}.amazonaws.com/{poolId}`. */
  issuer: string;
  /** The app client id, which Cognito puts in an ID token's `aud`. */
  clientId: string;
  /** The pool's JWKS URL (fetched and cached), or a key lookup such as jose's `createLocalJWKSet`. */
  keys: URL | JWTVerifyGetKey;
  /** Leeway for `exp` and `nbf` between this machine's clock and the pool's, seconds. */
  clockToleranceSeconds?: number;
}

/** Checks a compact JWT and answers its claims, or rejects with one of the errors below. */
export type IdTokenVerifier = (token: string) => Promise<IdTokenClaims>;

/** The token is not a valid ID token for this app; the message says why, in words (401). */
export class TokenRejected extends Error {
  override name = 'TokenRejected';
}

/** The pool's signing keys could not be fetched, so no token can be judged now (503). */
export class KeysUnavailable extends Error {
  override name = 'KeysUnavailable';
}

/** Clocks synchronised by NTP agree to well under this; a larger leeway lengthens stolen tokens. */
export const CLOCK_TOLERANCE_SECONDS = 10;
/** Longest wait for the JWKS, so a slow key endpoint cannot hold the function to its timeout. */
export const JWKS_TIMEOUT_MS = 3000;

/** Cognito signs user pool tokens with RS256 only; refusing others blocks algorithm confusion. */
const ALGORITHMS = ['RS256'];

/**
 * The key id of the private key that cognito-local's npm package ships and signs with: whoever
 * installs it can mint tokens under that key, so no pool that publishes it is trusted.
 */
export const PUBLISHED_EMULATOR_KEY_ID = 'CognitoLocal';

/** The header's `kid`, or null when the token has no readable header (jose then says why). */
function keyIdOf(token: string): string | null {
  try {
    return decodeProtectedHeader(token).kid ?? null;
  } catch {
    return null;
  }
}

function claimReason(error: InstanceType<typeof errors.JWTClaimValidationFailed>): string {
  switch (error.claim) {
    case 'iss':
      return 'The token was not issued by this user pool.';
    case 'nbf':
      return 'The token is not valid yet.';
    case 'exp':
      return 'The token has no expiry.';
    default:
      return `The token's "${error.claim}" claim is not acceptable (${error.reason}).`;
  }
}

/** Turns jose's errors into a reason a person can act on, or a key-fetch failure. */
function classify(error: unknown): TokenRejected | KeysUnavailable {
  if (error instanceof errors.JWTExpired) return new TokenRejected('The token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new TokenRejected(claimReason(error));
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new TokenRejected("The token's signature does not verify with the user pool's keys.");
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return new TokenRejected('The token was signed with a key the user pool does not publish.');
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return new TokenRejected('The token is signed with an algorithm the user pool does not use.');
  }
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return new TokenRejected('The token is malformed: it is not a signed JWT.');
  }
  // What is left is about fetching the keys (a network error, a timeout, a non-200 answer, an
  // unreadable key set): the token may well be good, so the caller must not hear "unauthorised".
  const detail = error instanceof Error ? error.message : String(error);
  return new KeysUnavailable(`The user pool's signing keys could not be fetched: ${detail}`);
}

function stringClaim(payload: JWTPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads the claims /login needs from a payload whose signature and issuer are already checked. */
function idClaims(payload: JWTPayload, clientId: string): IdTokenClaims {
  if (payload.token_use !== 'id') {
    throw new TokenRejected(
      payload.token_use === 'access'
        ? 'This is an access token; /login takes the ID token.'
        : 'The token is not an ID token (token_use is not "id").',
    );
  }
  // Checked after token_use: an access token has no `aud`, and "wrong audience" would mislead.
  if (payload.aud !== clientId) {
    throw new TokenRejected('The token was issued to another app client.');
  }
  const username = stringClaim(payload, 'cognito:username');
  if (username === null) throw new TokenRejected('The token names no user (cognito:username).');
  const groups = payload['cognito:groups'];
  const verified = payload.email_verified;
  return {
    username,
    email: stringClaim(payload, 'email'),
    // Cognito writes a boolean; identities federated from elsewhere can carry the string.
    emailVerified: verified === true || verified === 'true',
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

/**
 * Checks a pool token's signature, algorithm, issuer and expiry (what ID and access tokens share)
 * and answers its payload. A URL key source is fetched on first use and cached (jose refetches
 * when a token names an unknown key id, at most every 30 s), so one check should live as long as
 * the process or the Lambda container.
 */
export function createPoolTokenCheck(
  options: Omit<IdTokenVerifierOptions, 'clientId'>,
): (token: string) => Promise<JWTPayload> {
  const keys =
    options.keys instanceof URL
      ? createRemoteJWKSet(options.keys, { timeoutDuration: JWKS_TIMEOUT_MS })
      : options.keys;
  const clockTolerance = options.clockToleranceSeconds ?? CLOCK_TOLERANCE_SECONDS;
  return async (token) => {
    if (keyIdOf(token) === PUBLISHED_EMULATOR_KEY_ID) {
      throw new TokenRejected(
        "The token was signed with cognito-local's published key, which anyone can use.",
      );
    }
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        algorithms: ALGORITHMS,
        clockTolerance,
        requiredClaims: ['exp'],
      });
      return payload;
    } catch (error) {
      throw classify(error);
    }
  };
}

/** Creates a verifier of ID tokens (see `createPoolTokenCheck` for how keys are cached). */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const check = createPoolTokenCheck(options);
  return async (token) => idClaims(await check(token), options.clientId);
}
