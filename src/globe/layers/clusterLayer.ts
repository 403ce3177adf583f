import { cardDistance, clusterCards, fanLayout, type Clustering } from '@/globe/clusters';
import { CARD_SHELL_RADIUS, cardBasis, normalize, type Vec3 } from '@/globe/geo';
import { FAN_LIFT, type CardLayer } from '@/globe/layers/cards';
import { CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';

/** The most cards a fan shows (a bigger cluster at the closest zoom shows its first ones). */
const FAN_MAX = 60;

/**
 * Keeps the card layer's clusters: which cards show, which are gathered into another card, and
 * the one cluster fanned out (or the one card pulled out of its cluster for the keyboard path).
 */
export class ClusterLayer {
  private clustering: Clustering | null = null;
  private fan: { leader: number; slots: number[]; extent: number } | null = null;
  private pulled = -1;

  constructor(private readonly cards: CardLayer) {}

  /** The spacing of the current grouping (card sizes), or -1 before the first. */
  get spacing(): number {
    return this.clustering?.spacing ?? -1;
  }

  /**
   * Groups the cards again at `spacing`. Matching cards come first (a cluster with a match shows
   * one), and the cards that showed before come before the others, so a small zoom keeps most of
   * what was on screen.
   */
  regroup(spacing: number, now: number): void {
    const slots = this.cards.slots;
    const before = this.clustering;
    const wasLeader = (slot: number) => before?.leaderOf[slot] === slot;
    const rank = (slot: number) => (this.cards.isMatched(slot) ? 0 : 2) + (wasLeader(slot) ? 0 : 1);
    const buckets: number[][] = [[], [], [], []];
    for (const slot of slots) (buckets[rank(slot)] as number[]).push(slot);
    const order = buckets.flat();
    // A fan belongs to the zoom it was opened at; a pulled-out card (the one open, or the one the
    // list turned to) stays out over the new grouping.
    const pulled = this.pulled;
    this.closeFan(now);
    this.putBack(now);
    const clustering = clusterCards({ positions: this.cards.homePositions, order, spacing });
    this.clustering = clustering;
    for (const slot of slots) this.cards.setHidden(slot, clustering.leaderOf[slot] !== slot, now);
    if (pulled >= 0 && this.cards.idOf(pulled) !== null) this.pullOut(pulled, now);
  }

  /** The card that shows for `slot`: itself, or the leader of the cluster it is gathered into. */
  shownSlot(slot: number): number {
    if (slot < 0 || !this.cards.isHidden(slot)) return slot;
    const leader = this.clustering?.leaderOf[slot] ?? -1;
    return leader >= 0 ? leader : slot;
  }

  /** Every card a shown card stands for, itself first (just itself when it leads no cluster). */
  groupOf(slot: number): readonly number[] {
    if (this.isOpened(slot)) return [slot];
    return this.clustering?.members.get(slot) ?? [slot];
  }

  /** Whether a shown card stands for others now (a cluster, not fanned out). */
  isCluster(slot: number): boolean {
    return this.groupOf(slot).length > 1;
  }

  /** The cards shown as clusters now, each with its members. */
  *clusters(): Generator<[number, readonly number[]]> {
    if (!this.clustering) return;
    for (const [leader, members] of this.clustering.members)
      if (members.length > 1 && !this.isOpened(leader)) yield [leader, members];
  }

  /**
   * Whether the open fan covers a shown card (its centre under the fan's cards): its badge would
   * show through the fan.
   */
  coveredByFan(slot: number): boolean {
    if (!this.fan || this.fan.slots.includes(slot)) return false;
    return cardDistance(this.cards.home(this.fan.leader), this.cards.home(slot)) < this.fan.extent;
  }

  /** The leader whose cluster is fanned out, or -1. */
  get fannedLeader(): number {
    return this.fan?.leader ?? -1;
  }

  private isOpened(slot: number): boolean {
    return this.fan?.leader === slot;
  }

  /**
   * Spreads a cluster's cards out around it, shrunk to fit and above every other card, so each
   * can be aimed at (the closest zoom, where zooming cannot split it).
   */
  fanOut(leader: number, now: number): void {
    const members = this.clustering?.members.get(leader);
    if (!members || members.length < 2) return;
    this.closeFan(now);
    this.putBack(now);
    const slots = members.slice(0, FAN_MAX);
    const { offsets, scale } = fanLayout(slots.length);
    const centre = this.cards.home(leader);
    const { right, up } = cardBasis(centre);
    slots.forEach((slot, i) => {
      const [across, upward] = offsets[i] as [number, number];
      const at = normalize([
        centre[0] + right[0] * across + up[0] * upward,
        centre[1] + right[1] * across + up[1] * upward,
        centre[2] + right[2] * across + up[2] * upward,
      ]);
      const r = CARD_SHELL_RADIUS + FAN_LIFT;
      this.cards.setHidden(slot, false, now);
      this.cards.setFanned(slot, [at[0] * r, at[1] * r, at[2] * r], scale, now);
    });
    // How far the fan reaches from its centre, in card sizes (a cluster card under it included).
    const extent =
      Math.max(
        ...offsets.map(([x, y]) => Math.max(Math.abs(x) / CARD_WIDTH, Math.abs(y) / CARD_HEIGHT)),
      ) +
      scale / 2 +
      0.5;
    this.fan = { leader, slots, extent };
  }

  /** Puts a fanned-out cluster back together. */
  closeFan(now: number): void {
    if (!this.fan) return;
    for (const slot of this.fan.slots) {
      this.cards.setFanned(slot, null, 1, now);
      this.cards.setHidden(slot, this.clustering?.leaderOf[slot] !== slot, now);
    }
    this.fan = null;
  }

  /**
   * Shows one card gathered into a cluster on top of it (the card the list turned to), until
   * {@link putBack}.
   */
  pullOut(slot: number, now: number): void {
    if (slot === this.pulled) return;
    this.putBack(now);
    if (!this.cards.isHidden(slot)) return;
    const home = normalize(this.cards.home(slot));
    const r = CARD_SHELL_RADIUS + FAN_LIFT;
    this.cards.setHidden(slot, false, now);
    this.cards.setFanned(slot, [home[0] * r, home[1] * r, home[2] * r] as Vec3, 1, now);
    this.pulled = slot;
  }

  /** Returns a pulled-out card to its cluster. */
  putBack(now: number): void {
    const slot = this.pulled;
    if (slot < 0) return;
    this.pulled = -1;
    this.cards.setFanned(slot, null, 1, now);
    this.cards.setHidden(slot, this.clustering?.leaderOf[slot] !== slot, now);
  }

  /** A card was removed: it no longer leads nor belongs (until the next regroup). */
  forget(slot: number): void {
    if (this.pulled === slot) this.pulled = -1;
    if (this.fan) this.fan.slots = this.fan.slots.filter((s) => s !== slot);
    if (!this.clustering) return;
    const leader = this.clustering.leaderOf[slot] as number;
    this.clustering.leaderOf[slot] = -1;
    const group = this.clustering.members.get(leader);
    if (group) {
      const rest = group.filter((s) => s !== slot);
      if (leader === slot) this.clustering.members.delete(slot);
      else this.clustering.members.set(leader, rest);
    }
  }
}
