import { createSelector } from '@reduxjs/toolkit';
import { sortedByName } from '@/lib/compareNames';
import type { ArchiveFilter, FilterState } from '@/lib/filter';
import { isFiltering, matchesFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';
import { assignCategoryColours } from '@/lib/palette';
import { isRangeChosen, rangeOfTexts } from '@/lib/timeRange';
import type { NodesState } from '@/features/nodes/nodesSlice';

interface State {
  nodes: NodesState;
  filter: FilterState;
}

/** A category of the archive, with its palette colour and how many nodes carry it. */
export interface ArchiveCategory {
  slug: string;
  name: string;
  colour: string;
  count: number;
}

export const selectNodes = (state: State): MediaNode[] => state.nodes.items;
export const selectNodesStatus = (state: State): NodesState['status'] => state.nodes.status;
export const selectNodesError = (state: State): NodesState['error'] => state.nodes.error;
/**
 * The active filter, the search's answer as a set and the range as instants (one new object only
 * when the filter changes).
 */
export const selectFilter = createSelector(
  [(state: State) => state.filter, (state: State) => selectIds(state)],
  ({ category, type, q, from, to }, ids): ArchiveFilter => {
    const range = rangeOfTexts(from, to);
    return { category, type, q, ids, range: isRangeChosen(range) ? range : null };
  },
);

/**
 * The search's answer as a set: the same set while the answer is the same, whatever else of the
 * filter changes (what depends on it alone, such as the timeline's counts, is not worked out again).
 */
const selectIds = createSelector(
  [(state: State) => state.filter.ids],
  (ids): ReadonlySet<string> | null => (ids === null ? null : new Set(ids)),
);

/** Every category of the archive, named as first met, coloured from the palette, by name. */
export const selectCategories = createSelector([selectNodes], (nodes): ArchiveCategory[] => {
  const bySlug = new Map<string, { name: string; count: number }>();
  for (const node of nodes) {
    for (const { slug, name } of node.categories) {
      const entry = bySlug.get(slug);
      if (entry) entry.count++;
      else bySlug.set(slug, { name, count: 1 });
    }
  }
  const colours = assignCategoryColours(bySlug.keys());
  return sortedByName(
    [...bySlug].map(([slug, { name, count }]) => ({
      slug,
      name,
      count,
      colour: colours.get(slug) as string,
    })),
    (category) => category.name,
  );
});

/** Category colour by slug. */
export const selectCategoryColours = createSelector(
  [selectCategories],
  (categories): Record<string, string> =>
    Object.fromEntries(categories.map((c) => [c.slug, c.colour])),
);

/** The nodes that match the active filter, in archive order. */
export const selectMatchingNodes = createSelector(
  [selectNodes, selectFilter],
  (nodes, filter): MediaNode[] =>
    isFiltering(filter) ? nodes.filter((node) => matchesFilter(node, filter)) : nodes,
);

/** Nodes by id. */
export const selectNodesById = createSelector(
  [selectNodes],
  (nodes): ReadonlyMap<string, MediaNode> => new Map(nodes.map((node) => [node.video_id, node])),
);

/** What the globe shows, as one memoised object: a new one only when nodes, filter or colours change. */
export const selectGlobeInput = createSelector(
  [selectNodes, selectFilter, selectCategoryColours],
  (nodes, filter, categoryColours) => ({
    nodes,
    filter,
    categoryColours,
  }),
);
