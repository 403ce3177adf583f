/**
 * How the archive's search puts its typed words' answers together into one list of matches, best
 * first (issue 30): every word where some item has them all, any of them where none has.
 */
import type { SearchableItem, SearchHit } from '@/lib/archiveSearchWords';
import type { Answer } from '@/lib/keptWordAnswers';

/** A match, with its place in the archive for matches that score the same. */
type Ranked = SearchHit & { place: number };

/** Puts the words' answers together, ties in archive order. */
export interface SearchRanking {
  /** Every word must match: the items in each word's answer, scored by the sum. */
  everyWord(each: readonly Answer[]): readonly SearchHit[];
  /** Any word may match: scored by the sum, times the number of words found (as MiniSearch's OR). */
  anyWord(each: readonly Answer[]): readonly SearchHit[];
}

/** The ranking of matches among `items` (their order breaks ties). */
export function searchRanking(items: readonly SearchableItem[]): SearchRanking {
  /** Items in archive order, worked out at the first tie to break. */
  let order: Map<string, number> | null = null;
  const placeOf = (id: string) => {
    order ??= new Map(items.map((item, i) => [item.video_id, i]));
    return order.get(id) ?? 0;
  };
  const ranked = (id: string, score: number, terms: readonly string[]): Ranked => ({
    id,
    score,
    terms,
    place: placeOf(id),
  });
  const bestFirst = (hits: Ranked[]): readonly SearchHit[] =>
    hits.sort((a, b) => b.score - a.score || a.place - b.place);

  const everyWord = (each: readonly Answer[]): readonly SearchHit[] => {
    const [smallest, ...rest] = [...each].sort((a, b) => a.size - b.size);
    if (smallest === undefined) return [];
    const hits: Ranked[] = [];
    for (const [id, first] of smallest) {
      const found = inEveryAnswer(id, first, rest);
      if (found) hits.push(ranked(id, found.score, found.terms));
    }
    return bestFirst(hits);
  };

  const anyWord = (each: readonly Answer[]): readonly SearchHit[] => {
    const found = each.filter((answer) => answer.size > 0);
    // One word found anything: its answer alone.
    if (found.length <= 1) return everyWord(found);
    return bestFirst(
      [...unionOf(found)].map(([id, { score, words, terms }]) => ranked(id, score * words, terms)),
    );
  };

  return { everyWord, anyWord };
}

/**
 * An item of the smallest answer (`first`, its match there) scored over every other answer, with
 * the words of it that matched; null where one of them lacks it.
 */
function inEveryAnswer(
  id: string,
  first: { score: number; terms: readonly string[] },
  rest: readonly Answer[],
): { score: number; terms: readonly string[] } | null {
  let score = first.score;
  let terms: readonly string[] = first.terms;
  for (const answer of rest) {
    const found = answer.get(id);
    if (!found) return null;
    score += found.score;
    terms = [...terms, ...found.terms];
  }
  return { score, terms: rest.length > 0 ? [...new Set(terms)] : terms };
}

/** Every item any answer holds: its scores summed, how many words found it, and their words. */
function unionOf(answers: readonly Answer[]) {
  const union = new Map<string, { score: number; words: number; terms: string[] }>();
  for (const answer of answers) {
    for (const [id, match] of answer) {
      const hit = union.get(id);
      if (hit) {
        hit.score += match.score;
        hit.words += 1;
        hit.terms.push(...match.terms.filter((term) => !hit.terms.includes(term)));
      } else union.set(id, { score: match.score, words: 1, terms: [...match.terms] });
    }
  }
  return union;
}
