import { expect, it } from 'vitest';
import { describeEachStore } from '../support/eachStore';

describeEachStore('answers once per idempotency key (issue 50)', (open) => {
  it('claims a new key, replays its answer, refuses it with another request, and frees a released one', async () => {
    const store = await open([]);
    const answer = { status: 201, body: '{"id":"7"}' };
    expect(await store.claimOnce('messages', 'key-0000000000000001', 'hash-a')).toEqual({
      state: 'claimed',
    });
    // While the first is being answered.
    expect(await store.claimOnce('messages', 'key-0000000000000001', 'hash-a')).toEqual({
      state: 'pending',
    });
    await store.settleOnce('messages', 'key-0000000000000001', answer);
    expect(await store.claimOnce('messages', 'key-0000000000000001', 'hash-a')).toEqual({
      state: 'answered',
      answer,
    });
    expect(await store.claimOnce('messages', 'key-0000000000000001', 'hash-b')).toEqual({
      state: 'conflict',
    });
    // A settled key is never released; each list has its own keys.
    await store.releaseOnce('messages', 'key-0000000000000001');
    expect((await store.claimOnce('messages', 'key-0000000000000001', 'hash-a')).state).toBe(
      'answered',
    );
    expect((await store.claimOnce('submissions', 'key-0000000000000001', 'hash-b')).state).toBe(
      'claimed',
    );
    await store.releaseOnce('submissions', 'key-0000000000000001');
    expect((await store.claimOnce('submissions', 'key-0000000000000001', 'hash-c')).state).toBe(
      'claimed',
    );
  });

  it('lets exactly one of many requests at once claim a key', async () => {
    const store = await open([]);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () =>
        store.claimOnce('removalRequests', 'key-at-once-000001', 'h'),
      ),
    );
    expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim.state === 'pending')).toHaveLength(7);
  });
});
