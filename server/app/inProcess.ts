/**
 * The application called in process with the service's framework-free request and answer
 * (`ServiceRequest`, `ServiceResponse`): what unit tests and the local editor's tests use, and what
 * keeps the answers' header names as the service writes them (`Content-Type`, `ETag`).
 */
import type { Hono } from 'hono';
import type { ServiceRequest, ServiceResponse } from '../serviceTypes';
import { bufferOf, type AppEnv } from './appEnv';

/** Header names as the service writes them; Fetch's `Headers` lower-cases every name. */
const SPELLED: Record<string, string> = { etag: 'ETag', 'www-authenticate': 'WWW-Authenticate' };

/** `content-type` → `Content-Type`, `etag` → `ETag`. */
export function headerName(name: string): string {
  return (
    SPELLED[name] ??
    name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase())
  );
}

/** A response's headers under the names the service writes. */
export function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[headerName(name)] = value;
  });
  return headers;
}

const TEXT_TYPE = /^\s*(?:text\/|application\/(?:[\w.+-]+\+)?json\b)/i;

/**
 * A response as a `ServiceResponse`: text bodies (JSON, plain text, not compressed) as strings,
 * anything else as a `Buffer`, and no body as `''`.
 */
export async function serviceResponseOf(response: Response): Promise<ServiceResponse> {
  const headers = headersOf(response);
  const bytes = bufferOf(response) ?? Buffer.from(await response.arrayBuffer());
  const text =
    headers['Content-Encoding'] === undefined && TEXT_TYPE.test(headers['Content-Type'] ?? '');
  return {
    status: response.status,
    headers,
    body: bytes.length === 0 ? '' : text ? bytes.toString('utf8') : bytes,
  };
}

/** A `ServiceRequest` as a Fetch request to `http://service` (its path relative to the app). */
export function requestOf(request: ServiceRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const query = request.query ? `?${request.query}` : '';
  const method = request.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : request.body;
  return new Request(`http://service${request.path}${query}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }),
  });
}

/** The application as a function of `ServiceRequest`s. */
export function serviceHandlerOf(
  app: Hono<AppEnv>,
): (request: ServiceRequest) => Promise<ServiceResponse> {
  return async (request) =>
    serviceResponseOf(
      await app.fetch(requestOf(request), { clientAddress: request.clientAddress ?? 'unknown' }),
    );
}
