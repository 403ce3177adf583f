import { anglesFacing } from '@/globe/camera/limits';
import { OrbitCamera } from '@/globe/camera/orbitCamera';
import { latLngToVector, ST_LOUIS } from '@/globe/geo';
import { createGlobeHost, type GlobeHost } from '@/globe/host';
import type { CardFaces } from '@/globe/layers/cardFaces';
import { CardLayer } from '@/globe/layers/cards';
import { ClusterLayer } from '@/globe/layers/clusterLayer';
import { LinkLayer } from '@/globe/layers/links';
import { GlobeOverlay } from '@/globe/layers/overlay';
import { defaultMapUrls, SphereLayer } from '@/globe/layers/sphere';
import type { GlobeSurface } from '@/globe/surface';
import type { GlobeOptions } from '@/globe/types';

/** Where the globe runs: a canvas in the page, or an `OffscreenCanvas` in a worker. */
export interface CanvasPlace {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  /** What the globe hears of the page; default: the canvas element (`pageSurface`). */
  surface?: GlobeSurface;
}

/**
 * The page's one reading of reduced motion, shared by the camera and the layers: flights, the
 * reveal's pace and the links' wait follow a change during the visit.
 */
export interface Motion {
  reducedMotion: boolean;
}

/** What the globe draws with: the host, the orbit camera, and the layers in the scene. */
export interface GlobeStage {
  host: GlobeHost;
  orbit: OrbitCamera;
  /** The map. */
  sphere: SphereLayer;
  cards: CardLayer;
  clusters: ClusterLayer;
  /** The callout and the clusters' badges, drawn over the cards. */
  overlay: GlobeOverlay;
  related: LinkLayer;
  categoryLinks: LinkLayer;
}

/**
 * Sets the stage on a canvas: the host (engine, scene, loop), the orbit camera facing the home
 * position, the map, the cards and their clusters, the overlay and the two kinds of links, in
 * the order they are added to the scene (the order Babylon draws them in).
 */
export function createGlobeStage(
  place: CanvasPlace,
  options: GlobeOptions,
  motion: Motion,
): GlobeStage {
  const host = createGlobeHost(place.canvas, {
    engine: options.engine,
    surface: place.surface,
    // The camera and the overlay are made below; the host resizes only once its loop runs.
    onResized: () => {
      orbit.updateSensitivity();
      overlay.fit(host.cssSize(), host.ratio);
    },
  });
  const home = options.home ?? ST_LOUIS;
  const start = anglesFacing(latLngToVector(home.lat, home.lng, 1));
  const orbit = new OrbitCamera(host.scene, host.surface.element, start, {
    mobile: options.mobile,
    get reducedMotion() {
      return motion.reducedMotion;
    },
  });
  const mapUrls = options.mapUrl ?? defaultMapUrls(options.mobile);
  const sphere = new SphereLayer(host.scene, mapUrls, host.clock, motion);
  const cards = new CardLayer(host.scene, host.engine, motion);
  const clusters = new ClusterLayer(cards);
  const overlay = new GlobeOverlay(host.scene);
  overlay.fit(host.cssSize(), host.ratio);
  const related = new LinkLayer(host.scene, 'related-links', motion);
  const categoryLinks = new LinkLayer(host.scene, 'category-links', motion);
  return { host, orbit, sphere, cards, clusters, overlay, related, categoryLinks };
}

/**
 * Hands the stage's layers and the card faces to the host's disposal, undone in reverse: faces,
 * overlay, camera, cards, links, then the map.
 */
export function disposeWithHost(stage: GlobeStage, faces: CardFaces): void {
  const { host, sphere, categoryLinks, related, cards, orbit, overlay } = stage;
  for (const part of [sphere, categoryLinks, related, cards, orbit, overlay, faces])
    host.onDispose(() => part.dispose());
}
