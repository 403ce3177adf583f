import { anglesFacing, orbitBasis } from '@/globe/camera/limits';
import { clusterBadge, clusterSpacing, radiusForSpacing, splitSpacing } from '@/globe/clusters';
import type { GlobeParts } from '@/globe/parts';
import { ZOOM_MIN } from '@/lib/constants';

/**
 * Clusters as the visitor meets them: they regroup when the zoom has settled, a click on one flies
 * in until it splits or, at the closest zoom, fans its cards out, and each shows its count badge.
 * The grouping itself is `layers/clusterLayer.ts`; this decides when, and redraws what follows.
 */

/** The zoom has been still this long (ms): clusters regroup for it. */
const SETTLE_MS = 180;
/** A spacing this much different (share) from the current grouping's is worth regrouping for. */
const REGROUP_SHARE = 0.03;

/** What changes when the clusters do. */
export interface ClusterFollowers {
  /** Re-plan the links (their ends may have gone into or come out of clusters). */
  relink(now: number): void;
  /** The callout may now stand for a cluster, or no longer. */
  refreshCallout(): void;
  /** Whether a filter is on: badges count the matching items then. */
  filtered(): boolean;
}

export class ClusterControl {
  /** The zoom as last seen, and since when it has not changed (ms). */
  private zoomWatch = { distance: -1, since: 0 };

  constructor(
    private readonly parts: GlobeParts,
    private readonly followers: ClusterFollowers,
  ) {}

  /** How far the camera is from the globe's centre (the zoom, wherever the view is panned). */
  cameraDistance(): number {
    const { alpha, beta, radius, target: t } = this.parts.orbit.camera;
    const { position } = orbitBasis(alpha, beta, radius, [t.x, t.y, t.z]);
    return Math.hypot(position[0], position[1], position[2]);
  }

  /** Groups the cards for the current zoom and redraws what depends on it. */
  regroup(now: number, relink = true): void {
    this.parts.clusters.regroup(clusterSpacing(this.cameraDistance()), now);
    this.changed(now, relink);
  }

  /** After the clusters changed (regrouped, fanned, a card pulled out or put back). */
  changed(now: number, relink = true): void {
    this.parts.faces.viewChanged();
    if (relink) this.followers.relink(now);
    this.refreshBadges();
    this.followers.refreshCallout();
    this.parts.host.requestRender();
  }

  /** Every loop turn: regroups once the zoom has been still for SETTLE_MS (not every frame of a flight). */
  followZoom(now: number): void {
    const at = performance.now();
    const distance = this.cameraDistance();
    if (Math.abs(distance - this.zoomWatch.distance) > 1e-4) {
      this.zoomWatch = { distance, since: at };
      return;
    }
    const spacing = this.parts.clusters.spacing;
    if (this.parts.orbit.flying || at - this.zoomWatch.since < SETTLE_MS || spacing <= 0) return;
    if (Math.abs(clusterSpacing(distance) - spacing) > REGROUP_SHARE * spacing) this.regroup(now);
  }

  /** Count badges: each cluster's items, or its matching items while a filter is on. */
  refreshBadges(): void {
    const filtered = this.followers.filtered();
    const matched = (slot: number) => this.parts.cards.isMatched(slot);
    const badges = [];
    for (const [leader, members] of this.parts.clusters.clusters())
      if (!this.parts.clusters.coveredByFan(leader))
        badges.push({ slot: leader, ...clusterBadge(members, matched, filtered) });
    this.parts.overlay.setBadges(badges);
  }

  /** The camera radius at which a cluster splits (some of it shows on its own). */
  private splitRadius(group: readonly number[]): number {
    return radiusForSpacing(splitSpacing(this.parts.cards.homePositions, group));
  }

  /** Whether zooming in (not past the closest zoom) splits a cluster; if not, a click fans it out. */
  splitsByZooming(group: readonly number[]): boolean {
    return this.splitRadius(group) >= ZOOM_MIN + 0.01;
  }

  /**
   * A click on a cluster: fly in until it splits, or at the closest zoom (where zooming cannot
   * split it) spread its cards out.
   */
  open(leader: number): void {
    const { host, orbit, clusters } = this.parts;
    const group = clusters.groupOf(leader);
    const angles = anglesFacing(this.parts.cards.home(leader));
    if (this.splitsByZooming(group)) {
      const radius = Math.min(this.splitRadius(group), orbit.pose.radius);
      void orbit
        .flyTo({ ...angles, radius }, host.clock())
        .then(() => !host.disposed && this.regroup(host.clock()));
      return;
    }
    void orbit.flyTo({ ...angles, radius: ZOOM_MIN }, host.clock()).then(() => {
      if (host.disposed) return;
      const now = host.clock();
      if (Math.abs(clusterSpacing(this.cameraDistance()) - clusters.spacing) > 1e-3)
        this.regroup(now);
      const shownAs = clusters.shownSlot(leader);
      if (clusters.isCluster(shownAs)) {
        clusters.fanOut(shownAs, now);
        this.changed(now);
      }
    });
  }

  /** A click on the background closes an open fan. */
  closeFan(now: number): void {
    if (this.parts.clusters.fannedLeader < 0) return;
    this.parts.clusters.closeFan(now);
    this.changed(now);
  }
}
