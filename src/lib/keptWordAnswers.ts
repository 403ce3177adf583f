/**
 * The answers the archive's search keeps once its index is complete (issue 30): each word of the
 * index asked of MiniSearch once, and each typed word answered from the index words it begins or
 * nearly spells, weighed as MiniSearch weighs them, so typing on asks little or nothing new.
 */
import type MiniSearch from 'minisearch';
import type SearchableMap from 'minisearch/SearchableMap';
import { typosAllowed, WEIGHTS, type SearchableItem } from '@/lib/archiveSearchWords';

/** Kept answers are let go past this many items in all (a few megabytes). */
const KEPT_ENTRIES = 400_000;

/** An item a word found: its score, and the words of it that matched. */
export interface Found {
  score: number;
  terms: string[];
}
/** A typed word's answer: the items it found, by id. */
export type Answer = Map<string, Found>;

/** What the search keeps of the index's answers, word by word. */
export interface KeptWordAnswers {
  /**
   * One typed word's answer (`term` as the index folds it, `prefix` when it is the last, still
   * being typed), kept by `key` while the visitor types on.
   */
  wordAnswer(term: string, prefix: boolean, key: string): Answer;
  /** Asks the index about `term` in one field, added to `into` (a common word, a field at a time). */
  addFieldPostings(term: string, field: string, into: Map<string, number>): void;
  /** Keeps a word's answer asked a field at a time, unless it was kept meanwhile. */
  keepPostings(term: string, found: Map<string, number>): void;
  /** Whether a word's own answer is kept already. */
  hasPostings(term: string): boolean;
  /** Whether what is kept has grown past half of what may be kept (no more asked in advance). */
  readonly nearlyFull: boolean;
}

/**
 * The kept answers of `index`, whose every word (with how often it occurs) is in `vocabulary`:
 * the words a typed one begins or nearly spells.
 */
export function keptWordAnswers(
  index: MiniSearch<SearchableItem>,
  vocabulary: SearchableMap<number>,
): KeptWordAnswers {
  /**
   * Each word of the index's own answer: the items that hold it, scored by MiniSearch (BM25 over
   * the fields, boosted), asked once and kept. A typed word is answered from the words it
   * begins and nearly spells, so "gen", "gene", "gener"… ask the index about "generated" once.
   */
  const postings = new Map<string, Map<string, number>>();
  /** Typed words' answers, by their keys: "generated vid" asks only about "vid" once "generated" was answered. */
  const answers = new Map<string, Answer>();
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

  const wordAnswer = (term: string, prefix: boolean, key: string): Answer => {
    const kept = answers.get(key);
    if (kept) return kept;
    const answer = answerOfWeighed(weighedWords(vocabulary, term, prefix), postingsOf);
    answers.set(key, answer);
    keptEntries += answer.size;
    return answer;
  };

  return {
    wordAnswer,
    addFieldPostings,
    keepPostings(term, found) {
      if (!postings.has(term)) keep(term, found);
    },
    hasPostings: (term) => postings.has(term),
    get nearlyFull() {
      return keptEntries > KEPT_ENTRIES / 2;
    },
  };
}

/**
 * The index words a typed one reaches, each with what it counts for, as MiniSearch's query for it
 * would weigh them: the word itself, the words it begins (when `prefix`: it is the last, still
 * being typed) and those within its typos.
 */
function weighedWords(
  vocabulary: SearchableMap<number>,
  term: string,
  prefix: boolean,
): [string, number][] {
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
  return weighed;
}

/** The items the weighed words hold, each scored by the sum of its words' weighed scores. */
function answerOfWeighed(
  weighed: readonly [string, number][],
  postingsOf: (term: string) => Map<string, number>,
): Answer {
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
  return answer;
}
