import type { GlobeWords } from '@/globe/globeWords';
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import type { Engine } from '@babylonjs/core/Engines/engine';
import type { LatLng } from '@/globe/geo';
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
  /**
   * prefers-reduced-motion as the page reads it now (default: `GlobeOptions.reducedMotion`). The
   * page and the engine keep one reading: when the visitor changes the setting during the visit,
   * flights, reveals and fades follow it, as the page's overlays do.
   */
  reducedMotion?: boolean;
  /**
   * The words the globe draws and announces, in the visitor's language (issue 49): the page's
   * `globeWordsOf(i18n)`. A change says the shown callout again in the new language; faces drawn
   * after it carry its words. Without it, English.
   */
  words?: GlobeWords;
}

/**
 * Where the camera looks (a story stop's view, issue 51): the point of the globe at the centre of
 * the view, in degrees, and the camera's distance from the globe's centre (`ZOOM_MIN` to
 * `ZOOM_MAX`). The camera always looks at the centre with north up, so this is the whole view.
 */
export interface GlobeView {
  lat: number;
  lng: number;
  distance: number;
}

/** What a story stop shows: a view, a card, or both (the camera goes to the view then). */
export interface GlobeShot {
  view: GlobeView | null;
  card: { id: string; open: boolean } | null;
}

/** Events the engine reports, in the past tense; the bridge decides what they mean. */
export interface GlobeEvents {
  /** A card was clicked (not dragged). */
  cardPicked: { id: string };
  /** The background or the map was clicked (not dragged). */
  backgroundClicked: Record<string, never>;
  /**
   * What the first view needs, 0-100: the map and the faces of the cards nearest the centre of
   * the starting view (a bounded number; a face counts once its pictures arrived, failed or timed
   * out). `cards` is how many cards the globe holds.
   */
  progress: { percent: number; cards: number };
  /** Every card has been revealed. */
  ready: Record<string, never>;
  /**
   * The globe turned to a card for the list (`turnTo`) and shows its callout; `text` is what the
   * callout says, for a polite live region.
   */
  cardAnnounced: { id: string; text: string };
}

/** How the globe is set up; fixed for its lifetime. */
export interface GlobeOptions {
  /** SPEC mobile rule: rotation limited around the start, no hover, no drift. */
  mobile: boolean;
  /** prefers-reduced-motion: flights, reveals and fades near instant, no drift. */
  reducedMotion: boolean;
  /**
   * Equirectangular map texture for the sphere, or several to try in order (the next on a 404 or
   * an undecodable format; the globe shows without a map only when the last fails). Default:
   * `defaultMapUrls(mobile)` from `layers/sphere.ts`, a WebP (2048 px wide on phones) then
   * `/map.png`.
   */
  mapUrl?: string | readonly string[];
  /** Where the camera first looks. Default: St. Louis. */
  home?: { lat: number; lng: number };
  /** The engine to draw with (a `NullEngine` in unit tests); default: WebGL on the canvas. */
  engine?: Engine;
  /**
   * Whether to draw in a worker where the browser can hand the canvas over (default true); false
   * after a worker could not draw (`GLOBE_WORKER_FAILED`).
   */
  inWorker?: boolean;
}

/**
 * The name of the error `createGlobe` rejects with when its worker could not draw (no WebGL2 on an
 * `OffscreenCanvas`, say). The canvas was handed over and cannot be drawn on again: the page
 * starts the globe on a fresh canvas on its own thread (`GlobeOptions.inWorker: false`).
 */
export const GLOBE_WORKER_FAILED = 'GlobeWorkerFailed';

/** The globe engine's whole surface (ARCHITECTURE §1). */
export interface Globe {
  /** Shows these nodes with this filter; animates what changed. */
  update(input: GlobeInput): void;
  /** Flies the camera to a card (0.6 s), or back where it was with `null`. */
  focus(id: string | null): Promise<void>;
  /**
   * Turns the globe so a card faces the camera, keeping the zoom (keyboard browsing of the list):
   * the card comes out of its cluster, if it is in one, with its callout. `null`: the list let go
   * (the callout hides, the card goes back).
   */
  turnTo(id: string | null): Promise<void>;
  /**
   * Shows a story stop (issue 51): lets go of the card opened or turned to, without flying back
   * from it, then flies in the engine's flight (0.6 s; at once with reduced motion) to `shot.view`
   * where one is given, else to `shot.card`. The card is opened (pulled out of its cluster, sharp)
   * or, with `open: false`, pointed at (its callout shown and announced). A card the globe does
   * not have is left out. On a phone the camera stays in the rotation limit around the start, as
   * every flight does. Resolves on arrival.
   */
  showView(shot: GlobeShot): Promise<void>;
  /** Where the camera is now, as a view to fly back to (degrees to 5 places, distance to 2). */
  currentView(): Promise<GlobeView>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof GlobeEvents>(type: K, listener: (event: GlobeEvents[K]) => void): () => void;
  /** Releases the engine, its textures, listeners and `window.__globe`. */
  dispose(): void;
}

/** Read-only figures on `window.__globe` (the contract lives in lib/, for /env to read too). */
export type { GlobeDiagnostics } from '@/lib/globeDiagnostics';

/** Events the position picker reports, in the past tense. */
export interface PositionPickerEvents {
  /** The map was clicked (not dragged) and the marker moved there; degrees, rounded to 5 places. */
  positionPicked: LatLng;
}

/** How a position picker is set up; fixed for its lifetime. */
export interface PositionPickerOptions {
  /** prefers-reduced-motion: flights and the map's fade-in happen at once. */
  reducedMotion: boolean;
  /** The marker's first position, which the camera then faces; none: the camera faces St. Louis. */
  position?: LatLng | null;
  /**
   * Equirectangular map texture, or several to try in order as for the public globe. Default:
   * the desktop globe's, `defaultMapUrls(false)` (`/map.webp`, then `/map.png`), since a form's
   * picker is shown close up.
   */
  mapUrl?: string | readonly string[];
  /**
   * The engine to draw with, by default a WebGL engine on the canvas. Tests pass a `NullEngine`.
   * The picker owns it: `dispose()` disposes it.
   */
  engine?: AbstractEngine;
}

/** A small globe for choosing a latitude and longitude by clicking the map. */
export interface PositionPicker {
  /**
   * Moves the marker to a position, or hides it with `null`. With `fly`, the camera turns to face
   * it (0.6 s, keeping the zoom). Reports no `positionPicked`: only a click does.
   */
  setPosition(position: LatLng | null, options?: { fly?: boolean }): void;
  /**
   * Whether a drag turns the globe (and a pinch zooms it): true at first. False leaves one finger
   * to scroll the page over it; a tap still picks.
   */
  setTurnable(turnable: boolean): void;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof PositionPickerEvents>(
    type: K,
    listener: (event: PositionPickerEvents[K]) => void,
  ): () => void;
  /**
   * Where a position appears now, CSS pixels from the canvas's top left, or null when it is on
   * the far side of the globe or outside the canvas (browser tests click here).
   */
  screenPointOf(position: LatLng): { x: number; y: number } | null;
  /** Releases the engine, its textures, observers and listeners. */
  dispose(): void;
}

/** What browser tests read of the running position picker (the facade's own method). */
export type PositionPickerDiagnostics = Pick<PositionPicker, 'screenPointOf'>;

declare global {
  interface Window {
    /**
     * The latest position picker in the page, for browser tests to click a known place (absent
     * while none runs). Its canvas carries `data-picker-ready` and `data-picker-idle`.
     */
    __positionPicker?: PositionPickerDiagnostics;
  }
}
