/**
 * The SRP front's HTTP side, which composes its parts: the request's host and origin checks,
 * CORS, the pool's well-known keys, reading the body within its limit, the checks every call
 * must pass (`precondition`) and the dispatch by `X-Amz-Target` to the sign-in flows
 * (`signInFlows.ts`), the account calls (`accountCalls.ts`, `accountCodes.ts`) or cognito-local.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackHost } from '../../config/serverConfig';
import { createCorsPolicy } from '../../app/cors';
import {
  cognitoError,
  isCognitoJson,
  jsonReply,
  parseObject,
  parseTarget,
  readBody,
  sendReply,
  stringField,
  type CognitoReply,
  type ForwardedRequest,
} from './cognitoProtocol';
import { createAccountCalls } from './accountCalls';
import { createAccountCodes, type ActionHandler } from './accountCodes';
import { createFrontContext, type FrontContext, type SrpFrontOptions } from './frontContext';
import { SESSION_EXPIRED } from './passwordVerifier';
import { createSignInFlows } from './signInFlows';

export type { SrpFrontOptions };
export { CUSTOM_CHALLENGE_PROMPT } from './customChallenge';

/**
 * The front's HTTP handler. `path` is the request's path below the front's mount point (`/` for
 * the API, `/{poolId}/.well-known/jwks.json` for the keys); it defaults to the request's URL.
 */
export type SrpFront = (req: IncomingMessage, res: ServerResponse, path?: string) => Promise<void>;

/**
 * The API's answers carry what no cache may keep: tokens (a sign-in, a refresh), a sign-in's
 * session, an authenticator's secret, the account's details. So every one of them, errors too,
 * says `no-store`, as OAuth 2.0 requires of token answers (RFC 6749 §5.1) (issue 45).
 */
const API_ANSWER_HEADERS = { 'Cache-Control': 'no-store' };

/** The app's requests are a few hundred bytes; anything near this is not one of them. */
const MAX_BODY_BYTES = 256 * 1024;
/** The headers a browser may send cross-origin: what amazon-cognito-identity-js sends. */
const REQUEST_HEADERS = 'Content-Type, X-Amz-Target, X-Amz-User-Agent, Cache-Control';
/**
 * Actions that act on the signed-in user named by an `AccessToken`. cognito-local only decodes
 * that token, so the front checks its signature, issuer and expiry before passing any of them on.
 */
const ACCESS_TOKEN_ACTIONS = new Set([
  'ChangePassword',
  'ConfirmDevice',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'GetDevice',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'ListDevices',
  'SetUserMFAPreference',
  'SetUserSettings',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
]);
/** Actions that take an `AccessToken` or, during an MFA set-up challenge, its `Session`. */
const TOKEN_OR_SESSION_ACTIONS = new Set(['AssociateSoftwareToken', 'VerifySoftwareToken']);

/** The host name of a `Host` header (`[::1]:5173` → `[::1]`), or null when it is none. */
function hostNameOf(host: string | undefined): string | null {
  if (host === undefined || host === '') return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/** Whether a browser's `Origin` is the front's own site (the app served beside it). */
function isSameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Whether the request names a host this front answers for (see `anyHost`). */
function ownHostCheck(options: SrpFrontOptions): (host: string | undefined) => boolean {
  const appHosts = new Set(
    (options.appOrigins ?? []).filter((origin) => origin !== '*').map((o) => new URL(o).hostname),
  );
  return (host) => {
    if (options.anyHost) return true;
    const name = hostNameOf(host);
    return name !== null && (isLoopbackHost(name) || appHosts.has(name));
  };
}

/** Checks what every call of `action` must hold before it is looked at further. */
async function precondition(
  { challenges, tokenHolder }: FrontContext,
  action: string,
  input: Record<string, unknown>,
): Promise<CognitoReply | null> {
  const token = stringField(input, 'AccessToken');
  const tokenOrSession =
    TOKEN_OR_SESSION_ACTIONS.has(action) && token === undefined && 'Session' in input;
  if (tokenOrSession) {
    const session = stringField(input, 'Session') ?? '';
    // Only an authenticator's set-up takes a session in place of a token.
    return challenges.peek(session)?.name === 'MFA_SETUP'
      ? null
      : cognitoError('NotAuthorizedException', SESSION_EXPIRED);
  }
  if (
    ACCESS_TOKEN_ACTIONS.has(action) ||
    TOKEN_OR_SESSION_ACTIONS.has(action) ||
    input.AccessToken !== undefined
  ) {
    const holder = await tokenHolder(token);
    if (typeof holder !== 'string') return holder;
  }
  return null;
}

/**
 * Answers one Cognito call (a POST to `/`): its content type, `X-Amz-Target` and body checked,
 * then handed to the front's handler of its action, or to cognito-local.
 */
async function answerCall(
  context: FrontContext,
  actions: Record<string, ActionHandler>,
  req: IncomingMessage,
): Promise<CognitoReply> {
  if (!isCognitoJson(req.headers['content-type'])) {
    return cognitoError(
      'SerializationException',
      'Send the request as application/x-amz-json-1.1.',
      415,
    );
  }
  const target = parseTarget(req.headers['x-amz-target']);
  if (target.kind === 'iam') {
    return cognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  if (target.kind === 'unknown') {
    return cognitoError(
      'UnknownOperationException',
      'The action or operation requested is invalid. Verify that the action is typed correctly.',
    );
  }
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === null) {
    return cognitoError('SerializationException', 'The request body is too large.', 413);
  }
  const input = parseObject(body);
  if (!input) {
    return cognitoError('SerializationException', 'The request body is not a JSON object.');
  }
  const refusal = await precondition(context, target.action, input);
  if (refusal) return refusal;
  const request: ForwardedRequest = { action: target.action, body };
  const handler = actions[target.action];
  return handler ? handler(request, input) : context.pass(request);
}

/** The pool's keys and OpenID configuration, made from this installation's key. */
function wellKnown(options: SrpFrontOptions, pathname: string): CognitoReply | null {
  const document =
    pathname === `/${options.poolId}/.well-known/jwks.json`
      ? options.jwks
      : pathname === `/${options.poolId}/.well-known/openid-configuration`
        ? {
            issuer: options.issuer,
            jwks_uri: `${options.issuer}/.well-known/jwks.json`,
            id_token_signing_alg_values_supported: ['RS256'],
          }
        : null;
  if (document === null) return null;
  const reply = jsonReply(document);
  reply.headers['Content-Type'] = 'application/json';
  return reply;
}

/** The front's answers to each Cognito action it handles itself, by action. */
function frontActions(
  options: SrpFrontOptions,
  context: FrontContext,
): Record<string, ActionHandler> {
  return {
    ...createSignInFlows(context),
    ...createAccountCalls(context),
    ...createAccountCodes({
      directory: context.directory,
      passwordPolicy: context.passwordPolicy,
      lockout: context.lockout,
      pass: (request) => context.pass(request),
      tokenHolder: context.tokenHolder,
      decoySecret: options.decoySecret ?? randomBytes(32).toString('base64url'),
    }),
  };
}

/**
 * Creates the SRP front: an HTTP handler that speaks Cognito's JSON protocol in front of
 * cognito-local, adding what cognito-local lacks and the app needs: USER_SRP_AUTH (the default
 * sign-in of amazon-cognito-identity-js), GlobalSignOut, the pool's password policy, the client's
 * allowed auth flows, challenge sessions, checked access tokens, wrong-password lockouts and the
 * pool's keys. Only the calls a browser may make on Cognito (`parseTarget`) are answered; the
 * rest are refused as Cognito refuses them, and nothing else on cognito-local is reachable.
 * Local development only: it checks passwords against the clear ones cognito-local stores.
 */
export function createSrpFront(options: SrpFrontOptions): SrpFront {
  const context = createFrontContext(options);
  const cors = createCorsPolicy(
    (options.appOrigins ?? []).filter((origin) => origin !== '*'),
    { methods: 'POST, OPTIONS', requestHeaders: REQUEST_HEADERS },
  );
  const isOwnHost = ownHostCheck(options);
  const actions = frontActions(options, context);

  return async (req, res, path = req.url ?? '/') => {
    if (!isOwnHost(req.headers.host)) {
      const message = 'The identity server answers only on this machine, by its own name.';
      sendReply(res, cognitoError('AccessDeniedException', message, 421));
      return;
    }
    const origin = req.headers.origin;
    const foreign = origin !== undefined && !isSameOrigin(origin, req.headers.host);
    const grant = foreign ? cors.headers(origin) : {};
    const vary = cors.vary();
    const corsHeaders = { ...grant, ...(vary ? { Vary: vary } : {}) };
    if (foreign && !('Access-Control-Allow-Origin' in grant)) {
      // Browsers would not let the page read the answer anyway; refusing unread keeps a page on
      // another site from even making a sign-up or a sign-in attempt happen.
      sendReply(
        res,
        cognitoError('AccessDeniedException', 'This origin may not call the identity server.', 403),
        corsHeaders,
      );
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors.preflight(origin), ...(vary ? { Vary: vary } : {}) });
      res.end();
      return;
    }
    const pathname = path.split('?')[0] ?? '/';
    if (req.method === 'GET' || req.method === 'HEAD') {
      const document = wellKnown(options, pathname);
      sendReply(
        res,
        document ?? cognitoError('ResourceNotFoundException', 'Not found.', 404),
        corsHeaders,
      );
      return;
    }
    if (req.method !== 'POST' || pathname !== '/') {
      sendReply(
        res,
        cognitoError('UnknownOperationException', 'Only POST / is answered.', 404),
        corsHeaders,
      );
      return;
    }
    sendReply(res, await answerCall(context, actions, req), {
      ...corsHeaders,
      ...API_ANSWER_HEADERS,
    });
  };
}
