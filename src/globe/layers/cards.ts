import type { Engine } from '@babylonjs/core/Engines/engine';
import type { BaseTexture } from '@babylonjs/core/Materials/Textures/baseTexture';
import type { Scene } from '@babylonjs/core/scene';
import type { Vec3 } from '@/globe/geo';
import { CardBuffers, type CardPose } from '@/globe/layers/cardBuffers';
import { CardFaceSources } from '@/globe/layers/cardFaceSources';
import { CardPasses } from '@/globe/layers/cardPasses';
import { CardFrames } from '@/globe/layers/cardPicking';
import { CardPlacement, LAYERS, LAYER_STEP } from '@/globe/layers/cardPlacement';
import { CardSlots } from '@/globe/layers/cardSlots';
import { grownArray, slotCapacity } from '@/globe/layers/slotArrays';
import type { CardAtlas } from '@/globe/textures/cardAtlas';
import { ANIMATION_DURATION_MS } from '@/lib/constants';
import { hexToRgb } from '@/lib/palette';

/** The reveal time of a card that waits for the globe to be shown (seconds: never, in practice). */
export const NOT_YET = 1e9;
/** How far a hovered card lifts off the shell, world units. */
export const HOVER_LIFT = 0.35;
/** Scale and opacity of a card that does not match the filter (SPEC §2). */
export const UNMATCHED_SCALE = 0.5;
export const UNMATCHED_OPACITY = 0.4;
const HOVER_SECONDS = 0.18;
const REMOVE_SECONDS = 0.3;
/** How long a card takes to gather into a cluster or come out of one, seconds. */
const CLUSTER_SECONDS = 0.3;
/** Fanned-out cards float above every layer. */
export const FAN_LIFT = LAYERS * LAYER_STEP + 0.08;

/** What the layer needs to place and style a card. */
export interface CardSpec {
  id: string;
  lat: number;
  lng: number;
  colour: string;
}

/**
 * Every card of the globe as thin instances of one quad: two draw calls (opaque and faded) for any
 * number of cards. Cards live in slots; the atlas tile of a card is its slot.
 *
 * This is the facade the rest of the engine talks to. It keeps each card's state (revealed,
 * matched, gathered, fanned out, hovered) and decides what the card should look like; its parts
 * do the rest: `CardSlots` gives cards their slots, `CardPlacement` their homes and layers,
 * `CardFrames` holds where each is drawn and answers the pointer, `CardBuffers` holds the
 * instance data and uploads it, `CardFaceSources` says which atlas tile each face shows, and
 * `CardPasses` are the two draw calls.
 */
export class CardLayer {
  /** Resolves once there is an atlas to draw faces into. */
  readonly atlasReady: Promise<void>;
  private readonly passes: CardPasses;
  private readonly faces: CardFaceSources;
  private readonly placement = new CardPlacement();
  private readonly frames = new CardFrames();
  private readonly buffers: CardBuffers;
  private readonly cardSlots = new CardSlots();
  private capacity = 0;
  private revealAt = new Float64Array(0);
  private matched = new Uint8Array(0);
  /** Cards gathered into another card's cluster: shrunk away, not pickable. */
  private hidden = new Uint8Array(0);
  /** Cards fanned out of their cluster: the scale they are drawn at there (0: not fanned). */
  private fanScale = new Float32Array(0);
  private hoveredSlot = -1;
  private tweensEnd = 0;
  private motion: number;

  constructor(scene: Scene, engine: Engine, { reducedMotion }: { reducedMotion: boolean }) {
    this.motion = reducedMotion ? 0.001 : 1;
    this.passes = new CardPasses(scene, HOVER_LIFT);
    this.buffers = new CardBuffers(this.passes.meshes);
    this.faces = new CardFaceSources(engine, scene, this.passes, this.buffers);
    this.atlasReady = this.faces.ready;
    this.grow(64);
  }

  /** Sets the shader clock; called once per rendered frame. */
  setTime(seconds: number): void {
    this.passes.setTime(seconds);
  }

  /** When the last running tween ends (seconds); until then frames must be rendered. */
  get animatingUntil(): number {
    return this.tweensEnd;
  }

  /** How many cards there are. */
  get count(): number {
    return this.cardSlots.count;
  }

  /** GPU memory of the atlas, once there is one. */
  get textureBytes(): number {
    return this.faces.current?.bytes ?? 0;
  }

  /** Faces waiting to be copied into the atlas. */
  get pendingFaces(): number {
    return this.faces.current?.pending ?? 0;
  }

  /** The slot of a card, or -1. */
  slotOf(id: string): number {
    return this.cardSlots.slotOf(id);
  }

  /** The card in a slot, or `null` for a free one. */
  idOf(slot: number): string | null {
    return this.cardSlots.idOf(slot);
  }

  /** Slots of all cards. */
  get slots(): number[] {
    return [...this.cardSlots.slots()];
  }

  /** Ids of all cards, in slot order. */
  get allIds(): string[] {
    return [...this.cardSlots.idList()];
  }

  /** Position of a card on the shell. */
  position(slot: number): Vec3 {
    return this.frames.position(slot);
  }

  /** When a card appears (seconds on the engine clock). */
  revealTime(slot: number): number {
    return this.revealAt[slot] as number;
  }

  /** Whether a card matches the filter. */
  isMatched(slot: number): boolean {
    return this.matched[slot] === 1;
  }

  /** The slot of the card under the pointer, or -1. */
  get hovered(): number {
    return this.hoveredSlot;
  }

  private grow(minimum: number): void {
    const capacity = slotCapacity(this.capacity, minimum);
    if (capacity === this.capacity) return;
    const f32 = (n: number) => new Float32Array(n);
    const u8 = (n: number) => new Uint8Array(n);
    this.buffers.grow(capacity);
    this.hidden = grownArray(this.hidden, capacity, u8);
    this.fanScale = grownArray(this.fanScale, capacity, f32);
    this.revealAt = grownArray(this.revealAt, capacity, (n) => new Float64Array(n));
    this.matched = grownArray(this.matched, capacity, u8);
    this.capacity = capacity;
  }

  /**
   * Makes sure the atlas holds `cards` tiles; a new (larger) atlas means every face is drawn
   * again, so `redraw` is called for each card.
   */
  ensureAtlas(cards: number, redraw: (slot: number) => void): CardAtlas {
    return this.faces.ensure(
      cards,
      this.cardSlots.used,
      (slot) => this.cardSlots.isLive(slot),
      redraw,
    );
  }

  /**
   * Adds a card and returns its slot. It appears at `revealAt` seconds, or waits with `null`
   * until `reveal()` is called (the globe is still hidden).
   */
  add(card: CardSpec, revealAt: number | null, matched: boolean): number {
    const slot = this.cardSlots.add(card.id);
    this.grow(this.cardSlots.used);
    this.place(slot, card);
    this.hidden[slot] = 0;
    this.fanScale[slot] = 0;
    this.faces.reset(slot);
    this.buffers.writeColour(slot, hexToRgb(card.colour));
    this.matched[slot] = matched ? 1 : 0;
    this.reveal(slot, revealAt ?? NOT_YET);
    return slot;
  }

  /** Makes a card scale in at `revealAt` seconds (0.5 s), towards what the filter says it should be. */
  reveal(slot: number, revealAt: number): void {
    this.revealAt[slot] = revealAt;
    const { scale, opacity } = this.target(slot);
    const duration = (ANIMATION_DURATION_MS / 1000) * this.motion;
    this.buffers.writeTween(
      slot,
      revealAt,
      duration,
      { scale: 0, opacity, lift: 0 },
      { scale, opacity, lift: 0 },
    );
    if (revealAt < NOT_YET) this.tweensEnd = Math.max(this.tweensEnd, revealAt + duration);
  }

  /** Slots of the cards still waiting to be revealed. */
  get waiting(): number[] {
    return [...this.cardSlots.slots()].filter((slot) => (this.revealAt[slot] as number) >= NOT_YET);
  }

  /** Moves a card to a new position or colour. */
  restyle(slot: number, card: CardSpec): void {
    this.place(slot, card);
    this.buffers.writeColour(slot, hexToRgb(card.colour));
  }

  private place(slot: number, card: CardSpec): void {
    const home = this.placement.place(slot, card.lat, card.lng);
    this.fanScale[slot] = 0;
    this.show(slot, home);
  }

  /** Draws (and picks) a card at `position`, facing out from the globe there. */
  private show(slot: number, position: Vec3): void {
    this.buffers.writeMatrix(slot, position);
    this.frames.set(slot, position);
  }

  /** Every card's own place (xyz per slot; unused slots are zero), for grouping into clusters. */
  get homePositions(): Float32Array {
    return this.placement.homePositions;
  }

  /** A card's own place, whether or not it is fanned out elsewhere. */
  home(slot: number): Vec3 {
    return this.placement.home(slot);
  }

  /** Whether a card is gathered into another card's cluster. */
  isHidden(slot: number): boolean {
    return this.hidden[slot] === 1;
  }

  /** Whether a card is fanned out of its cluster. */
  isFanned(slot: number): boolean {
    return (this.fanScale[slot] as number) > 0;
  }

  /** Gathers a card into a cluster (shrinks it away) or lets it out again (animated). */
  setHidden(slot: number, hidden: boolean, now: number): void {
    if ((this.hidden[slot] === 1) === hidden) return;
    this.hidden[slot] = hidden ? 1 : 0;
    this.retarget(slot, now, CLUSTER_SECONDS, this.target(slot));
  }

  /**
   * Shows a card fanned out of its cluster at `position` (above every layer), drawn at `scale`;
   * `null` puts it back in its own place.
   */
  setFanned(slot: number, position: Vec3 | null, scale: number, now: number): void {
    if (position === null) {
      if (!this.isFanned(slot)) return;
      this.fanScale[slot] = 0;
      this.show(slot, this.home(slot));
    } else {
      this.fanScale[slot] = scale;
      this.show(slot, position);
    }
    this.retarget(slot, now, CLUSTER_SECONDS, this.target(slot));
  }

  /** Shrinks a card away and frees its slot. */
  remove(id: string, now: number): void {
    const slot = this.cardSlots.remove(id);
    if (slot === undefined) return;
    this.placement.unplace(slot);
    this.faces.forget(slot);
    if (this.hoveredSlot === slot) this.hoveredSlot = -1;
    const { opacity } = this.current(slot, now);
    this.retarget(slot, now, REMOVE_SECONDS, { scale: 0, opacity, lift: 0 });
  }

  /** Marks a card's face as drawn into the atlas. */
  faceUploaded(slot: number): void {
    this.faces.uploaded(slot);
  }

  /** The texture sharp faces are drawn from (set once, when the first one is wanted). */
  setSharpAtlas(texture: BaseTexture): void {
    this.faces.setSharpAtlas(texture);
  }

  /** Shows a card's sharp face (its rectangle in the sharp atlas), or its atlas face again. */
  setSharpFace(slot: number, rect: [number, number, number, number] | null): void {
    this.faces.setSharp(slot, rect);
  }

  /** The card's animated values at `now` (what the shader shows). */
  current(slot: number, now: number): { scale: number; opacity: number; lift: number } {
    return this.buffers.pose(slot, now);
  }

  /** Animates a card from what it shows at `now` to `to` over `seconds` (or aims its reveal there). */
  private retarget(slot: number, now: number, seconds: number, to: CardPose): void {
    const reveal = this.revealAt[slot] as number;
    if (now < reveal) {
      // Not revealed yet: keep the reveal, aim it at the new state.
      const from = { scale: 0, opacity: to.opacity, lift: to.lift };
      this.buffers.writeTween(slot, reveal, this.buffers.tweenDuration(slot), from, to);
    } else {
      const duration = seconds * this.motion;
      this.buffers.writeTween(slot, now, duration, this.current(slot, now), to);
      this.tweensEnd = Math.max(this.tweensEnd, now + duration);
    }
  }

  /** What a card should look like now, from its state: the end of any tween towards it. */
  private target(slot: number): CardPose {
    const matched = this.matched[slot] === 1;
    const fanned = this.fanScale[slot] as number;
    const shown = this.hidden[slot] === 1 ? 0 : fanned > 0 ? fanned : 1;
    return {
      scale: shown * (matched ? 1 : UNMATCHED_SCALE),
      opacity: matched ? 1 : UNMATCHED_OPACITY,
      lift: slot === this.hoveredSlot ? HOVER_LIFT : 0,
    };
  }

  /** Shrinks and fades (or restores) a card as the filter says (animated, 0.5 s). */
  setMatched(slot: number, matched: boolean, now: number): void {
    if ((this.matched[slot] === 1) === matched) return;
    this.matched[slot] = matched ? 1 : 0;
    this.retarget(slot, now, ANIMATION_DURATION_MS / 1000, this.target(slot));
  }

  /** Lifts the card under the pointer (and lowers the one before). */
  setHovered(slot: number, now: number): void {
    if (slot === this.hoveredSlot) return;
    const previous = this.hoveredSlot;
    this.hoveredSlot = slot;
    for (const s of [previous, slot]) {
      if (s < 0 || !this.cardSlots.isLive(s)) continue;
      this.retarget(s, now, HOVER_SECONDS, this.target(s));
    }
  }

  /**
   * Sends changed instance data to the GPU (the cards drawn now, packed); returns whether anything
   * was sent.
   */
  flush(now: number, uploadBudgetMs?: number): boolean {
    const atlas = this.faces.current;
    const uploaded = atlas ? atlas.flush(now * 1000, uploadBudgetMs) : 0;
    // Cards that show are always drawn; the others only until they have shrunk away.
    const shows = (slot: number) => this.cardSlots.isLive(slot) && this.hidden[slot] !== 1;
    return this.buffers.flush(now, this.cardSlots.used, shows) || uploaded > 0;
  }

  /** How many cards the GPU draws now (shown ones, and those still shrinking away). */
  get drawn(): number {
    return this.buffers.drawn;
  }

  /** Cards revealed by `now`. */
  revealedCount(now: number): number {
    let n = 0;
    for (const slot of this.cardSlots.slots()) if ((this.revealAt[slot] as number) <= now) n++;
    return n;
  }

  /** The atlas, once there is one. */
  get currentAtlas(): CardAtlas | null {
    return this.faces.current;
  }

  /**
   * The nearest card a ray hits in front of the globe, or -1: tested against each card's
   * rectangle at its current scale and lift (see `CardFrames.pick`).
   */
  pick(origin: Vec3, direction: Vec3, now: number): number {
    return this.frames.pick(origin, direction, {
      slots: this.cardSlots.slots(),
      pose: (slot) => this.current(slot, now),
      hovered: this.hoveredSlot,
    });
  }

  /** Releases the atlas, the meshes and their materials. */
  dispose(): void {
    this.faces.dispose();
    this.passes.dispose();
  }
}
