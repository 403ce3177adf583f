/**
 * The search as a service of the store (issue 46): the route's one action (`routeVisited`) has
 * the index answer the address's words, with no search box on any screen, and the globe's filter
 * narrows to the answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { routeVisited, routeWordsAnswered, searchWanted } from '@/features/filter/routeVisited';
import { answerOf, createSearchService, type SearchModule } from '@/features/filter/searchService';
import { selectGlobeInput } from '@/features/nodes/nodesSelectors';
import { loadNodes } from '@/features/nodes/nodesSlice';
import type { ArchiveSearch } from '@/lib/archiveSearch';

const archive = [
  {
    video_id: 'cleanup',
    title: 'Clean-up on Page Avenue',
    description: 'Volunteers haul branches.',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Volunteers'],
    lat: 38.66,
    lng: -90.25,
  },
  {
    video_id: 'sky',
    title: 'The sky that evening',
    description: 'Clouds over the church on Page Boulevard.',
    youtube_id: 'ScMzIvxBSi4',
    lat: 38.6,
    lng: -90.3,
  },
  {
    video_id: 'tarps',
    type: 'gallery',
    title: 'Tarps on the roofs',
    images: [{ thumbUrl: '/t.jpg', fullUrl: '/f.jpg' }],
    categories: ['Volunteers'],
    lat: 38.7,
    lng: -90.2,
  },
];

/** A promise and what settles it, for an index whose code arrives when the test says. */
function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** The real index's code, once `gate` opens; counts how many indexes were started. */
function gatedIndex(gate: Promise<void>) {
  const started: ArchiveSearch[] = [];
  const load = async (): Promise<SearchModule> => {
    await gate;
    const { createArchiveSearch } = await import('@/lib/archiveSearch');
    return {
      createArchiveSearch: (items) => {
        const search = createArchiveSearch(items);
        started.push(search);
        return search;
      },
    };
  };
  return { load, started };
}

async function loadedStore(search = createSearchService()) {
  const store = makeStore({ fetchArchive: async () => archive, search });
  await store.dispatch(loadNodes());
  return store;
}

/** What the globe is told matches (null: no search narrows it). */
const globeIds = (store: Awaited<ReturnType<typeof loadedStore>>) => {
  const ids = selectGlobeInput(store.getState()).filter.ids;
  return ids ? [...ids].sort() : null;
};

describe('the search in the store', () => {
  it('answers the address’s words with no search box mounted: the globe narrows', async () => {
    const store = await loadedStore();
    await store.dispatch(routeVisited({ category: 'volunteers', q: 'roof' }));
    expect(globeIds(store)).toEqual(['tarps']);
    expect(store.getState().filter).toMatchObject({
      category: 'volunteers',
      q: 'roof',
      ids: ['tarps'],
      found: { q: 'roof', terms: ['roof'] },
    });
    // A typo and an unfinished word find what they would in the box.
    await store.dispatch(routeVisited({ q: 'evenning' }));
    expect(globeIds(store)).toEqual(['sky']);
    await store.dispatch(routeVisited({ q: 'pag' }));
    expect(store.getState().filter.ids).toEqual(['cleanup', 'sky']);
    expect(store.getState().filter.found?.terms).toEqual(['page']);
    // No words, no answer: nothing fades.
    await store.dispatch(routeVisited({}));
    expect(globeIds(store)).toBeNull();
    expect(store.getState().filter.found).toBeUndefined();
  });

  it('answers words asked while the index was still loading once it is built', async () => {
    const gate = deferred();
    const { load, started } = gatedIndex(gate.promise);
    const store = await loadedStore(createSearchService(load));
    const asked = store.dispatch(routeVisited({ q: 'volunteers' }));
    await Promise.resolve();
    // Nothing fades before the answer.
    expect(store.getState().filter).toMatchObject({ q: 'volunteers', ids: null });
    expect(globeIds(store)).toBeNull();
    gate.resolve();
    await asked;
    expect(globeIds(store)).toEqual(['cleanup', 'tarps']);
    expect(started).toHaveLength(1);
  });

  it('keeps only the answer to the words last asked, and one index for the archive', async () => {
    const gate = deferred();
    const { load, started } = gatedIndex(gate.promise);
    const store = await loadedStore(createSearchService(load));
    const first = store.dispatch(routeVisited({ q: 'sky' }));
    const second = store.dispatch(routeVisited({ q: 'tarps' }));
    gate.resolve();
    await Promise.all([first, second]);
    expect(store.getState().filter).toMatchObject({ q: 'tarps', found: { q: 'tarps' } });
    expect(globeIds(store)).toEqual(['tarps']);
    expect(started).toHaveLength(1);
    // Another visit with the same words (an item opened) leaves the filter as it was.
    const before = store.getState().filter;
    await store.dispatch(routeVisited({ q: 'tarps' }));
    expect(store.getState().filter).toBe(before);
  });

  it('answers at once once the index is built: the words and their answer change the filter once', async () => {
    const store = await loadedStore();
    await store.dispatch(routeVisited({ q: 'sky' }));
    const told: (string[] | null)[] = [];
    const unsubscribe = store.subscribe(() => told.push(globeIds(store)));
    void store.dispatch(routeVisited({ q: 'tarps' }));
    unsubscribe();
    // No state in between with the new words and the last answer: the globe is told once.
    expect(told).toEqual([['tarps']]);
    expect(store.getState().filter).toMatchObject({ q: 'tarps', found: { q: 'tarps' } });
  });

  it('answers words that came before the archive once it arrives', async () => {
    let arrive: (items: unknown) => void = () => undefined;
    const store = makeStore({
      fetchArchive: () => new Promise((resolve) => (arrive = resolve)),
      search: createSearchService(),
    });
    const loading = store.dispatch(loadNodes());
    await store.dispatch(routeVisited({ q: 'roof' }));
    expect(store.getState().filter).toMatchObject({ q: 'roof', ids: null });
    arrive(archive);
    await loading;
    await store.dispatch(routeWordsAnswered());
    expect(globeIds(store)).toEqual(['tarps']);
  });

  it('starts the index when a visitor reaches for the search, before any word', async () => {
    const gate = deferred();
    const { load, started } = gatedIndex(gate.promise);
    const service = createSearchService(load);
    const store = await loadedStore(service);
    store.dispatch(searchWanted());
    gate.resolve();
    const answer = await service.whenBuilt(store.getState().nodes.items);
    expect(started).toHaveLength(1);
    expect(answer?.('page').ids).toEqual(['cleanup', 'sky']);
    // The same words, the same answer (the store keeps it without a change).
    expect(answer?.('page')).toBe(answer?.('page'));
  });

  it('tries again when the index’s code could not load, answering nothing meanwhile', async () => {
    const gate = deferred();
    const attempts = vi.fn<() => Promise<SearchModule>>(async () => {
      await gate.promise;
      return import('@/lib/archiveSearch');
    });
    attempts.mockRejectedValueOnce(new Error('offline'));
    const store = await loadedStore(createSearchService(attempts));
    await store.dispatch(routeVisited({ q: 'roof' }));
    expect(globeIds(store)).toBeNull();
    gate.resolve();
    await store.dispatch(routeVisited({ q: 'sky' }));
    expect(globeIds(store)).toEqual(['sky']);
    expect(attempts).toHaveBeenCalledTimes(2);
  });

  it('stops the build for an archive that was replaced', async () => {
    const gate = deferred();
    const { load, started } = gatedIndex(gate.promise);
    const service = createSearchService(load);
    const older = archive.slice(0, 1).map((item) => ({ ...item, description: '', categories: [] }));
    const newer = archive.slice(1).map((item) => ({ ...item, description: '', categories: [] }));
    const first = service.whenBuilt(older);
    const second = service.whenBuilt(newer);
    gate.resolve();
    expect(await first).toBeNull();
    expect((await second)?.('sky').ids).toEqual(['sky']);
    expect(started).toHaveLength(2);
  });
});

describe('a search’s answer as the store keeps it', () => {
  it('lists the ids best first and every word that matched once', () => {
    expect(
      answerOf([
        { id: 'a', score: 3, terms: ['page', 'avenue'] },
        { id: 'b', score: 1, terms: ['page'] },
      ]),
    ).toEqual({ ids: ['a', 'b'], terms: ['page', 'avenue'] });
  });
});
