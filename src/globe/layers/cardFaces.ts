import type { Engine } from '@babylonjs/core/Engines/engine';
import type { Scene } from '@babylonjs/core/scene';
import type { CardLayer } from '@/globe/layers/cards';
import { SHARP_KEYS, SHARP_PRIORITY, SharpFaces } from '@/globe/layers/sharpFaces';
import {
  drawCardFace,
  drawLocalFace,
  faceWords,
  type FaceContent,
  type FacePicture,
  type FaceText,
} from '@/globe/textures/cardFace';
import { faceImages, type FaceImage } from '@/globe/textures/faceImages';
import { firstViewCards, viewScore, type ViewCamera } from '@/globe/textures/faceOrder';
import { FaceScheduler, type JobResult } from '@/globe/textures/faceScheduler';
import { ImageLoader } from '@/globe/textures/imageLoader';
import { DEFAULT_THUMBNAIL_URL } from '@/lib/constants';
import type { FaceCounts } from '@/lib/globeDiagnostics';
import type { MediaNode } from '@/lib/nodeModel';

/** Faces the preloader waits for: the cards nearest the centre of the first view. */
export const FIRST_VIEW_FACES = 24;
/** Past this an image is late: its card keeps the face it has and the preloader stops waiting. */
export const FACE_SOFT_TIMEOUT_MS = 2500;
/** Past this a request is abandoned; the card is tried again later, behind the others. */
export const FACE_HARD_TIMEOUT_MS = 15_000;
/** Requests in flight per image host (a browser opens about 6 connections per HTTP/1.1 host). */
const PER_HOST = 6;
/** How often, at most, the queue is re-sorted while the camera moves (ms). */
const REORDER_INTERVAL_MS = 300;
const FIRST_VIEW_PRIORITY = -100;
/** Added to the score of a card gathered into a cluster: after every card that shows (scores < 100). */
const HIDDEN_PRIORITY = 100;

/** What a card's face shows now. */
const enum Face {
  None = 0,
  Local = 1,
  Fallback = 2,
  Real = 3,
}

interface Card {
  text: FaceText;
  node: Pick<MediaNode, 'type' | 'youtube_id' | 'thumbUrl' | 'images'>;
  images: FaceImage[];
  generation: number;
  face: Face;
  /** An answer came for it (a picture, a refusal, or the soft timeout): the first view may go on. */
  answered: boolean;
  /**
   * The words its face on the globe says beside the title (`faceWords`), as drawn: in the
   * language of that moment; null before a face, for a video's picture and for a tile too small
   * for words (none to change).
   */
  words: string | null;
}

/**
 * Every card's face, from first to sharpest: a local face at once (drawn from the card's data), its
 * pictures as they arrive (nearest the view first, right-sized for its tile), the default
 * thumbnail where one fails, and a sharp face for the few cards looked at closely (`SharpFaces`).
 */
export class CardFaces {
  private readonly loader = new ImageLoader();
  private readonly scheduler: FaceScheduler<ImageBitmap>;
  private readonly cardsBySlot = new Map<number, Card>();
  /** The default thumbnail, loaded the first time an image fails (most visits never need it). */
  private fallback: Promise<FacePicture | null> | null = null;
  private readonly fallbackAbort = new AbortController();
  private firstView = new Set<number>();
  /** Cards with a face in the atlas (local or better). */
  private withFace = 0;
  /** The view the queue was last sorted for (read from `view` only when it is sorted). */
  private camera: ViewCamera | null = null;
  private reorderDue = false;
  private lastReorder = -Infinity;
  private readonly sharp: SharpFaces;
  private disposed = false;

  constructor(
    private readonly cards: CardLayer,
    engine: Engine,
    scene: Scene,
    /** Where the camera looks now. */
    private readonly view: () => ViewCamera,
    /** Something changed that the preloader or a frame should show. */
    private readonly changed: () => void,
  ) {
    this.scheduler = new FaceScheduler<ImageBitmap>({
      load: (url, signal, urgent) => this.loader.load(url, signal, urgent),
      onResult: (key, generation, result) => this.onResult(key, generation, result),
      priority: (key) => this.priority(key),
      softTimeoutMs: FACE_SOFT_TIMEOUT_MS,
      hardTimeoutMs: FACE_HARD_TIMEOUT_MS,
      perHost: PER_HOST,
      attempts: 3,
      urgentBelow: FIRST_VIEW_PRIORITY / 2,
    });
    // Until the globe is shown only the first view's pictures (and sharp ones) are fetched.
    this.scheduler.holdAbove(FIRST_VIEW_PRIORITY / 2);
    this.sharp = new SharpFaces({
      cards,
      engine,
      scene,
      scheduler: this.scheduler,
      cardOf: (slot) => this.cardsBySlot.get(slot),
      pictures: (images, result) => this.pictures(images, result),
      changed,
    });
  }

  private fallbackPicture(): Promise<FacePicture | null> {
    this.fallback ??= this.loader.load(DEFAULT_THUMBNAIL_URL, this.fallbackAbort.signal, true).then(
      (image): FacePicture => ({ image, pictureHeight: 1 }),
      () => null,
    );
    return this.fallback;
  }

  /** The card in `slot` is new or shows something else now: a local face, then its pictures. */
  set(slot: number, node: MediaNode, accent: string): void {
    const atlas = this.cards.currentAtlas;
    if (!atlas) return;
    const text: FaceText = {
      type: node.type,
      title: node.title,
      accent,
      imageCount: node.images.length,
      captureCount: node.images.filter((image) => image.capture !== undefined).length,
    };
    const card: Card = {
      text,
      node,
      images: faceImages(node, atlas.layout.tileWidth),
      generation: 0,
      face: Face.None,
      answered: false,
      words: null,
    };
    this.forgetFace(slot);
    this.cardsBySlot.set(slot, card);
    this.sharp.drop(slot);
    this.drawLocal(slot, card);
    card.generation = this.scheduler.request(
      slot,
      card.images.map((i) => i.url),
    );
    this.sharp.refresh(slot);
  }

  /** The card's face drawn from its data alone (before its pictures, or when none came). */
  private drawLocal(slot: number, card: Card): void {
    this.cards.currentAtlas?.enqueue(
      slot,
      (ctx, x, y, w, h, gutter) => {
        card.words = drawLocalFace(ctx, card.text, x, y, w, h, gutter);
      },
      () => {
        if (this.cardsBySlot.get(slot) !== card) return;
        if (card.face === Face.None) this.setFace(card, Face.Local);
        this.cards.faceUploaded(slot);
      },
      'local',
    );
  }

  /**
   * The globe speaks another language (issue 49): each card whose faces say other words now is
   * drawn again in them, keeping the face it shows until the new one is ready (its pictures come
   * again from the browser's cache). A face still to come is drawn in the new words anyway; a
   * video's picture face has no words to change.
   */
  wordsChanged(): void {
    for (const [slot, card] of this.cardsBySlot) {
      if (card.words === null || card.words === faceWords(card.text)) continue;
      if (card.face === Face.Local) this.drawLocal(slot, card);
      else {
        card.generation = this.scheduler.request(
          slot,
          card.images.map((i) => i.url),
        );
        this.sharp.refresh(slot);
      }
    }
  }

  /** The words the card's face says beside its title, as drawn (see `Card.words`). */
  wordsOf(slot: number): string | null {
    return this.cardsBySlot.get(slot)?.words ?? null;
  }

  /** The card in `slot` is gone. */
  remove(slot: number): void {
    this.forgetFace(slot);
    this.cardsBySlot.delete(slot);
    this.firstView.delete(slot);
    this.scheduler.cancel(slot);
    this.sharp.remove(slot);
  }

  /**
   * Picks the first view's cards (the preloader waits for their faces) from where the camera
   * looks now, and puts them first in the queue.
   */
  startFirstView(): void {
    const camera = (this.camera = this.view());
    // Cards gathered into a cluster are not seen: the first view is the cards that show.
    const shown = [...this.cardsBySlot.keys()].filter((key) => !this.cards.isHidden(key));
    const cards = shown.map((key) => ({
      key,
      position: this.cards.position(key),
    }));
    this.firstView = new Set(firstViewCards(cards, camera, FIRST_VIEW_FACES));
    this.scheduler.reorder();
  }

  /** Cards whose face is in the atlas (their local one at least), of all cards. */
  get localProgress(): { done: number; total: number } {
    return { done: this.withFace, total: this.cardsBySlot.size };
  }

  private setFace(card: Card, face: Face): void {
    if (card.face === Face.None && face !== Face.None) {
      this.withFace++;
      // Every 256 faces (and the last) is news for the preloader; each one would be noise.
      if (this.withFace % 256 === 0 || this.withFace === this.cardsBySlot.size) this.changed();
    }
    card.face = face;
  }

  private forgetFace(slot: number): void {
    const card = this.cardsBySlot.get(slot);
    if (card && card.face !== Face.None) this.withFace--;
  }

  /** The first view's progress: faces answered of those it waits for. */
  get firstViewProgress(): { done: number; total: number } {
    let done = 0;
    for (const slot of this.firstView) if (this.cardsBySlot.get(slot)?.answered) done++;
    return { done, total: this.firstView.size };
  }

  /** The globe is on screen: every card's pictures may load now, not only the first view's. */
  shown(): void {
    this.scheduler.holdAbove(Infinity);
  }

  /** The camera moved: the queue follows the view (re-sorted at most every 300 ms). */
  viewChanged(): void {
    this.reorderDue = true;
  }

  /** Cards a visitor looks at closely (hovered, focused) get sharp faces; others may lose theirs. */
  wantSharp(slots: readonly number[]): void {
    this.sharp.want(slots.filter((s) => s >= 0 && this.cardsBySlot.has(s)));
  }

  /** Per frame: re-sorts the queue when due, uploads faces. Returns whether a frame is needed. */
  tick(nowMs: number, uploadBudgetMs: number): boolean {
    if (this.reorderDue && nowMs - this.lastReorder >= REORDER_INTERVAL_MS) {
      this.reorderDue = false;
      this.lastReorder = nowMs;
      this.camera = this.view();
      this.scheduler.reorder();
    }
    return this.sharp.flush(nowMs, uploadBudgetMs);
  }

  /** What a card's face shows now (for the diagnostics). */
  faceOf(slot: number): 'none' | 'local' | 'fallback' | 'real' | 'sharp' {
    if (this.sharp.isShown(slot)) return 'sharp';
    const face = this.cardsBySlot.get(slot)?.face ?? Face.None;
    return (['none', 'local', 'fallback', 'real'] as const)[face];
  }

  counts(): FaceCounts {
    const counts: FaceCounts = {
      none: 0,
      local: 0,
      fallback: 0,
      real: 0,
      loading: this.scheduler.inFlight,
      queued: this.scheduler.queued,
    };
    for (const card of this.cardsBySlot.values()) {
      if (card.face === Face.Real) counts.real++;
      else if (card.face === Face.Fallback) counts.fallback++;
      else if (card.face === Face.Local) counts.local++;
      else counts.none++;
    }
    return counts;
  }

  /** GPU memory of the sharp atlas, once there is one. */
  get textureBytes(): number {
    return this.sharp.textureBytes;
  }

  dispose(): void {
    this.disposed = true;
    this.scheduler.dispose();
    this.fallbackAbort.abort();
    this.loader.dispose();
    this.sharp.dispose();
  }

  private priority(key: number): number {
    if (key >= SHARP_KEYS) return SHARP_PRIORITY;
    const position = this.cards.position(key);
    // A card gathered into a cluster waits behind every card that shows.
    const score =
      (this.camera ? viewScore(position, this.camera) : 0) +
      (this.cards.isHidden(key) ? HIDDEN_PRIORITY : 0);
    return this.firstView.has(key) ? FIRST_VIEW_PRIORITY + score : score;
  }

  private onResult(key: number, generation: number, result: JobResult<ImageBitmap>): void {
    if (this.disposed) return;
    if (key >= SHARP_KEYS) {
      this.sharp.onResult(key - SHARP_KEYS, result);
      return;
    }
    const card = this.cardsBySlot.get(key);
    if (!card || card.generation !== generation) return;
    if (result.settled && this.tryAlternatives(key, card, result)) return;
    const wasAnswered = card.answered;
    card.answered = true;
    const loaded = result.images.filter((o) => o.status === 'loaded').length;
    const late = result.images.filter((o) => o.status === 'late').length;
    const face = loaded === result.images.length ? Face.Real : Face.Fallback;
    // Nothing arrived yet (all late): the card keeps its local face for now.
    if (late === result.images.length || face < card.face) {
      if (!wasAnswered) this.changed();
      return;
    }
    void this.pictures(card.images, result).then((pictures) => {
      const atlas = this.cards.currentAtlas;
      if (!atlas || this.cardsBySlot.get(key) !== card || card.generation !== generation) return;
      atlas.enqueue(
        key,
        (ctx, x, y, w, h, gutter) => {
          card.words = drawCardFace(ctx, { ...card.text, ...pictures }, x, y, w, h, gutter);
        },
        () => {
          if (this.cardsBySlot.get(key) !== card || face < card.face) return;
          this.setFace(card, face);
          this.cards.faceUploaded(key);
          this.changed();
        },
        this.firstView.has(key) ? 'urgent' : 'normal',
      );
    });
    if (!wasAnswered) this.changed();
  }

  /**
   * Images that failed and have somewhere else to come from (a card copy's thumbnail) are asked
   * for again from there, once (the card keeps its face meanwhile). Returns whether it did.
   */
  private tryAlternatives(slot: number, card: Card, result: JobResult<ImageBitmap>): boolean {
    const failed = (i: number) => result.images[i]?.status === 'failed';
    if (!card.images.some((image, i) => failed(i) && image.alternative !== undefined)) return false;
    card.images = card.images.map(({ url, pictureHeight, alternative }, i) => ({
      url: failed(i) && alternative !== undefined ? alternative : url,
      pictureHeight,
    }));
    card.generation = this.scheduler.request(
      slot,
      card.images.map((i) => i.url),
    );
    return true;
  }

  /** The pictures to draw for a result, with the default thumbnail for those that failed. */
  private async pictures(
    images: readonly FaceImage[],
    result: JobResult<ImageBitmap>,
  ): Promise<Pick<FaceContent, 'images' | 'fallback'>> {
    const needsFallback = result.images.some((o) => o.status === 'failed');
    const fallback = needsFallback ? await this.fallbackPicture() : null;
    return {
      images: result.images.map((outcome, i) =>
        outcome.status === 'loaded'
          ? { image: outcome.image, pictureHeight: images[i]?.pictureHeight ?? 1 }
          : outcome.status === 'failed'
            ? 'failed'
            : null,
      ),
      fallback,
    };
  }
}
