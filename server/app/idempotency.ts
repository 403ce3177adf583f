/**
 * `Idempotency-Key` on the community's forms (issue 50; the IETF httpapi draft's header): the
 * app's outbox sends a submission, a contact message or a removal request again when it did not
 * hear the answer (a dropped connection, a closed tab), with the key it made for that entry, and
 * the service answers a key it has answered before with that first answer instead of keeping the
 * entry twice. Without the header a form is answered as it always was.
 *
 * The key is claimed before the entry is made (in the store: the same list and key once), settled
 * with the answer after, and released when the answer was a refusal or a failure, so that the
 * retry makes the entry. The same key with another body is refused (422), and while the first
 * request is being answered a second waits (409, `Retry-After`).
 */
import { createHash } from 'node:crypto';
import { Refusal, type Step } from './appEnv';
import type { OnceList } from '../storage/onceAnswers';

/** The header, as the draft names it. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What a key may be: a UUID, or any 16 to 100 letters, digits, `-` and `_` (allow-listed). */
const KEY = /^[A-Za-z0-9_-]{16,100}$/;

export const KEY_REFUSED =
  'The Idempotency-Key header must be 16 to 100 letters, digits, hyphens or underscores.';
export const KEY_REUSED = 'This Idempotency-Key was sent before with a different request.';
export const KEY_PENDING =
  'A request with this Idempotency-Key is being answered; try again shortly.';

/**
 * The key a request sent, or null for none. The draft's form is a quoted string (`"…"`); a bare
 * token is taken too.
 *
 * @throws Refusal 400 for any other value.
 */
export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const value = header.trim();
  const key = /^"[^"]*"$/.test(value) ? value.slice(1, -1) : value;
  if (!KEY.test(key)) throw new Refusal(400, { error: KEY_REFUSED });
  return key;
}

/**
 * Answers a request sent with a key once (after `withInbox` and the body's reading, before the
 * rate limit: a retry is not another attempt).
 */
export function onlyOnce(list: OnceList): Step {
  return async (c, next) => {
    const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));
    if (key === null) {
      await next();
      return;
    }
    const inbox = c.get('inbox');
    const hash = createHash('sha256')
      .update(c.get('body') ?? Buffer.alloc(0))
      .digest('base64url');
    const claim = await inbox.claimOnce(list, key, hash);
    if (claim.state === 'answered') {
      c.res = new Response(claim.answer.body, {
        status: claim.answer.status,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'Idempotent-Replayed': 'true',
        },
      });
      return;
    }
    if (claim.state === 'conflict') throw new Refusal(422, { error: KEY_REUSED });
    if (claim.state === 'pending') {
      throw new Refusal(409, { error: KEY_PENDING }, { 'Retry-After': '2' });
    }
    try {
      await next();
    } catch (error) {
      await inbox.releaseOnce(list, key);
      throw error;
    }
    const answer = c.res;
    if (answer.status >= 200 && answer.status < 300 && c.error === undefined) {
      await inbox.settleOnce(list, key, {
        status: answer.status,
        body: await answer.clone().text(),
      });
    } else {
      await inbox.releaseOnce(list, key);
    }
  };
}
