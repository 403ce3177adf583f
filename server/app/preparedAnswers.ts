/**
 * Answers the Node server sends again as they are (issue 45): the list is the hottest read, and
 * its answer for one revision, coding and origin is the same bytes every time, yet running it
 * through the application cost 5 to 18 times what sending them does (a query of the revision, two
 * Hono applications, the security headers set twice over `Headers`, a fetch `Request` per layer:
 * 1,900 Brotli answers of 10,000 items a second and 2,400 304s, where a bare `node:http` server
 * sent 9,400 and 44,000). So the application's final answer (status, every header its middleware
 * added, the very body) is kept the first time, and later requests that would get the same answer
 * are sent it straight from the socket.
 *
 * What an answer depends on is the resource's to say (`PreparedAnswers.find`): it must name
 * everything the application's answer reads from the request, middleware included (today the
 * list's coding and validator, and the CORS grant of the `Origin`). A middleware that makes the
 * list's answer depend on anything else must be named there too, or the list left out of this.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An answer as the application gave it, kept to be sent again. */
export interface PreparedAnswer {
  status: number;
  /** Every header of the answer, as the application's `Headers` names them (lower case). */
  headers: Readonly<Record<string, string>>;
  /** The body: the very buffer the application answered with; null for none (a 304). */
  body: Buffer | null;
}

/** The prepared answers of one resource's GET, and the keeping of them. */
export interface PreparedAnswers {
  /** The resource's path below the API (`/nodes`), exactly: a query string is not prepared. */
  path: string;
  /**
   * The answer kept for a GET with these request headers, when the application gave one to a
   * request that would get the same answer and it is known, without waiting, to be current; null
   * otherwise (the application answers, and `keep` is given its answer). Synchronous on purpose:
   * an answer sent in the turn its request was read cost a fifth less than one a promise later.
   */
  find(header: (name: string) => string | undefined): PreparedAnswer | null;
  /** Keeps the application's final answer to a GET of the path, when the resource may keep it. */
  keep(response: Response): void;
}

/** A Node request listener, as `@hono/node-server`'s `getRequestListener` makes one. */
export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;

function headerOf(incoming: IncomingMessage): (name: string) => string | undefined {
  return (name) => {
    const value = incoming.headers[name];
    // As the fetch `Headers` the application reads: repeated headers joined by a comma.
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

/** Whether a request is a GET of exactly `path` (as sent: no query, no trailing slash). */
export function isPreparedRequest(
  incoming: { method?: string | undefined; url?: string | undefined },
  path: string,
): boolean {
  return incoming.method === 'GET' && incoming.url === path;
}

/**
 * Wraps the server's listener: a GET of `path` with a prepared answer is sent it at once; any
 * other request, and one without (or whose lookup fails), goes to `listener`.
 */
export function answeringPrepared(
  listener: NodeListener,
  path: string,
  answers: PreparedAnswers,
): NodeListener {
  return (incoming, outgoing) => {
    if (!isPreparedRequest(incoming, path)) return listener(incoming, outgoing);
    let prepared: PreparedAnswer | null;
    try {
      prepared = answers.find(headerOf(incoming));
    } catch {
      prepared = null;
    }
    if (prepared === null) return listener(incoming, outgoing);
    outgoing.writeHead(prepared.status, prepared.headers);
    if (prepared.body === null) outgoing.end();
    else outgoing.end(prepared.body);
    return undefined;
  };
}

/** `response` once `answers` has been offered it (a GET of the path the application answered). */
export async function keepingAnswer(
  response: Response | Promise<Response>,
  answers: PreparedAnswers,
): Promise<Response> {
  const answered = await response;
  answers.keep(answered);
  return answered;
}
