/**
 * API Gateway's Lambda proxy events as the nodes-service's requests, and its answers as proxy
 * results: both payload formats (1.0 from a REST API, 2.0 from an HTTP API or a function URL), so
 * the function serves under either without an adapter of its own.
 */
import { clientAddressOf, TRUST_NO_PROXY } from '../clientAddress';
import { noStoreJson } from '../jsonReply';
import type { NodesHandler } from '../nodesHandler';
import type { HeaderValue, ServiceRequest, ServiceResponse } from '../serviceTypes';
import { bodyLimitOf } from '../requestBody';

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
 * The first segments of the paths the service answers (`/nodes…`, `/uploads`, `/submissions…`,
 * `/messages`). Whatever comes before the first of them is a stage, a custom domain's base path
 * or a mount prefix (`/prod`, `/api`), which the service does not know about.
 */
export const SERVICE_ROOTS: ReadonlySet<string> = new Set([
  'nodes',
  'uploads',
  'submissions',
  'messages',
]);

/** Methods whose bodies are never read, as on the local server. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Content types a `Buffer` body may be answered as text in (it is base64 otherwise). */
const TEXT_TYPE = /^\s*(?:text\/|application\/(?:[\w.+-]+\+)?json\b)/i;

/**
 * The service's own path of a request path: without the stage (`/prod`, format 2.0 only: a REST
 * API's `path` never holds it) and without anything before the first service root. A stage or
 * base path named like a root (`/nodes/nodes`) is the one case this cannot tell apart.
 */
export function servicePath(path: string, stage?: string): string {
  let rest = path === '' ? '/' : path;
  if (stage && stage !== '$default') {
    if (rest === `/${stage}`) rest = '/';
    else if (rest.startsWith(`/${stage}/`)) rest = rest.slice(stage.length + 1);
  }
  const segments = rest.split('/');
  const root = segments.findIndex((segment, index) => index > 0 && SERVICE_ROOTS.has(segment));
  return root === -1 ? rest : `/${segments.slice(root).join('/')}`;
}

/**
 * A request body: base64 decoded, and never decoded much past `limit`, since the bytes past it
 * would only feed the route's 413 (the local server stops reading there too).
 */
export function bodyOf(
  body: string | null | undefined,
  isBase64Encoded: boolean | undefined,
  limit: number,
): Buffer | string | undefined {
  if (body === null || body === undefined || body === '') return undefined;
  if (!isBase64Encoded) return body;
  // Four characters per three bytes: this decodes to limit + 1 bytes or a little more.
  const enough = Math.ceil((limit + 1) / 3) * 4;
  return Buffer.from(body.length > enough ? body.slice(0, enough) : body, 'base64');
}

function queryOf(event: RestApiEvent): string {
  const params = new URLSearchParams();
  if (event.multiValueQueryStringParameters) {
    for (const [name, values] of Object.entries(event.multiValueQueryStringParameters)) {
      for (const value of values ?? []) params.append(name, value);
    }
  } else {
    for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
      if (value !== undefined) params.append(name, value);
    }
  }
  return params.toString();
}

function restHeaders(event: RestApiEvent): Record<string, HeaderValue> {
  // A repeated header is complete only in multiValueHeaders; headers keeps its last value.
  return { ...(event.headers ?? {}), ...(event.multiValueHeaders ?? {}) };
}

/** The service's request of an event. */
export function serviceRequestOf(event: ApiGatewayEvent): ServiceRequest {
  const http = 'rawPath' in event;
  const method = (http ? event.requestContext.http.method : event.httpMethod).toUpperCase();
  const path = http
    ? servicePath(event.rawPath, event.requestContext.stage)
    : servicePath(event.path);
  const body = BODILESS.has(method)
    ? undefined
    : bodyOf(event.body, event.isBase64Encoded, bodyLimitOf(path).limit);
  // API Gateway's own view of the caller: unlike X-Forwarded-For, the client cannot forge it.
  const sourceIp = http
    ? event.requestContext.http.sourceIp
    : event.requestContext.identity?.sourceIp;
  return {
    method,
    path,
    headers: http ? (event.headers ?? {}) : restHeaders(event),
    query: http ? (event.rawQueryString ?? '') : queryOf(event),
    clientAddress: clientAddressOf(sourceIp, undefined, TRUST_NO_PROXY),
    ...(body === undefined ? {} : { body }),
  };
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/**
 * The proxy result of an answer. A `Buffer` goes back as base64 unless it is uncompressed text
 * (the plain list): base64 would cost a third more of the function's 6 MB response limit.
 */
export function apiGatewayResultOf(response: ServiceResponse): ApiGatewayResult {
  const { status, headers, body } = response;
  const text =
    typeof body === 'string' ||
    (headerOf(headers, 'Content-Encoding') === undefined &&
      TEXT_TYPE.test(headerOf(headers, 'Content-Type') ?? ''));
  return {
    statusCode: status,
    headers,
    body: typeof body === 'string' ? body : body.toString(text ? 'utf8' : 'base64'),
    isBase64Encoded: !text,
  };
}

/**
 * The Lambda entry point over a nodes handler. A failure it did not expect answers 500 in JSON
 * and is logged with its stack, as the local server does, instead of failing the invocation
 * (which API Gateway turns into a bare 502 or 500 the app cannot explain).
 */
export function createApiGatewayHandler(
  service: Pick<NodesHandler, 'handle'>,
  log: (line: string) => void = (line) => console.error(line),
): ApiGatewayHandler {
  return async (event) => {
    try {
      return apiGatewayResultOf(await service.handle(serviceRequestOf(event)));
    } catch (error) {
      log(
        `nodes-service: a request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return apiGatewayResultOf(noStoreJson(500, { error: 'Internal server error.' }));
    }
  };
}
