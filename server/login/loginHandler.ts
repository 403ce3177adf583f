/**
 * The /login auth function (SPEC §6-7): the app POSTs here with `Authorization: Bearer {ID token}`
 * after every sign-in, and an allow-listed user is ensured in the editor group. The client only
 * logs a failure, so the answers are for people reading logs and for tests: each says why.
 */
import { EDITOR_GROUP } from '@/lib/constants';
import { createCorsPolicy } from '../cors';
import { noStoreJson } from '../jsonReply';
import type { HeaderValue, ServiceRequest, ServiceResponse } from '../serviceTypes';
import { isAllowed, parseAllowList } from './allowList';
import type { EditorGroups } from './cognitoGroups';
import {
  createIdTokenVerifier,
  type IdTokenClaims,
  KeysUnavailable,
  TokenRejected,
  type IdTokenVerifierOptions,
} from './idToken';

/** A request to /login. The spec sends no body; one that comes is ignored. */
export type LoginRequest = ServiceRequest & { body?: string };

/** The /login function, free of any HTTP framework. */
export type LoginHandler = (request: LoginRequest) => Promise<ServiceResponse>;

/** What the /login function trusts and whom it serves. */
export interface LoginHandlerOptions extends IdTokenVerifierOptions {
  /** `EDITOR_ALLOWLIST` entries: usernames and `@domain`s (see `parseAllowList`). */
  allowList: readonly string[];
  /** Whether the pool's usernames are case-sensitive (default true, as the local pool's are). */
  usernamesCaseSensitive?: boolean;
  /** Adds users to the editor group (`createCognitoGroups`, or a fake in tests). */
  groups: EditorGroups;
  /** Origins allowed to call it cross-origin (`*` for any); empty means same-origin only. */
  appOrigins?: readonly string[];
  /** Where failures and group grants are logged (stderr by default). */
  log?: (line: string) => void;
}

/** What /login answers with 200: whether the user is an editor and whether this call made them one. */
export type LoginResult = { editor: true; added: boolean } | { editor: false };

/** Methods /login answers (and tells browsers about in a preflight). */
export const LOGIN_METHODS = 'POST, OPTIONS';

function header(headers: Readonly<Record<string, HeaderValue>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && value !== undefined) {
      return Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return undefined;
}

/** The token of `Bearer <token>` (RFC 6750 §2.1: the scheme is case-insensitive). */
export function bearerToken(authorization: string): string | null {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  return match?.[1] ?? null;
}

/** Creates the /login handler. Create it once: it caches the pool's signing keys. */
export function createLoginHandler(options: LoginHandlerOptions): LoginHandler {
  const verify = createIdTokenVerifier(options);
  const allowList = parseAllowList(options.allowList, {
    caseSensitive: options.usernamesCaseSensitive ?? true,
  });
  const log = options.log ?? ((line: string) => console.error(line));
  // The app's call carries Authorization, so its preflight must allow that header and POST.
  const cors = createCorsPolicy(options.appOrigins ?? [], {
    methods: LOGIN_METHODS,
    requestHeaders: 'Authorization',
  });

  function json(
    status: number,
    body: LoginResult | { error: string },
    grant: Record<string, string>,
    extra: Record<string, string> = {},
  ): ServiceResponse {
    const vary = cors.vary();
    return noStoreJson(status, body, { ...(vary ? { Vary: vary } : {}), ...grant, ...extra });
  }

  function unauthorised(reason: string, grant: Record<string, string>, challenge: string) {
    return json(401, { error: reason }, grant, { 'WWW-Authenticate': challenge });
  }

  return async (request) => {
    const origin = header(request.headers, 'origin');
    const grant = cors.headers(origin);
    const method = request.method.toUpperCase();
    if (request.path !== '/login' && request.path !== '/login/') {
      return json(404, { error: `No such endpoint: ${request.path}` }, grant);
    }
    if (method === 'OPTIONS') {
      const vary = cors.vary();
      return {
        status: 204,
        headers: {
          Allow: LOGIN_METHODS,
          ...(vary ? { Vary: vary } : {}),
          ...cors.preflight(origin),
        },
        body: '',
      };
    }
    if (method !== 'POST') {
      return json(405, { error: `${request.method} is not allowed here; use POST.` }, grant, {
        Allow: LOGIN_METHODS,
      });
    }

    const authorization = header(request.headers, 'authorization');
    if (authorization === undefined) {
      // RFC 6750 §3.1: a request without credentials gets the bare challenge, no error code.
      return unauthorised('Sign in first: send Authorization: Bearer <ID token>.', grant, 'Bearer');
    }
    const token = bearerToken(authorization);
    if (token === null) {
      return unauthorised(
        'The Authorization header is not "Bearer <ID token>".',
        grant,
        'Bearer error="invalid_request"',
      );
    }

    let claims: IdTokenClaims;
    try {
      claims = await verify(token);
    } catch (error) {
      if (error instanceof TokenRejected) {
        return unauthorised(error.message, grant, 'Bearer error="invalid_token"');
      }
      const message = error instanceof KeysUnavailable ? error.message : String(error);
      log(`login: ${message}`);
      return json(
        503,
        { error: 'The sign-in could not be checked now; try again shortly.' },
        grant,
        {
          'Retry-After': '30',
        },
      );
    }

    // The function never removes anyone: a member the operators added by hand stays one, and the
    // answer says so rather than "not an editor".
    if (claims.groups.includes(EDITOR_GROUP)) {
      return json(200, { editor: true, added: false }, grant);
    }
    if (!isAllowed(allowList, claims)) return json(200, { editor: false }, grant);
    try {
      await options.groups.ensureEditor(claims.username);
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      log(`login: adding "${claims.username}" to the ${EDITOR_GROUP} group failed: ${detail}`);
      return json(
        502,
        { error: 'The user pool did not add you to the editor group; sign in again later.' },
        grant,
      );
    }
    // A grant of rights leaves a trace, so an unexpected editor can be explained afterwards.
    log(`login: added "${claims.username}" to the ${EDITOR_GROUP} group.`);
    return json(200, { editor: true, added: true }, grant);
  };
}
