import type { CardFaces } from '@/globe/layers/cardFaces';
import type { CardLayer } from '@/globe/layers/cards';
import type { ClusterLayer } from '@/globe/layers/clusterLayer';
import { joinById } from '@/globe/join';
import { faceKey } from '@/globe/textures/faceImages';
import { matchesFilter, type ArchiveFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';

/**
 * The archive's items joined into the globe's cards, by id: an item that enters gets a card and
 * its face, one that changes is moved, restyled or redrawn only where it changed (its face is
 * redrawn when what the face shows changed), one that leaves gives its card, face and cluster
 * place back. The one place that keeps the items, the cards' slots and the faces in step.
 */

/** What one join did that the rest of the globe follows. */
export interface CardsJoined {
  /** Cards came or went, moved, or links changed: clusters regroup and links are re-planned. */
  structureChanged: boolean;
  /** The slots of the cards that left. */
  exitedSlots: number[];
}

export class NodeCards {
  private nodes = new Map<string, MediaNode>();
  /** What each card's face was drawn from: redrawn only when it changes. */
  private readonly faceKeys = new Map<string, string>();

  constructor(
    private readonly cards: CardLayer,
    private readonly faces: CardFaces,
    private readonly clusters: ClusterLayer,
  ) {}

  get size(): number {
    return this.nodes.size;
  }

  values(): IterableIterator<MediaNode> {
    return this.nodes.values();
  }

  /** The item a card shows, if any. */
  ofSlot(slot: number): MediaNode | undefined {
    const id = this.cards.idOf(slot);
    return id === null ? undefined : this.nodes.get(id);
  }

  /**
   * Joins `items` into the cards. `colourOf` gives a card's category colour; with
   * `coloursChanged` every card is restyled.
   */
  join(
    items: readonly MediaNode[],
    filter: ArchiveFilter,
    colourOf: (node: MediaNode) => string,
    coloursChanged: boolean,
    now: number,
  ): CardsJoined {
    const { cards, faces, clusters, faceKeys } = this;
    const { entered, kept, exited, byId } = joinById(this.nodes, items, (n) => n.video_id);
    const exitedSlots: number[] = [];
    for (const node of exited) {
      const slot = cards.slotOf(node.video_id);
      exitedSlots.push(slot);
      faces.remove(slot);
      clusters.forget(slot);
      cards.remove(node.video_id, now);
      faceKeys.delete(node.video_id);
    }
    // A bigger atlas redraws every face into it.
    cards.ensureAtlas(byId.size, (slot) => {
      const id = cards.idOf(slot);
      const node = id === null ? undefined : byId.get(id);
      if (node) faces.set(slot, node, colourOf(node));
    });
    for (const node of entered) {
      const colour = colourOf(node);
      const spec = { id: node.video_id, lat: node.lat, lng: node.lng, colour };
      const slot = cards.add(spec, null, matchesFilter(node, filter));
      faceKeys.set(node.video_id, faceKey(node, colour));
      faces.set(slot, node, colour);
    }
    let structureChanged = entered.length > 0 || exited.length > 0;
    for (const { previous, next: node } of kept) {
      const slot = cards.slotOf(node.video_id);
      if (previous !== node || coloursChanged) {
        const colour = colourOf(node);
        if (previous.lat !== node.lat || previous.lng !== node.lng || coloursChanged) {
          cards.restyle(slot, { id: node.video_id, lat: node.lat, lng: node.lng, colour });
          structureChanged = true;
        }
        const key = faceKey(node, colour);
        if (faceKeys.get(node.video_id) !== key) {
          faceKeys.set(node.video_id, key);
          faces.set(slot, node, colour);
        }
        if (previous.links.join() !== node.links.join()) structureChanged = true;
      }
      cards.setMatched(slot, matchesFilter(node, filter), now);
    }
    this.nodes = byId;
    return { structureChanged, exitedSlots };
  }
}
