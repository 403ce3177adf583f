import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createClientAddressResolver, type TrustProxy } from './clientAddress';
import type { LocalIdentity } from './identity/localIdentity';
import type { LoginHandler } from './login/loginHandler';
import type { NodesHandler } from './nodesHandler';
import type { ServiceResponse } from './serviceTypes';
import { bodyLimitOf, discardUnreadBody, readRequestBody, RequestAborted } from './requestBody';
import { baseSecurityHeaders } from './securityHeaders';
import type { StaticFiles, StaticResponse } from './staticFiles';
import { serveUpload, UPLOADS_PATH } from './uploads/folderStorage';

/** The API's mount point on the local server (the Vite dev server proxies the same prefix). */
export const API_PREFIX = '/api';
/** The local identity server's mount point: the app's Cognito endpoint is `/identity/`. */
export const IDENTITY_PREFIX = '/identity';

/** What the local server's one request listener dispatches to. */
export interface ListenerParts {
  handler: NodesHandler;
  staticFiles: StaticFiles | null;
  identity: LocalIdentity | null;
  login: LoginHandler | null;
  /** The pages' Content-Security-Policy. */
  csp: string;
  log: (line: string) => void;
  /** The local photo folder served at `/uploads/`, or null (a bucket, or none). */
  uploadsFolder: string | null;
  /** Which proxies' `X-Forwarded-For` entries name the client (`TRUST_PROXY`). */
  trustProxy: TrustProxy;
}

function headersOf(req: IncomingMessage): Record<string, string | string[] | undefined> {
  return req.headers;
}

function queryOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

async function send(
  res: ServerResponse,
  response: ServiceResponse | StaticResponse,
  extraHeaders: Record<string, string>,
): Promise<void> {
  res.writeHead(response.status, { ...extraHeaders, ...response.headers });
  if (response.body !== null) {
    res.end(response.body);
    return;
  }
  if ('file' in response && response.file !== undefined) {
    await pipeline(createReadStream(response.file), res);
  } else {
    res.end();
  }
}

/** The request path without query, keeping a leading `//` as a path (not a host). */
function pathnameOf(req: IncomingMessage): string | null {
  const raw = req.url ?? '/';
  try {
    return new URL(raw.startsWith('/') ? `http://localhost${raw}` : raw).pathname;
  } catch {
    return null;
  }
}

/**
 * Whether `error` is the reset of a request whose body never ended (read by a handler that does
 * not use `readRequestBody`, such as the local identity server's).
 */
function clientLeftMidBody(error: unknown, req: IncomingMessage): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ECONNRESET' && !req.complete;
}

function describeAbort(error: unknown): string {
  return error instanceof RequestAborted
    ? error.message
    : 'the client closed the connection before its request body ended.';
}

/**
 * The local server's request listener: `/api/login`, the nodes-service under `/api` (each route
 * with its body limit), the local identity server, uploaded photos and the built app, in that order.
 */
export function createRequestListener({
  handler,
  staticFiles,
  identity,
  login,
  csp,
  log,
  uploadsFolder,
  trustProxy,
}: ListenerParts) {
  const security = baseSecurityHeaders();
  const pageHeaders = { ...security, 'Content-Security-Policy': csp };
  const clientKeyOf = createClientAddressResolver(trustProxy);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    try {
      const pathname = pathnameOf(req);
      if (pathname === null) {
        res.writeHead(400, { ...security, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Bad request.');
        return;
      }
      if (login !== null && pathname === `${API_PREFIX}/login`) {
        await send(res, await login({ method, path: '/login', headers: headersOf(req) }), security);
        return;
      }
      if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
        const path = pathname.slice(API_PREFIX.length) || '/';
        const { limit, readNothingOver } = bodyLimitOf(path);
        const { body, complete } = await readRequestBody(req, limit, { readNothingOver });
        const request = {
          method,
          path,
          headers: headersOf(req),
          query: queryOf(req),
          clientAddress: clientKeyOf(req.socket.remoteAddress, req.headers['x-forwarded-for']),
          ...(body ? { body } : {}),
        };
        await send(res, await handler.handle(request), security);
        if (!complete) discardUnreadBody(req);
        return;
      }
      if (
        identity !== null &&
        (pathname === IDENTITY_PREFIX || pathname.startsWith(`${IDENTITY_PREFIX}/`))
      ) {
        for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
        // The front sees the path below its mount: `/` for the API, `/{poolId}/.well-known/…`.
        const rest = (req.url ?? '').slice(IDENTITY_PREFIX.length).replace(/^\/?/, '/');
        await identity.handler(req, res, rest);
        return;
      }
      if (uploadsFolder !== null && pathname.startsWith(`${UPLOADS_PATH}/`)) {
        await send(res, await serveUpload(uploadsFolder, method, pathname), security);
        return;
      }
      if (staticFiles === null) {
        const message = `This server serves only the API (${API_PREFIX}/nodes); STATIC_DIR is none.`;
        res.writeHead(404, { ...security, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(message);
        return;
      }
      await send(res, await staticFiles.serve(method, pathname, headersOf(req)), pageHeaders);
    } catch (error) {
      // A client that leaves mid-request is no server fault: one line says so, with no stack.
      if (error instanceof RequestAborted || clientLeftMidBody(error, req)) {
        log(`${method} ${req.url ?? ''}: ${describeAbort(error)}`);
        res.destroy();
        return;
      }
      // A visitor who leaves mid-download is not a server fault.
      const aborted = (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
      if (!aborted)
        log(
          `${method} ${req.url ?? ''} failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
      if (!res.headersSent) {
        res.writeHead(500, { ...security, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal server error.');
      } else {
        res.destroy();
      }
    }
  };
}
