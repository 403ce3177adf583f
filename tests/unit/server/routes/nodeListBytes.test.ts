/**
 * The list's bytes are made once (issue 45): one compression per revision and coding, however
 * many requests and however concurrent, each answered with the very buffer kept for it.
 */
import { describe, expect, it, vi } from 'vitest';
import { bufferOf } from '../../../../server/app/appEnv';
import * as compression from '../../../../server/app/compression';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';

vi.mock('../../../../server/app/compression', async (original) => {
  const actual = await original<typeof compression>();
  return { ...actual, compress: vi.fn(actual.compress) };
});

const NODES = Array.from({ length: 60 }, (_, i) => ({
  video_id: `clip-${i}`,
  title: `Clip ${i} from North City`,
  lat: 38.6,
  lng: -90.2,
}));

describe('the bytes of the list', () => {
  it('are compressed once per revision and coding, and answered as the same buffer', async () => {
    const store = createMemoryStore(NODES);
    const { app } = createNodesHandler({
      openStore: () => Promise.resolve(store),
      log: () => undefined,
    });
    const bodyOf = async (coding: string) =>
      bufferOf(await app.request('/nodes', { headers: { 'accept-encoding': coding } }));
    const counts = () => {
      const calls = vi.mocked(compression.compress).mock.calls.map(([, coding]) => coding);
      return {
        br: calls.filter((c) => c === 'br').length,
        gzip: calls.filter((c) => c === 'gzip').length,
      };
    };
    vi.mocked(compression.compress).mockClear();

    const brBodies = await Promise.all([bodyOf('br'), bodyOf('br'), bodyOf('br')]);
    const gzipBodies = [await bodyOf('gzip'), await bodyOf('gzip')];
    const identities = [await bodyOf('identity'), await bodyOf('identity')];
    expect(counts()).toEqual({ br: 1, gzip: 1 });
    for (const bodies of [brBodies, gzipBodies, identities]) {
      expect(bodies[0]).toBeInstanceOf(Buffer);
      for (const body of bodies) expect(body).toBe(bodies[0]);
    }

    await store.createNode({ video_id: 'new-clip', title: 'New', lat: 1, lng: 2 }, 'editor');
    const newBr = await bodyOf('br');
    expect(newBr).not.toBe(brBodies[0]);
    expect(await bodyOf('br')).toBe(newBr);
    // Both codings are made with each new list, before any request waits on one.
    expect(counts()).toEqual({ br: 2, gzip: 2 });
  });
});
