/**
 * What the community's routes (photo uploads, submissions, contact messages) share: the request
 * they see, opening the inbox, reading a JSON body and a `limit`, and the 429 of a rate limit.
 */
import type { FieldError } from '@/lib/nodeSchema';
import type { AccessTokenVerifier } from '../login/accessToken';
import { MAX_WRITE_BODY_BYTES, type WriteRequest } from '../nodeWrites';
import type { Reply } from '../editorAuth';
import type { ServiceResponse } from '../serviceTypes';
import type { RateDecision } from '../rateLimit';
import {
  hasInbox,
  type EditableNodeStore,
  type InboxStore,
  type NodeStore,
} from '../storage/nodeStore';

/** A request to a community route, after the handler has read its headers. */
export interface CommunityRequest extends WriteRequest {
  /** Who sent it, as rate limits count clients (see `createClientAddressResolver`). */
  clientAddress: string;
}

/** What every community route is given besides its request. */
export interface CommunityContext {
  /** Opens the store or rejects with a reason for a 503. */
  openStore: () => Promise<NodeStore>;
  reply: Reply;
}

/** Checks editors' tokens; null when the server trusts no pool (then editor routes do not exist). */
export type EditorVerifier = AccessTokenVerifier | null;

/** Entries a list answers when the request names no `limit`. */
export const LIST_DEFAULT_LIMIT = 50;
/** The most entries a list's `limit` may ask for. */
export const LIST_MAX_LIMIT = 500;

/** The answer of a store without an inbox (a read-only archive file, an older database). */
export const NO_INBOX_MESSAGE = 'This archive does not take submissions.';

/** A store with the inbox, or the reply refusing: 405 without one, 503 when it cannot open. */
export async function openInbox(
  { openStore, reply }: CommunityContext,
  allow: string,
): Promise<{ store: EditableNodeStore & InboxStore } | { refused: ServiceResponse }> {
  try {
    const store = await openStore();
    if (!hasInbox(store)) {
      const error = store.readOnlyReason ?? NO_INBOX_MESSAGE;
      return { refused: reply(405, { error }, { Allow: allow }) };
    }
    return { store };
  } catch (error) {
    return {
      refused: reply(
        503,
        { error: error instanceof Error ? error.message : 'The archive is unavailable.' },
        { 'Retry-After': '5' },
      ),
    };
  }
}

/** The parsed JSON of a body (at most 64 KB), or the reply refusing it; `what` names it. */
export function readJsonBody(
  body: WriteRequest['body'],
  what: string,
  reply: Reply,
  { emptyAs }: { emptyAs?: unknown } = {},
): { value: unknown } | { refused: ServiceResponse } {
  const size = body === undefined ? 0 : Buffer.byteLength(body);
  if (size > MAX_WRITE_BODY_BYTES) {
    return {
      refused: reply(413, {
        error: `The ${what} is too large: at most ${MAX_WRITE_BODY_BYTES / 1024} KB of JSON.`,
      }),
    };
  }
  const text = body === undefined ? '' : body.toString();
  if (text.trim() === '' && emptyAs !== undefined) return { value: emptyAs };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    const errors: FieldError[] = [{ path: '', message: `The ${what} must be sent as JSON.` }];
    return { refused: reply(400, { error: `The ${what} is not valid JSON.`, errors }) };
  }
}

/**
 * The 415 of a public form not sent as JSON (`what` names it), or null when it is. Any page can
 * make a visitor's browser post `text/plain`, `application/x-www-form-urlencoded` or
 * `multipart/form-data` without asking first; `application/json` needs a CORS preflight, which
 * only the app's own origins pass. So a form that takes only JSON cannot be posted by another site.
 */
export function refuseUnlessJson(
  headers: ReadonlyMap<string, string>,
  what: string,
  reply: Reply,
): ServiceResponse | null {
  const mediaType = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'application/json') return null;
  return reply(415, {
    error: `The ${what} must be sent as JSON (Content-Type: application/json).`,
  });
}

/** The `limit` of a list's query string, or the reply refusing it. */
export function readLimit(
  params: URLSearchParams,
  reply: Reply,
): { limit: number } | { refused: ServiceResponse } {
  const text = params.get('limit');
  const limit = text === null ? LIST_DEFAULT_LIMIT : Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX_LIMIT) {
    return {
      refused: reply(400, { error: `limit must be a whole number from 1 to ${LIST_MAX_LIMIT}.` }),
    };
  }
  return { limit };
}

/**
 * The 429 of a refused attempt; `what` names what was sent too often ("submissions").
 * Retry-After and the message give the same number of seconds.
 */
export function tooManyRequests(
  decision: Extract<RateDecision, { allowed: false }>,
  what: string,
  reply: Reply,
): ServiceResponse {
  const seconds = decision.retryAfterSeconds;
  return reply(
    429,
    {
      error: `Too many ${what} from your connection; try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    },
    { 'Retry-After': String(seconds) },
  );
}

/** The 405 of a method a route does not answer. */
export function methodNotAllowed(method: string, allow: string, reply: Reply): ServiceResponse {
  return reply(405, { error: `${method} is not allowed here.` }, { Allow: allow });
}

/** The 500 of an unexpected store failure, logged with its stack for whoever runs the server. */
export function storeFailure(
  error: unknown,
  log: (line: string) => void,
  reply: Reply,
): ServiceResponse {
  log(
    `nodes-service: an inbox request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return reply(500, { error: 'The inbox could not be read or saved; try again shortly.' });
}
