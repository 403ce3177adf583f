/**
 * The /login auth function (SPEC §6-7): the app POSTs here with `Authorization: Bearer {ID token}`
 * after every sign-in, and an allow-listed user is ensured in the editor group. The client only
 * logs a failure, so the answers are for people reading logs and for tests: each says why.
 */
import { Hono, type Context } from 'hono';
import { EDITOR_GROUP } from '@/lib/constants';
import { Refusal, reply, type AppEnv } from '../app/appEnv';
import { tokenOf } from '../app/middleware';
import { accessCheck } from '../app/accessCheck';
import { resource } from '../app/resource';
import { createServiceApp } from '../app/serviceApp';
import { createCorsPolicy } from '../app/cors';
import { isAllowed, parseAllowList } from '../login/allowList';
import type { EditorGroups } from '../login/cognitoGroups';
import {
  createIdTokenVerifier,
  type IdTokenClaims,
  KeysUnavailable,
  TokenRejected,
  type IdTokenVerifierOptions,
} from '../login/idToken';

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

/** The `/login` route, for the service's application. */
export function createLoginRoutes(options: LoginHandlerOptions): Hono<AppEnv> {
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

  /** The ID token's claims, or the 401 (RFC 6750 §3.1) or 503 saying why not. */
  async function claimsOf(c: Context<AppEnv>): Promise<IdTokenClaims> {
    const token = tokenOf(
      c.req.header('authorization'),
      'ID token',
      'Sign in first: send Authorization: Bearer <ID token>.',
    );
    try {
      return await verify(token);
    } catch (error) {
      if (error instanceof TokenRejected) {
        throw new Refusal(
          401,
          { error: error.message },
          { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        );
      }
      log(`login: ${error instanceof KeysUnavailable ? error.message : String(error)}`);
      throw new Refusal(
        503,
        { error: 'The sign-in could not be checked now; try again shortly.' },
        { 'Retry-After': '30' },
      );
    }
  }

  const app = new Hono<AppEnv>({ strict: false });
  resource(app, '/login', {
    cors,
    allow: LOGIN_METHODS,
    notAllowed: (method) => `${method} is not allowed here; use POST.`,
    methods: {
      POST: {
        // Who is asking, from the token alone: the request has no body to read.
        access: accessCheck(async (c, next) => {
          c.set('signedIn', await claimsOf(c));
          await next();
        }),
        steps: [
          async (c) => {
            const claims = c.get('signedIn');
            // The function never removes anyone: a member the operators added by hand stays one,
            // and the answer says so rather than "not an editor".
            if (claims.groups.includes(EDITOR_GROUP)) {
              return reply(200, { editor: true, added: false } satisfies LoginResult);
            }
            if (!isAllowed(allowList, claims))
              return reply(200, { editor: false } satisfies LoginResult);
            try {
              await options.groups.ensureEditor(claims.username);
            } catch (error) {
              const detail =
                error instanceof Error ? `${error.name}: ${error.message}` : String(error);
              log(
                `login: adding "${claims.username}" to the ${EDITOR_GROUP} group failed: ${detail}`,
              );
              return reply(502, {
                error: 'The user pool did not add you to the editor group; sign in again later.',
              });
            }
            // A grant of rights leaves a trace, so an unexpected editor can be explained afterwards.
            log(`login: added "${claims.username}" to the ${EDITOR_GROUP} group.`);
            return reply(200, { editor: true, added: true } satisfies LoginResult);
          },
        ],
      },
    },
  });
  return app;
}

/**
 * The /login function on its own (its Lambda function, tests): the route in an application of
 * its own, with the service's middleware. Create it once: it caches the pool's signing keys.
 */
export function createLoginApp(options: LoginHandlerOptions): Hono<AppEnv> {
  const cors = createCorsPolicy(options.appOrigins ?? []);
  return createServiceApp([createLoginRoutes(options)], {
    cors,
    log: options.log ?? ((line: string) => console.error(line)),
  });
}
