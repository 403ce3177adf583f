/**
 * The service's cross-cutting policy as Hono middleware: security headers and the CORS grant on
 * every answer, who the client is, bounded request bodies, editors' tokens, and the one error
 * handler that turns refusals and store failures into answers.
 */
import { EDITOR_GROUP } from '@/lib/constants';
import type { ErrorHandler, MiddlewareHandler } from 'hono';
import { clientAddressOf, TRUST_NO_PROXY } from './clientAddress';
import type { CorsPolicy } from './cors';
import type { AccessTokenClaims, AccessTokenVerifier } from '../login/accessToken';
import { KeysUnavailable, TokenRejected } from '../login/idToken';
import { leaveBodyUnread, readRequestBody, RequestAborted } from './requestBody';
import { accessCheck, type AccessCheck } from './accessCheck';
import { Refusal, reply, type AppContext, type AppEnv } from './appEnv';
import { refusalOf } from './domainErrors';

export { leaveBodyUnread } from './requestBody';

type Middleware = MiddlewareHandler<AppEnv>;

/** The token of `Bearer <token>` (RFC 6750 §2.1: the scheme is case-insensitive). */
function bearerToken(authorization: string): string | null {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  return match?.[1] ?? null;
}

/**
 * The bearer token of an `Authorization` header (`kind` names it: "access token", "ID token").
 *
 * @throws Refusal 401: without the header the bare challenge and `missing` (RFC 6750 §3.1), with
 * another form `invalid_request`.
 */
export function tokenOf(authorization: string | undefined, kind: string, missing: string): string {
  if (authorization === undefined) {
    throw new Refusal(401, { error: missing }, { 'WWW-Authenticate': 'Bearer' });
  }
  const token = bearerToken(authorization);
  if (token === null) {
    throw new Refusal(
      401,
      { error: `The Authorization header is not "Bearer <${kind}>".` },
      { 'WWW-Authenticate': 'Bearer error="invalid_request"' },
    );
  }
  return token;
}

/** Who the client is, and the CORS grant of the request's `Origin` on every answer. */
export function commonHeaders(cors: CorsPolicy): Middleware {
  const vary = cors.vary();
  return async (c, next) => {
    c.set('client', clientOf(c.env));
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(cors.headers(c.req.header('origin')))) {
      headers.set(name, value);
    }
    if (vary && !headers.has('Vary')) headers.set('Vary', vary);
  };
}

/** The client as rate limits count it: what the runtime resolved, else API Gateway's source IP. */
function clientOf(env: AppEnv['Bindings'] | undefined): string {
  if (env?.clientAddress !== undefined) return env.clientAddress;
  const context = env?.requestContext;
  const sourceIp = context?.http?.sourceIp ?? context?.identity?.sourceIp;
  // API Gateway's own view of the caller: unlike X-Forwarded-For, the client cannot forge it.
  return sourceIp === undefined
    ? 'unknown'
    : clientAddressOf(sourceIp, undefined, TRUST_NO_PROXY) || 'unknown';
}

/** How much of a body a route reads. */
export interface BodyLimit {
  /** Bytes read at most (the route answers 413 beyond them). */
  limit: number;
  /** Whether a body declared over `limit` is refused without reading any of it (photos). */
  readNothingOver?: boolean;
}

/**
 * Reads the request body, at most a little past `limit`, into `c.var.body`. On the Node server it
 * reads the socket itself, so a client sending 50 MB costs no more than the limit, and the rest of
 * a refused body is thrown away after the answer; elsewhere the body is already in memory (API
 * Gateway caps it).
 */
export function readBody(bodyLimit: BodyLimit): Middleware {
  return async (c, next) => {
    c.set('body', await readBodyOf(c, bodyLimit));
    await next();
  };
}

/**
 * The request body as `readBody` reads it (undefined when none came), for a route that checks
 * who sends it and how before it reads a byte (uploads: see `leaveBodyUnread`).
 */
export async function readBodyOf(
  c: AppContext,
  { limit, readNothingOver = false }: BodyLimit,
): Promise<Buffer | undefined> {
  const incoming = c.env?.incoming;
  if (incoming) {
    const { body, complete } = await readRequestBody(incoming, limit, { readNothingOver });
    if (!complete) leaveBodyUnread(c);
    return body && body.length > 0 ? body : undefined;
  }
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  const bytes =
    readNothingOver && declared > limit ? Buffer.alloc(0) : Buffer.from(await c.req.arrayBuffer());
  return bytes.length > 0 ? bytes : undefined;
}

/**
 * Whether the request comes with a body, told without reading it: on the Node server by its
 * framing (a length over 0, or chunked; its parser takes a body no other way); elsewhere the body
 * is in memory already.
 */
export async function comesWithBody(c: AppContext): Promise<boolean> {
  const incoming = c.env?.incoming;
  if (!incoming) return (await c.req.arrayBuffer()).byteLength > 0;
  const length = Number(incoming.headers['content-length'] ?? 0);
  return length > 0 || incoming.headers['transfer-encoding'] !== undefined;
}

/** What `editorOnly` checks with, and the words of its 403. */
export interface EditorCheck {
  verify: AccessTokenVerifier;
  log: (line: string) => void;
  /** The 403 message, saying what only editors may do. */
  forbidden: string;
}

/**
 * Checks `Authorization: Bearer <access token>`: 401 for a missing or bad token, 403 for a
 * signed-in non-editor, 503 when the pool's keys cannot be fetched; the claims otherwise.
 *
 * @throws Refusal saying which.
 */
export async function authoriseEditor(
  authorization: string | undefined,
  { verify, log, forbidden }: EditorCheck,
): Promise<AccessTokenClaims> {
  const token = tokenOf(authorization, 'access token', 'Sign in as an editor first.');
  let claims: AccessTokenClaims;
  try {
    claims = await verify(token);
  } catch (error) {
    if (error instanceof TokenRejected) {
      throw new Refusal(
        401,
        { error: `${error.message} Sign in again.` },
        { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      );
    }
    log(`nodes-service: ${error instanceof KeysUnavailable ? error.message : String(error)}`);
    throw new Refusal(
      503,
      { error: 'Your sign-in could not be checked now; try again shortly.' },
      { 'Retry-After': '30' },
    );
  }
  if (!claims.groups.includes(EDITOR_GROUP)) {
    throw new Refusal(
      403,
      { error: forbidden },
      { 'WWW-Authenticate': 'Bearer error="insufficient_scope"' },
    );
  }
  return claims;
}

/**
 * Lets only editors through (see `authoriseEditor`), their claims in `c.var.editor`: a method's
 * `access` (`resource`), checked before its body is read.
 */
export function editorOnly(check: EditorCheck): AccessCheck {
  return accessCheck(async (c, next) => {
    c.set('editor', await authoriseEditor(c.req.header('authorization'), check));
    await next();
  });
}

/** Sets what an unexpected failure of the routes after it answers (500). */
export function failureSays(message: string): Middleware {
  return async (c, next) => {
    c.set('failure', message);
    await next();
  };
}

/**
 * The application's one error handler: a `Refusal` is answered as it says; a client that left
 * mid-body gets one log line; anything else is logged with its stack and answered 500 in the
 * words the route chose.
 */
export function errorHandler(log: (line: string) => void): ErrorHandler<AppEnv> {
  return (error, c) => {
    const refusal = error instanceof Refusal ? error : refusalOf(error, log);
    if (refusal) return reply(refusal.status, refusal.body, refusal.headers);
    // On the Node server, the path as the client sent it (with `/api`).
    const what = `${c.req.method} ${c.env?.incoming?.url ?? new URL(c.req.url).pathname}`;
    if (error instanceof RequestAborted) {
      log(`${what}: ${error.message}`);
      return reply(400, { error: 'The request body did not arrive.' });
    }
    log(
      `nodes-service: ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return reply(500, { error: c.get('failure') ?? 'Internal server error.' });
  };
}
