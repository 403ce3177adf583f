import type { MediaType } from '@/lib/mediaType';

/**
 * What the visitor is filtering by, mirrored from the route (`/category/{slug}`, `?type=`, `?q=`),
 * with the items the search's words found.
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
}

export const NO_FILTER: ArchiveFilter = { category: null, type: null };

/**
 * The filter as the store keeps it (plain data): the route's parts, and the ids the search's
 * words found (see `ArchiveFilter.ids`).
 */
export interface FilterState {
  category: string | null;
  type: MediaType | null;
  q: string | null;
  ids: string[] | null;
}

/** Whether anything narrows the archive (the rest shrink and fade on the globe). */
export function isFiltering(filter: ArchiveFilter): boolean {
  return filter.category !== null || filter.type !== null || (filter.ids ?? null) !== null;
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
  node: { video_id: string; type: MediaType; categories: readonly { slug: string }[] },
  filter: ArchiveFilter,
): boolean {
  if (filter.type !== null && node.type !== filter.type) return false;
  if (filter.ids && !filter.ids.has(node.video_id)) return false;
  return filter.category === null || node.categories.some((c) => c.slug === filter.category);
}

/** The search's words as the URL and the filter keep them: one line, trimmed, at most 200 characters; null for none. */
export function searchWords(text: string | null | undefined): string | null {
  const words = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  return words === '' ? null : words;
}
