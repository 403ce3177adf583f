import { nearestNeighbourLinks } from '@/globe/categoryLinks';
import type { Vec3 } from '@/globe/geo';
import type { LinkSpec } from '@/globe/layers/links';
import { matchesFilter, type ArchiveFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';
import { hexToRgb } from '@/lib/palette';

/**
 * Which links the globe draws, worked out from the items and where their cards show: the related
 * links between items, and the category route's links between its items' cards. Planning only:
 * the link layers draw what these answer.
 */

/** Links between related items: a soft light blue. */
const RELATED_COLOUR: [number, number, number, number] = [0.72, 0.84, 1, 0.3];

/** What planning reads of the cards. */
export interface CardsForLinks {
  slotOf(id: string): number;
  isHidden(slot: number): boolean;
  position(slot: number): Vec3;
  revealTime(slot: number): number;
}

/**
 * Related links join cards that show as themselves (SPEC: "once both ends are visible"): an
 * item gathered into a cluster is not visible, so its links wait until it comes out (zoomed in,
 * fanned out). A cluster's card shows its own item, whose links are drawn. Each pair once; a link
 * appears `revealSeconds` after the later of its two cards.
 */
export function planRelatedLinks(
  nodes: Iterable<MediaNode>,
  cards: CardsForLinks,
  revealSeconds: number,
): LinkSpec[] {
  const links: LinkSpec[] = [];
  const drawn = new Set<number>();
  for (const node of nodes) {
    const a = cards.slotOf(node.video_id);
    if (a < 0 || cards.isHidden(a)) continue;
    for (const other of node.links) {
      const b = cards.slotOf(other);
      if (b < 0 || b === a || cards.isHidden(b)) continue;
      const pair = Math.min(a, b) * 2 ** 24 + Math.max(a, b);
      if (drawn.has(pair)) continue;
      drawn.add(pair);
      links.push({
        from: cards.position(a),
        to: cards.position(b),
        colour: RELATED_COLOUR,
        appearAt: Math.max(cards.revealTime(a), cards.revealTime(b)) + revealSeconds,
      });
    }
  }
  return links;
}

/**
 * A category route's links: nearest neighbours among the cards that show for its matching items
 * (a cluster once, however many of them it holds), in the category's colour. None without a
 * category in the filter.
 */
export function planCategoryLinks(
  nodes: Iterable<MediaNode>,
  filter: ArchiveFilter,
  colour: string,
  cards: CardsForLinks,
  shownSlot: (slot: number) => number,
  revealSeconds: number,
  now: number,
): LinkSpec[] {
  if (filter.category === null) return [];
  const matching = [
    ...new Set(
      [...nodes]
        .filter((node) => matchesFilter(node, filter))
        .map((node) => shownSlot(cards.slotOf(node.video_id)))
        .filter((slot) => slot >= 0),
    ),
  ];
  const points: Vec3[] = matching.map((slot) => cards.position(slot));
  const rgba = [...hexToRgb(colour), 0.9] as [number, number, number, number];
  return nearestNeighbourLinks(points).map(([i, j]) => {
    const a = matching[i] as number;
    const b = matching[j] as number;
    return {
      from: points[i] as Vec3,
      to: points[j] as Vec3,
      colour: rgba,
      appearAt: Math.max(
        now,
        cards.revealTime(a) + revealSeconds,
        cards.revealTime(b) + revealSeconds,
      ),
    };
  });
}

/** The two link layers kept in step with the items, the clusters and the filter. */
export class LinkPlanner {
  constructor(
    private readonly related: { set(links: readonly LinkSpec[]): void },
    private readonly category: { set(links: readonly LinkSpec[]): void },
    private readonly cards: CardsForLinks,
    /** The card that shows for a slot (itself, or its cluster's). */
    private readonly shownSlot: (slot: number) => number,
    /** How long a card takes to appear (reduced motion may change during the visit). */
    private readonly revealSeconds: () => number,
  ) {}

  /** Re-plans the related links. */
  relate(nodes: Iterable<MediaNode>): void {
    this.related.set(planRelatedLinks(nodes, this.cards, this.revealSeconds()));
  }

  /** Re-plans the category route's links, in the category's colour. */
  categorise(nodes: Iterable<MediaNode>, filter: ArchiveFilter, colour: string, now: number): void {
    const { cards, shownSlot } = this;
    const reveal = this.revealSeconds();
    this.category.set(planCategoryLinks(nodes, filter, colour, cards, shownSlot, reveal, now));
  }
}
