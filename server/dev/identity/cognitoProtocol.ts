import type { IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'node:http';

/**
 * Cognito's JSON protocol as the browser speaks it: a POST whose `X-Amz-Target` header names the
 * action (`AWSCognitoIdentityProviderService.InitiateAuth`), a JSON body, and errors as
 * `{"__type": "...Exception", "message": "..."}` with status 400.
 */

/** One answer, status, headers and body, as it will be written. */
export interface CognitoReply {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const CONTENT_TYPE = 'application/x-amz-json-1.1';

/** Actions Cognito serves only to IAM-signed callers (a server with AWS credentials). */
const IAM_ONLY_ACTIONS = new Set([
  'AddCustomAttributes',
  'CreateGroup',
  'CreateUserPool',
  'CreateUserPoolClient',
  'DeleteGroup',
  'DeleteUserPool',
  'DeleteUserPoolClient',
  'DescribeUserPool',
  'DescribeUserPoolClient',
  'GetGroup',
  'GetUserPoolMfaConfig',
  'ListGroups',
  'ListUserPoolClients',
  'ListUserPools',
  'ListUsers',
  'ListUsersInGroup',
  'SetUserPoolMfaConfig',
  'UpdateGroup',
  'UpdateUserPool',
  'UpdateUserPoolClient',
]);

/**
 * What a browser may call on Cognito without AWS credentials: the public API of sign-up, sign-in,
 * the signed-in user's own account, devices and MFA. Everything else is refused before it reaches
 * cognito-local, which would otherwise serve it to anyone.
 */
const BROWSER_ACTIONS = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

/**
 * What an `X-Amz-Target` header asks for: a browser action, an action Cognito serves only to
 * IAM-signed callers, or nothing Cognito knows (any other prefix, spelling or value).
 */
export type Target =
  { kind: 'browser'; action: string } | { kind: 'iam'; action: string } | { kind: 'unknown' };

/**
 * Parses an `X-Amz-Target` header strictly: exactly `AWSCognitoIdentityProviderService.` and an
 * action name. cognito-local reads only what follows the first dot, so a lax reading here (any
 * prefix, a second header, trailing text) would let a caller reach actions the front never checked.
 */
export function parseTarget(target: string | string[] | undefined): Target {
  if (typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) return { kind: 'unknown' };
  const action = target.slice(TARGET_PREFIX.length);
  if (!/^[A-Za-z]+$/.test(action)) return { kind: 'unknown' };
  if (BROWSER_ACTIONS.has(action)) return { kind: 'browser', action };
  if (requiresIamCredentials(action)) return { kind: 'iam', action };
  return { kind: 'unknown' };
}

/** Whether a `Content-Type` is Cognito's JSON (the version 1.1 the SDKs and the app send). */
export function isCognitoJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === CONTENT_TYPE;
}

/**
 * Whether Cognito refuses `action` to a browser: every `Admin*` action and the pool's
 * management. The local front refuses them too, so the app cannot come to rely locally on a call
 * that AWS will refuse; the /login function reaches them on cognito-local directly.
 */
export function requiresIamCredentials(action: string): boolean {
  return action.startsWith('Admin') || IAM_ONLY_ACTIONS.has(action);
}

/**
 * A JSON answer in Cognito's content type. Which origins may read it is the front's decision
 * (its CORS policy), added when the answer is sent.
 */
export function jsonReply(value: unknown, status = 200): CognitoReply {
  return {
    status,
    headers: { 'Content-Type': CONTENT_TYPE },
    body: Buffer.from(JSON.stringify(value)),
  };
}

/** A Cognito error: `__type` is what the client reads as the error's code and name (SPEC §8). */
export function cognitoError(type: string, message: string, status = 400): CognitoReply {
  const reply = jsonReply({ __type: type, message }, status);
  reply.headers['x-amzn-ErrorType'] = `${type}:`;
  return reply;
}

/** The request body, or null when it is longer than `limit` bytes (the rest is not read). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A request to pass on to cognito-local: always a POST of one action to its API. */
export interface ForwardedRequest {
  action: string;
  body: Buffer;
}

/** Reply headers worth passing back: what the client reads, never cognito-local's CORS grant. */
function isReplyHeader(name: string): boolean {
  return name === 'content-type' || name.startsWith('x-amzn-');
}

/**
 * Sends an action to `upstream` (cognito-local's base URL) with only the headers the action
 * needs plus `extraHeaders` (the front's key), and returns its answer with only the headers a
 * client reads. Nothing the browser sent besides the body (cookies, Origin, credentials) goes on.
 */
export function forward(
  upstream: string,
  message: ForwardedRequest,
  extraHeaders: Readonly<Record<string, string>> = {},
): Promise<CognitoReply> {
  const { hostname, port } = new URL(upstream);
  const headers = {
    ...extraHeaders,
    'content-type': CONTENT_TYPE,
    'x-amz-target': `${TARGET_PREFIX}${message.action}`,
    'content-length': String(message.body.length),
  };
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, method: 'POST', path: '/', headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const replyHeaders: CognitoReply['headers'] = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined && isReplyHeader(name)) replyHeaders[name] = value;
        }
        resolve({
          status: incoming.statusCode ?? 502,
          headers: replyHeaders,
          body: Buffer.concat(chunks),
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(message.body);
  });
}

/** Writes a reply, with `extraHeaders` (the CORS grant) added. */
export function sendReply(
  res: ServerResponse,
  reply: CognitoReply,
  extraHeaders: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(reply.status, { ...reply.headers, ...extraHeaders });
  res.end(reply.body);
}

/** The JSON object a body holds, or null when it holds something else. */
export function parseObject(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A string field of a JSON object, or undefined. */
export function stringField(object: unknown, key: string): string | undefined {
  if (typeof object !== 'object' || object === null) return undefined;
  const value = (object as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
