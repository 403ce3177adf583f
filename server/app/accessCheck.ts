/**
 * Who may call a method, decided from the request's headers before anything else (issue 45): a
 * resource's method declares its check as `access` (`resource`), which runs it first, so a
 * caller who may not write never has a byte of the body read.
 */
import type { Step } from './appEnv';
import { leaveBodyUnread } from './requestBody';

/** A step that decides who may call a method, from the request's headers alone. */
export type AccessCheck = Step & { readonly accessCheck: true };

/** Steps made by `accessCheck`, and the handlers `checkFirst` runs them as. */
const accessChecks = new WeakSet<object>();

/**
 * Marks `step` as an access check: it reads only the request's headers (a token, a group) and
 * throws a refusal for a caller who may not go on. Declared as a method's `access`.
 */
export function accessCheck(step: Step): AccessCheck {
  accessChecks.add(step);
  return step as AccessCheck;
}

/**
 * Whether a step, or a route's handler, is an access check (for `resource`, and for the tests that
 * walk every route that has one through `app.routes`).
 */
export function isAccessCheck(handler: unknown): boolean {
  return typeof handler === 'object' || typeof handler === 'function'
    ? accessChecks.has(handler as object)
    : false;
}

/**
 * The check as a route's first handler: a refusal leaves the body unread (on the Node server it is
 * thrown away after the answer, for a moment, then the connection closed).
 */
export function checkFirst(check: AccessCheck): Step {
  const step: Step = async (c, next) => {
    try {
      await check(c, () => Promise.resolve());
    } catch (error) {
      leaveBodyUnread(c);
      throw error;
    }
    await next();
  };
  accessChecks.add(step);
  return step;
}
