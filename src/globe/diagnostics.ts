import type { OrbitCamera } from '@/globe/camera/orbitCamera';
import { cardOnCanvas } from '@/globe/cardsOnScreen';
import type { GlobeHost } from '@/globe/host';
import type { CardFaces } from '@/globe/layers/cardFaces';
import type { CardLayer } from '@/globe/layers/cards';
import type { ClusterLayer } from '@/globe/layers/clusterLayer';
import type { LinkLayer } from '@/globe/layers/links';
import type { GlobeOverlay } from '@/globe/layers/overlay';
import type { SphereLayer } from '@/globe/layers/sphere';
import { screenProjector, viewOf } from '@/globe/projection';
import type { GlobeDiagnostics } from '@/globe/types';

/**
 * The globe's figures for the browser tests, `npm run bench` and the /env page
 * (`window.__globe`, contract in `src/lib/globeDiagnostics.ts`): read-only views of the layers,
 * asked for when wanted, never computed per frame.
 */

/** The parts the diagnostics read. */
export interface DiagnosedParts {
  host: GlobeHost;
  orbit: OrbitCamera;
  cards: CardLayer;
  clusters: ClusterLayer;
  faces: CardFaces;
  sphere: SphereLayer;
  overlay: GlobeOverlay;
  related: LinkLayer;
  categoryLinks: LinkLayer;
  /** Whether every card has been revealed (the `ready` event has been sent). */
  ready(): boolean;
}

export function createDiagnostics(parts: DiagnosedParts): GlobeDiagnostics {
  const { host, orbit, cards, clusters, faces, sphere, overlay, related, categoryLinks } = parts;
  const { clock } = host;
  const canvas = host.surface.element;
  const idOf = (slot: number) => cards.idOf(slot) ?? '';
  // Whether the last frame drew the overlay's pass, read with that frame: its draw calls count it,
  // and the layer can switch on or off between frames (a count shown, a callout closed).
  let overlayInFrame = overlay.drawing;
  host.afterFrame(() => {
    overlayInFrame = overlay.drawing;
  });
  return {
    get ready() {
      return parts.ready();
    },
    stats: () => {
      const frames = host.frameStats();
      return {
        cards: cards.count,
        revealed: cards.revealedCount(clock()),
        drawCalls: frames.drawCalls,
        overlayDrawCalls: overlayInFrame ? 1 : 0,
        frameTimeMs: frames.frameTimeMs,
        fps: frames.fps,
        textureBytes: cards.textureBytes + faces.textureBytes + sphere.textureBytes,
        faces: faces.counts(),
      };
    },
    project: (id) => {
      const slot = cards.slotOf(id);
      if (slot < 0) return null;
      const size = host.cssSize();
      const projector = screenProjector(viewOf(orbit.camera, size.width, size.height));
      const seen = cardOnCanvas(cards, slot, projector, clock());
      const rect = canvas.getBoundingClientRect();
      return { x: rect.left + seen.x, y: rect.top + seen.y, onScreen: seen.onScreen };
    },
    card: (id) => {
      const slot = cards.slotOf(id);
      if (slot < 0) return null;
      const { scale, opacity } = cards.current(slot, clock());
      return {
        scale,
        opacity,
        hovered: cards.hovered === slot,
        matched: cards.isMatched(slot),
        face: faces.faceOf(slot),
        words: faces.wordsOf(slot),
      };
    },
    camera: () => ({
      radius: orbit.camera.radius,
      alpha: orbit.camera.alpha,
      beta: orbit.camera.beta,
      fovDegrees: (orbit.camera.fov * 180) / Math.PI,
      flying: orbit.flying,
      flights: orbit.flights.map((flight) => ({ ...flight })),
    }),
    links: () => ({
      related: related.visibleCount(clock()),
      category: categoryLinks.visibleCount(clock()),
    }),
    clusters: () => {
      const list = [...clusters.clusters()].map(([leader, members]) => ({
        id: idOf(leader),
        size: members.length,
        matching: members.filter((slot) => cards.isMatched(slot)).length,
        members: members.map(idOf),
      }));
      const fanned = clusters.fannedLeader;
      return {
        count: list.length,
        clustered: list.reduce((sum, c) => sum + c.size, 0),
        shown: cards.slots.filter((slot) => !cards.isHidden(slot)).length,
        spacing: clusters.spacing,
        badges: overlay.visibleBadges,
        fanned: fanned >= 0 ? idOf(fanned) : null,
        list,
      };
    },
    clusterOf: (id) => {
      const slot = cards.slotOf(id);
      if (slot < 0) return null;
      const shownAs = clusters.shownSlot(slot);
      return {
        shownAs: cards.idOf(shownAs) ?? id,
        size: clusters.groupOf(shownAs).length,
        hidden: cards.isHidden(slot),
      };
    },
    callout: () => {
      const content = overlay.current;
      const box = overlay.calloutBox;
      if (!content || !box) return null;
      const rect = canvas.getBoundingClientRect();
      return {
        id: idOf(content.slot),
        title: content.title,
        meta: content.meta,
        x: rect.left + box.left,
        y: rect.top + box.top,
        width: box.width,
        height: box.height,
      };
    },
    renderer: () => ({
      thread: typeof window === 'undefined' ? 'worker' : 'main',
      software: host.software,
      ratio: host.ratio,
    }),
    recentFrames: () => host.recentFrames(),
    renderFrames: (n) => host.renderFrames(n),
  };
}
