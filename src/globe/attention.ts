import { anglesFacing, orbitBasis } from '@/globe/camera/limits';
import { latLngToVector, roundLatLng, vectorToLatLng } from '@/globe/geo';
import type { GlobeView } from '@/globe/types';
import { FOCUS_RADIUS, START_RADIUS, type CameraPose } from '@/globe/camera/orbitCamera';
import type { CalloutContent } from '@/globe/layers/overlay';
import type { GlobeParts } from '@/globe/parts';

/**
 * What the visitor is looking at: the card under the mouse (lifted, with a pointer cursor), the
 * item opened (the camera flies to it and back), the card the Archive items list turned the globe
 * to, and the callout that follows them. Looked-at cards get sharp faces and come out of their
 * clusters while looked at.
 */
export class Attention {
  /** The card opened or turned to: it gets a sharp face. */
  private focusedSlot = -1;
  /** The card the list turned the globe to (its callout shows while nothing is hovered). */
  private turnedSlot = -1;
  /** Where the camera was before an item was opened: it flies back there on close. */
  private focusReturn: CameraPose | null = null;

  constructor(
    private readonly parts: GlobeParts,
    /** What a card's callout says (null: nothing to say). */
    private readonly calloutFor: (slot: number) => CalloutContent | null,
    /** Says the card the list turned to aloud (through the page's live region). */
    private readonly announce: (id: string, text: string) => void,
  ) {}

  private updateSharp(): void {
    this.parts.faces.wantSharp([this.parts.cards.hovered, this.focusedSlot]);
  }

  /** The card under the mouse (-1: none). */
  hover(slot: number, now: number): void {
    if (slot === this.parts.cards.hovered) return;
    this.parts.cards.setHovered(slot, now);
    this.updateSharp();
    this.parts.host.surface.setCursor(slot >= 0 ? 'pointer' : '');
    this.refreshCallout();
  }

  /** The callout follows the hovered card, or else the card the list turned to. */
  refreshCallout(): void {
    const slot = this.parts.cards.hovered >= 0 ? this.parts.cards.hovered : this.turnedSlot;
    this.parts.overlay.setCallout(slot >= 0 ? this.calloutFor(slot) : null);
    this.parts.host.requestRender();
  }

  /** Cards that left the globe are looked at no more. */
  forget(slots: readonly number[]): void {
    if (slots.includes(this.turnedSlot)) this.turnedSlot = -1;
  }

  /** Flies to an opened item (`null`: back to where the camera was before). */
  focus(slot: number | null): Promise<void> {
    const { orbit, clusters } = this.parts;
    const now = this.parts.host.clock();
    if (slot === null) {
      const back = this.focusReturn ?? { ...orbit.pose, radius: START_RADIUS };
      this.focusReturn = null;
      this.focusedSlot = -1;
      if (this.turnedSlot < 0) clusters.putBack(now);
      this.updateSharp();
      return orbit.flyTo(back, now);
    }
    this.focusReturn ??= orbit.pose;
    this.focusedSlot = slot;
    // An item opened from inside a cluster shows on top of it while open.
    clusters.pullOut(slot, now);
    this.updateSharp();
    const angles = anglesFacing(this.parts.cards.position(slot));
    return orbit.flyTo({ ...angles, radius: Math.min(orbit.pose.radius, FOCUS_RADIUS) }, now);
  }

  /**
   * Lets go of the card opened or turned to, without flying back (a story's next view is where
   * the camera goes): the callout hides and the card goes back into its cluster.
   */
  release(): void {
    this.focusReturn = null;
    this.focusedSlot = -1;
    this.turnedSlot = -1;
    this.parts.clusters.putBack(this.parts.host.clock());
    this.updateSharp();
    this.refreshCallout();
  }

  /**
   * A story stop's shot: lets go of any card, opens or points at `card` (a slot) where given, and
   * flies to `view`, else to the card (closer for an opened one, at the zoom the visitor has for
   * one pointed at).
   */
  showView(view: GlobeView | null, card: { slot: number; open: boolean } | null): Promise<void> {
    this.release();
    const { orbit, clusters, cards, host } = this.parts;
    const now = host.clock();
    if (card !== null) {
      this.focusedSlot = card.slot;
      clusters.pullOut(card.slot, now);
      if (!card.open) this.turnedSlot = card.slot;
      this.updateSharp();
      this.refreshCallout();
      const content = card.open ? null : this.calloutFor(card.slot);
      const id = cards.idOf(card.slot);
      if (content && id !== null) this.announce(id, `${content.title}. ${content.meta}.`);
    }
    if (view !== null) {
      const angles = anglesFacing(latLngToVector(view.lat, view.lng, 1));
      return orbit.flyTo({ ...angles, radius: view.distance }, now);
    }
    if (card === null) return Promise.resolve();
    const angles = anglesFacing(cards.position(card.slot));
    const radius = card.open ? Math.min(orbit.pose.radius, FOCUS_RADIUS) : orbit.pose.radius;
    return orbit.flyTo({ ...angles, radius }, now);
  }

  /** Where the camera looks now. */
  currentView(): GlobeView {
    const { alpha, beta, radius } = this.parts.orbit.pose;
    const { lat, lng } = roundLatLng(vectorToLatLng(orbitBasis(alpha, beta, 1).position));
    return { lat, lng, distance: Math.round(radius * 100) / 100 };
  }

  /** Turns to the card the list is on (`null`: the list let go). */
  turnTo(slot: number | null): Promise<void> {
    const { orbit, clusters } = this.parts;
    if (slot === null) {
      // The callout hides and the card goes back into its cluster.
      if (this.turnedSlot < 0) return Promise.resolve();
      this.turnedSlot = -1;
      if (this.focusReturn === null) {
        this.focusedSlot = -1;
        clusters.putBack(this.parts.host.clock());
        this.updateSharp();
      }
      this.refreshCallout();
      return Promise.resolve();
    }
    if (this.focusReturn !== null) return Promise.resolve();
    const now = this.parts.host.clock();
    // The card a keyboard visitor turned to is the one looked at: it gets a sharp face, comes
    // out of its cluster if it is in one, and its callout shows and is announced.
    this.focusedSlot = slot;
    this.turnedSlot = slot;
    clusters.pullOut(slot, now);
    this.updateSharp();
    this.refreshCallout();
    const content = this.calloutFor(slot);
    const id = this.parts.cards.idOf(slot);
    if (content && id !== null) this.announce(id, `${content.title}. ${content.meta}.`);
    const angles = anglesFacing(this.parts.cards.position(slot));
    return orbit.flyTo({ ...angles, radius: orbit.pose.radius }, this.parts.host.clock());
  }
}
