/**
 * Verifies the Cognito access token an editor's app sends with every write to the nodes-service.
 * The signature, issuer and expiry are checked as for /login's ID token; an access token then must
 * say it is one (`token_use`) and name this app's client (`client_id`: access tokens carry no `aud`).
 */
import type { JWTPayload } from 'jose';
import { createPoolTokenCheck, TokenRejected, type IdTokenVerifierOptions } from './idToken';
import type { PoolStanding } from './poolStanding';

/**
 * What a verified access token says: who, and in which groups: the pool's answer now where it is
 * asked (`standing`), else `cognito:groups` at issue time.
 */
export interface AccessTokenClaims {
  username: string;
  groups: string[];
}

/** The same settings as the ID-token verifier: the pool's issuer and keys, and the app client. */
export interface AccessTokenVerifierOptions extends IdTokenVerifierOptions {
  /**
   * Asks the pool whether it still honours the token, and the user's groups now (see
   * `createPoolStanding`); without it, the token's word at issue time is taken (tests' pools).
   */
  standing?: PoolStanding | null;
}

/**
 * Checks a compact JWT; rejects with `TokenRejected` (401), or `KeysUnavailable` or
 * `StandingUnknown` (503).
 */
export type AccessTokenVerifier = (token: string) => Promise<AccessTokenClaims>;

function accessClaims(payload: JWTPayload, clientId: string): AccessTokenClaims {
  if (payload.token_use !== 'access') {
    throw new TokenRejected(
      payload.token_use === 'id'
        ? 'This is an ID token; send the access token.'
        : 'The token is not an access token (token_use is not "access").',
    );
  }
  if (payload.client_id !== clientId) {
    throw new TokenRejected('The token was issued to another app client.');
  }
  const username = payload.username;
  if (typeof username !== 'string' || username === '') {
    throw new TokenRejected('The token names no user (username).');
  }
  const groups = payload['cognito:groups'];
  return {
    username,
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

/** Creates a verifier; one should live as long as the process (it caches the pool's keys). */
export function createAccessTokenVerifier(
  options: AccessTokenVerifierOptions,
): AccessTokenVerifier {
  const check = createPoolTokenCheck(options);
  const standing = options.standing ?? null;
  return async (token) => {
    const claims = accessClaims(await check(token), options.clientId);
    if (standing === null) return claims;
    // A revoked token, or one whose user left the group, stops working within the cache's time.
    return { ...claims, groups: await standing.groupsOf(token, claims.username) };
  };
}
