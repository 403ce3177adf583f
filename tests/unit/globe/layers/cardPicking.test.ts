import { describe, expect, it } from 'vitest';
import { CARD_SHELL_RADIUS, cardBasis, latLngToVector, normalize, type Vec3 } from '@/globe/geo';
import { CardFrames, type PickCandidates } from '@/globe/layers/cardPicking';
import { CardPlacement } from '@/globe/layers/cardPlacement';
import { CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';

/*
 * Which card is under the pointer: the ray from the camera through the pointer against each card
 * as it is drawn (its place, its scale, its hover lift), the nearest winning, the globe hiding
 * what is behind it.
 */

const add = (a: Vec3, b: Vec3, k = 1): Vec3 => [a[0] + b[0] * k, a[1] + b[1] * k, a[2] + b[2] * k];
const towards = (from: Vec3, to: Vec3): Vec3 => normalize(add(to, from, -1));

/** Cards at full size, resting (nothing hovered), in slot order. */
function shown(
  slots: number[],
  pose: Partial<Record<number, { scale: number; lift: number }>> = {},
) {
  return {
    slots,
    pose: (slot: number) => pose[slot] ?? { scale: 1, lift: 0 },
    hovered: -1,
  } satisfies PickCandidates;
}

/** A camera 20 units out over a place, and the ray from it through a point. */
function rayFromAbove(lat: number, lng: number, through: Vec3): { origin: Vec3; direction: Vec3 } {
  const origin = latLngToVector(lat, lng, 20);
  return { origin, direction: towards(origin, through) };
}

describe('card picking', () => {
  const centre = latLngToVector(38.63, -90.2, CARD_SHELL_RADIUS);
  const { right, up } = cardBasis(centre);

  it('picks the card under the pointer, and nothing just beside it', () => {
    const frames = new CardFrames();
    frames.set(0, centre);
    const pick = (through: Vec3) => {
      const { origin, direction } = rayFromAbove(38.63, -90.2, through);
      return frames.pick(origin, direction, shown([0]));
    };
    expect(pick(centre)).toBe(0);
    // Inside its corners, and just past its edges (card sides: 1.66 wide, 1 high).
    expect(pick(add(add(centre, right, CARD_WIDTH * 0.45), up, CARD_HEIGHT * 0.45))).toBe(0);
    expect(pick(add(centre, right, CARD_WIDTH * 0.55))).toBe(-1);
    expect(pick(add(centre, right, -CARD_WIDTH * 0.55))).toBe(-1);
    expect(pick(add(centre, up, CARD_HEIGHT * 0.55))).toBe(-1);
  });

  it('picks a card shrunk by the filter only within its smaller face', () => {
    const frames = new CardFrames();
    frames.set(0, centre);
    const { origin, direction } = rayFromAbove(38.63, -90.2, add(centre, right, CARD_WIDTH * 0.4));
    expect(frames.pick(origin, direction, shown([0]))).toBe(0);
    expect(frames.pick(origin, direction, shown([0], { 0: { scale: 0.5, lift: 0 } }))).toBe(-1);
  });

  it('picks the top card where cards of a pile overlap, whatever order they were added in', () => {
    const placement = new CardPlacement();
    const frames = new CardFrames();
    for (const slot of [0, 1, 2]) frames.set(slot, placement.place(slot, 38.63, -90.2));
    const { origin, direction } = rayFromAbove(38.63, -90.2, centre);
    expect(frames.pick(origin, direction, shown([0, 1, 2]))).toBe(2);
    expect(frames.pick(origin, direction, shown([2, 0, 1]))).toBe(2);
    // The hovered card lifts above the others: it stays the one picked.
    expect(frames.pick(origin, direction, shown([0, 1, 2], { 0: { scale: 1, lift: 0.35 } }))).toBe(
      0,
    );
  });

  it('does not pick a card gathered into a cluster: the one below it is picked', () => {
    const placement = new CardPlacement();
    const frames = new CardFrames();
    for (const slot of [0, 1]) frames.set(slot, placement.place(slot, 38.63, -90.2));
    const { origin, direction } = rayFromAbove(38.63, -90.2, centre);
    const gathered = { 1: { scale: 0, lift: 0 } };
    expect(frames.pick(origin, direction, shown([0, 1], gathered))).toBe(0);
    expect(frames.pick(origin, direction, shown([1], gathered))).toBe(-1);
    // Nor one all but shrunk away into it (half a percent of its size, still under the pointer).
    expect(frames.pick(origin, direction, shown([1], { 1: { scale: 0.005, lift: 0 } }))).toBe(-1);
  });

  it('does not pick cards on the far side of the globe', () => {
    const frames = new CardFrames();
    frames.set(0, latLngToVector(-38.63, 89.8, CARD_SHELL_RADIUS)); // St. Louis's antipode
    frames.set(1, centre);
    const { origin, direction } = rayFromAbove(38.63, -90.2, [0, 0, 0]);
    // The ray through the globe's centre meets the near card, then the far one from behind.
    expect(frames.pick(origin, direction, shown([0, 1]))).toBe(1);
    expect(frames.pick(origin, direction, shown([0]))).toBe(-1);
  });

  it('keeps a hovered card under the pointer while it lifts toward the camera', () => {
    const frames = new CardFrames();
    frames.set(0, centre);
    const { normal } = cardBasis(centre);
    // Seen at a glancing angle (70° off the card's normal), a lift moves the card a long way
    // on screen: past its own height.
    const slant = normalize(add(normal, up, Math.tan((70 * Math.PI) / 180)));
    const origin = add(centre, slant, 10);
    const direction = towards(origin, centre);
    const lifted = { 0: { scale: 1, lift: 0.35 } };
    // A card lifted but no longer hovered (on its way down) is where it is drawn…
    expect(frames.pick(origin, direction, shown([0], lifted))).toBe(-1);
    // …but the hovered one also counts where it rests, so it does not flicker off and back.
    expect(frames.pick(origin, direction, { ...shown([0], lifted), hovered: 0 })).toBe(0);
  });
});
