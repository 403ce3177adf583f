/**
 * A resource of the service: its path, the handlers of each method it answers, its CORS
 * preflight (with `Allow`) and the 405 of any other method, declared together so the methods a
 * preflight allows are the methods that answer.
 */
import type { Hono } from 'hono';
import type { H } from 'hono/types';
import type { CorsPolicy } from './cors';
import { reply, type AppEnv, type Step } from './appEnv';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Methods no resource of the service answers, and that fetch's `Request` refuses to carry: they
 * are answered 501 (RFC 9110 §15.6.2) before any route, never left to fail as a 500.
 */
export const UNIMPLEMENTED_METHODS: ReadonlySet<string> = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** A resource's declaration. */
export interface ResourceSpec {
  /** The preflight's policy (which methods and request headers another origin may use). */
  cors: CorsPolicy;
  /** `Allow` of the preflight and of a 405. */
  allow: string;
  /** Each method's middleware and handler, in order. */
  methods: Partial<Record<Method, Step[]>>;
  /** The 405's words for a method it does not answer (`… is not allowed here.` by default). */
  notAllowed?: (method: string) => string;
}

/** Declares `path` on `app` (HEAD is answered by GET's handlers, without the body). */
export function resource(app: Hono<AppEnv>, path: string, spec: ResourceSpec): void {
  for (const [method, handlers] of Object.entries(spec.methods)) {
    if (handlers.length > 0) app.on(method, path, ...(handlers as unknown as [H<AppEnv>]));
  }
  app.options(path, (c) => {
    const vary = spec.cors.vary();
    return new Response(null, {
      status: 204,
      headers: {
        Allow: spec.allow,
        ...(vary ? { Vary: vary } : {}),
        ...spec.cors.preflight(c.req.header('origin')),
      },
    });
  });
  const words = spec.notAllowed ?? ((method: string) => `${method} is not allowed here.`);
  app.all(path, (c) => reply(405, { error: words(c.req.method) }, { Allow: spec.allow }));
}
