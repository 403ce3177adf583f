import { describe, expect, it } from 'vitest';
import { CARD_SHELL_RADIUS, latLngToVector, length, normalize } from '@/globe/geo';
import { CardPlacement, LAYERS, LAYER_STEP } from '@/globe/layers/cardPlacement';
import { CardSlots } from '@/globe/layers/cardSlots';

/*
 * Where cards float: overlapping cards at different heights (so they never cut through each
 * other), cards apart on the shell itself, and a height freed when its card leaves or moves.
 */

const ST_LOUIS = { lat: 38.63, lng: -90.2 };

/** Which layer a card floats on, read from its home's height above the shell. */
function layerOf(placement: CardPlacement, slot: number): number {
  return Math.round((length(placement.home(slot)) - CARD_SHELL_RADIUS) / LAYER_STEP) + 0;
}

describe('card placement', () => {
  it('floats a lone card on the shell, over its place on the map', () => {
    const placement = new CardPlacement();
    const home = placement.place(0, ST_LOUIS.lat, ST_LOUIS.lng);
    expect(length(home)).toBeCloseTo(CARD_SHELL_RADIUS, 6);
    const over = normalize(latLngToVector(ST_LOUIS.lat, ST_LOUIS.lng, 1));
    normalize(home).forEach((v, i) => expect(v).toBeCloseTo(over[i] as number, 6));
    // Kept in single precision, as the clusters read them.
    expect(placement.home(0)).toEqual(home.map(Math.fround));
    expect([...placement.homePositions.subarray(0, 3)]).toEqual(home.map(Math.fround));
  });

  it('stacks cards at the same place on different heights, lowest first', () => {
    const placement = new CardPlacement();
    for (let slot = 0; slot < LAYERS; slot++) placement.place(slot, ST_LOUIS.lat, ST_LOUIS.lng);
    expect([0, 1, 2, 3, 4, 5].map((slot) => layerOf(placement, slot))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('spreads cards over the layers once every layer at a place is taken', () => {
    const placement = new CardPlacement();
    for (let slot = 0; slot < LAYERS + 3; slot++) placement.place(slot, ST_LOUIS.lat, ST_LOUIS.lng);
    const extra = [LAYERS, LAYERS + 1, LAYERS + 2].map((slot) => layerOf(placement, slot));
    // Not all piled on the top (or bottom) layer.
    expect(new Set(extra).size).toBe(3);
    for (const layer of extra) expect(layer).toBeLessThan(LAYERS);
  });

  it('lifts a card that overlaps a neighbour a little way off, even across grid cells', () => {
    const placement = new CardPlacement();
    // About 0.2 world units apart on the shell (less than a card's width), either side of x = 0,
    // where the grid's cells meet.
    placement.place(0, 0, -91);
    placement.place(1, 0, -89);
    expect([layerOf(placement, 0), layerOf(placement, 1)]).toEqual([0, 1]);
  });

  it('keeps cards that do not overlap on the shell', () => {
    const placement = new CardPlacement();
    placement.place(0, ST_LOUIS.lat, ST_LOUIS.lng);
    placement.place(1, ST_LOUIS.lat, ST_LOUIS.lng + 40); // 3.3 units: two card widths away
    placement.place(2, -30, 20);
    expect([0, 1, 2].map((slot) => layerOf(placement, slot))).toEqual([0, 0, 0]);
  });

  it('frees a height when its card is removed: the next card there takes it', () => {
    const placement = new CardPlacement();
    placement.place(0, ST_LOUIS.lat, ST_LOUIS.lng);
    placement.place(1, ST_LOUIS.lat, ST_LOUIS.lng);
    placement.unplace(0);
    placement.place(2, ST_LOUIS.lat, ST_LOUIS.lng);
    expect(layerOf(placement, 2)).toBe(0);
    // The card still there keeps its own height.
    expect(layerOf(placement, 1)).toBe(1);
  });

  it('frees a height when its card moves away, and sinks a moved card to the lowest free one', () => {
    const placement = new CardPlacement();
    placement.place(0, ST_LOUIS.lat, ST_LOUIS.lng);
    placement.place(1, ST_LOUIS.lat, ST_LOUIS.lng);
    placement.place(1, -30, 20);
    expect(layerOf(placement, 1)).toBe(0);
    placement.place(2, ST_LOUIS.lat, ST_LOUIS.lng);
    expect(layerOf(placement, 2)).toBe(1);
    // Moving a card to where it already is keeps its height: it does not make room from itself.
    placement.place(2, ST_LOUIS.lat, ST_LOUIS.lng);
    expect(layerOf(placement, 2)).toBe(1);
  });

  it('places any number of cards (its arrays grow as slots do)', () => {
    const placement = new CardPlacement();
    for (let slot = 0; slot < 300; slot++) placement.place(slot, -60 + slot * 0.4, slot * 1.2);
    expect(placement.homePositions.length).toBeGreaterThanOrEqual(300 * 3);
    expect(length(placement.home(299))).toBeGreaterThanOrEqual(CARD_SHELL_RADIUS - 1e-6);
    expect(length(placement.home(0))).toBeCloseTo(CARD_SHELL_RADIUS, 5);
  });
});

describe('card slots', () => {
  it('gives a removed card’s slot to the next card, and keeps ids and slots in step', () => {
    const slots = new CardSlots();
    expect([slots.add('a'), slots.add('b'), slots.add('c')]).toEqual([0, 1, 2]);
    expect(slots.remove('b')).toBe(1);
    expect(slots.remove('b')).toBeUndefined();
    expect([slots.slotOf('b'), slots.idOf(1), slots.isLive(1), slots.count]).toEqual([
      -1,
      null,
      false,
      2,
    ]);
    expect(slots.add('d')).toBe(1);
    expect([slots.idOf(1), slots.slotOf('d'), slots.used, slots.count]).toEqual(['d', 1, 3, 3]);
    expect([...slots.idList()]).toEqual(['a', 'c', 'd']);
    expect([...slots.slots()]).toEqual([0, 2, 1]);
  });
});
