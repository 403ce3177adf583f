import type { Engine } from '@babylonjs/core/Engines/engine';
import type { BaseTexture } from '@babylonjs/core/Materials/Textures/baseTexture';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { CreatePlane } from '@babylonjs/core/Meshes/Builders/planeBuilder';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import '@babylonjs/core/Meshes/thinInstanceMesh';
import type { Scene } from '@babylonjs/core/scene';
import '@babylonjs/core/Shaders/ShadersInclude/instancesDeclaration';
import '@babylonjs/core/Shaders/ShadersInclude/instancesVertex';
import {
  CARD_SHELL_RADIUS,
  GLOBE_RADIUS,
  cardBasis,
  latLngToVector,
  writeCardMatrix,
  type Vec3,
} from '@/globe/geo';
import { CARD_FRAGMENT, CARD_VERTEX } from '@/globe/layers/cardShader';
import { CardAtlas } from '@/globe/textures/cardAtlas';
import { tweenAt } from '@/globe/tween';
import { ANIMATION_DURATION_MS, CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';
import { hexToRgb } from '@/lib/palette';

/** The reveal time of a card that waits for the globe to be shown (seconds: never, in practice). */
export const NOT_YET = 1e9;
/** How far a hovered card lifts off the shell, world units. */
export const HOVER_LIFT = 0.35;
/** Scale and opacity of a card that does not match the filter (SPEC §2). */
export const UNMATCHED_SCALE = 0.5;
export const UNMATCHED_OPACITY = 0.4;
const HOVER_SECONDS = 0.18;
/**
 * Neighbouring cards float at different heights: two overlapping cards at the same height, tilted
 * a few degrees apart, would cut through each other. Each card takes the lowest of these layers
 * that no overlapping card uses.
 */
const LAYERS = 6;
const LAYER_STEP = 0.09;
/** Grid cell for finding overlapping cards (at least a card's width). */
const CELL = 2;
const REMOVE_SECONDS = 0.3;
/** How long a card takes to gather into a cluster or come out of one, seconds. */
const CLUSTER_SECONDS = 0.3;
/** Fanned-out cards float above every layer. */
export const FAN_LIFT = LAYERS * LAYER_STEP + 0.08;

const KINDS = { uvRect: 4, style: 4, tweenA: 4, tweenB: 4 } as const;
type Kind = keyof typeof KINDS | 'matrix';

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
 */
export class CardLayer {
  readonly atlasReady: Promise<void>;
  private atlas: CardAtlas | null = null;
  private readonly opaque: Mesh;
  private readonly faded: Mesh;
  private readonly materials: ShaderMaterial[];
  private capacity = 0;
  private used = 0;
  private readonly free: number[] = [];
  private readonly slotById = new Map<string, number>();
  private ids: (string | null)[] = [];
  private buffers: Record<Kind, Float32Array> = {
    matrix: new Float32Array(0),
    uvRect: new Float32Array(0),
    style: new Float32Array(0),
    tweenA: new Float32Array(0),
    tweenB: new Float32Array(0),
  };
  private frames = {
    position: new Float32Array(0),
    normal: new Float32Array(0),
    right: new Float32Array(0),
    up: new Float32Array(0),
  };
  /** Where each card belongs (its place on the shell, at its layer): clusters group these. */
  private homes = new Float32Array(0);
  private revealAt = new Float64Array(0);
  private matched = new Uint8Array(0);
  /** Cards gathered into another card's cluster: shrunk away, not pickable. */
  private hidden = new Uint8Array(0);
  /** Cards fanned out of their cluster: the scale they are drawn at there (0: not fanned). */
  private fanScale = new Float32Array(0);
  private faceReady = new Uint8Array(0);
  /** Slots drawing from the sharp atlas, and their rectangle there. */
  private readonly sharp = new Map<number, [number, number, number, number]>();
  private layer = new Uint8Array(0);
  private readonly grid = new Map<number, Set<number>>();
  private readonly cellOf = new Map<number, number>();
  private readonly dirty = new Set<Kind>();
  /**
   * What the GPU draws: the instance data of the cards drawn now, packed at the front (slot
   * order). Cards gathered into clusters (most of them at 10,000) are left out once they have
   * shrunk away, so the passes process only the cards that show: under a software renderer every
   * instance costs, even one moved out of view.
   */
  private packed: Record<Kind, Float32Array> = {
    matrix: new Float32Array(0),
    uvRect: new Float32Array(0),
    style: new Float32Array(0),
    tweenA: new Float32Array(0),
    tweenB: new Float32Array(0),
  };
  private drawnCount = 0;
  /** When a card still shrinking out of view has finished and can be left out (seconds). */
  private nextPackAt = Infinity;
  private hoveredSlot = -1;
  private tweensEnd = 0;
  private motion: number;
  private resolveAtlas!: () => void;

  constructor(
    private readonly scene: Scene,
    private readonly engine: Engine,
    { reducedMotion }: { reducedMotion: boolean },
  ) {
    this.motion = reducedMotion ? 0.001 : 1;
    this.atlasReady = new Promise((resolve) => (this.resolveAtlas = resolve));
    this.materials = [0, 1].map((pass) => {
      const material = new ShaderMaterial(
        `cards-${pass}`,
        scene,
        { vertexSource: CARD_VERTEX, fragmentSource: CARD_FRAGMENT },
        {
          attributes: ['position', 'uv', 'uvRect', 'style', 'tweenA', 'tweenB'],
          uniforms: ['world', 'viewProjection', 'time', 'pass', 'maxLift', 'glowColor'],
          samplers: ['atlas', 'sharpAtlas'],
          needAlphaBlending: pass === 1,
        },
      );
      material.setFloat('pass', pass);
      material.setFloat('maxLift', HOVER_LIFT);
      material.setColor3('glowColor', new Color3(0.55, 0.8, 1));
      material.backFaceCulling = true;
      if (pass === 1) material.disableDepthWrite = true;
      return material;
    });
    this.opaque = this.makeMesh('cards-opaque', this.materials[0] as ShaderMaterial);
    this.faded = this.makeMesh('cards-faded', this.materials[1] as ShaderMaterial);
    this.grow(64);
  }

  private makeMesh(name: string, material: ShaderMaterial): Mesh {
    const mesh = CreatePlane(name, { width: CARD_WIDTH, height: CARD_HEIGHT }, this.scene);
    mesh.material = material;
    mesh.isPickable = false;
    // Cards surround the globe: culling them as one box would only ever keep them all.
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.doNotSyncBoundingInfo = true;
    return mesh;
  }

  /** Sets the shader clock; called once per rendered frame. */
  setTime(seconds: number): void {
    for (const material of this.materials) material.setFloat('time', seconds);
  }

  /** When the last running tween ends (seconds); until then frames must be rendered. */
  get animatingUntil(): number {
    return this.tweensEnd;
  }

  get count(): number {
    return this.slotById.size;
  }

  get textureBytes(): number {
    return this.atlas?.bytes ?? 0;
  }

  get pendingFaces(): number {
    return this.atlas?.pending ?? 0;
  }

  /** The slot of a card, or -1. */
  slotOf(id: string): number {
    return this.slotById.get(id) ?? -1;
  }

  idOf(slot: number): string | null {
    return this.ids[slot] ?? null;
  }

  /** Slots of all cards. */
  get slots(): number[] {
    return [...this.slotById.values()];
  }

  /** Ids of all cards, in slot order. */
  get allIds(): string[] {
    return [...this.slotById.keys()];
  }

  /** Position of a card on the shell. */
  position(slot: number): Vec3 {
    const p = this.frames.position;
    return [p[slot * 3] as number, p[slot * 3 + 1] as number, p[slot * 3 + 2] as number];
  }

  /** When a card appears (seconds on the engine clock). */
  revealTime(slot: number): number {
    return this.revealAt[slot] as number;
  }

  isMatched(slot: number): boolean {
    return this.matched[slot] === 1;
  }

  get hovered(): number {
    return this.hoveredSlot;
  }

  private grow(minimum: number): void {
    let capacity = Math.max(64, this.capacity);
    while (capacity < minimum) capacity *= 2;
    if (capacity === this.capacity) return;
    const resize = <T extends Float32Array | Float64Array | Uint8Array>(
      old: T,
      size: number,
      make: (n: number) => T,
    ): T => {
      const next = make(size);
      next.set(old.subarray(0, Math.min(old.length, size)));
      return next;
    };
    const f32 = (n: number) => new Float32Array(n);
    this.buffers = {
      matrix: resize(this.buffers.matrix, capacity * 16, f32),
      uvRect: resize(this.buffers.uvRect, capacity * 4, f32),
      style: resize(this.buffers.style, capacity * 4, f32),
      tweenA: resize(this.buffers.tweenA, capacity * 4, f32),
      tweenB: resize(this.buffers.tweenB, capacity * 4, f32),
    };
    this.frames = {
      position: resize(this.frames.position, capacity * 3, f32),
      normal: resize(this.frames.normal, capacity * 3, f32),
      right: resize(this.frames.right, capacity * 3, f32),
      up: resize(this.frames.up, capacity * 3, f32),
    };
    this.homes = resize(this.homes, capacity * 3, f32);
    this.hidden = resize(this.hidden, capacity, (n) => new Uint8Array(n));
    this.fanScale = resize(this.fanScale, capacity, f32);
    this.revealAt = resize(this.revealAt, capacity, (n) => new Float64Array(n));
    this.matched = resize(this.matched, capacity, (n) => new Uint8Array(n));
    this.faceReady = resize(this.faceReady, capacity, (n) => new Uint8Array(n));
    this.layer = resize(this.layer, capacity, (n) => new Uint8Array(n));
    this.ids.length = capacity;
    this.capacity = capacity;
    this.packed = {
      matrix: new Float32Array(capacity * 16),
      uvRect: new Float32Array(capacity * 4),
      style: new Float32Array(capacity * 4),
      tweenA: new Float32Array(capacity * 4),
      tweenB: new Float32Array(capacity * 4),
    };
    this.drawnCount = 0;
    for (const mesh of [this.opaque, this.faded]) {
      mesh.thinInstanceSetBuffer('matrix', this.packed.matrix, 16, false);
      for (const [kind, stride] of Object.entries(KINDS))
        mesh.thinInstanceSetBuffer(kind, this.packed[kind as Kind], stride, false);
      mesh.thinInstanceCount = 0;
    }
    this.dirty.add('matrix');
  }

  /**
   * Makes sure the atlas holds `cards` tiles; a new (larger) atlas means every face is drawn
   * again, so `redraw` is called for each card.
   */
  ensureAtlas(cards: number, redraw: (slot: number) => void): CardAtlas {
    if (this.atlas && this.atlas.layout.capacity >= cards) return this.atlas;
    this.atlas?.dispose();
    this.atlas = new CardAtlas(this.engine, this.scene, Math.max(cards, 1));
    for (const material of this.materials) {
      material.setTexture('atlas', this.atlas.texture);
      // Bound to something until a sharp face needs its own atlas.
      if (!this.sharpTexture) material.setTexture('sharpAtlas', this.atlas.texture);
    }
    for (let slot = 0; slot < this.used; slot++) {
      this.faceReady[slot] = 0;
      this.writeFace(slot);
      if (this.ids[slot] !== null && this.ids[slot] !== undefined) redraw(slot);
    }
    this.dirty.add('style').add('uvRect');
    this.resolveAtlas();
    return this.atlas;
  }

  /**
   * Adds a card and returns its slot. It appears at `revealAt` seconds, or waits with `null`
   * until `reveal()` is called (the globe is still hidden).
   */
  add(card: CardSpec, revealAt: number | null, matched: boolean): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.used;
      this.grow(slot + 1);
      this.used++;
    }
    this.ids[slot] = card.id;
    this.slotById.set(card.id, slot);
    this.place(slot, card);
    this.faceReady[slot] = 0;
    this.hidden[slot] = 0;
    this.fanScale[slot] = 0;
    this.sharp.delete(slot);
    this.buffers.style.set(hexToRgb(card.colour), slot * 4);
    this.writeFace(slot);
    this.matched[slot] = matched ? 1 : 0;
    this.reveal(slot, revealAt ?? NOT_YET);
    this.dirty.add('matrix').add('style').add('uvRect');
    return slot;
  }

  /** Makes a card scale in at `revealAt` seconds (0.5 s), towards what the filter says it should be. */
  reveal(slot: number, revealAt: number): void {
    this.revealAt[slot] = revealAt;
    const { scale, opacity } = this.target(slot);
    const duration = (ANIMATION_DURATION_MS / 1000) * this.motion;
    this.buffers.tweenA.set([revealAt, duration, 0, scale], slot * 4);
    this.buffers.tweenB.set([opacity, opacity, 0, 0], slot * 4);
    if (revealAt < NOT_YET) this.tweensEnd = Math.max(this.tweensEnd, revealAt + duration);
    this.dirty.add('tweenA').add('tweenB');
  }

  /** Slots of the cards still waiting to be revealed. */
  get waiting(): number[] {
    return [...this.slotById.values()].filter((slot) => (this.revealAt[slot] as number) >= NOT_YET);
  }

  /** Moves a card to a new position or colour. */
  restyle(slot: number, card: CardSpec): void {
    this.place(slot, card);
    const style = this.buffers.style;
    style.set(hexToRgb(card.colour), slot * 4);
    this.dirty.add('matrix').add('style');
  }

  private unplace(slot: number): void {
    const key = this.cellOf.get(slot);
    if (key === undefined) return;
    this.grid.get(key)?.delete(slot);
    this.cellOf.delete(slot);
  }

  /** The lowest layer no overlapping card uses, found through the grid (linear in N). */
  private chooseLayer(slot: number, shell: Vec3): { layer: number; key: number } {
    const cell = shell.map((v) => Math.floor(v / CELL));
    // A number per cell (the shell fits well inside ±64 cells): no string per neighbour looked at.
    const cellKey = (x: number, y: number, z: number) => ((x + 64) * 128 + (y + 64)) * 128 + z + 64;
    const used = new Set<number>();
    // Once every layer is taken the answer is known: stop (a crowded cell holds hundreds).
    search: for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          for (const other of this.grid.get(
            cellKey((cell[0] as number) + dx, (cell[1] as number) + dy, (cell[2] as number) + dz),
          ) ?? []) {
            if (other === slot) continue;
            const i = other * 3;
            const p = this.homes;
            const r =
              CARD_SHELL_RADIUS /
              Math.hypot(p[i] as number, p[i + 1] as number, p[i + 2] as number);
            const d = Math.hypot(
              (p[i] as number) * r - shell[0],
              (p[i + 1] as number) * r - shell[1],
              (p[i + 2] as number) * r - shell[2],
            );
            if (d < CARD_WIDTH) {
              used.add(this.layer[other] as number);
              if (used.size >= LAYERS) break search;
            }
          }
        }
    let layer = 0;
    while (used.has(layer) && layer < LAYERS) layer++;
    return {
      layer: layer < LAYERS ? layer : slot % LAYERS,
      key: cellKey(cell[0] as number, cell[1] as number, cell[2] as number),
    };
  }

  private place(slot: number, card: CardSpec): void {
    this.unplace(slot);
    const shell = latLngToVector(card.lat, card.lng, CARD_SHELL_RADIUS);
    const { layer, key } = this.chooseLayer(slot, shell);
    this.layer[slot] = layer;
    let members = this.grid.get(key);
    if (!members) this.grid.set(key, (members = new Set()));
    members.add(slot);
    this.cellOf.set(slot, key);
    const position = latLngToVector(card.lat, card.lng, CARD_SHELL_RADIUS + layer * LAYER_STEP);
    this.homes.set(position, slot * 3);
    this.fanScale[slot] = 0;
    this.show(slot, position);
  }

  /** Draws (and picks) a card at `position`, facing out from the globe there. */
  private show(slot: number, position: Vec3): void {
    writeCardMatrix(position, this.buffers.matrix, slot * 16);
    const { normal, right, up } = cardBasis(position);
    this.frames.position.set(position, slot * 3);
    this.frames.normal.set(normal, slot * 3);
    this.frames.right.set(right, slot * 3);
    this.frames.up.set(up, slot * 3);
    this.dirty.add('matrix');
  }

  /** Every card's own place (xyz per slot; unused slots are zero), for grouping into clusters. */
  get homePositions(): Float32Array {
    return this.homes;
  }

  /** A card's own place, whether or not it is fanned out elsewhere. */
  home(slot: number): Vec3 {
    const p = this.homes;
    return [p[slot * 3] as number, p[slot * 3 + 1] as number, p[slot * 3 + 2] as number];
  }

  isHidden(slot: number): boolean {
    return this.hidden[slot] === 1;
  }

  isFanned(slot: number): boolean {
    return (this.fanScale[slot] as number) > 0;
  }

  /** Gathers a card into a cluster (shrinks it away) or lets it out again (animated). */
  setHidden(slot: number, hidden: boolean, now: number): void {
    if ((this.hidden[slot] === 1) === hidden) return;
    this.hidden[slot] = hidden ? 1 : 0;
    const t = this.target(slot);
    this.retarget(slot, now, CLUSTER_SECONDS, t.scale, t.opacity, t.lift);
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
    const t = this.target(slot);
    this.retarget(slot, now, CLUSTER_SECONDS, t.scale, t.opacity, t.lift);
  }

  /** Shrinks a card away and frees its slot. */
  remove(id: string, now: number): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.slotById.delete(id);
    this.ids[slot] = null;
    this.unplace(slot);
    this.atlas?.forget(slot);
    if (this.hoveredSlot === slot) this.hoveredSlot = -1;
    this.retarget(slot, now, REMOVE_SECONDS, 0, this.current(slot, now).opacity, 0);
    this.free.push(slot);
  }

  /** Marks a card's face as drawn into the atlas. */
  faceUploaded(slot: number): void {
    this.faceReady[slot] = 1;
    this.writeFace(slot);
  }

  private sharpTexture: BaseTexture | null = null;

  /** The texture sharp faces are drawn from (set once, when the first one is wanted). */
  setSharpAtlas(texture: BaseTexture): void {
    this.sharpTexture = texture;
    for (const material of this.materials) material.setTexture('sharpAtlas', texture);
  }

  /** Shows a card's sharp face (its rectangle in the sharp atlas), or its atlas face again. */
  setSharpFace(slot: number, rect: [number, number, number, number] | null): void {
    if (rect) this.sharp.set(slot, rect);
    else this.sharp.delete(slot);
    this.writeFace(slot);
  }

  /** Writes where a card's face comes from: nowhere yet (0), the atlas (1), the sharp atlas (2). */
  private writeFace(slot: number): void {
    const sharp = this.sharp.get(slot);
    const rect = sharp ?? this.atlas?.uvRect(slot);
    if (rect) this.buffers.uvRect.set(rect, slot * 4);
    this.buffers.style[slot * 4 + 3] = sharp ? 2 : this.faceReady[slot] === 1 ? 1 : 0;
    this.dirty.add('style').add('uvRect');
  }

  /** The card's animated values at `now` (what the shader shows). */
  current(slot: number, now: number): { scale: number; opacity: number; lift: number } {
    const a = this.buffers.tweenA;
    const b = this.buffers.tweenB;
    const i = slot * 4;
    const start = a[i] as number;
    const duration = a[i + 1] as number;
    return {
      scale: tweenAt(start, duration, a[i + 2] as number, a[i + 3] as number, now),
      opacity: tweenAt(start, duration, b[i] as number, b[i + 1] as number, now),
      lift: tweenAt(start, duration, b[i + 2] as number, b[i + 3] as number, now),
    };
  }

  private retarget(
    slot: number,
    now: number,
    seconds: number,
    scale: number,
    opacity: number,
    lift: number,
  ): void {
    const duration = seconds * this.motion;
    const reveal = this.revealAt[slot] as number;
    if (now < reveal) {
      // Not revealed yet: keep the reveal, aim it at the new state.
      this.buffers.tweenA.set(
        [reveal, this.buffers.tweenA[slot * 4 + 1] as number, 0, scale],
        slot * 4,
      );
      this.buffers.tweenB.set([opacity, opacity, lift, lift], slot * 4);
    } else {
      const from = this.current(slot, now);
      this.buffers.tweenA.set([now, duration, from.scale, scale], slot * 4);
      this.buffers.tweenB.set([from.opacity, opacity, from.lift, lift], slot * 4);
      this.tweensEnd = Math.max(this.tweensEnd, now + duration);
    }
    this.dirty.add('tweenA').add('tweenB');
  }

  private target(slot: number): { scale: number; opacity: number; lift: number } {
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
    const t = this.target(slot);
    this.retarget(slot, now, ANIMATION_DURATION_MS / 1000, t.scale, t.opacity, t.lift);
  }

  /** Lifts the card under the pointer (and lowers the one before). */
  setHovered(slot: number, now: number): void {
    if (slot === this.hoveredSlot) return;
    const previous = this.hoveredSlot;
    this.hoveredSlot = slot;
    for (const s of [previous, slot]) {
      if (s < 0 || this.ids[s] === null) continue;
      const t = this.target(s);
      this.retarget(s, now, HOVER_SECONDS, t.scale, t.opacity, t.lift);
    }
  }

  /**
   * Sends changed instance data to the GPU (the cards drawn now, packed); returns whether anything
   * was sent.
   */
  flush(now: number, uploadBudgetMs?: number): boolean {
    const uploaded = this.atlas ? this.atlas.flush(now * 1000, uploadBudgetMs) : 0;
    if (this.dirty.size === 0 && now < this.nextPackAt) return uploaded > 0;
    this.pack(now);
    this.dirty.clear();
    return true;
  }

  /** How many cards the GPU draws now (shown ones, and those still shrinking away). */
  get drawn(): number {
    return this.drawnCount;
  }

  /**
   * Copies the instance data of every card drawn now to the front of the GPU buffers and uploads
   * that much: cards that show, and cards gathered into a cluster or removed until their shrinking
   * ends. Linear in the cards; a few hundred microseconds at 10,000.
   */
  private pack(now: number): void {
    const a = this.buffers.tweenA;
    let k = 0;
    let next = Infinity;
    for (let slot = 0; slot < this.used; slot++) {
      const live = this.ids[slot] !== null && this.ids[slot] !== undefined;
      if (!live || this.hidden[slot] === 1) {
        const i = slot * 4;
        const end = (a[i] as number) + (a[i + 1] as number);
        // Shrunk away (or never grown: a card hidden before it was revealed): not drawn.
        if (now >= end || (a[i + 2] === 0 && a[i + 3] === 0)) continue;
        next = Math.min(next, end);
      }
      const { matrix, uvRect, style, tweenA, tweenB } = this.buffers;
      const packed = this.packed;
      for (let j = 0; j < 16; j++) packed.matrix[k * 16 + j] = matrix[slot * 16 + j] as number;
      for (let j = 0; j < 4; j++) {
        const from = slot * 4 + j;
        const to = k * 4 + j;
        packed.uvRect[to] = uvRect[from] as number;
        packed.style[to] = style[from] as number;
        packed.tweenA[to] = tweenA[from] as number;
        packed.tweenB[to] = tweenB[from] as number;
      }
      k++;
    }
    this.drawnCount = k;
    this.nextPackAt = next;
    for (const mesh of [this.opaque, this.faded]) {
      mesh.thinInstanceCount = k;
      if (k === 0) continue;
      mesh.thinInstancePartialBufferUpdate('matrix', k, 0);
      for (const kind of Object.keys(KINDS)) mesh.thinInstancePartialBufferUpdate(kind, k, 0);
    }
  }

  /** Cards revealed by `now`. */
  revealedCount(now: number): number {
    let n = 0;
    for (const slot of this.slotById.values()) if ((this.revealAt[slot] as number) <= now) n++;
    return n;
  }

  /** The atlas, once there is one. */
  get currentAtlas(): CardAtlas | null {
    return this.atlas;
  }

  /**
   * The nearest card a ray hits in front of the globe, or -1. Analytic (ray against each card's
   * rectangle, with its current scale and lift): a few hundred microseconds at 10,000 cards,
   * where a mesh pick took tens of milliseconds.
   */
  pick(origin: Vec3, direction: Vec3, now: number): number {
    const [ox, oy, oz] = origin;
    const [dx, dy, dz] = direction;
    // The map sphere hides cards behind it.
    const b = ox * dx + oy * dy + oz * dz;
    const c = ox * ox + oy * oy + oz * oz - GLOBE_RADIUS * GLOBE_RADIUS;
    const disc = b * b - c;
    let best = disc >= 0 ? -b - Math.sqrt(disc) : Infinity;
    if (best < 0) best = Infinity;
    let hit = -1;
    const { position, normal, right, up } = this.frames;
    for (const slot of this.slotById.values()) {
      const i = slot * 3;
      const nx = normal[i] as number;
      const ny = normal[i + 1] as number;
      const nz = normal[i + 2] as number;
      const facing = dx * nx + dy * ny + dz * nz;
      if (facing >= -1e-6) continue; // seen from behind: culled, not pickable
      const { scale, lift } = this.current(slot, now);
      if (scale <= 0.01) continue;
      // The hovered card also counts where it rests: lifting it toward the camera moves it on
      // screen (a lot, close up and near the edge), and it must not slip from under the pointer
      // and back, flickering.
      const lifts = slot === this.hoveredSlot && lift > 0 ? [lift, 0] : [lift];
      for (const h of lifts) {
        const cx = (position[i] as number) + nx * h;
        const cy = (position[i + 1] as number) + ny * h;
        const cz = (position[i + 2] as number) + nz * h;
        const t = ((cx - ox) * nx + (cy - oy) * ny + (cz - oz) * nz) / facing;
        if (t <= 0 || t >= best) continue;
        const px = ox + dx * t - cx;
        const py = oy + dy * t - cy;
        const pz = oz + dz * t - cz;
        const x =
          px * (right[i] as number) + py * (right[i + 1] as number) + pz * (right[i + 2] as number);
        const y = px * (up[i] as number) + py * (up[i + 1] as number) + pz * (up[i + 2] as number);
        if (Math.abs(x) <= (CARD_WIDTH / 2) * scale && Math.abs(y) <= (CARD_HEIGHT / 2) * scale) {
          best = t;
          hit = slot;
          break;
        }
      }
    }
    return hit;
  }

  dispose(): void {
    this.atlas?.dispose();
    this.opaque.dispose();
    this.faded.dispose();
    for (const material of this.materials) material.dispose();
  }
}
