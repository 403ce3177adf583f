import { ExpiringMap } from './expiringMap';

/** Cognito's message while a username is locked out after wrong passwords. */
export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

/** Wrong passwords Cognito lets pass before it starts locking a username out. */
export const FREE_FAILURES = 5;
/** The first lockout; each further wrong password doubles it. */
export const FIRST_LOCKOUT_MS = 1000;
/** The longest lockout, and the quiet time after which a username starts afresh. */
export const LONGEST_LOCKOUT_MS = 15 * 60_000;

interface Failures {
  count: number;
  /** When the last lockout ends; the time of the last failure while none applies. */
  lockedUntil: number;
}

/** Settings for `createPasswordLockout`. */
export interface PasswordLockoutOptions {
  now?: () => number;
  /**
   * Unknown usernames remembered at once (the oldest are forgotten first). The pool's own
   * accounts are never forgotten this way: failures sprayed over other names cannot wash an
   * account's count out.
   */
  maxUnknownNames?: number;
}

/**
 * Counts failed proofs per account (wrong passwords, authenticator and sign-in codes, reset and
 * verification codes, a wrong current password) and says when an account is locked out.
 */
export interface PasswordLockout {
  /** Whether `username` may try a password, or a code, now. */
  isLocked(username: string): boolean;
  /**
   * Records a failed proof for `username`: `known` (default true) says whether the pool has that
   * account. An unknown username is counted the same (the same answer, so the same count), in a
   * bounded map.
   */
  failed(username: string, known?: boolean): void;
  /** Forgets the count once the account's owner has proven everything (a finished sign-in). */
  succeeded(username: string): void;
}

/**
 * Cognito's temporary lockout, as its documentation describes it: five wrong passwords are
 * free; then each one locks the username for 1 s, doubling up to about 15 minutes, and tries
 * while locked are refused unheard; 15 quiet minutes after a lockout ends (or after the last
 * wrong password, before any lockout) start the username afresh. Counted
 * per username, known or not, so the lockout tells nothing about which usernames exist. Every
 * proof an account's owner gives counts alike: a password, a code at sign-in, a reset code, a
 * current password; so a fresh sign-in (the password alone) does not buy fresh guesses at the
 * second step.
 */
export function createPasswordLockout(options: PasswordLockoutOptions = {}): PasswordLockout {
  const now = options.now ?? Date.now;
  // Long enough for the longest lockout and the quiet time after it; `count` checks the rest.
  const keep = 2 * LONGEST_LOCKOUT_MS;
  // Accounts: bounded by the pool's own size (and lapsing when quiet), never by other names.
  const accounts = new ExpiringMap<Failures>(keep, now, Number.POSITIVE_INFINITY);
  // Names nobody has: any number can be sprayed, so the oldest go first past the bound. Only
  // after that many newer failures elsewhere does an unknown name start afresh.
  const unknown = new ExpiringMap<Failures>(keep, now, options.maxUnknownNames);
  const entryOf = (username: string) => accounts.get(username) ?? unknown.get(username);
  /** The failures that still count: none once the username has been quiet for 15 minutes. */
  function count(username: string): number {
    const entry = entryOf(username);
    if (entry === undefined) return 0;
    return now() - entry.lockedUntil >= LONGEST_LOCKOUT_MS ? 0 : entry.count;
  }
  return {
    isLocked(username) {
      const entry = entryOf(username);
      return entry !== undefined && entry.lockedUntil > now();
    },
    failed(username, known = true) {
      const failuresSoFar = count(username) + 1;
      const lockout =
        failuresSoFar <= FREE_FAILURES
          ? 0
          : Math.min(
              FIRST_LOCKOUT_MS * 2 ** (failuresSoFar - FREE_FAILURES - 1),
              LONGEST_LOCKOUT_MS,
            );
      const entry = { count: failuresSoFar, lockedUntil: now() + lockout };
      if (known) {
        // A name counted while unknown (an account made since) keeps its count.
        unknown.delete(username);
        accounts.set(username, entry);
      } else {
        unknown.set(username, entry);
      }
    },
    succeeded(username) {
      accounts.delete(username);
      unknown.delete(username);
    },
  };
}
