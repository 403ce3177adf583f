/**
 * The service's requests and answers, free of any HTTP framework: the bottom of the server's
 * modules (every handler and route imports these; this file imports nothing), so imports go one
 * way and no two modules import each other (dependency-cruiser checks it in `npm run lint`).
 */

/** A header value as Node and API Gateway hand them over. */
export type HeaderValue = string | string[] | undefined;

/** A request as the handler sees it, free of any HTTP framework. */
export interface ServiceRequest {
  method: string;
  /** Path relative to the service (`/nodes`), without the query string. */
  path: string;
  /** Header names in any case. */
  headers: Readonly<Record<string, HeaderValue>>;
  /** The query string without `?` (read by GET /nodes/journal). */
  query?: string;
  /**
   * The request body (writes); the server reads at most a little over `MAX_WRITE_BODY_BYTES`
   * (`UPLOAD_MAX_BYTES` for `/uploads`).
   */
  body?: Buffer | string;
  /**
   * The client's address, as rate limits count clients: the socket's peer, or behind trusted
   * proxies the address the outermost of them saw (see `createClientAddressResolver`). Absent:
   * one shared bucket for every such request.
   */
  clientAddress?: string;
}

/** What to answer. A `Buffer` body may be compressed (see its `Content-Encoding`). */
export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}
