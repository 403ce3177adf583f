/**
 * Where a harvest stands between two pages of a list, and the resumption token that carries it
 * (issue 45). Keyset paging: a list is ordered by (datestamp, identifier), and a token holds the
 * key of the last record answered, not a position in the list. A record edited mid-harvest takes
 * a new datestamp and leaves its place, and every other record keeps its key, so nothing after it
 * shifts and nothing unchanged is skipped (a position would have moved them all back one).
 *
 * The harvest's `until` is fixed at its first page (the earlier of the harvester's `until` and
 * that page's second), as OAI-PMH 2.0 §3.5 and the repository guidelines on resumption tokens
 * allow: a record changed after the harvest began is not sent again within it, and is picked up
 * by the next incremental harvest (`from` = the first page's responseDate).
 *
 * The token is not a secret and needs none: it holds only a query the harvester could make
 * itself, so a forged one that reads well reveals nothing more. It is read strictly, every field
 * checked; anything else (a damaged token, one made by hand that could not have been issued, or a
 * `v1.` token of the positional paging before this change) is a badResumptionToken.
 */

/** A datestamp of the repository's granularity: `2026-11-27T01:02:03Z`. */
const DATESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Whether `text` is a datestamp of a real instant (`2025-02-30T…` is not). */
export function isDatestamp(text: string): boolean {
  if (!DATESTAMP.test(text)) return false;
  const at = Date.parse(text);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 19) === text.slice(0, 19);
}

/** A record's place in a list: lists are ordered by datestamp, then identifier. */
export interface ListKey {
  datestamp: string;
  id: string;
}

/** Whether `a` comes before `b` in a list (datestamps of one format compare as text). */
export function keyBefore(a: ListKey, b: ListKey): boolean {
  return a.datestamp === b.datestamp ? a.id < b.id : a.datestamp < b.datestamp;
}

/** A list's arguments, resolved, and how far the harvest has got. */
export interface ListPosition {
  metadataPrefix: string;
  /** The earliest datestamp listed (inclusive), or null for all. */
  from: string | null;
  /** The latest datestamp listed (inclusive): fixed at the harvest's first page. */
  until: string;
  /** The setSpec asked for, or null for all. */
  set: string | null;
  /** The last record answered; null on the first page. */
  after: ListKey | null;
  /** How many records the pages before this one answered. */
  cursor: number;
}

const PREFIX = 'v2.';
/** The longest token this repository issues is well under this. */
const TOKEN_MAX = 2000;
/** Longer than any id or setSpec this repository gives out. */
const FIELD_MAX = 300;
/** How far ahead of the clock reading a token another server's clock may have been. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The token for the page after the one that ended at `position.after`. */
export function tokenOf(position: ListPosition): string {
  const fields: Record<string, string | number> = {
    p: position.metadataPrefix,
    u: position.until,
    d: position.after?.datestamp ?? '',
    i: position.after?.id ?? '',
    c: position.cursor,
  };
  if (position.from !== null) fields.f = position.from;
  if (position.set !== null) fields.s = position.set;
  return PREFIX + Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/**
 * The position a token carries, checked field by field against what this repository issues.
 *
 * @param pageSize records a full page answers: every issued cursor is a multiple of it.
 * @param now the request's time: no token's `until` is later.
 * @returns null for a token this repository could not have issued.
 */
export function positionOfToken(
  token: string,
  { pageSize, now, setSpec }: { pageSize: number; now: Date; setSpec: RegExp },
): ListPosition | null {
  if (!token.startsWith(PREFIX) || token.length > TOKEN_MAX) return null;
  const encoded = token.slice(PREFIX.length);
  // Node's decoder skips what is not base64url; a token must be nothing else.
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  const bytes = Buffer.from(encoded, 'base64url');
  if (bytes.toString('base64url') !== encoded) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { p, f, u, s, d, i, c, ...rest } = raw as Record<string, unknown>;
  const stamp = (value: unknown): value is string =>
    typeof value === 'string' && isDatestamp(value);
  const from = f === undefined ? null : stamp(f) ? f : undefined;
  const set =
    s === undefined
      ? null
      : typeof s === 'string' && s.length <= FIELD_MAX && setSpec.test(s)
        ? s
        : undefined;
  if (
    Object.keys(rest).length > 0 ||
    p !== 'oai_dc' ||
    !stamp(u) ||
    !stamp(d) ||
    from === undefined ||
    set === undefined ||
    typeof i !== 'string' ||
    i.length === 0 ||
    i.length > FIELD_MAX ||
    typeof c !== 'number' ||
    !Number.isSafeInteger(c) ||
    c < pageSize ||
    c % pageSize !== 0
  ) {
    return null;
  }
  // The order an issued token keeps: from ≤ the last record ≤ until ≤ the time it is used (give
  // or take the clocks of two servers answering one harvest's pages).
  if ((from !== null && d < from) || d > u || Date.parse(u) > now.getTime() + CLOCK_SKEW_MS) {
    return null;
  }
  return {
    metadataPrefix: p,
    from,
    until: u,
    set,
    after: { datestamp: d, id: i },
    cursor: c,
  };
}
