import { Attention } from '@/globe/attention';
import { calloutContent } from '@/globe/callouts';
import { NodeCards } from '@/globe/cardJoin';
import { ClusterControl } from '@/globe/clusterControl';
import type { Emitter } from '@/globe/events';
import type { GlobeStage, Motion } from '@/globe/globeStage';
import { CardFaces } from '@/globe/layers/cardFaces';
import type { CalloutContent } from '@/globe/layers/overlay';
import { LinkPlanner } from '@/globe/linkPlanning';
import type { GlobeParts } from '@/globe/parts';
import { LoadingProgress } from '@/globe/progress';
import { viewCameraOf } from '@/globe/projection';
import type { GlobeEvents, GlobeInput } from '@/globe/types';
import { ANIMATION_DURATION_MS } from '@/lib/constants';
import { isFiltering, sameIds, sameRange, type ArchiveFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';

/**
 * The cards' wiring: the items joined into cards, their faces and the loading progress they make,
 * the links between them, their clusters, and the attention the visitor gives them (hover, focus,
 * callout), each told of what the others change.
 */

/** The colour of a card with no category. */
const NO_CATEGORY_COLOUR = '#7cc4ff';

/** What the page last asked the globe to show: the filter, and each category's colour. */
export class ColoursAndFilter {
  colours: Readonly<Record<string, string>> = {};
  filter: ArchiveFilter = { category: null, type: null };

  /** A card's colour: its first category's. */
  readonly colourOf = (node: MediaNode): string =>
    this.colours[node.categories[0]?.slug ?? ''] ?? NO_CATEGORY_COLOUR;

  /** The filtered category's colour: its links are drawn in it. */
  categoryColour(): string {
    return this.colours[this.filter.category ?? ''] ?? NO_CATEGORY_COLOUR;
  }

  /** Whether a filter is on. */
  filtered(): boolean {
    return isFiltering(this.filter);
  }

  /** Takes what the page sent; answers whether the filter and the colours changed. */
  take(input: GlobeInput): { filterChanged: boolean; coloursChanged: boolean } {
    const filterChanged =
      input.filter.category !== this.filter.category ||
      input.filter.type !== this.filter.type ||
      !sameIds(input.filter.ids, this.filter.ids) ||
      !sameRange(input.filter.range, this.filter.range);
    const coloursChanged = input.categoryColours !== this.colours;
    this.colours = input.categoryColours;
    this.filter = { ...input.filter };
    return { filterChanged, coloursChanged };
  }
}

export interface CardWiring {
  /** What the first view needs, reported as `progress` events. */
  progress: LoadingProgress;
  faces: CardFaces;
  /** The items the page sent, joined into cards. */
  items: NodeCards;
  links: LinkPlanner;
  clusterControl: ClusterControl;
  attention: Attention;
  /** How long a card takes to appear: links to it wait that long. */
  revealSeconds(): number;
  /** Re-plans the filtered category's links. */
  relinkCategory(now: number): void;
}

/** What a card's callout says: its item, and for a cluster how many it holds and how many match. */
function calloutOf(
  slot: number,
  { cards, clusters }: GlobeStage,
  { items, clusterControl }: Pick<CardWiring, 'items' | 'clusterControl'>,
  shown: ColoursAndFilter,
): CalloutContent | null {
  const node = items.ofSlot(slot);
  if (!node) return null;
  const group = clusters.groupOf(slot);
  const summary = {
    size: group.length,
    matching: group.filter((s) => cards.isMatched(s)).length,
    filtered: shown.filtered(),
    spreads: !clusterControl.splitsByZooming(group),
  };
  return calloutContent(slot, node, shown.colourOf(node), summary);
}

/** The card faces, drawn for the camera's view and loaded first where the camera looks. */
function createCardFaces(stage: GlobeStage, progress: LoadingProgress): CardFaces {
  const { host, orbit, cards } = stage;
  return new CardFaces(
    cards,
    host.engine,
    host.scene,
    () => {
      const { width, height } = host.renderSize();
      return viewCameraOf(orbit.camera, width, height);
    },
    () => {
      host.requestRender();
      progress.report();
    },
  );
}

/** Wires the cards on the stage; `shown` is read live, as each `update()` changes it. */
export function wireCards(
  stage: GlobeStage,
  shown: ColoursAndFilter,
  events: Emitter<GlobeEvents>,
  motion: Motion,
): CardWiring {
  const { host, orbit, cards, clusters, overlay } = stage;
  const revealSeconds = () => (ANIMATION_DURATION_MS / 1000) * (motion.reducedMotion ? 0.001 : 1);
  const progress = new LoadingProgress(
    cards,
    () => faces,
    (figure) => events.emit('progress', figure),
  );
  const faces = createCardFaces(stage, progress);
  void stage.sphere.loaded.then(() => !host.disposed && progress.mapLoaded());
  const items = new NodeCards(cards, faces, clusters);
  const links = new LinkPlanner(
    stage.related,
    stage.categoryLinks,
    cards,
    (slot) => clusters.shownSlot(slot),
    revealSeconds,
  );
  const relinkCategory = (now: number) =>
    links.categorise(items.values(), shown.filter, shown.categoryColour(), now);
  const parts: GlobeParts = { host, orbit, cards, clusters, faces, overlay };
  const clusterControl = new ClusterControl(parts, {
    relink(now) {
      links.relate(items.values());
      relinkCategory(now);
    },
    refreshCallout: () => attention.refreshCallout(),
    filtered: () => shown.filtered(),
  });
  const attention = new Attention(
    parts,
    (slot) => calloutOf(slot, stage, { items, clusterControl }, shown),
    (id, text) => events.emit('cardAnnounced', { id, text }),
  );
  return {
    progress,
    faces,
    items,
    links,
    clusterControl,
    attention,
    revealSeconds,
    relinkCategory,
  };
}
