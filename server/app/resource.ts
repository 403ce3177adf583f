/**
 * A resource of the service: its path, the handlers of each method it answers, its CORS
 * preflight (with `Allow`) and the 405 of any other method, declared together so the methods a
 * preflight allows are the methods that answer.
 *
 * Who may call a method is part of its declaration (issue 45): a method with an `access` check
 * runs it before any of its steps, so a caller who may not write is answered from the headers
 * (401, 403) and the body is never read; what is left of it is thrown away after the answer.
 * A check placed among the steps is refused when the resource is declared.
 */
import type { Hono } from 'hono';
import type { H } from 'hono/types';
import type { CorsPolicy } from './cors';
import { reply, type AppEnv, type Step } from './appEnv';
import { checkFirst, isAccessCheck, type AccessCheck } from './accessCheck';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Methods no resource of the service answers, and that fetch's `Request` refuses to carry: they
 * are answered 501 (RFC 9110 §15.6.2) before any route, never left to fail as a 500.
 */
export const UNIMPLEMENTED_METHODS: ReadonlySet<string> = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** A method only some callers may use: `access` decides, before any of `steps` runs. */
export interface GuardedMethod {
  access: AccessCheck;
  steps: Step[];
}

/** A resource's declaration. */
export interface ResourceSpec {
  /** The preflight's policy (which methods and request headers another origin may use). */
  cors: CorsPolicy;
  /** `Allow` of the preflight and of a 405. */
  allow: string;
  /**
   * Each method's middleware and handler, in order: open to anyone, or `{ access, steps }` for
   * a method only some callers may use.
   */
  methods: Partial<Record<Method, Step[] | GuardedMethod>>;
  /** The 405's words for a method it does not answer (`… is not allowed here.` by default). */
  notAllowed?: (method: string) => string;
}

/**
 * Declares `path` on `app` (HEAD is answered by GET's handlers, without the body).
 *
 * @throws Error when a method's steps hold an access check: it belongs in its `access`.
 */
export function resource(app: Hono<AppEnv>, path: string, spec: ResourceSpec): void {
  for (const [method, declared] of Object.entries(spec.methods)) {
    const { access, steps } = Array.isArray(declared)
      ? { access: null, steps: declared }
      : declared;
    if (steps.some(isAccessCheck)) {
      throw new Error(
        `${method} ${path}: an access check among the steps could run after the body is read; declare it as the method's access.`,
      );
    }
    const handlers = access === null ? steps : [checkFirst(access), ...steps];
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
