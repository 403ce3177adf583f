/**
 * The service's one application: its resources' routes under the cross-cutting middleware (security
 * headers, CORS grant, who the client is) and the one error handler. The Node server mounts it at
 * `/api`; the Lambda functions serve it below any stage or base path; tests call it in process.
 */
import { Hono } from 'hono';
import type { CorsPolicy } from './cors';
import { reply, type AppEnv } from './appEnv';
import { commonHeaders, errorHandler } from './middleware';
import { securityHeaders } from './securityHeaders';

/**
 * Builds the application from its resources' routes (each a Hono app with paths from `/`);
 * `afterWrites` runs after every write answered with success, before the answer leaves.
 */
export function createServiceApp(
  routes: readonly Hono<AppEnv>[],
  {
    cors,
    log,
    afterWrites,
  }: { cors: CorsPolicy; log: (line: string) => void; afterWrites?: () => Promise<void> },
): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.use(securityHeaders());
  app.use(commonHeaders(cors));
  if (afterWrites) {
    app.use(async (c, next) => {
      await next();
      if (READS.has(c.req.method) || c.res.status >= 300) return;
      // What the write did is done; this only decides when its answer leaves.
      await afterWrites().catch((error: unknown) =>
        log(
          `nodes-service: after a write: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    });
  }
  for (const route of routes) app.route('/', route);
  app.notFound((c) => reply(404, { error: `No such endpoint: ${new URL(c.req.url).pathname}` }));
  app.onError(errorHandler(log));
  return app;
}

/** Methods that change nothing. */
const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The first path segments the application answers (`nodes`, `uploads`…), from its own routes. */
export function rootsOf(app: Hono<AppEnv>): ReadonlySet<string> {
  const roots = new Set<string>();
  for (const { path } of app.routes) {
    const first = path.split('/')[1];
    if (first && first !== '*' && !first.startsWith(':')) roots.add(first);
  }
  return roots;
}
