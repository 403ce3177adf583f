import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
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

/** Headers that describe one connection, not the message, so they are not passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

/** The action an `X-Amz-Target` header names, or null when it names none. */
export function actionOf(target: string | string[] | undefined): string | null {
  return typeof target === 'string' && target.startsWith(TARGET_PREFIX)
    ? target.slice(TARGET_PREFIX.length) || null
    : null;
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
 * A JSON answer in Cognito's content type. Readable from any origin, like every answer of
 * Cognito's public API and of cognito-local, so the front's own answers match the ones it passes on.
 */
export function jsonReply(value: unknown, status = 200): CognitoReply {
  return {
    status,
    headers: { 'Content-Type': CONTENT_TYPE, 'Access-Control-Allow-Origin': '*' },
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

/** A request to pass on to cognito-local. */
export interface ForwardedRequest {
  method: string;
  /** Path and query on cognito-local, e.g. `/` or `/{poolId}/.well-known/jwks.json`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends a request to `upstream` (cognito-local's base URL) and returns its answer unchanged. */
export function forward(upstream: string, message: ForwardedRequest): Promise<CognitoReply> {
  const { hostname, port } = new URL(upstream);
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (!HOP_BY_HOP.has(name) && name !== 'content-length') headers[name] = value;
  }
  headers['content-length'] = String(message.body.length);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { hostname, port, method: message.method, path: message.path, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const replyHeaders: CognitoReply['headers'] = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) replyHeaders[name] = value;
          }
          resolve({
            status: incoming.statusCode ?? 502,
            headers: replyHeaders,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(message.body);
  });
}

/** Writes a reply. */
export function sendReply(res: ServerResponse, reply: CognitoReply): void {
  res.writeHead(reply.status, reply.headers);
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
