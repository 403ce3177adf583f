import { readFileSync } from 'node:fs';
import MiniSearch, { type SearchResult } from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import {
  createArchiveSearch,
  highlightParts,
  INDEX_OPTIONS,
  searchTerm,
  type SearchableItem,
} from '@/lib/archiveSearch';
import { normalizeArchive } from '@/lib/nodeModel';

const sample = normalizeArchive(
  JSON.parse(
    readFileSync(new URL('../../../server/data/sample-archive.json', import.meta.url), 'utf8'),
  ),
).nodes;

async function searchOf(items: readonly SearchableItem[]) {
  const search = createArchiveSearch(items);
  await search.ready;
  return (query: string) => search.search(query).map((hit) => hit.id);
}

const item = (video_id: string, title: string, description = '', categories: string[] = []) => ({
  video_id,
  title,
  description,
  categories: categories.map((name) => ({ name })),
});

describe("searching in the neighbours' languages (issue 49)", () => {
  it('folds Bosnian and Spanish letters: typed without them, words are found', async () => {
    const find = await searchOf([
      item('a', 'Ćevapi za volontere', 'Porodica Đorđević dijeli hranu u Ulici Žitnoj'),
      item('b', 'El niño y la señora', 'Voluntarios en el Parque O’Fallon, información'),
      item('c', 'Shelter night one'),
    ]);
    expect(find('cevapi')).toEqual(['a']);
    expect(find('Dordevic')).toEqual(['a']);
    expect(find('zitnoj')).toEqual(['a']);
    expect(find('đorđević')).toEqual(['a']);
    expect(find('nino senora')).toEqual(['b']);
    expect(find('informacion')).toEqual(['b']);
  });
});

describe('searching the archive', () => {
  it('finds words in titles, descriptions and categories, titles first', async () => {
    const find = await searchOf(sample);
    expect(find('chainsaw')[0]).toBe('chainsaw-crews-visitation-park');
    expect(find('diapers')).toEqual(['ofallon-park-supply-drive']);
    expect(find('volunteers')).toContain('penrose-roof-tarps');
    // Every word must match where some item has them all.
    expect(find('tarps penrose').sort()).toEqual(['penrose-roof-tarps', 'penrose-tarp-brigade']);
  });

  it('forgives a typo, an unfinished last word and a plural', async () => {
    const find = await searchOf(sample);
    expect(find('insurence')[0]).toBe('insurance-help-session');
    // The other one waits for its insurance, in its description.
    expect(find('insurence')).toContain('kingsway-east-rebuild');
    expect(find('chainsaws')[0]).toBe('chainsaw-crews-visitation-park');
    expect(find('voluntere').length).toBeGreaterThan(3);
    expect(find('insura')[0]).toBe('insurance-help-session');
    expect(find('roof')).toContain('penrose-roof-tarps');
    expect(find('shelterr')).toContain('shelter-cots');
  });

  it('folds case and accents, and reads words as a person writes them', async () => {
    const find = await searchOf([
      item('a', 'Église Saint-Louis'),
      item('b', 'Families’ stories', 'Glass and buses.'),
      item('c', 'Volunteer day'),
    ]);
    expect(find('eglise')).toEqual(['a']);
    expect(find('ÉGLISE')).toEqual(['a']);
    expect(find('family')).toEqual(['b']);
    expect(find('glass')).toEqual(['b']);
    expect(find("volunteers'")).toEqual(['c']);
    expect(searchTerm('Families')).toBe('family');
    expect(searchTerm('glass')).toBe('glass');
    expect(searchTerm('bus')).toBe('bus');
    expect(searchTerm('boxes')).toBe('box');
  });

  it('answers any word where no item has them all, and every item for no words', async () => {
    const find = await searchOf(sample);
    expect(find('tarps zebra').sort()).toEqual(find('tarps').sort());
    expect(find('  ')).toHaveLength(sample.length);
    expect(find('<script>')).toEqual([]);
    expect(find('zqxwv')).toEqual([]);
  });

  it('marks the words that matched, whatever their form', async () => {
    const search = createArchiveSearch(sample);
    await search.ready;
    const [hit] = search.search('tarp penros');
    expect(hit?.id).toBe('penrose-tarp-brigade');
    expect(highlightParts('Penrose Tarp Brigade', hit?.terms ?? [])).toEqual([
      { text: 'Penrose', match: true },
      { text: ' ', match: false },
      { text: 'Tarp', match: true },
      { text: ' Brigade', match: false },
    ]);
    expect(highlightParts('Tarping roofs', ['roof'])).toEqual([
      { text: 'Tarping ', match: false },
      { text: 'roofs', match: true },
    ]);
    expect(highlightParts('Anything', [])).toEqual([{ text: 'Anything', match: false }]);
  });
});

describe('10,000 items', () => {
  const words = sample.flatMap((n) => `${n.title} ${n.description}`.split(/\s+/));
  const many = Array.from({ length: 10_000 }, (_, i) => {
    const base = sample[i % sample.length] as (typeof sample)[number];
    return {
      ...base,
      video_id: `item-${i}`,
      title: `${base.title} ${i}`,
      description: Array.from(
        { length: 20 },
        (_, k) => words[(i * 31 + k * 17) % words.length],
      ).join(' '),
    };
  });

  it('are indexed in slices that never hold the page for 50 ms', async () => {
    const slices: number[] = [];
    const search = createArchiveSearch(many, { onSlice: (ms) => slices.push(ms) });
    // A search while the index is still being built answers from what it holds.
    expect(() => search.search('volunteer')).not.toThrow();
    await search.ready;
    expect(slices.length).toBeGreaterThan(10);
    expect(Math.max(...slices)).toBeLessThan(50);
    // Each of the 250 copies of the chainsaw crews' title, and descriptions that took the word.
    expect(search.search('chainsaw').length).toBeGreaterThanOrEqual(250);
  });

  it('answers a keystroke in well under a frame (the bench holds the budget)', async () => {
    const search = createArchiveSearch(many);
    await search.ready;
    const times: number[] = [];
    for (const query of ['v', 'vo', 'vol', 'volu', 'volun', 'volunt', 'voluntee', 'insurence']) {
      const started = performance.now();
      search.search(query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(50);
  });

  it('asks the index about each of its words once while a visitor types on', async () => {
    const warm = createArchiveSearch(many);
    await warm.ready;
    const asked = vi.spyOn(MiniSearch.prototype, 'search');
    const typed = 'chainsaw crews vi';
    for (let i = 1; i <= typed.length; i++) warm.search(typed.slice(0, i));
    // Each word of the index is asked once, a field at a time.
    const words = asked.mock.calls.map(([query, options]) => `${String(query)} ${options?.fields}`);
    expect(words.length).toBeGreaterThan(0);
    expect(new Set(words).size).toBe(words.length);
    // Back and forth over the last letters: everything is known already.
    asked.mockClear();
    for (const query of ['chainsaw crews v', 'chainsaw crews', 'chainsaw crews vi', 'chainsaw'])
      warm.search(query);
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
    // The last queries' answers are kept whole: the same answer, not worked out again.
    expect(warm.search('chainsaw crews v')).toBe(warm.search('chainsaw  crews v '));
    // Its answers are a fresh index's.
    const cold = createArchiveSearch(many);
    await cold.ready;
    for (const query of [typed, 'chainsaw crews', 'volunteer', 'insurence roof', 'crews chainsaw'])
      expect(warm.search(query)).toEqual(cold.search(query));
  });

  it('answers as MiniSearch itself scores each word, every word together', async () => {
    const search = createArchiveSearch(many);
    await search.ready;
    const reference = new MiniSearch<SearchableItem>({
      ...INDEX_OPTIONS,
      processTerm: (word) => searchTerm(word) || null,
    });
    reference.addAll(many);
    /** The same items, each scored as MiniSearch scores it (its AND counts each word once more). */
    const expectSameAnswer = (query: string, expected: SearchResult[], words = 1) => {
      const hits = search.search(query);
      const byId = new Map(expected.map((result) => [String(result.id), result]));
      expect(hits.map((hit) => hit.id).sort()).toEqual([...byId.keys()].sort());
      for (const hit of hits) {
        const result = byId.get(hit.id);
        expect(Math.abs(hit.score * words - (result?.score ?? 0))).toBeLessThan(1e-9 * hit.score);
        // The words that matched, for highlighting, are MiniSearch's.
        expect([...hit.terms].sort()).toEqual([...(result?.terms ?? [])].sort());
      }
      for (let i = 1; i < hits.length; i++)
        expect(hits[i]?.score).toBeLessThanOrEqual(hits[i - 1]?.score ?? 0);
    };
    for (const word of ['chainsaw', 'insurence', 'insura', 'vol', 'voluntere', 'roofs', 'st', 'a'])
      expectSameAnswer(word, reference.search(word));
    // Every word: the items each word finds, by the sum of their scores.
    expectSameAnswer('tarps penros', reference.search('tarps penros', { combineWith: 'AND' }), 2);
    // Any word where no item has them all, as MiniSearch's OR.
    expectSameAnswer('tarps zqxwv', reference.search('tarps zqxwv', { combineWith: 'OR' }));
  });

  it('keeps no answer from an index still being built', async () => {
    const search = createArchiveSearch(many);
    const early = search.search('chainsaw').length;
    await search.ready;
    expect(early).toBeLessThan(250);
    expect(search.search('chainsaw').length).toBeGreaterThanOrEqual(250);
  });

  it('stops building when cancelled', async () => {
    const slices: number[] = [];
    const search = createArchiveSearch(many, { onSlice: (ms) => slices.push(ms) });
    search.cancel();
    await search.ready;
    expect(slices.length).toBeLessThanOrEqual(1);
  });
});
