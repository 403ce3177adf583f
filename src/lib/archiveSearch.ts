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
 * first) and its answer kept; a typed word is answered from the index words it begins or nearly
 * spells, weighed as MiniSearch weighs them, so typing on asks little or nothing new.
 */
import MiniSearch, { type Options } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { foldText } from '@/lib/compareNames';

/** What the index reads of an item. */
export interface SearchableItem {
  video_id: string;
  title: string;
  description: string;
  categories: readonly { name: string }[];
}

/** One item that matches, best first, with the words of it that matched (as `searchTerm` folds them). */
export interface SearchHit {
  id: string;
  /** How well it matches (MiniSearch's score, summed over the words). */
  score: number;
  terms: readonly string[];
}

/** How long the index is built before it yields to the page. */
const SLICE_MS = 8;
/** The words a query is cut into, and a title for highlighting: letters and digits. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
/** A title counts three times a description, a category twice. */
const BOOST = { title: 3, categories: 2 };
/**
 * How much a word that only begins with the typed one, or is a typo's distance from it, counts
 * beside the word itself (MiniSearch's own weights, given to it and used by `wordAnswer` alike).
 */
const WEIGHTS = { prefix: 0.375, fuzzy: 0.45 };
/** A word in this share of the items (and at least so many times) is asked about in advance. */
const COMMON_SHARE = 0.02;
const COMMON_MIN = 50;
/** So many of the commonest words at most. */
const COMMON_KEPT = 48;
/** So many of the last queries' answers are kept. */
const RECENT_QUERIES = 8;
/** Kept answers are let go past this many items in all (a few megabytes). */
const KEPT_ENTRIES = 400_000;

/**
 * One word as the index keeps it: folded, a possessive and a plural ending taken off
 * ("Volunteers'" → "volunteer", "families" → "family", "roofs" → "roof"; "glass" and "bus" stay).
 */
export function searchTerm(word: string): string {
  const folded = foldText(word).replace(/['’]s?$/, '');
  if (folded.length > 4 && folded.endsWith('ies')) return `${folded.slice(0, -3)}y`;
  if (folded.length > 4 && /(?:ss|x|ch|sh)es$/.test(folded)) return folded.slice(0, -2);
  if (folded.length > 3 && folded.endsWith('s') && !/(?:ss|us|is)$/.test(folded))
    return folded.slice(0, -1);
  return folded;
}

/** Whether a word matches the words it begins: the last one typed, of two letters or more. */
const asPrefix = (term: string, last: boolean) => last && term.length > 1;
/** How many letters a word may be off by: none up to three letters, one from four, two from eight. */
const typosAllowed = (term: string) =>
  term.length > 3 ? Math.min(2, Math.round(term.length * 0.2)) : 0;

function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * How MiniSearch reads and asks the archive (each word as `searchTerm` folds it): exported for
 * the tests, which hold the answers to MiniSearch's own.
 */
export const INDEX_OPTIONS = {
  idField: 'video_id',
  fields: ['title', 'description', 'categories'] as string[],
  extractField: (item: SearchableItem, field: string) =>
    field === 'categories'
      ? item.categories.map((c) => c.name).join(' ')
      : String((item as unknown as Record<string, unknown>)[field] ?? ''),
  tokenize,
  searchOptions: {
    boost: BOOST,
    weights: WEIGHTS,
    prefix: (term: string, i: number, terms: string[]) => asPrefix(term, i === terms.length - 1),
    fuzzy: (term: string) => typosAllowed(term) || false,
  },
} satisfies Options<SearchableItem>;

/** Waits for the page to handle what is waiting (input first, where the browser can say). */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Waits for a moment when the page has nothing else to do (a frame's spare time). */
function whenIdle(): Promise<void> {
  const idle = (globalThis as { requestIdleCallback?: (run: () => void) => number })
    .requestIdleCallback;
  if (typeof idle === 'function') return new Promise((resolve) => idle(() => resolve()));
  return new Promise((resolve) => setTimeout(resolve, 0));
}

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

/** An item a word found: its score, and the words of it that matched. */
interface Found {
  score: number;
  terms: string[];
}
type Answer = Map<string, Found>;

/**
 * Starts indexing `items` in slices that yield to the page.
 *
 * @param onSlice told how long each slice ran (for the bench and the tests)
 */
export function createArchiveSearch(
  items: readonly SearchableItem[],
  { onSlice }: { onSlice?: (ms: number) => void } = {},
): ArchiveSearch {
  /**
   * Every word the index holds, with how often it occurs: for the words a typed one begins or
   * nearly spells, and the common ones to ask about before anyone types them.
   */
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
  let cancelled = false;
  /** Whether every item is indexed: only then are answers kept for the next keystroke. */
  let complete = false;

  /**
   * Each word of the index's own answer: the items that hold it, scored by MiniSearch (BM25 over
   * the fields, boosted), asked once and kept. A typed word is answered from the words it
   * begins and nearly spells, so "gen", "gene", "gener"… ask the index about "generated" once.
   */
  const postings = new Map<string, Map<string, number>>();
  let keptEntries = 0;
  /**
   * A word's answer in one field (`field`) or in all of them (null), added to `into`: the fields'
   * scores add up, so the common words can be asked a field at a time.
   */
  const addFieldPostings = (term: string, field: string | null, into: Map<string, number>) => {
    const results = index.search(term, {
      ...(field === null ? {} : { fields: [field] }),
      prefix: false,
      fuzzy: false,
      tokenize: (text) => [text],
      processTerm: (text) => text,
    });
    for (const result of results) {
      const id = String(result.id);
      into.set(id, (into.get(id) ?? 0) + result.score);
    }
  };
  const keep = (term: string, found: Map<string, number>) => {
    if (keptEntries + found.size > KEPT_ENTRIES) {
      postings.clear();
      answers.clear();
      keptEntries = 0;
    }
    postings.set(term, found);
    keptEntries += found.size;
    return found;
  };
  const postingsOf = (term: string): Map<string, number> => {
    const kept = postings.get(term);
    if (kept) return kept;
    const found = new Map<string, number>();
    addFieldPostings(term, null, found);
    return keep(term, found);
  };

  /**
   * One typed word's answer, as MiniSearch's query for it would score it: the word itself, the
   * words it begins (when it is the last, still being typed) and those within its typos, each
   * weighted as MiniSearch weighs them. Kept by the word while the visitor types on: "generated
   * vid" asks only about "vid" once "generated" was answered.
   */
  const answers = new Map<string, Answer>();
  const wordAnswer = (word: string, term: string, prefix: boolean, key: string): Answer => {
    if (!complete) {
      // Still being built: what the index holds so far, kept nowhere.
      const answer: Answer = new Map();
      for (const result of index.search(word, { prefix }))
        answer.set(String(result.id), { score: result.score, terms: result.terms });
      return answer;
    }
    const kept = answers.get(key);
    if (kept) return kept;
    const weighed: [string, number][] = [];
    if (vocabulary.has(term)) weighed.push([term, 1]);
    const begun = new Set<string>();
    if (prefix) {
      for (const [other] of vocabulary.atPrefix(term)) {
        const distance = other.length - term.length;
        if (distance === 0) continue;
        begun.add(other);
        weighed.push([other, (WEIGHTS.prefix * other.length) / (other.length + 0.3 * distance)]);
      }
    }
    const typos = typosAllowed(term);
    if (typos > 0) {
      for (const [other, [, distance]] of vocabulary.fuzzyGet(term, typos)) {
        if (distance === 0 || begun.has(other)) continue;
        weighed.push([other, (WEIGHTS.fuzzy * other.length) / (other.length + distance)]);
      }
    }
    const answer: Answer = new Map();
    for (const [other, weight] of weighed) {
      for (const [id, score] of postingsOf(other)) {
        const found = answer.get(id);
        if (found) {
          found.score += weight * score;
          found.terms.push(other);
        } else answer.set(id, { score: weight * score, terms: [other] });
      }
    }
    answers.set(key, answer);
    keptEntries += answer.size;
    return answer;
  };

  /** Items in archive order, for matches that score the same. */
  let order: Map<string, number> | null = null;
  const placeOf = (id: string) => {
    if (order === null) order = new Map(items.map((item, i) => [item.video_id, i]));
    return order.get(id) ?? 0;
  };
  /** A match, with its place in the archive for matches that score the same. */
  type Ranked = SearchHit & { place: number };
  const ranked = (id: string, score: number, terms: readonly string[]): Ranked => ({
    id,
    score,
    terms,
    place: placeOf(id),
  });
  const bestFirst = (hits: Ranked[]): readonly SearchHit[] =>
    hits.sort((a, b) => b.score - a.score || a.place - b.place);

  /** The answer to each word of a query (of words that fold to something), and its key. */
  const answersTo = (query: string): { key: string; answer: Answer }[] => {
    const words = tokenize(query)
      .map((word) => ({ word, term: searchTerm(word) }))
      .filter(({ term }) => term !== '');
    return words.map(({ word, term }, i) => {
      const prefix = asPrefix(term, i === words.length - 1);
      // "=word" for the word itself, ">word" for the words it begins too.
      const key = `${prefix ? '>' : '='}${term}`;
      return { key, answer: wordAnswer(word, term, prefix, key) };
    });
  };

  /** Every word must match: the items in each word's answer, scored by the sum. */
  const everyWord = (each: readonly Answer[]): readonly SearchHit[] => {
    const [smallest, ...rest] = [...each].sort((a, b) => a.size - b.size);
    if (smallest === undefined) return [];
    const hits: Ranked[] = [];
    for (const [id, first] of smallest) {
      let score = first.score;
      let terms: readonly string[] = first.terms;
      let everywhere = true;
      for (const answer of rest) {
        const found = answer.get(id);
        if (!found) {
          everywhere = false;
          break;
        }
        score += found.score;
        terms = [...terms, ...found.terms];
      }
      if (everywhere) hits.push(ranked(id, score, rest.length > 0 ? [...new Set(terms)] : terms));
    }
    return bestFirst(hits);
  };

  /** Any word may match: scored by the sum, times the number of words found (as MiniSearch's OR). */
  const anyWord = (each: readonly Answer[]): readonly SearchHit[] => {
    const found = each.filter((answer) => answer.size > 0);
    // One word found anything: its answer alone.
    if (found.length <= 1) return everyWord(found);
    const union = new Map<string, { score: number; words: number; terms: string[] }>();
    for (const answer of found) {
      for (const [id, match] of answer) {
        const hit = union.get(id);
        if (hit) {
          hit.score += match.score;
          hit.words += 1;
          hit.terms.push(...match.terms.filter((term) => !hit.terms.includes(term)));
        } else union.set(id, { score: match.score, words: 1, terms: [...match.terms] });
      }
    }
    return bestFirst(
      [...union].map(([id, { score, words, terms }]) => ranked(id, score * words, terms)),
    );
  };

  /**
   * The last queries' answers, by their words' keys: a backspace and the letter typed again, or
   * a space, answer at once.
   */
  const recent = new Map<string, readonly SearchHit[]>();

  const ready = (async () => {
    let next = 0;
    while (next < items.length && !cancelled) {
      const started = performance.now();
      do {
        const item = items[next];
        next += 1;
        if (item && !index.has(item.video_id)) index.add(item);
      } while (next < items.length && performance.now() - started < SLICE_MS);
      onSlice?.(performance.now() - started);
      if (next < items.length) await yieldToPage();
    }
    complete = !cancelled;
  })();
  // Then the common words' answers, one at a time while the page is idle: a first letter or two
  // typed begins them, and asking about a word in every item would keep that keystroke waiting.
  const warmed = ready.then(async () => {
    // The commonest, asked the least common first: the code the browser has made fast on the
    // smaller ones then meets the largest.
    const common = [...vocabulary.entries()]
      .filter(([, count]) => count >= Math.max(COMMON_MIN, items.length * COMMON_SHARE))
      .sort((a, b) => b[1] - a[1])
      .slice(0, COMMON_KEPT)
      .reverse();
    for (const [term] of common) {
      const found = new Map<string, number>();
      // A field at a time, after what the page has waiting (the first answer's render among it):
      // a word in every item is thousands of scores.
      for (const field of INDEX_OPTIONS.fields) {
        await whenIdle();
        if (cancelled || keptEntries > KEPT_ENTRIES / 2) return;
        if (postings.has(term)) break;
        const started = performance.now();
        addFieldPostings(term, field, found);
        onSlice?.(performance.now() - started);
      }
      if (!postings.has(term)) keep(term, found);
    }
  });

  return {
    ready,
    warmed,
    cancel() {
      cancelled = true;
    },
    search(query) {
      if (tokenize(query).length === 0)
        return items.map((item) => ({ id: item.video_id, score: 0, terms: [] }));
      const words = answersTo(query);
      if (words.length === 0) return [];
      const key = words.map((word) => word.key).join(' ');
      const kept = complete ? recent.get(key) : undefined;
      if (kept) return kept;
      // Every word must match; where no item has them all, any of them.
      const each = words.map((word) => word.answer);
      const every = everyWord(each);
      const hits = every.length > 0 ? every : anyWord(each);
      if (complete) {
        if (recent.size >= RECENT_QUERIES) recent.delete(recent.keys().next().value ?? '');
        recent.set(key, hits);
      }
      return hits;
    },
  };
}

/** A piece of text to show, marked where it holds a word that matched. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** `text` cut where its words match `terms` (a hit's), for a list that highlights them. */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  if (terms.length === 0) return [{ text, match: false }];
  const wanted = new Set(terms);
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    if (!wanted.has(searchTerm(found[0]))) continue;
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
