import type { Engine } from '@babylonjs/core/Engines/engine';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { Scene } from '@babylonjs/core/scene';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClusterLayer } from '@/globe/layers/clusterLayer';
import { CardLayer } from '@/globe/layers/cards';

/*
 * The card layer and its clusters on a NullEngine: which cards gather, which the GPU is given to
 * draw (only those that show, once the others have shrunk away), fans and pulled-out cards.
 */

let engine: NullEngine;
let scene: Scene;
let cards: CardLayer;
let clusters: ClusterLayer;

const drawnInstances = () => (scene.getMeshByName('cards-opaque') as Mesh).thinInstanceCount;

beforeEach(() => {
  engine = new NullEngine();
  scene = new Scene(engine);
  cards = new CardLayer(scene, engine as unknown as Engine, { reducedMotion: false });
  clusters = new ClusterLayer(cards);
});

afterEach(() => {
  cards.dispose();
  scene.dispose();
  engine.dispose();
});

/** Three cards piled on St. Louis, one a few degrees away (apart at the starting zoom), one far. */
function addCards(): Record<string, number> {
  const at = (id: string, lat: number, lng: number) =>
    cards.add({ id, lat, lng, colour: '#ff8800' }, 0, true);
  return {
    a: at('a', 38.63, -90.2),
    b: at('b', 38.9, -90.5),
    c: at('c', 38.4, -89.9),
    d: at('d', 38.6, -55),
    e: at('e', -30, 20),
  };
}

describe('clusters on the card layer', () => {
  it('gathers overlapping cards into the first, and draws only the cards that show', () => {
    const slot = addCards();
    cards.flush(1);
    expect(drawnInstances()).toBe(5);

    clusters.regroup(1, 2);
    expect([slot.b, slot.c].map((s) => cards.isHidden(s as number))).toEqual([true, true]);
    expect(cards.isHidden(slot.a as number)).toBe(false);
    expect([...clusters.groupOf(slot.a as number)].sort()).toEqual([slot.a, slot.b, slot.c].sort());
    expect(clusters.shownSlot(slot.b as number)).toBe(slot.a);
    expect(clusters.isCluster(slot.d as number)).toBe(false);
    expect([...clusters.clusters()].map(([leader]) => leader)).toEqual([slot.a]);

    // While they shrink away they are still drawn; once gone, the GPU is given 3 instances.
    cards.flush(2.1);
    expect(drawnInstances()).toBe(5);
    expect(cards.current(slot.b as number, 2.1).scale).toBeGreaterThan(0);
    cards.flush(2.5);
    expect(cards.current(slot.b as number, 2.5).scale).toBe(0);
    expect(drawnInstances()).toBe(3);
    expect(cards.drawn).toBe(3);

    // A spacing below their distances (a few hundredths of a card) lets them out again.
    clusters.regroup(0.001, 3);
    cards.flush(3);
    expect(drawnInstances()).toBe(5);
    expect(cards.current(slot.b as number, 3.5).scale).toBe(1);
  });

  it('does not pick a card gathered into a cluster', () => {
    const slot = addCards();
    clusters.regroup(1, 1);
    // A ray from outside straight at card b's place hits the cluster's card a (or nothing), not b.
    const p = cards.home(slot.b as number).map((v) => v * 3) as [number, number, number];
    const l = Math.hypot(...p);
    const hit = cards.pick(p, [-p[0] / l, -p[1] / l, -p[2] / l], 5);
    expect(hit).not.toBe(slot.b);
    expect(cards.current(slot.b as number, 5).scale).toBe(0);
  });

  it('fans a cluster out above the others, and puts it back', () => {
    const slot = addCards();
    clusters.regroup(1, 1);
    clusters.fanOut(slot.a as number, 2);
    expect(clusters.fannedLeader).toBe(slot.a);
    for (const s of [slot.a, slot.b, slot.c] as number[]) {
      expect(cards.isHidden(s)).toBe(false);
      expect(cards.isFanned(s)).toBe(true);
      // Drawn above every layer of cards, away from its own place.
      expect(Math.hypot(...cards.position(s))).toBeGreaterThan(Math.hypot(...cards.home(s)));
    }
    // Fanned out, it is no longer a cluster: a click opens the card under it.
    expect(clusters.isCluster(slot.a as number)).toBe(false);
    expect([...clusters.clusters()]).toEqual([]);
    expect(clusters.coveredByFan(slot.d as number)).toBe(false);
    cards.flush(2.5);
    expect(drawnInstances()).toBe(5);

    clusters.closeFan(3);
    expect(clusters.fannedLeader).toBe(-1);
    expect(cards.isHidden(slot.b as number)).toBe(true);
    expect(cards.position(slot.b as number)).toEqual(cards.home(slot.b as number));
  });

  it('pulls one card out of its cluster (the list turned to it), over a regroup too', () => {
    const slot = addCards();
    clusters.regroup(1, 1);
    clusters.pullOut(slot.c as number, 2);
    expect(cards.isHidden(slot.c as number)).toBe(false);
    expect(clusters.shownSlot(slot.c as number)).toBe(slot.c);
    clusters.regroup(1.5, 3);
    expect(cards.isHidden(slot.c as number)).toBe(false);
    clusters.putBack(4);
    expect(cards.isHidden(slot.c as number)).toBe(true);
    expect(clusters.shownSlot(slot.c as number)).toBe(slot.a);
  });

  it('lets matching cards lead, so a filtered cluster shows a match', () => {
    const slot = addCards();
    cards.setMatched(slot.a as number, false, 0);
    cards.setMatched(slot.b as number, false, 0);
    clusters.regroup(1, 1);
    // c is the only match of the pile: it shows for the others.
    expect(clusters.shownSlot(slot.a as number)).toBe(slot.c);
    expect(cards.isHidden(slot.c as number)).toBe(false);
  });
});
