import type { MediaType } from '@/lib/mediaType';

/** What the visitor is filtering by, mirrored from the route (`/category/{slug}`, `?type=`). */
export interface ArchiveFilter {
  /** A category slug, or `null` for every category. */
  category: string | null;
  /** A media type, or `null` for both. */
  type: MediaType | null;
}

export const NO_FILTER: ArchiveFilter = { category: null, type: null };

/** Whether a node is shown as matching the filter (the rest shrink and fade on the globe). */
export function matchesFilter(
  node: { type: MediaType; categories: readonly { slug: string }[] },
  filter: ArchiveFilter,
): boolean {
  if (filter.type !== null && node.type !== filter.type) return false;
  return filter.category === null || node.categories.some((c) => c.slug === filter.category);
}
