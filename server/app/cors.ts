/**
 * The service's CORS policy. Kept over Hono's `cors()`, which is laxer: it answers every `OPTIONS`
 * on any path with the allowed methods and headers whatever the `Origin`, where this grants nothing
 * to an origin not allowed and each resource answers its own preflight (`resource.ts`).
 */
/** Methods the nodes-service answers (and tells browsers about in a preflight). */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The CORS policy for the configured app origins (`APP_ORIGIN`). */
export interface CorsPolicy {
  /** Headers that let an allowed `Origin` read the response; empty for any other. */
  headers(origin: string | undefined): Record<string, string>;
  /** The answer to a preflight from `origin`: the grant, or nothing (the browser then refuses). */
  preflight(origin: string | undefined): Record<string, string>;
  /** A `Vary` value: the given header names plus `Origin` when the answer depends on it. */
  vary(...names: string[]): string;
}

/** What a preflight allows; the defaults are the nodes-service's. */
export interface CorsOptions {
  /** `Access-Control-Allow-Methods`, default {@link ALLOWED_METHODS}. */
  methods?: string;
  /** `Access-Control-Allow-Headers`, default `If-None-Match, Content-Type`. */
  requestHeaders?: string;
}

/**
 * Builds the policy. Empty means same-origin only (the app and the API on one server need no
 * CORS); `*` lets any origin read the list, which is public data.
 */
export function createCorsPolicy(
  appOrigins: readonly string[],
  { methods = ALLOWED_METHODS, requestHeaders = 'If-None-Match, Content-Type' }: CorsOptions = {},
): CorsPolicy {
  const any = appOrigins.includes('*');
  const allowed = new Set(appOrigins.filter((o) => o !== '*').map((o) => new URL(o).origin));
  // Only a reflected origin makes responses differ per Origin (and caches must know).
  const variesByOrigin = allowed.size > 0 && !any;

  function headers(origin: string | undefined): Record<string, string> {
    if (any) return { 'Access-Control-Allow-Origin': '*' };
    return origin !== undefined && allowed.has(origin)
      ? { 'Access-Control-Allow-Origin': origin }
      : {};
  }

  return {
    headers,
    preflight(origin) {
      const grant = headers(origin);
      if (!('Access-Control-Allow-Origin' in grant)) return {};
      return {
        ...grant,
        'Access-Control-Allow-Methods': methods,
        'Access-Control-Allow-Headers': requestHeaders,
        'Access-Control-Max-Age': '600',
      };
    },
    vary: (...names) => [...names, ...(variesByOrigin ? ['Origin'] : [])].join(', '),
  };
}
