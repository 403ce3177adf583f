/**
 * The service's application as an AWS Lambda function behind API Gateway (a REST API or an HTTP
 * API) or a function URL, through Hono's Lambda adapter: both payload formats, below any stage,
 * custom domain base path or mount prefix. The paths it answers come from the application's own
 * routes, so a new resource needs nothing here.
 */
import { handle } from 'hono/aws-lambda';
import type { Hono } from 'hono';
import { UPLOAD_MAX_BYTES } from '@/lib/submissionSchema';
import { bufferOf, type AppEnv } from '../app/appEnv';
import { rootsOf } from '../app/serviceApp';
import { UNIMPLEMENTED_METHODS } from '../app/resource';

/** Header names as the service writes them; Fetch's `Headers` lower-cases every name. */
const SPELLED: Record<string, string> = { etag: 'ETag', 'www-authenticate': 'WWW-Authenticate' };

/**
 * `content-type` → `Content-Type`, `etag` → `ETag`: API Gateway passes names through, and the
 * service's answers read as it writes them in the function's logs and in clients' tools.
 */
export function headerName(name: string): string {
  return (
    SPELLED[name] ??
    name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase())
  );
}

/** The most any route reads of a body: a photo (`UPLOAD_MAX_BYTES`). */
const MAX_BODY_BYTES = UPLOAD_MAX_BYTES;

/** Methods whose bodies are never read (a Fetch request cannot even carry one). */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An HTTP API (payload format 2.0) or function URL event: the parts the service reads. */
export interface HttpApiEvent {
  version?: string;
  /** The path as sent, still percent-encoded; it starts with the stage unless that is `$default`. */
  rawPath: string;
  /** The query string without `?`. */
  rawQueryString?: string;
  /** Lower-cased names; repeated headers joined with commas. */
  headers?: Record<string, string | undefined>;
  body?: string | null;
  /** Whether `body` is base64 (API Gateway encodes any body it does not take for text). */
  isBase64Encoded?: boolean;
  requestContext: {
    http: { method: string; sourceIp?: string };
    stage?: string;
  };
}

/** A REST API proxy (payload format 1.0) event: the parts the service reads. */
export interface RestApiEvent {
  httpMethod: string;
  /** The path below the stage; a custom domain's base path stays in it. */
  path: string;
  headers?: Record<string, string | undefined> | null;
  multiValueHeaders?: Record<string, string[] | undefined> | null;
  queryStringParameters?: Record<string, string | undefined> | null;
  multiValueQueryStringParameters?: Record<string, string[] | undefined> | null;
  body?: string | null;
  isBase64Encoded?: boolean;
  requestContext: { stage?: string; identity?: { sourceIp?: string } };
}

/** Either payload format. */
export type ApiGatewayEvent = HttpApiEvent | RestApiEvent;

/** A proxy result; both payload formats accept this shape. */
export interface ApiGatewayResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
}

/** The Lambda entry point's shape. */
export type ApiGatewayHandler = (event: ApiGatewayEvent) => Promise<ApiGatewayResult>;

/**
 * The service's own path of a request path: without the stage (`/prod`, format 2.0 only: a REST
 * API's `path` never holds it) and without anything before the first of `roots` (the first
 * segments the service answers). A stage or base path named like a root (`/nodes/nodes`) is the
 * one case this cannot tell apart.
 */
export function servicePath(path: string, roots: ReadonlySet<string>, stage?: string): string {
  let rest = path === '' ? '/' : path;
  if (stage && stage !== '$default') {
    if (rest === `/${stage}`) rest = '/';
    else if (rest.startsWith(`/${stage}/`)) rest = rest.slice(stage.length + 1);
  }
  const segments = rest.split('/');
  const root = segments.findIndex((segment, index) => index > 0 && roots.has(segment));
  return root === -1 ? rest : `/${segments.slice(root).join('/')}`;
}

/**
 * A body cut to what the largest route reads, plus a byte (its route answers 413 from that): the
 * bytes past it would only be decoded to be refused. Four base64 characters per three bytes.
 */
function boundedBody(event: ApiGatewayEvent): string | null | undefined {
  const { body } = event;
  if (typeof body !== 'string') return body;
  const enough = event.isBase64Encoded
    ? Math.ceil((MAX_BODY_BYTES + 1) / 3) * 4
    : MAX_BODY_BYTES + 1;
  return body.length > enough ? body.slice(0, enough) : body;
}

/** The event with its path as the service's own, or null when it is no proxy event at all. */
function ownPath(event: ApiGatewayEvent, roots: ReadonlySet<string>): ApiGatewayEvent | null {
  if ('rawPath' in event && typeof event.requestContext?.http?.method === 'string') {
    const rawPath = servicePath(event.rawPath, roots, event.requestContext.stage);
    const method = event.requestContext.http.method.toUpperCase();
    return { ...event, rawPath, body: BODILESS.has(method) ? undefined : boundedBody(event) };
  }
  if ('httpMethod' in event && typeof event.path === 'string') {
    const body = BODILESS.has(event.httpMethod.toUpperCase()) ? undefined : boundedBody(event);
    return { ...event, path: servicePath(event.path, roots), body };
  }
  return null;
}

/** The request's method, in either payload format. */
function methodOf(event: ApiGatewayEvent): string {
  const method = 'httpMethod' in event ? event.httpMethod : event.requestContext?.http?.method;
  return (method ?? '').toUpperCase();
}

interface HonoResult {
  statusCode: number;
  body: string;
  isBase64Encoded: boolean;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
}

const INTERNAL_ERROR: ApiGatewayResult = {
  statusCode: 500,
  headers: {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  },
  body: JSON.stringify({ error: 'Internal server error.' }),
  isBase64Encoded: false,
};

/** A cached buffer's body as an event result carries it, by buffer: see `resultBody`. */
const resultBodies = new WeakMap<Buffer, { base64?: string; text?: string }>();

/**
 * The body of an answer made from a cached buffer (`bufferResponse`: the list per revision and
 * coding), in base64 or as text as the result needs it, encoded once per buffer (issue 45): Hono's
 * adapter would copy the bytes out of the response and base64 them a character at a time on every
 * invocation, and the list's Brotli answer is the hottest read there is.
 */
function resultBody(buffer: Buffer, base64: boolean): string {
  let bodies = resultBodies.get(buffer);
  if (bodies === undefined) {
    bodies = {};
    resultBodies.set(buffer, bodies);
  }
  return base64
    ? (bodies.base64 ??= buffer.toString('base64'))
    : (bodies.text ??= buffer.toString('utf8'));
}

/**
 * The Lambda entry point over the application. Header names come back as the service writes them
 * (`Content-Type`, `ETag`), in `headers` for either format; an empty body is never base64. A
 * malformed event or a failure the application did not answer is a logged 500 in JSON, instead of
 * a failed invocation (which API Gateway turns into a bare 502 the app cannot explain).
 */
export function createApiGatewayHandler(
  app: Hono<AppEnv>,
  log: (line: string) => void = (line) => console.error(line),
): ApiGatewayHandler {
  const roots = rootsOf(app);
  /** The cached buffer an event was answered with, its body left to `resultBody`. */
  const buffered = new WeakMap<object, Buffer>();
  // The adapter only calls `fetch`: an answer of a cached buffer reaches it without its body.
  const answering = {
    async fetch(request: Request, env: { event: object } & AppEnv['Bindings']) {
      const response = await app.fetch(request, env);
      const buffer = bufferOf(response);
      if (buffer === undefined) return response;
      buffered.set(env.event, buffer);
      return new Response(null, { status: response.status, headers: response.headers });
    },
  };
  const lambda = handle(answering as unknown as Hono) as unknown as (
    event: ApiGatewayEvent,
  ) => Promise<HonoResult>;
  return async (event) => {
    try {
      const own = ownPath(event, roots);
      if (own === null) throw new Error('The event is not an API Gateway or function URL event.');
      const method = methodOf(own);
      if (UNIMPLEMENTED_METHODS.has(method)) {
        return {
          ...INTERNAL_ERROR,
          statusCode: 501,
          body: JSON.stringify({ error: `${method} is not supported by this service.` }),
        };
      }
      const result = await lambda(own);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(result.headers ?? {})) {
        headers[headerName(name)] = value;
      }
      for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
        headers[headerName(name)] = values.join(', ');
      }
      const buffer = buffered.get(own);
      const body = buffer ? resultBody(buffer, result.isBase64Encoded) : result.body;
      return {
        statusCode: result.statusCode,
        headers,
        body,
        isBase64Encoded: result.isBase64Encoded && body !== '',
      };
    } catch (error) {
      log(
        `nodes-service: a request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return INTERNAL_ERROR;
    }
  };
}
