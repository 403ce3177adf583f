/**
 * Reading an API request's body on the local server with a size limit: reading stops at the first
 * chunk past the limit, so a client that sends 50 MB costs the server no more than the limit.
 * Kept over Hono's `bodyLimit()`, which reads through a stream built from the socket: this reads
 * the socket itself, can refuse a body declared too large before reading a byte, and throws the
 * rest away after the answer.
 */
import type { IncomingMessage } from 'node:http';
import type { AppContext } from './appEnv';

/**
 * The client closed the connection before its body ended. Nothing is wrong with the server, and
 * nobody is left to answer: the error handler logs it as one line, without a stack.
 */
export class RequestAborted extends Error {
  override name = 'RequestAborted';
  constructor(
    /** Bytes that arrived. */
    readonly received: number,
    /** The length the client declared, when it did. */
    readonly declared: number | null,
  ) {
    super(
      `the client closed the connection before its request body ended (${received} of ` +
        `${declared === null ? 'an undeclared number of' : declared} bytes).`,
    );
  }
}

/** What `readRequestBody` read. */
export interface RequestBody {
  /** The bytes read (past `limit` by one chunk at most); undefined when nothing was read. */
  body: Buffer | undefined;
  /**
   * Whether the whole body was read. When not, the rest is still on the wire and the request is
   * paused: call `discardUnreadBody` once the answer is sent.
   */
  complete: boolean;
}

/**
 * Reads a request's body up to `limit` bytes, for the handler to answer 413 beyond it:
 * - a `Content-Length` over the limit is refused before reading anything, with `readNothingOver`
 *   (photo uploads: 10 MB unread is worth not reading; a 64 KB JSON body is read to its limit so
 *   its route answers 413 from the bytes, as it always did);
 * - a body without a length (chunked) is read until it ends or passes the limit, then paused.
 */
export function readRequestBody(
  req: IncomingMessage,
  limit: number,
  { readNothingOver = false }: { readNothingOver?: boolean } = {},
): Promise<RequestBody> {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
    return Promise.resolve({ body: undefined, complete: true });
  }
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (readNothingOver && declared > limit) {
    req.pause();
    return Promise.resolve({ body: undefined, complete: false });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stopListening = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const finish = (complete: boolean) => {
      stopListening();
      // Paused, the socket stops reading and TCP makes the sender wait: nothing more arrives.
      if (!complete) req.pause();
      resolve({ body: Buffer.concat(chunks), complete });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) finish(false);
    };
    const onEnd = () => finish(true);
    const aborted = () => {
      stopListening();
      reject(new RequestAborted(size, Number.isSafeInteger(declared) ? declared : null));
    };
    const onError = (error: Error) => {
      if (!req.complete && (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
        aborted();
        return;
      }
      stopListening();
      reject(error);
    };
    // Closed before 'end' without an error: the body will not come either.
    const onClose = () => {
      if (!req.complete) aborted();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** How long the rest of a refused body is still read, and thrown away, after the answer, ms. */
export const LINGER_MS = 2000;

/**
 * Reads and throws away what is left of a request body after its answer was sent, for at most
 * `lingerMs`, then closes the connection. Closing at once would be simpler but unkind: a client
 * still sending gets a reset, and a reset can reach it before it has read the answer (it then
 * reports a network error instead of "too large"). Nothing is kept, so the cost is bandwidth,
 * bounded in time; a body that does end in time leaves the connection usable.
 */
export function discardUnreadBody(req: IncomingMessage, lingerMs: number = LINGER_MS): void {
  if (req.complete || req.destroyed) return;
  const timer = setTimeout(() => req.socket.destroy(), lingerMs);
  timer.unref();
  const stop = () => clearTimeout(timer);
  req.once('end', stop);
  req.once('close', stop);
  // Flowing with no 'data' listener: the parser keeps the framing, the bytes are dropped.
  req.resume();
}

/**
 * Leaves the rest of the request's body unread: on the Node server it waits in the socket, and
 * once the answer is sent it is thrown away for a while, then the connection closed (see
 * `discardUnreadBody`). For a request refused before its body is read.
 */
export function leaveBodyUnread(c: AppContext): void {
  const incoming = c.env?.incoming;
  if (incoming && !incoming.complete) {
    c.env.outgoing?.once('finish', () => discardUnreadBody(incoming));
  }
}
