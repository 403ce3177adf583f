import { wireCards, ColoursAndFilter, type CardWiring } from '@/globe/cardWiring';
import { createDiagnostics } from '@/globe/diagnostics';
import { createEmitter, type Emitter } from '@/globe/events';
import { startFrameLoop } from '@/globe/frameLoop';
import { createUpdate, Readiness } from '@/globe/globeUpdate';
import {
  createGlobeStage,
  disposeWithHost,
  type CanvasPlace,
  type GlobeStage,
} from '@/globe/globeStage';
import { cardAt, PointerInput } from '@/globe/pointerInput';
import type { Globe, GlobeDiagnostics, GlobeEvents, GlobeInput, GlobeOptions } from '@/globe/types';

export type { CanvasPlace } from '@/globe/globeStage';

/**
 * The pointer on the globe: the hovered card (desktop) is let go when the pointer leaves; a click
 * opens a cluster, picks a card, or else closes a fanned cluster and reports the background.
 */
function listenForPicks(
  { host, orbit, cards, clusters }: GlobeStage,
  { attention, clusterControl }: CardWiring,
  events: Emitter<GlobeEvents>,
  mobile: boolean,
): PointerInput {
  return new PointerInput(host, mobile, {
    left: () => attention.hover(-1, host.clock()),
    click(x, y) {
      const now = host.clock();
      const slot = cardAt(host.surface.element, orbit.camera, cards, x, y, now);
      if (slot >= 0 && clusters.isCluster(slot)) return clusterControl.open(slot);
      const id = slot >= 0 ? cards.idOf(slot) : null;
      if (id !== null) return events.emit('cardPicked', { id });
      clusterControl.closeFan(now);
      events.emit('backgroundClicked', {});
    },
  });
}

/** The facade the page holds: cards are named by id, the engine's slots stay inside. */
function globeFacade(
  update: (input: GlobeInput) => void,
  { host, cards }: GlobeStage,
  { attention }: CardWiring,
  events: Emitter<GlobeEvents>,
): Globe {
  return {
    update,
    focus(id) {
      if (id === null) return attention.focus(null);
      const slot = cards.slotOf(id);
      return slot < 0 ? Promise.resolve() : attention.focus(slot);
    },
    turnTo(id) {
      if (id === null) return attention.turnTo(null);
      const slot = cards.slotOf(id);
      return slot < 0 ? Promise.resolve() : attention.turnTo(slot);
    },
    showView({ view, card }) {
      const slot = card === null ? -1 : cards.slotOf(card.id);
      return attention.showView(view, card && slot >= 0 ? { slot, open: card.open } : null);
    },
    currentView: () => Promise.resolve(attention.currentView()),
    on: events.on,
    dispose: () => host.dispose(),
  };
}

/**
 * Draws the globe on a canvas: the map sphere, the cards, their links and the orbit camera,
 * rendering only when something moves. Framework-free; the page talks to it through the facade
 * and its events (`createGlobe.ts` puts it in a worker where the browser can). This composes the
 * parts: the stage (`globeStage.ts`: the host with its engine, loop and disposal, the camera and
 * the layers), the cards' wiring (`cardWiring.ts`: their join, faces, links, clusters and the
 * visitor's attention), `update()` (`globeUpdate.ts`), the pointer (`pointerInput.ts`), the frame
 * loop (`frameLoop.ts`) and the diagnostics (`diagnostics.ts`), returned beside the facade for
 * the caller to publish.
 */
export function globeOnCanvas(
  place: CanvasPlace,
  options: GlobeOptions,
): {
  globe: Globe;
  diagnostics: GlobeDiagnostics;
  /** Runs after every frame drawn (the worker's mirror follows the frames). */
  afterFrame(listener: () => void): () => void;
} {
  const motion = { reducedMotion: options.reducedMotion };
  const stage = createGlobeStage(place, options, motion);
  const events = createEmitter<GlobeEvents>();
  const shown = new ColoursAndFilter();
  const readiness = new Readiness();
  const wiring = wireCards(stage, shown, events, motion);
  const update = createUpdate({ stage, wiring, shown, readiness, motion });
  const pointer = listenForPicks(stage, wiring, events, options.mobile);
  startFrameLoop(stage, wiring, pointer, readiness, events);
  const diagnostics = createDiagnostics({
    ...stage,
    faces: wiring.faces,
    ready: () => readiness.ready,
  });
  disposeWithHost(stage, wiring.faces);
  const globe = globeFacade(update, stage, wiring, events);
  return { globe, diagnostics, afterFrame: stage.host.afterFrame };
}
