import { describe, expect, it } from 'vitest';
import {
  createPasswordLockout,
  FIRST_LOCKOUT_MS,
  LONGEST_LOCKOUT_MS,
} from '../../../../../server/dev/identity/passwordLockout';

function clocked() {
  let now = 1_000_000;
  const lockout = createPasswordLockout({ now: () => now });
  return {
    lockout,
    advance(ms: number) {
      now += ms;
    },
    /** How long `username` stays locked from now, to the millisecond. */
    lockedFor(username: string) {
      let waited = 0;
      const start = now;
      while (lockout.isLocked(username)) {
        now += 1;
        waited += 1;
      }
      now = start;
      return waited;
    },
  };
}

describe('the local identity server lockout', () => {
  it('lets five wrong passwords pass, then locks for 1 s, doubling to about 15 minutes', () => {
    const { lockout, lockedFor, advance } = clocked();
    for (let tries = 1; tries <= 5; tries += 1) {
      lockout.failed('alice');
      expect(lockout.isLocked('alice')).toBe(false);
    }
    const lockouts: number[] = [];
    for (let tries = 6; tries <= 18; tries += 1) {
      lockout.failed('alice');
      const wait = lockedFor('alice');
      lockouts.push(wait);
      advance(wait);
    }
    expect(lockouts.slice(0, 4)).toEqual([
      FIRST_LOCKOUT_MS,
      2 * FIRST_LOCKOUT_MS,
      4 * FIRST_LOCKOUT_MS,
      8 * FIRST_LOCKOUT_MS,
    ]);
    expect(lockouts.at(-1)).toBe(LONGEST_LOCKOUT_MS);
    // Usernames are counted apart, and exactly: ALICE is another account.
    expect(lockout.isLocked('ALICE')).toBe(false);
  });

  it('starts afresh after a right password, or 15 quiet minutes after the lockout', () => {
    const { lockout, advance } = clocked();
    for (let tries = 1; tries <= 6; tries += 1) lockout.failed('bob');
    expect(lockout.isLocked('bob')).toBe(true);
    advance(FIRST_LOCKOUT_MS);
    lockout.succeeded('bob');
    lockout.failed('bob');
    expect(lockout.isLocked('bob')).toBe(false);

    // Quiet for 15 minutes after the lockout ends: carol starts afresh; dave, a moment short of
    // it, does not.
    for (let tries = 1; tries <= 6; tries += 1) {
      lockout.failed('carol');
      lockout.failed('dave');
    }
    advance(FIRST_LOCKOUT_MS + LONGEST_LOCKOUT_MS - 1);
    lockout.failed('dave');
    expect(lockout.isLocked('dave')).toBe(true);
    advance(1);
    lockout.failed('carol');
    expect(lockout.isLocked('carol')).toBe(false);
  });

  it("keeps an account's count through any number of failures on other names", () => {
    const { lockout } = clocked();
    for (let tries = 1; tries <= 6; tries += 1) lockout.failed('alice', true);
    expect(lockout.isLocked('alice')).toBe(true);
    // The probe: 10,000 failures on made-up names used to push the account's count out.
    for (let n = 0; n < 10_001; n += 1) lockout.failed(`spray${n}`, false);
    expect(lockout.isLocked('alice')).toBe(true);
  });

  it('counts a name first seen unknown on, once the account exists', () => {
    const { lockout } = clocked();
    for (let tries = 1; tries <= 5; tries += 1) lockout.failed('newcomer', false);
    lockout.failed('newcomer', true);
    expect(lockout.isLocked('newcomer')).toBe(true);
    for (let n = 0; n < 10_001; n += 1) lockout.failed(`spray${n}`, false);
    expect(lockout.isLocked('newcomer')).toBe(true);
  });
});
