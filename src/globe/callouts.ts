import { sayOnGlobe } from '@/globe/globeWords';
import type { CalloutContent } from '@/globe/layers/overlay';
import { mediaCounts } from '@/lib/capture';
import type { MediaNode } from '@/lib/nodeModel';

/** What a callout says about a card: its item's title and what it is, or the cluster it leads. */

/** A gallery's entries as its callout counts them: "1 photo", "6 photos and 1 3D capture". */
function galleryCount(images: readonly { capture?: unknown }[]): string {
  const { photos, captures } = mediaCounts(images);
  if (captures === 0) return sayOnGlobe('photos', { photos });
  if (photos === 0) return sayOnGlobe('captures', { captures });
  return sayOnGlobe('photosAndCaptures', {
    photos: sayOnGlobe('photos', { photos }),
    captures: sayOnGlobe('captures', { captures }),
  });
}

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
        sayOnGlobe('itemsHere', { size: cluster.size }),
        ...(cluster.filtered ? [sayOnGlobe('matching', { matching: cluster.matching })] : []),
        sayOnGlobe(cluster.spreads ? 'spread' : 'zoomIn'),
      ].join(' · '),
      colour,
    };
  }
  const category = node.categories[0]?.name;
  const type =
    node.type === 'gallery'
      ? `${sayOnGlobe('gallery')} · ${galleryCount(node.images)}`
      : sayOnGlobe('video');
  return { slot, title: node.title, meta: category ? `${type} · ${category}` : type, colour };
}
