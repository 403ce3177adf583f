import type { CalloutContent } from '@/globe/layers/overlay';
import { mediaCount } from '@/lib/capture';
import type { MediaNode } from '@/lib/nodeModel';

/** What a callout says about a card: its item's title and what it is, or the cluster it leads. */

const TYPE_LABEL = { video: 'Video', gallery: 'Photo gallery' } as const;

/** A cluster as its callout tells it. */
export interface ClusterSummary {
  /** Items gathered on the card. */
  size: number;
  /** Of them, those the filter matches. */
  matching: number;
  /** Whether a filter is on (the count of matching items is said then). */
  filtered: boolean;
  /** At the closest zoom a click spreads the cards out; otherwise it zooms in until they split. */
  spreads: boolean;
}

/** The callout of the card in `slot` showing `node` (and, when it leads one, its cluster). */
export function calloutContent(
  slot: number,
  node: MediaNode,
  colour: string,
  cluster: ClusterSummary | null,
): CalloutContent {
  if (cluster !== null && cluster.size > 1) {
    return {
      slot,
      title: node.title,
      meta: [
        `${cluster.size} items here`,
        ...(cluster.filtered ? [`${cluster.matching} match the filter`] : []),
        cluster.spreads ? 'click to spread them out' : 'click to zoom in',
      ].join(' · '),
      colour,
    };
  }
  const category = node.categories[0]?.name;
  const type =
    node.type === 'gallery'
      ? `${TYPE_LABEL.gallery} · ${mediaCount(node.images)}`
      : TYPE_LABEL.video;
  return { slot, title: node.title, meta: category ? `${type} · ${category}` : type, colour };
}
