import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { NodesRequestError, httpFetchArchive } from '@/features/nodes/nodesApi';
import { loadNodes, refreshNodes } from '@/features/nodes/nodesSlice';
import {
  selectCategories,
  selectFilter,
  selectMatchingNodes,
} from '@/features/nodes/nodesSelectors';
import { rangeMoved, routeChanged, searchAnswered } from '@/features/filter/filterSlice';

const archive = [
  {
    video_id: 'a',
    title: 'A',
    youtube_id: 'dQw4w9WgXcQ',
    date: '2025-05-16T14:52-05:00',
    categories: ['Storm Footage'],
    lat: 1,
    lng: 1,
  },
  {
    video_id: 'b',
    type: 'gallery',
    title: 'B',
    categories: ['Volunteers', 'Storm Footage'],
    date: '2025-05-17/2025-05-30',
    lat: 2,
    lng: 2,
  },
  { video_id: 'c', title: 'C', categories: ['Volunteers'], lat: 3, lng: 3 },
];

/** A fake service whose answer the test releases, counting requests. */
function deferredService() {
  let release!: (value: unknown) => void;
  let fail!: (error: unknown) => void;
  const fetchArchive = vi.fn(
    () =>
      new Promise<unknown>((resolve, reject) => {
        release = resolve;
        fail = reject;
      }),
  );
  return { fetchArchive, release: (v: unknown) => release(v), fail: (e: unknown) => fail(e) };
}

describe('loading nodes (SPEC §4)', () => {
  it('is empty until loaded', () => {
    const store = makeStore({ fetchArchive: vi.fn() });
    expect(store.getState().nodes).toMatchObject({
      items: [],
      status: 'idle',
      pendingRequestId: null,
    });
  });

  it('makes one request for two concurrent loads, and both wait for it', async () => {
    const service = deferredService();
    const store = makeStore({ fetchArchive: service.fetchArchive });
    const first = store.dispatch(loadNodes());
    const second = store.dispatch(loadNodes());
    expect(second).toBe(first);
    expect(service.fetchArchive).toHaveBeenCalledTimes(1);
    expect(store.getState().nodes.status).toBe('loading');
    expect(store.getState().nodes.pendingRequestId).toEqual(expect.any(String));
    service.release(archive);
    await Promise.all([first, second]);
    expect(store.getState().nodes.items.map((n) => n.video_id)).toEqual(['a', 'b', 'c']);
  });

  it('clears the pending marker when the request ends', async () => {
    const service = deferredService();
    const store = makeStore({ fetchArchive: service.fetchArchive });
    const load = store.dispatch(loadNodes());
    service.release(archive);
    await load;
    expect(store.getState().nodes).toMatchObject({
      status: 'loaded',
      pendingRequestId: null,
      error: null,
    });
  });

  it('skips a load when the list already has items', async () => {
    const fetchArchive = vi.fn(async () => archive);
    const store = makeStore({ fetchArchive });
    await store.dispatch(loadNodes());
    await store.dispatch(loadNodes());
    expect(fetchArchive).toHaveBeenCalledTimes(1);
  });

  it('keeps the failure for the UI, clears the marker, and a retry loads', async () => {
    const service = deferredService();
    const store = makeStore({ fetchArchive: service.fetchArchive });
    const load = store.dispatch(loadNodes());
    service.fail(
      new NodesRequestError({
        kind: 'http',
        status: 503,
        message: 'The archive service is unavailable right now (error 503).',
      }),
    );
    await load;
    expect(store.getState().nodes).toMatchObject({
      status: 'failed',
      pendingRequestId: null,
      error: { kind: 'http', status: 503 },
    });
    const retry = store.dispatch(loadNodes());
    expect(store.getState().nodes.error).toBeNull();
    service.release(archive);
    await retry;
    expect(store.getState().nodes.status).toBe('loaded');
    expect(service.fetchArchive).toHaveBeenCalledTimes(2);
  });

  it('calls an answer that is not an archive invalid', async () => {
    const store = makeStore({ fetchArchive: async () => ({ hello: 'world' }) });
    await store.dispatch(loadNodes());
    expect(store.getState().nodes.error).toMatchObject({ kind: 'invalid' });
  });

  it('warns once per malformed node and loads the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = makeStore({
      fetchArchive: async () => [
        ...archive,
        { title: 'no id', lat: 0, lng: 0 },
        { video_id: 'x', lat: 91, lng: 0 },
      ],
    });
    await store.dispatch(loadNodes());
    expect(store.getState().nodes.items).toHaveLength(3);
    expect(store.getState().nodes.problemCount).toBe(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/Archive node "x" \(#5\) dropped: lat 91 is outside ±90/),
    );
    warn.mockRestore();
  });
});

describe('filter and selectors', () => {
  async function loaded() {
    const store = makeStore({ fetchArchive: async () => archive });
    await store.dispatch(loadNodes());
    return store;
  }

  it('mirrors the route, accepting only video or gallery as type', async () => {
    const store = await loaded();
    store.dispatch(routeChanged({ category: 'volunteers', type: 'gallery' }));
    expect(store.getState().filter).toMatchObject({ category: 'volunteers', type: 'gallery' });
    store.dispatch(routeChanged({ category: null, type: 'photos' }));
    expect(store.getState().filter).toMatchObject({ category: null, type: null, q: null });
  });

  it('selects the nodes that match the filter, memoised', async () => {
    const store = await loaded();
    const all = selectMatchingNodes(store.getState());
    expect(all).toHaveLength(3);
    store.dispatch(routeChanged({ category: 'storm-footage' }));
    expect(selectMatchingNodes(store.getState()).map((n) => n.video_id)).toEqual(['a', 'b']);
    store.dispatch(routeChanged({ category: 'storm-footage', type: 'video' }));
    expect(selectMatchingNodes(store.getState()).map((n) => n.video_id)).toEqual(['a']);
    const state = store.getState();
    expect(selectMatchingNodes(state)).toBe(selectMatchingNodes(state));
  });

  it('keeps the search’s words from the route, and narrows to what they found', async () => {
    const store = await loaded();
    store.dispatch(routeChanged({ q: '  storm \n footage ' }));
    expect(store.getState().filter).toEqual({
      category: null,
      type: null,
      q: 'storm footage',
      ids: null,
      from: null,
      to: null,
    });
    // Until the words are answered nothing fades.
    expect(selectMatchingNodes(store.getState())).toHaveLength(3);
    store.dispatch(searchAnswered({ q: 'storm footage', ids: ['b'] }));
    expect(selectMatchingNodes(store.getState()).map((n) => n.video_id)).toEqual(['b']);
    expect(selectFilter(store.getState()).ids).toEqual(new Set(['b']));
    // Combined with a category and a type.
    store.dispatch(routeChanged({ category: 'storm-footage', type: 'video', q: 'storm footage' }));
    expect(selectMatchingNodes(store.getState())).toEqual([]);
    // New words keep the last answer on show until theirs comes; an answer to words no longer
    // asked is dropped.
    const answered = selectFilter(store.getState()).ids;
    store.dispatch(routeChanged({ q: 'volunteers' }));
    expect(store.getState().filter.ids).toEqual(['b']);
    // The same answer is the same set (what depends on it alone is not worked out again).
    expect(selectFilter(store.getState()).ids).toBe(answered);
    store.dispatch(searchAnswered({ q: 'storm footage', ids: ['a'] }));
    expect(store.getState().filter.ids).toEqual(['b']);
    store.dispatch(searchAnswered({ q: 'volunteers', ids: ['a', 'c'] }));
    expect(store.getState().filter.ids).toEqual(['a', 'c']);
    store.dispatch(routeChanged({ q: '' }));
    expect(store.getState().filter).toEqual({
      category: null,
      type: null,
      q: null,
      ids: null,
      from: null,
      to: null,
    });
  });

  it('keeps the timeline’s range from the route and narrows to the items dated in it', async () => {
    const store = await loaded();
    store.dispatch(routeChanged({ from: ' 2025-05-16 ', to: '2025-05-16' }));
    expect(store.getState().filter).toMatchObject({ from: '2025-05-16', to: '2025-05-16' });
    // 'a' was recorded that afternoon; 'b' from the day after; 'c' has no date.
    expect(selectMatchingNodes(store.getState()).map((n) => n.video_id)).toEqual(['a']);
    store.dispatch(routeChanged({ from: '2025-05-20' }));
    expect(selectMatchingNodes(store.getState()).map((n) => n.video_id)).toEqual(['b']);
    store.dispatch(routeChanged({ to: '2025-05-16T14:51-05:00' }));
    expect(selectMatchingNodes(store.getState())).toEqual([]);
    // With the words and a category.
    store.dispatch(routeChanged({ category: 'storm-footage', q: 'storm', to: '2025-06-01' }));
    store.dispatch(searchAnswered({ q: 'storm', ids: ['a', 'b'] }));
    expect(selectMatchingNodes(store.getState()).map((n) => n.video_id)).toEqual(['a', 'b']);
    // The timeline's handles run ahead of the address; the address catching up changes nothing.
    store.dispatch(rangeMoved({ from: '2025-05-16', to: '2025-05-16' }));
    expect(selectMatchingNodes(store.getState()).map((n) => n.video_id)).toEqual(['a']);
    const moved = store.getState().filter;
    store.dispatch(
      routeChanged({ category: 'storm-footage', q: 'storm', from: '2025-05-16', to: '2025-05-16' }),
    );
    expect(store.getState().filter).toBe(moved);
    // A value that is not a day or a time is ignored, as an unknown ?type= is: every item again.
    store.dispatch(routeChanged({ from: 'last tuesday', to: '2025-02-30' }));
    expect(store.getState().filter).toMatchObject({ from: null, to: null });
    expect(selectMatchingNodes(store.getState())).toHaveLength(3);
    expect(selectFilter(store.getState()).range).toBeNull();
  });

  it('lists categories with counts and distinct palette colours', async () => {
    const store = await loaded();
    const categories = selectCategories(store.getState());
    expect(categories.map(({ slug, name, count }) => ({ slug, name, count }))).toEqual([
      { slug: 'storm-footage', name: 'Storm Footage', count: 2 },
      { slug: 'volunteers', name: 'Volunteers', count: 2 },
    ]);
    expect(categories[0]?.colour).not.toBe(categories[1]?.colour);
    expect(selectCategories(store.getState())).toBe(categories);
  });
});

describe('httpFetchArchive', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [() => Promise.reject(new TypeError('Failed to fetch')), 'network', /could not be reached/],
    [
      async () => new Response('down', { status: 503 }),
      'http',
      /unavailable right now \(error 503\)/,
    ],
    [async () => new Response('<html>', { status: 200 }), 'invalid', /not an archive/],
  ])('turns each failure into a message (%#)', async (fetchImpl, kind, message) => {
    vi.stubGlobal('fetch', vi.fn(fetchImpl));
    const error = await httpFetchArchive('/api/nodes')(new AbortController().signal).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NodesRequestError);
    expect((error as NodesRequestError).detail).toMatchObject({ kind });
    expect((error as NodesRequestError).message).toMatch(message);
  });

  it('gives up after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      ),
    );
    const error = await httpFetchArchive(
      '/api/nodes',
      20,
    )(new AbortController().signal).catch((e: unknown) => e);
    expect((error as NodesRequestError).detail).toMatchObject({ kind: 'timeout' });
  });
});

describe('the list offline (issue 50)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (headers: Record<string, string>) =>
    vi.fn(async () => new Response(JSON.stringify(archive), { status: 200, headers }));

  it('says a network answer is the network’s, as of its date', async () => {
    vi.stubGlobal('fetch', answer({ date: 'Tue, 01 Dec 2026 14:05:00 GMT' }));
    const store = makeStore({ fetchArchive: httpFetchArchive('/api/nodes') });
    await store.dispatch(loadNodes());
    expect(store.getState().nodes.origin).toEqual({
      asOf: Date.UTC(2026, 11, 1, 14, 5),
      fromDevice: false,
    });
  });

  it('says the service worker’s copy is the device’s, as of when the network gave it', async () => {
    vi.stubGlobal(
      'fetch',
      answer({
        date: 'Tue, 01 Dec 2026 14:05:00 GMT',
        'X-Globe-Archive-Saved': 'Mon, 30 Nov 2026 09:00:00 GMT',
      }),
    );
    const store = makeStore({ fetchArchive: httpFetchArchive('/api/nodes') });
    await store.dispatch(loadNodes());
    expect(store.getState().nodes.origin).toEqual({
      asOf: Date.UTC(2026, 10, 30, 9),
      fromDevice: true,
    });
    expect(store.getState().nodes.items).toHaveLength(3);
  });

  it('refreshes a list shown without hiding it, and keeps it when the refresh fails', async () => {
    const service = deferredService();
    const store = makeStore({ fetchArchive: service.fetchArchive });
    // Nothing to refresh before the first load.
    await store.dispatch(refreshNodes());
    expect(service.fetchArchive).not.toHaveBeenCalled();
    const first = store.dispatch(loadNodes());
    service.release(archive);
    await first;

    const failing = store.dispatch(refreshNodes());
    expect(store.getState().nodes.status).toBe('loaded');
    service.fail(new NodesRequestError({ kind: 'network', message: 'offline' }));
    await failing;
    expect(store.getState().nodes).toMatchObject({ status: 'loaded', error: null });
    expect(store.getState().nodes.items).toHaveLength(3);

    const refreshed = store.dispatch(refreshNodes());
    service.release(archive.slice(0, 2));
    await refreshed;
    expect(store.getState().nodes.items.map((node) => node.video_id)).toEqual(['a', 'b']);
    expect(service.fetchArchive).toHaveBeenCalledTimes(3);
  });
});
