/**
 * Turning JavaScript values into what PostgreSQL stores, and back, the same way for PGlite and a
 * PostgreSQL server.
 */

/**
 * PostgreSQL cannot store U+0000 in text or jsonb. Such a character in an archive must not stop the
 * whole archive from loading, so it becomes U+FFFD (and `count.n` says how many were replaced).
 */
export function withoutNul(value: unknown, count: { n: number } = { n: 0 }): unknown {
  if (typeof value === 'string') {
    if (!value.includes('\u0000')) return value;
    count.n += value.split('\u0000').length - 1;
    return value.replaceAll('\u0000', '\uFFFD');
  }
  if (Array.isArray(value)) return value.map((item) => withoutNul(item, count));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [withoutNul(key, count), withoutNul(item, count)]),
    );
  }
  return value;
}

/** A value as a `$n::jsonb` parameter (null stays SQL null), storable by PostgreSQL. */
export function jsonParam(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(withoutNul(value));
}

/** A caller's row limit as SQL accepts it: a whole number, 0 for anything unusable. */
export function rowLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
}

/**
 * A caller's "older than" id as a `$n::bigint` parameter: null (no bound) when absent. Anything
 * that is not a whole number bounds to nothing rather than reaching SQL as text PostgreSQL rejects.
 */
export function rowBefore(before: number | undefined): string | null {
  if (before === undefined) return null;
  return Number.isSafeInteger(before) ? String(before) : '0';
}

/** A timestamptz as ISO 8601 (drivers give a Date; text is accepted too). */
export function isoTime(value: Date | string): string {
  return new Date(value).toISOString();
}

/** Ids of bigserial rows are exposed as text; anything else names no row (and must not reach SQL). */
export function isRowId(id: string): boolean {
  return /^[1-9]\d{0,17}$/.test(id);
}
