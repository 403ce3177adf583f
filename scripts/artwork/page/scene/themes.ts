/** Which scene a sample picture shows: by its node's id, else by its node's categories. */
import { itemAt } from '../lists';
import type { SampleNode } from '../types';

/** The scenes paintScene composes. */
export type Theme =
  | 'aerial'
  | 'cleanup'
  | 'community'
  | 'cookout'
  | 'cots'
  | 'funnel'
  | 'mural'
  | 'park'
  | 'planting'
  | 'radio'
  | 'rebuilding'
  | 'response'
  | 'shelter'
  | 'skyline'
  | 'storefront'
  | 'storm'
  | 'utility'
  | 'volunteers';

/** Themes by node id: a node's pictures take turns through its list. */
const SPECIAL_THEMES: Record<string, readonly Theme[]> = {
  'clouds-west-of-clayton': ['funnel'],
  'drone-view-path': ['aerial'],
  'north-city-skyline': ['skyline', 'aerial'],
  'tree-canopy-loss': ['aerial', 'park'],
  'forest-park-fallen-trees': ['park'],
  'forest-park-tree-damage': ['park'],
  'tree-planting-day': ['planting'],
  'shelter-cots': ['cots'],
  'shelter-night-one': ['cots'],
  'murals-of-hope': ['mural', 'mural', 'community'],
  'school-reopens-north-city': ['mural'],
  'cwe-storefronts': ['storefront'],
  'community-cookout': ['cookout'],
  'greater-ville-church-meals': ['cookout'],
  'radio-operators': ['radio'],
  'north-city-power-crews': ['utility'],
  'utility-pole-replacement': ['utility'],
  'penrose-tarp-brigade': ['volunteers', 'rebuilding'],
};
/** Themes by category, for the nodes not named above. */
const CATEGORY_THEMES: Record<string, Theme> = {
  'Storm Footage': 'storm',
  'Cleanup & Recovery': 'cleanup',
  Volunteers: 'volunteers',
  'Community Stories': 'community',
  'Shelter & Aid': 'shelter',
  'Response Efforts': 'response',
  Rebuilding: 'rebuilding',
};

/**
 * Theme for one image of a node (`n` from 1): a special per node id, else one from its
 * categories, which take turns.
 */
export function themeFor(node: SampleNode, n: number): Theme {
  const special = SPECIAL_THEMES[node.video_id];
  if (special) return itemAt(special, (n - 1) % special.length);
  const cats = node.categories ?? [];
  const cat = cats[(n - 1) % Math.max(1, cats.length)];
  return (cat === undefined ? undefined : CATEGORY_THEMES[cat]) ?? 'community';
}
