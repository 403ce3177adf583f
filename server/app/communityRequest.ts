/**
 * What the community's routes (photo uploads, submissions, contact messages) and the editors'
 * writes share: opening the store or its inbox, public forms taking only JSON, and the 429 of a
 * rate limit. Each refuses by throwing a `Refusal`.
 */
import { Refusal, type Step } from './appEnv';
import type { AccessTokenVerifier } from '../login/accessToken';
import type { SharedRateLimiter } from './rateLimit';
import {
  hasInbox,
  isEditable,
  type EditableNodeStore,
  type InboxStore,
  type NodeStore,
} from '../storage/nodeStore';

/** Checks editors' tokens; null when the server trusts no pool (then editor routes do not exist). */
export type EditorVerifier = AccessTokenVerifier | null;

/** Opens the store, or rejects with a reason for a 503. */
export type OpenStore = () => Promise<NodeStore>;

/** The answer of a store without an inbox (a read-only archive file, an older database). */
export const NO_INBOX_MESSAGE = 'This archive does not take submissions.';

/**
 * The open store.
 *
 * @throws Refusal 503 saying why it cannot be opened.
 */
export async function storeOf(openStore: OpenStore): Promise<NodeStore> {
  try {
    return await openStore();
  } catch (error) {
    throw new Refusal(
      503,
      { error: error instanceof Error ? error.message : 'The archive is unavailable.' },
      { 'Retry-After': '5' },
    );
  }
}

/**
 * The store, which must take edits.
 *
 * @throws Refusal 405 for a read-only archive, 503 when it cannot be opened.
 */
export async function editableStoreOf(openStore: OpenStore): Promise<EditableNodeStore> {
  const store = await storeOf(openStore);
  if (!isEditable(store)) {
    throw new Refusal(
      405,
      { error: store.readOnlyReason ?? 'This archive is read-only.' },
      { Allow: 'GET, HEAD, OPTIONS' },
    );
  }
  return store;
}

/**
 * The store with its inbox; `allow` is the route's methods, for the 405 of a store without one.
 *
 * @throws Refusal 405 without an inbox, 503 when it cannot be opened.
 */
export async function inboxOf(
  openStore: OpenStore,
  allow: string,
): Promise<EditableNodeStore & InboxStore> {
  const store = await storeOf(openStore);
  if (!hasInbox(store)) {
    throw new Refusal(405, { error: store.readOnlyReason ?? NO_INBOX_MESSAGE }, { Allow: allow });
  }
  return store;
}

/**
 * Refuses a public form not sent as JSON with 415 (`what` names it). Any page can make a
 * visitor's browser post `text/plain`, `application/x-www-form-urlencoded` or
 * `multipart/form-data` without asking first; `application/json` needs a CORS preflight, which
 * only the app's own origins pass. So a form that takes only JSON cannot be posted by another site.
 */
export function refuseUnlessJson(contentType: string | undefined, what: string): void {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new Refusal(415, {
      error: `The ${what} must be sent as JSON (Content-Type: application/json).`,
    });
  }
}

/**
 * Counts one attempt of the client against `limiter` (in the store when it keeps counts).
 *
 * @throws Refusal 429 naming what was sent too often ("submissions"); Retry-After and the message
 * give the same number of seconds.
 */
export async function countAttempt(
  limiter: SharedRateLimiter,
  client: string,
  store: NodeStore,
  what: string,
): Promise<void> {
  const decision = await limiter.take(client, store);
  if (decision.allowed) return;
  const seconds = decision.retryAfterSeconds;
  throw new Refusal(
    429,
    {
      error: `Too many ${what} from your connection; try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    },
    { 'Retry-After': String(seconds) },
  );
}

/** Opens the inbox into `c.var.inbox` (see `inboxOf`); `allow` is the route's methods. */
export function withInbox(openStore: OpenStore, allow: string): Step {
  return async (c, next) => {
    c.set('inbox', await inboxOf(openStore, allow));
    await next();
  };
}

/** A public form that takes only JSON (see `refuseUnlessJson`); `what` names it. */
export function jsonOnly(what: string): Step {
  return async (c, next) => {
    refuseUnlessJson(c.req.header('content-type'), what);
    await next();
  };
}

/**
 * Counts the client's attempt against `limiter` in the inbox's store (after `withInbox`, and after
 * `jsonOnly`: another site's post must not use up its visitor's attempts); 429 past the limit.
 */
export function rateLimited(limiter: SharedRateLimiter, what: string): Step {
  return async (c, next) => {
    await countAttempt(limiter, c.get('client'), c.get('inbox'), what);
    await next();
  };
}
