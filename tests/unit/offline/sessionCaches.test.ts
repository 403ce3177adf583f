import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { signedIn, signedOut } from '@/features/auth/authSlice';
import { SESSION_CACHES } from '@/offline/offlineNames';

describe('an editor’s sign-out (issue 50)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const session = { username: 'ed', groups: ['editor'], idToken: 't', accessToken: 't' };

  it('empties the caches of what the session fetched, and only then', async () => {
    const deleted = vi.fn(async (_name: string) => true);
    vi.stubGlobal('caches', { delete: deleted });
    const store = makeStore({ fetchArchive: vi.fn() });
    // A visitor who was never signed in clears nothing (the start says "signed out" every visit).
    store.dispatch(signedOut());
    expect(deleted).not.toHaveBeenCalled();
    store.dispatch(signedIn(session));
    expect(deleted).not.toHaveBeenCalled();
    store.dispatch(signedOut('person'));
    await vi.waitFor(() => expect(deleted).toHaveBeenCalledTimes(SESSION_CACHES.length));
    expect(deleted.mock.calls.map(([name]) => name).sort()).toEqual([...SESSION_CACHES].sort());
    expect(SESSION_CACHES).toEqual(
      expect.arrayContaining(['globe-archive-list', 'globe-archive-images']),
    );
  });
});
