/**
 * The bottom of the service's HTTP application (issue 15): what every route and middleware shares,
 * importing only types. The application runs on Hono; its runtimes (the Node server, the Lambda
 * function, the tests' in-process calls) hand it their request and what they know about the
 * client in its bindings.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AccessTokenClaims } from '../login/accessToken';
import type { IdTokenClaims } from '../login/idToken';
import type { EditableNodeStore, InboxStore } from '../storage/nodeStore';

/** What a runtime gives the application with each request. */
export interface AppBindings {
  /** The client as rate limits count it, when the runtime has resolved it (Node, tests). */
  clientAddress?: string;
  /** The Node server's request: bodies are read from it, bounded, instead of from a stream. */
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
  /** API Gateway's view of the caller (its source IP), on Lambda. */
  requestContext?: {
    http?: { sourceIp?: string };
    identity?: { sourceIp?: string };
  };
}

/** What middleware hands the routes after it. */
export interface AppVariables {
  /** The client, as rate limits count clients (`unknown` when no runtime said). */
  client: string;
  /** The request body as read by `readBody`, bounded; undefined when none came. */
  body: Buffer | undefined;
  /** The editor's claims, once `editorOnly` let the request through. */
  editor: AccessTokenClaims;
  /** The signed-in user's ID token claims, once `/login` checked them. */
  signedIn: IdTokenClaims;
  /** What an unexpected failure of this route is answered with (500). */
  failure: string;
  /** The store with its inbox, once `withInbox` opened it. */
  inbox: EditableNodeStore & InboxStore;
  /** The version an edit was made against (`If-Match`). */
  version: number;
  /** Validated input of a route (`jsonBody`). */
  input: unknown;
}

/** The application's Hono environment. */
export interface AppEnv {
  Bindings: AppBindings;
  Variables: AppVariables;
}

/** A route's context. */
export type AppContext = Context<AppEnv>;

/** One step of a route: middleware (calls `next`) or its handler (answers). */
export type Step = (c: AppContext, next: Next) => Response | ReturnType<MiddlewareHandler<AppEnv>>;

/** A path parameter of the route (`:id`); routes only ask for the ones their path names. */
export function param(c: AppContext, name: string): string {
  return c.req.param(name) ?? '';
}

/**
 * A request the service refuses, thrown anywhere in a route or its middleware and answered by the
 * application's one error handler: the status, the JSON body and extra headers.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    readonly status: number,
    readonly body: { error: string } & Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error);
  }
}

/** Headers of a JSON answer no cache may keep (the nodes list has its own, cacheable one). */
export function noStoreHeaders(text: string): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * A JSON answer no cache may keep (errors, a user's own results, editors' writes), with extra
 * headers; the application adds its CORS grant and security headers.
 */
export function reply(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return new Response(text, { status, headers: { ...noStoreHeaders(text), ...extra } });
}

/** The buffers `bufferResponse` answered with, for callers in process (tests' `app.request()`). */
const buffers = new WeakMap<Response, Buffer>();

/**
 * A response whose body is `buffer`, not copied: a cached list or photo is handed to the runtime
 * as it is, and an in-process caller gets the very buffer back (`bufferOf`).
 */
export function bufferResponse(buffer: Buffer, init: ResponseInit): Response {
  const bytes = new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
  const response = new Response(bytes, init);
  buffers.set(response, buffer);
  return response;
}

/** The buffer a response was made from by `bufferResponse`, if it was. */
export function bufferOf(response: Response): Buffer | undefined {
  return buffers.get(response);
}
