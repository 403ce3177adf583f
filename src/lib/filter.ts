import type { MediaType } from '@/lib/mediaType';
import { dateInRange, isRangeChosen, type TimeRange } from '@/lib/timeRange';

/**
 * What the visitor is filtering by, mirrored from the route (`/category/{slug}`, `?type=`, `?q=`,
 * `?from=`, `?to=`), with the items the search's words found.
 */
export interface ArchiveFilter {
  /** A category slug, or `null` for every category. */
  category: string | null;
  /** A media type, or `null` for both. */
  type: MediaType | null;
  /** The search's words (`?q=`), or `null` (absent) for none. */
  q?: string | null;
  /**
   * The items the words found; `null` (absent) while no search narrows the archive. While new
   * words wait for their answer, the last one stays (before the first, `null`: nothing fades).
   */
  ids?: ReadonlySet<string> | null;
  /** The timeline's range (`?from=`, `?to=` read); null (absent) for all time. */
  range?: TimeRange | null;
}

export const NO_FILTER: ArchiveFilter = { category: null, type: null };

/** What the search's words found, besides the items (`FilterState.ids`, best first). */
export interface SearchFound {
  /** The words the ids answer: the route's, or the last ones while new words wait for theirs. */
  q: string;
  /**
   * The index's words they matched (the words themselves, those the last one begins, those a
   * typo away): the words marked in the matches' titles.
   */
  terms: string[];
}

/**
 * The filter as the store keeps it (plain data): the route's parts, and the ids the search's
 * words found (see `ArchiveFilter.ids`), best first.
 */
export interface FilterState {
  category: string | null;
  type: MediaType | null;
  q: string | null;
  ids: string[] | null;
  /** With `ids` once the search answered: which words they answer, and what else it found. */
  found?: SearchFound;
  /** `?from=` and `?to=` as `rangeText` keeps them. */
  from: string | null;
  to: string | null;
}

/** Whether anything narrows the archive (the rest shrink and fade on the globe). */
export function isFiltering(filter: ArchiveFilter): boolean {
  return (
    filter.category !== null ||
    filter.type !== null ||
    (filter.ids ?? null) !== null ||
    isRangeChosen(filter.range)
  );
}

/** Whether two filters' ranges are the same (either may be a copy that crossed to the worker). */
export function sameRange(
  a: TimeRange | null | undefined,
  b: TimeRange | null | undefined,
): boolean {
  const x = isRangeChosen(a) ? a : null;
  const y = isRangeChosen(b) ? b : null;
  if (x === null || y === null) return x === y;
  return x.from === y.from && x.until === y.until;
}

/**
 * Whether two filters narrow to the same items by their words: the same set, or sets with the
 * same ids (a filter that crossed to the globe's worker is a copy, never the same object).
 */
export function sameIds(
  a: ReadonlySet<string> | null | undefined,
  b: ReadonlySet<string> | null | undefined,
): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

/** Whether a node is shown as matching the filter (the rest shrink and fade on the globe). */
export function matchesFilter(
  node: {
    video_id: string;
    type: MediaType;
    categories: readonly { slug: string }[];
    date?: string | null;
  },
  filter: ArchiveFilter,
): boolean {
  if (filter.type !== null && node.type !== filter.type) return false;
  if (filter.ids && !filter.ids.has(node.video_id)) return false;
  if (filter.range && !dateInRange(node.date, filter.range)) return false;
  return filter.category === null || node.categories.some((c) => c.slug === filter.category);
}

/** The search's words as the URL and the filter keep them: one line, trimmed, at most 200 characters; null for none. */
export function searchWords(text: string | null | undefined): string | null {
  const words = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  return words === '' ? null : words;
}
