import type { ArchiveFilter } from '@/lib/filter';
import type { MediaNode } from '@/lib/nodeModel';

/** Everything the globe shows; `update()` diffs it by node id, so passing it again is cheap. */
export interface GlobeInput {
  nodes: readonly MediaNode[];
  filter: ArchiveFilter;
  /** Palette colour of each category slug (`#rrggbb`). */
  categoryColours: Readonly<Record<string, string>>;
  /**
   * Whether the globe is on screen (default true). While hidden (behind the intro and the
   * preloader) it loads its images but reveals no card and starts no fade: those begin once shown.
   */
  visible?: boolean;
}

/** Events the engine reports, in the past tense; the bridge decides what they mean. */
export interface GlobeEvents {
  /** A card was clicked (not dragged). */
  cardPicked: { id: string };
  /** The background or the map was clicked (not dragged). */
  backgroundClicked: Record<string, never>;
  /** Card faces drawn so far, 0-100, of `cards` cards (0 cards: 100, nothing to load). */
  progress: { percent: number; cards: number };
  /** Every card has been revealed. */
  ready: Record<string, never>;
}

/** How the globe is set up; fixed for its lifetime. */
export interface GlobeOptions {
  /** SPEC mobile rule: rotation limited around the start, no hover, no drift. */
  mobile: boolean;
  /** prefers-reduced-motion: flights, reveals and fades near instant, no drift. */
  reducedMotion: boolean;
  /** Equirectangular map texture for the sphere. Default `/map.png`. */
  mapUrl?: string;
  /** Where the camera first looks. Default: St. Louis. */
  home?: { lat: number; lng: number };
}

/** The globe engine's whole surface (ARCHITECTURE §1). */
export interface Globe {
  /** Shows these nodes with this filter; animates what changed. */
  update(input: GlobeInput): void;
  /** Flies the camera to a card (0.6 s), or back where it was with `null`. */
  focus(id: string | null): Promise<void>;
  /** Turns the globe so a card faces the camera, keeping the zoom (keyboard browsing of the list). */
  turnTo(id: string): Promise<void>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof GlobeEvents>(type: K, listener: (event: GlobeEvents[K]) => void): () => void;
  /** Releases the engine, its textures, listeners and `window.__globe`. */
  dispose(): void;
}

/** Read-only figures on `window.__globe` (the contract lives in lib/, for /env to read too). */
export type { GlobeDiagnostics } from '@/lib/globeDiagnostics';
