/**
 * Calls the service's application the way Hono's own tests do (`app.request`), naming the client
 * as a runtime would, and reads the answer once: its status, its headers and its body's bytes.
 */
import type { Hono } from 'hono';
import { bufferOf, type AppEnv } from '../../../../server/app/appEnv';

/** One request: a path relative to the application (`/nodes`), and what a client sends. */
export interface AppRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** The query string without `?`. */
  query?: string;
  body?: string | Buffer;
  /** The client as rate limits count it (what the Node server or Lambda would name). */
  clientAddress?: string;
}

/** An answer, read. */
export interface AppAnswer {
  status: number;
  headers: Headers;
  /** The body's bytes: a cached list or photo is the very buffer the service keeps. */
  body: Buffer;
  /** The body as UTF-8 text (`''` when none came). */
  text: string;
}

/** Sends `request` to `app` and reads its answer. */
export async function callApp(app: Hono<AppEnv>, request: AppRequest): Promise<AppAnswer> {
  const { method = 'GET', path, headers = {}, query, body, clientAddress = 'unknown' } = request;
  const url = `http://service${path}${query ? `?${query}` : ''}`;
  const sent = method === 'GET' || method === 'HEAD' ? undefined : body;
  const response = await app.request(
    url,
    {
      method,
      headers,
      ...(sent === undefined
        ? {}
        : { body: typeof sent === 'string' ? sent : new Uint8Array(sent) }),
    },
    { clientAddress },
  );
  const bytes = bufferOf(response) ?? Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    body: bytes,
    text: bytes.toString(),
  };
}
