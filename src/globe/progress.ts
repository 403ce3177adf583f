/** Each part's share of the preloader's bar. */
const PROGRESS_SHARE = 1 / 3;

/**
 * The preloader's figure (SPEC §4 "while images load"), in thirds: the map, every card's local
 * face (no network: a second or two even at 10,000 cards), and the pictures of the first view's
 * cards. Rounded down, but never a hair short of 100 when every part is complete.
 */
export function loadingPercent(parts: {
  mapSettled: boolean;
  /** Whether the first view was chosen (or there are no cards): empty parts count as done. */
  emptyIsDone: boolean;
  localFaces: { done: number; total: number };
  firstViewFaces: { done: number; total: number };
}): number {
  const share = ({ done, total }: { done: number; total: number }) =>
    total === 0 ? (parts.emptyIsDone ? 1 : 0) : done / total;
  const sum = (parts.mapSettled ? 1 : 0) + share(parts.localFaces) + share(parts.firstViewFaces);
  return Math.floor(100 * PROGRESS_SHARE * sum + 1e-9);
}

/** What the progress reads of the faces. */
export interface FaceProgress {
  localProgress: { done: number; total: number };
  firstViewProgress: { done: number; total: number };
}

/** Tells the page the loading figure each time it (or the number of cards) changes. */
export class LoadingProgress {
  private mapSettled = false;
  private firstViewStarted = false;
  private last = '';

  constructor(
    private readonly cards: { readonly count: number },
    private readonly faces: () => FaceProgress,
    private readonly emit: (progress: { percent: number; cards: number }) => void,
  ) {}

  /** The map loaded (or failed for good: the globe shows without it). */
  mapLoaded(): void {
    this.mapSettled = true;
    this.report();
  }

  /**
   * Marks the first view's faces as chosen (the bar then waits for them alone); true only the first
   * time, when the caller chooses them.
   */
  chooseFirstView(): boolean {
    if (this.firstViewStarted) return false;
    this.firstViewStarted = true;
    return true;
  }

  report(): void {
    const faces = this.faces();
    const percent = loadingPercent({
      mapSettled: this.mapSettled,
      emptyIsDone: this.firstViewStarted || this.cards.count === 0,
      localFaces: faces.localProgress,
      firstViewFaces: faces.firstViewProgress,
    });
    const key = `${percent}/${this.cards.count}`;
    if (key === this.last) return;
    this.last = key;
    this.emit({ percent, cards: this.cards.count });
  }
}
