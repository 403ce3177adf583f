import type { CardWiring, ColoursAndFilter } from '@/globe/cardWiring';
import type { GlobeStage, Motion } from '@/globe/globeStage';
import type { CardLayer } from '@/globe/layers/cards';
import { revealSchedule } from '@/globe/reveal';
import { takeGlobeWords } from '@/globe/globeWords';
import type { GlobeInput } from '@/globe/types';
import { NODE_REVEAL_INTERVAL_MS } from '@/lib/constants';

/**
 * The globe's `update()`: what the page sends (the items, the filter, the colours, whether the
 * globe is seen) joined into the cards, then what follows from it (reveals, clusters, links,
 * the loading progress), and when the globe will be ready.
 */

/** Whether the globe has been shown yet, and when its last card will have appeared. */
export class Readiness {
  /** The page let the globe be seen: until then it loads images but reveals nothing. */
  shown = false;
  /** Every card has appeared (the `ready` event was sent). */
  ready = false;
  /** When the last card will have appeared (globe clock, seconds). */
  private readyAt = Infinity;

  /** Cards are on their way: ready again once the last has appeared, at `at`. */
  awaitReveals(at: number): void {
    this.readyAt = at;
    this.ready = false;
  }

  /** Nothing is left to reveal, as of `now`. */
  nothingToReveal(now: number): void {
    this.readyAt = now;
  }

  /** Every turn: true at the first turn once the last card has appeared. */
  reached(now: number): boolean {
    if (this.ready || now < this.readyAt) return false;
    this.ready = true;
    return true;
  }
}

/** What `update()` works on. */
export interface UpdatedParts {
  stage: GlobeStage;
  wiring: CardWiring;
  shown: ColoursAndFilter;
  readiness: Readiness;
  motion: Motion;
}

/** The globe is seen for the first time: frames are drawn again, faces load, the map fades in. */
function showGlobe({ stage, wiring, readiness }: UpdatedParts, now: number): void {
  readiness.shown = true;
  stage.host.holdFrames = false;
  wiring.faces.shown();
  stage.sphere.show(now);
}

/** Waiting cards appear one by one in random order (several per tick past 50 cards). */
function revealWaiting(cards: CardLayer, waiting: number[], now: number, motion: Motion): void {
  const interval = NODE_REVEAL_INTERVAL_MS * (motion.reducedMotion ? 0 : 1);
  const schedule = revealSchedule(waiting.length, Math.random, interval);
  waiting.forEach((slot, i) => cards.reveal(slot, now + 0.05 + (schedule[i] as number) / 1000));
}

/** When the last card will have appeared: the latest reveal, and the time one takes. */
function lastRevealEnd({ stage, wiring }: UpdatedParts, now: number): number {
  let last = now;
  for (const node of wiring.items.values())
    last = Math.max(
      last,
      stage.cards.revealTime(stage.cards.slotOf(node.video_id)) + wiring.revealSeconds(),
    );
  return last;
}

/** Creates the globe's `update()`: idempotent, and cheap when little changed. */
export function createUpdate(parts: UpdatedParts): (input: GlobeInput) => void {
  const { stage, wiring, shown, readiness, motion } = parts;
  const { host, cards, clusters } = stage;
  const { items, attention, faces, progress, clusterControl, links } = wiring;
  return function update(input) {
    if (host.disposed) return;
    const now = host.clock();
    const { filterChanged, coloursChanged } = shown.take(input);
    // The page's one reading of reduced motion: flights, the reveal's pace and the links' wait
    // follow a change during the visit (the layers' tweens keep the reading they started with).
    motion.reducedMotion = input.reducedMotion ?? motion.reducedMotion;
    // The visitor's language: the callout shown now is said again in it.
    const wordsChanged = takeGlobeWords(input.words);
    const joined = items.join(input.nodes, shown.filter, shown.colourOf, coloursChanged, now);
    attention.forget(joined.exitedSlots);
    if (!readiness.shown && (input.visible ?? true)) showGlobe(parts, now);
    // Once shown, waiting cards appear.
    const waiting = readiness.shown ? cards.waiting : [];
    if (waiting.length > 0) revealWaiting(cards, waiting, now, motion);
    // Cards regroup when cards come or go, move, or the filter changes what leads a cluster.
    const regrouped = joined.structureChanged || filterChanged || clusters.spacing < 0;
    if (regrouped) clusterControl.regroup(now, false);
    else if (coloursChanged || wordsChanged) attention.refreshCallout();
    if (wordsChanged) faces.wordsChanged();
    // The first view is where the camera starts: its faces load first (the cards that show, not
    // those gathered into clusters), and the preloader waits for them alone.
    if (items.size > 0 && progress.chooseFirstView()) faces.startFirstView();
    if (regrouped || waiting.length > 0) links.relate(items.values());
    if (regrouped || coloursChanged || waiting.length > 0) wiring.relinkCategory(now);
    if (waiting.length > 0) readiness.awaitReveals(lastRevealEnd(parts, now));
    // An empty archive, once shown, has nothing left to reveal.
    else if (readiness.shown && items.size === 0) readiness.nothingToReveal(now);
    progress.report();
    host.requestRender();
  };
}
