import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** The header through which the SRP front proves a request is its own. */
export const UPSTREAM_KEY_HEADER = 'x-globe-identity-front';

/** Settings for `guardUpstream`. */
export interface UpstreamGuardOptions {
  /** The front's key for this run (`UPSTREAM_KEY_HEADER`). */
  frontKey: string;
  /** The installation's admin access key id, which admin callers sign with (SigV4 `Credential`). */
  adminKeyId: string;
  /** The port the guarded server listens on (known once it listens). */
  port: () => number;
  /** cognito-local's application. */
  next: RequestListener;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The access key id of a SigV4 `Authorization` header, or null. */
function signingKeyId(authorization: string | undefined): string | null {
  const match = /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\//.exec(authorization ?? '');
  return match?.[1] ?? null;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(message);
}

/**
 * What stands between cognito-local's port and anything that can reach 127.0.0.1, a web page in
 * this machine's browser included. cognito-local answers every caller with CORS `*`, takes any
 * credentials for its admin actions (AdminAddUserToGroup, AdminSetUserPassword…) and decodes
 * access tokens without checking them, so its port must answer only:
 * - the SRP front, which checks every call first and adds its key for this run; or
 * - an admin caller (the /login function, a developer's AWS CLI) that signs with the
 *   installation's admin key id.
 * A browser's request (it carries `Origin`, or is a preflight) is refused whatever it holds, and
 * a `Host` other than this loopback port (a DNS-rebinding page) is refused too.
 */
export function guardUpstream(options: UpstreamGuardOptions): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const port = options.port();
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      refuse(res, 421, 'This server answers only on its loopback address.');
      return;
    }
    if (req.method === 'OPTIONS' || req.headers.origin !== undefined) {
      refuse(res, 403, 'This server does not answer web pages.');
      return;
    }
    const frontKey = req.headers[UPSTREAM_KEY_HEADER];
    const keyId = signingKeyId(req.headers.authorization);
    const admitted =
      (typeof frontKey === 'string' && sameSecret(frontKey, options.frontKey)) ||
      (keyId !== null && sameSecret(keyId, options.adminKeyId));
    if (!admitted) {
      refuse(
        res,
        403,
        "Sign admin calls with this installation's access key id (printed at start-up).",
      );
      return;
    }
    options.next(req, res);
  };
}
