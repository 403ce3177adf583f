/**
 * How the archive's search reads words (issue 30): which fields of an item it searches and how
 * much each counts, how a text is cut into words and folded, which words a typed one reaches (its
 * beginning, its typos), and MiniSearch's options saying the same. No MiniSearch here: the search
 * box marks the words of its matches with `highlightParts` before the index has loaded.
 */
import type { Options } from 'minisearch';
import { foldText } from '@/lib/compareNames';
import { SEARCH_BOOSTS } from '@/lib/itemFields';

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

/**
 * The fields searched and how much a word in each counts, as their declarations say
 * (`@/lib/itemFields`: a title three times a description, a category twice).
 */
export const SEARCHED_FIELDS: readonly { field: string; boost: number }[] = Object.entries(
  SEARCH_BOOSTS,
).map(([field, boost]) => ({ field, boost }));

/** The words a query is cut into, and a title for highlighting: letters and digits. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * How much a word that only begins with the typed one, or is a typo's distance from it, counts
 * beside the word itself (MiniSearch's own weights, given to it and used by the kept answers alike).
 */
export const WEIGHTS = { prefix: 0.375, fuzzy: 0.45 };

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
export const asPrefix = (term: string, last: boolean) => last && term.length > 1;

/** How many letters a word may be off by: none up to three letters, one from four, two from eight. */
export const typosAllowed = (term: string) =>
  term.length > 3 ? Math.min(2, Math.round(term.length * 0.2)) : 0;

/** The words of a text, as a person writes them. */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * How MiniSearch reads and asks the archive (each word as `searchTerm` folds it): exported for
 * the tests, which hold the answers to MiniSearch's own.
 */
export const INDEX_OPTIONS = {
  idField: 'video_id',
  fields: SEARCHED_FIELDS.map(({ field }) => field),
  extractField: (item: SearchableItem, field: string) =>
    field === 'categories'
      ? item.categories.map((c) => c.name).join(' ')
      : String((item as unknown as Record<string, unknown>)[field] ?? ''),
  tokenize,
  searchOptions: {
    boost: Object.fromEntries(SEARCHED_FIELDS.map(({ field, boost }) => [field, boost])),
    weights: WEIGHTS,
    prefix: (term: string, i: number, terms: string[]) => asPrefix(term, i === terms.length - 1),
    fuzzy: (term: string) => typosAllowed(term) || false,
  },
} satisfies Options<SearchableItem>;

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
