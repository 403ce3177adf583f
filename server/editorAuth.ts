/**
 * The one check of an editor's access token, shared by the editors' node writes and the
 * community inbox's editor routes, so every editor-only route refuses in the same statuses and
 * words: 401 for a missing or bad token, 403 for a signed-in non-editor, 503 when the pool's keys
 * cannot be fetched.
 */
import { EDITOR_GROUP } from '@/lib/constants';
import type { AccessTokenClaims, AccessTokenVerifier } from './login/accessToken';
import { KeysUnavailable, TokenRejected } from './login/idToken';
import { bearerToken } from './login/loginHandler';
import type { ServiceResponse } from './serviceTypes';

/** How a route answers: status, JSON body, extra headers (the handler adds CORS and caching). */
export type Reply = (
  status: number,
  body: unknown,
  extra?: Record<string, string>,
) => ServiceResponse;

/** The outcome of `authoriseEditor`: the editor's claims, or the answer refusing the request. */
export type EditorAuthorisation = { claims: AccessTokenClaims } | { refused: ServiceResponse };

/** What the check needs: the pool's verifier, a log for key failures, and the words of a 403. */
export interface EditorAuthOptions {
  verify: AccessTokenVerifier;
  log: (line: string) => void;
  /** The 403 message, saying what only editors may do. */
  forbidden?: string;
}

/**
 * Checks the `Authorization: Bearer <access token>` of a request (lower-cased header names).
 */
export async function authoriseEditor(
  headers: ReadonlyMap<string, string>,
  reply: Reply,
  { verify, log, forbidden = 'Only editors can change the archive.' }: EditorAuthOptions,
): Promise<EditorAuthorisation> {
  const authorization = headers.get('authorization');
  if (authorization === undefined) {
    return {
      refused: reply(
        401,
        { error: 'Sign in as an editor first.' },
        { 'WWW-Authenticate': 'Bearer' },
      ),
    };
  }
  const token = bearerToken(authorization);
  if (token === null) {
    return {
      refused: reply(
        401,
        { error: 'The Authorization header is not "Bearer <access token>".' },
        { 'WWW-Authenticate': 'Bearer error="invalid_request"' },
      ),
    };
  }
  let claims: AccessTokenClaims;
  try {
    claims = await verify(token);
  } catch (error) {
    if (error instanceof TokenRejected) {
      return {
        refused: reply(
          401,
          { error: `${error.message} Sign in again.` },
          { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        ),
      };
    }
    log(`nodes-service: ${error instanceof KeysUnavailable ? error.message : String(error)}`);
    return {
      refused: reply(
        503,
        { error: 'Your sign-in could not be checked now; try again shortly.' },
        { 'Retry-After': '30' },
      ),
    };
  }
  if (!claims.groups.includes(EDITOR_GROUP)) {
    return {
      refused: reply(
        403,
        { error: forbidden },
        { 'WWW-Authenticate': 'Bearer error="insufficient_scope"' },
      ),
    };
  }
  return { claims };
}
