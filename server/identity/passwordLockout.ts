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
  /** Usernames remembered at once (the oldest are forgotten first). */
  maxUsernames?: number;
}

/** Counts wrong passwords per username and says when a username is locked out. */
export interface PasswordLockout {
  /** Whether `username` may try a password now. */
  isLocked(username: string): boolean;
  /** Records a wrong password (or an unknown username: the same answer, so the same count). */
  failed(username: string): void;
  /** Forgets the count after a right password. */
  succeeded(username: string): void;
}

/**
 * Cognito's temporary lockout, as its documentation describes it: five wrong passwords are
 * free; then each one locks the username for 1 s, doubling up to about 15 minutes, and tries
 * while locked are refused unheard; 15 quiet minutes after a lockout ends (or after the last
 * wrong password, before any lockout) start the username afresh. Counted
 * per username, known or not, so the lockout tells nothing about which usernames exist.
 */
export function createPasswordLockout(options: PasswordLockoutOptions = {}): PasswordLockout {
  const now = options.now ?? Date.now;
  // Long enough for the longest lockout and the quiet time after it; `count` checks the rest.
  const failures = new ExpiringMap<Failures>(2 * LONGEST_LOCKOUT_MS, now, options.maxUsernames);
  /** The failures that still count: none once the username has been quiet for 15 minutes. */
  function count(username: string): number {
    const entry = failures.get(username);
    if (entry === undefined) return 0;
    return now() - entry.lockedUntil >= LONGEST_LOCKOUT_MS ? 0 : entry.count;
  }
  return {
    isLocked(username) {
      const entry = failures.get(username);
      return entry !== undefined && entry.lockedUntil > now();
    },
    failed(username) {
      const failuresSoFar = count(username) + 1;
      const lockout =
        failuresSoFar <= FREE_FAILURES
          ? 0
          : Math.min(
              FIRST_LOCKOUT_MS * 2 ** (failuresSoFar - FREE_FAILURES - 1),
              LONGEST_LOCKOUT_MS,
            );
      failures.set(username, { count: failuresSoFar, lockedUntil: now() + lockout });
    },
    succeeded(username) {
      failures.delete(username);
    },
  };
}
