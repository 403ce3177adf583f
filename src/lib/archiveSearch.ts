/**
 * Full-text search over the archive (issue 30): titles, descriptions and category names, forgiving
 * typos (fuzzy), unfinished words (prefix), plurals and accents. MiniSearch does the indexing and
 * the matching: measured here beside FlexSearch 0.8 and Orama 3 on 10,000 items, it was the one
 * that found every misspelt query of the set ("insurence", "chainsaws") within the budget (median
 * 8 ms a query, Orama 23 ms; FlexSearch 0.6 ms but missed the typos).
 *
 * The index is built in slices of a few milliseconds that yield to the page, so a visitor's taps
 * are never kept waiting by it; a search before it is complete answers from what it holds so far.
 * Once complete, each word of the index is asked of MiniSearch once (the commonest in idle moments
 * first) and its answer kept (`keptWordAnswers`); a typed word is answered from the index words it
 * begins or nearly spells, weighed as MiniSearch weighs them, so typing on asks little or nothing
 * new. How words are read is `archiveSearchWords`; how answers make one list, `searchRanking`.
 */
import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import {
  asPrefix,
  INDEX_OPTIONS,
  searchTerm,
  tokenize,
  type SearchableItem,
  type SearchHit,
} from '@/lib/archiveSearchWords';
import { keptWordAnswers, type Answer, type KeptWordAnswers } from '@/lib/keptWordAnswers';
import { searchRanking } from '@/lib/searchRanking';
import { whenIdle, yieldToBrowser } from '@/lib/steps';

export {
  highlightParts,
  INDEX_OPTIONS,
  searchTerm,
  type SearchableItem,
  type SearchHit,
  type TextPart,
} from '@/lib/archiveSearchWords';

/** How long the index is built before it yields to the page. */
const SLICE_MS = 8;
/** A word in this share of the items (and at least so many times) is asked about in advance. */
const COMMON_SHARE = 0.02;
const COMMON_MIN = 50;
/** So many of the commonest words at most. */
const COMMON_KEPT = 48;
/** So many of the last queries' answers are kept. */
const RECENT_QUERIES = 8;

export interface ArchiveSearch {
  /** Items that match `query`, best first; every item for a query of no words. */
  search(query: string): readonly SearchHit[];
  /** Resolves once every item is indexed. */
  readonly ready: Promise<void>;
  /** Resolves once the commonest words' answers are kept too (after `ready`). */
  readonly warmed: Promise<void>;
  /** Stops a build still under way (the archive changed). */
  cancel(): void;
}

/** Told how long each slice of work ran (for the bench and the tests). */
type OnSlice = ((ms: number) => void) | undefined;

/** Where a build stands: stopped (the archive changed), or every item indexed. */
interface Build {
  cancelled: boolean;
  complete: boolean;
}

/**
 * A MiniSearch index over the archive's fields, with every word it holds and how often it occurs:
 * for the words a typed one begins or nearly spells, and the common ones to ask about before
 * anyone types them.
 */
function wordIndex() {
  const vocabulary = new SearchableMap<number>();
  const index = new MiniSearch<SearchableItem>({
    ...INDEX_OPTIONS,
    processTerm: (word, field) => {
      const term = searchTerm(word);
      if (term === '') return null;
      // Called with its field while indexing, without one for a query.
      if (field !== undefined) vocabulary.update(term, (count = 0) => count + 1);
      return term;
    },
  });
  return { index, vocabulary };
}

/** Adds `items` to `index` in slices that yield to the page, until all are in or it is cancelled. */
async function indexInSlices(
  items: readonly SearchableItem[],
  index: MiniSearch<SearchableItem>,
  build: Build,
  onSlice: OnSlice,
): Promise<void> {
  let next = 0;
  while (next < items.length && !build.cancelled) {
    const started = performance.now();
    do {
      const item = items[next];
      next += 1;
      if (item && !index.has(item.video_id)) index.add(item);
    } while (next < items.length && performance.now() - started < SLICE_MS);
    onSlice?.(performance.now() - started);
    if (next < items.length) await yieldToBrowser();
  }
  build.complete = !build.cancelled;
}

/**
 * The common words' answers, asked one at a time while the page is idle: a first letter or two
 * typed begins them, and asking about a word in every item would keep that keystroke waiting.
 */
async function askCommonWords(
  vocabulary: SearchableMap<number>,
  itemCount: number,
  kept: KeptWordAnswers,
  build: Build,
  onSlice: OnSlice,
): Promise<void> {
  // The commonest, asked the least common first: the code the browser has made fast on the
  // smaller ones then meets the largest.
  const common = [...vocabulary.entries()]
    .filter(([, count]) => count >= Math.max(COMMON_MIN, itemCount * COMMON_SHARE))
    .sort((a, b) => b[1] - a[1])
    .slice(0, COMMON_KEPT)
    .reverse();
  for (const [term] of common) {
    const found = new Map<string, number>();
    // A field at a time, after what the page has waiting (the first answer's render among it):
    // a word in every item is thousands of scores.
    for (const field of INDEX_OPTIONS.fields) {
      await whenIdle();
      if (build.cancelled || kept.nearlyFull) return;
      if (kept.hasPostings(term)) break;
      const started = performance.now();
      kept.addFieldPostings(term, field, found);
      onSlice?.(performance.now() - started);
    }
    kept.keepPostings(term, found);
  }
}

/** A typed word's answer from an index still being built: what it holds so far, kept nowhere. */
function partialAnswer(index: MiniSearch<SearchableItem>, word: string, prefix: boolean): Answer {
  const answer: Answer = new Map();
  for (const result of index.search(word, { prefix }))
    answer.set(String(result.id), { score: result.score, terms: result.terms });
  return answer;
}

/**
 * Starts indexing `items` in slices that yield to the page.
 *
 * @param onSlice told how long each slice ran (for the bench and the tests)
 */
export function createArchiveSearch(
  items: readonly SearchableItem[],
  { onSlice }: { onSlice?: (ms: number) => void } = {},
): ArchiveSearch {
  const { index, vocabulary } = wordIndex();
  const build: Build = { cancelled: false, complete: false };
  const kept = keptWordAnswers(index, vocabulary);
  const { everyWord, anyWord } = searchRanking(items);

  /** The answer to each word of a query (of words that fold to something), and its key. */
  const answersTo = (query: string): { key: string; answer: Answer }[] => {
    const words = tokenize(query)
      .map((word) => ({ word, term: searchTerm(word) }))
      .filter(({ term }) => term !== '');
    return words.map(({ word, term }, i) => {
      const prefix = asPrefix(term, i === words.length - 1);
      // "=word" for the word itself, ">word" for the words it begins too.
      const key = `${prefix ? '>' : '='}${term}`;
      // Only a complete index's answers are kept for the next keystroke.
      const answer = build.complete
        ? kept.wordAnswer(term, prefix, key)
        : partialAnswer(index, word, prefix);
      return { key, answer };
    });
  };

  /**
   * The last queries' answers, by their words' keys: a backspace and the letter typed again, or
   * a space, answer at once.
   */
  const recent = new Map<string, readonly SearchHit[]>();
  const remember = (key: string, hits: readonly SearchHit[]) => {
    if (recent.size >= RECENT_QUERIES) recent.delete(recent.keys().next().value ?? '');
    recent.set(key, hits);
  };

  const ready = indexInSlices(items, index, build, onSlice);
  const warmed = ready.then(() => askCommonWords(vocabulary, items.length, kept, build, onSlice));

  return {
    ready,
    warmed,
    cancel() {
      build.cancelled = true;
    },
    search(query) {
      if (tokenize(query).length === 0)
        return items.map((item) => ({ id: item.video_id, score: 0, terms: [] }));
      const words = answersTo(query);
      if (words.length === 0) return [];
      const key = words.map((word) => word.key).join(' ');
      const remembered = build.complete ? recent.get(key) : undefined;
      if (remembered) return remembered;
      // Every word must match; where no item has them all, any of them.
      const each = words.map((word) => word.answer);
      const every = everyWord(each);
      const hits = every.length > 0 ? every : anyWord(each);
      if (build.complete) remember(key, hits);
      return hits;
    },
  };
}
