import { describe, expect, it } from 'vitest';
import { START_RADIUS } from '@/globe/camera/limits';
import {
  cardDistance,
  clusterBadge,
  clusterCards,
  clusterSpacing,
  fanLayout,
  radiusForSpacing,
  splitSpacing,
} from '@/globe/clusters';
import {
  ARC_MAX_RADIUS,
  CARD_SHELL_RADIUS,
  GLOBE_RADIUS,
  arcPoints,
  cardBasis,
  cross,
  dot,
  latLngToVector,
  length,
  normalize,
  type Vec3,
} from '@/globe/geo';
import { CARD_HEIGHT, CARD_WIDTH, ZOOM_MAX, ZOOM_MIN } from '@/lib/constants';

/** A point `across` card widths right and `up` card heights above `at`, on the shell. */
function beside(at: Vec3, across: number, up: number): Vec3 {
  const basis = cardBasis(at);
  const p = normalize([
    at[0] + basis.right[0] * across * CARD_WIDTH + basis.up[0] * up * CARD_HEIGHT,
    at[1] + basis.right[1] * across * CARD_WIDTH + basis.up[1] * up * CARD_HEIGHT,
    at[2] + basis.right[2] * across * CARD_WIDTH + basis.up[2] * up * CARD_HEIGHT,
  ]);
  return [p[0] * CARD_SHELL_RADIUS, p[1] * CARD_SHELL_RADIUS, p[2] * CARD_SHELL_RADIUS];
}

function group(points: Vec3[], spacing: number, order = points.map((_, i) => i)) {
  return clusterCards({ positions: points.flat(), order, spacing });
}

const stLouis = latLngToVector(38.63, -90.2, CARD_SHELL_RADIUS);

/** Deterministic pseudo-random numbers (a fixed LCG), so a failing case can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('cluster spacing (a fixed box of pixels at any zoom)', () => {
  it('is one card at the starting zoom, less closer in, more further out', () => {
    expect(clusterSpacing(START_RADIUS)).toBeCloseTo(1, 9);
    const closest = clusterSpacing(ZOOM_MIN);
    expect(closest).toBeCloseTo(
      (ZOOM_MIN - CARD_SHELL_RADIUS) / (START_RADIUS - CARD_SHELL_RADIUS),
    );
    expect(closest).toBeLessThan(0.65);
    let previous = 0;
    for (let r = ZOOM_MIN; r <= ZOOM_MAX; r += 0.5) {
      const spacing = clusterSpacing(r);
      expect(spacing).toBeGreaterThan(previous);
      previous = spacing;
      expect(radiusForSpacing(spacing)).toBeCloseTo(r, 9);
    }
    // Far out the box shrinks with √zoom: tens of clusters on the globe, not a handful.
    expect(clusterSpacing(ZOOM_MAX)).toBeLessThan(3);
  });

  it('measures distances as a face-on view of the card shows them, in card sizes', () => {
    expect(cardDistance(stLouis, beside(stLouis, 0.5, 0))).toBeCloseTo(0.5, 2);
    expect(cardDistance(stLouis, beside(stLouis, 0, 0.8))).toBeCloseTo(0.8, 1);
    expect(cardDistance(stLouis, beside(stLouis, -0.3, 0.6))).toBeCloseTo(0.6, 2);
    // Layer heights do not count: only the direction from the centre does.
    const higher = stLouis.map((v) => v * 1.05) as Vec3;
    expect(cardDistance(higher, beside(stLouis, 0.5, 0))).toBeCloseTo(0.5, 2);
    // Across the globe, two cards never meet on screen.
    expect(cardDistance(stLouis, stLouis.map((v) => -v) as Vec3)).toBe(Infinity);
  });
});

describe('grouping cards in screen space', () => {
  it('gathers cards that would overlap and leaves apart those that would not', () => {
    const points = [
      stLouis,
      beside(stLouis, 0.4, 0.2),
      beside(stLouis, 1.3, 0),
      beside(stLouis, 0, 1.2),
    ];
    const { leaderOf, members } = group(points, 1);
    expect([...leaderOf]).toEqual([0, 0, 2, 3]);
    expect(members.get(0)).toEqual([0, 1]);
    expect(members.get(2)).toEqual([2]);
    expect(members.size).toBe(3);
  });

  it('splits a cluster when zooming in, and gathers more zooming out', () => {
    // 0.8 of a card apart across: one cluster at the starting zoom, two cards at the closest.
    const pair = [stLouis, beside(stLouis, 0.8, 0)];
    expect(group(pair, clusterSpacing(START_RADIUS)).members.size).toBe(1);
    expect(group(pair, clusterSpacing(ZOOM_MIN)).members.size).toBe(2);
    // 1.5 cards apart: apart at the start, together further out.
    const apart = [stLouis, beside(stLouis, 1.5, 0)];
    expect(group(apart, clusterSpacing(START_RADIUS)).members.size).toBe(2);
    expect(group(apart, clusterSpacing(30)).members.size).toBe(1);
  });

  it('never leaves two shown cards overlapping at the starting zoom', () => {
    const next = random(7);
    const points: Vec3[] = Array.from({ length: 3000 }, () =>
      latLngToVector(-60 + next() * 120, -180 + next() * 360, CARD_SHELL_RADIUS),
    );
    const { leaderOf, members } = group(points, 1);
    const leaders = [...members.keys()];
    expect(leaders.length).toBeGreaterThan(100);
    expect(leaders.length).toBeLessThan(3000);
    for (let i = 0; i < leaders.length; i++)
      for (let j = i + 1; j < leaders.length; j++)
        expect(
          cardDistance(points[leaders[i] as number] as Vec3, points[leaders[j] as number] as Vec3),
        ).toBeGreaterThanOrEqual(1 - 1e-6);
    // Every card is in exactly one cluster, and its cluster's leader is near it.
    let total = 0;
    for (const [leader, group] of members) {
      total += group.length;
      expect(group[0]).toBe(leader);
      for (const slot of group) {
        expect(leaderOf[slot]).toBe(leader);
        expect(cardDistance(points[leader] as Vec3, points[slot] as Vec3)).toBeLessThan(1);
      }
    }
    expect(total).toBe(3000);
  });

  it('lets the first card in the order lead, so a cluster with a match shows one', () => {
    const points = [stLouis, beside(stLouis, 0.2, 0), beside(stLouis, 0.3, 0.1)];
    // Card 2 matches the filter: it comes first and leads.
    const { members } = group(points, 1, [2, 0, 1]);
    expect([...members.keys()]).toEqual([2]);
    expect(members.get(2)?.[0]).toBe(2);
    expect([...(members.get(2) ?? [])].sort()).toEqual([0, 1, 2]);
  });

  it('counts a cluster by its matching items while a filter is on, dimmed when none match', () => {
    const matched = (slot: number) => slot === 4 || slot === 7;
    expect(clusterBadge([4, 5, 6, 7], matched, false)).toEqual({
      text: '4',
      dim: false,
      matching: 2,
    });
    expect(clusterBadge([4, 5, 6, 7], matched, true)).toEqual({
      text: '2',
      dim: false,
      matching: 2,
    });
    expect(clusterBadge([1, 2, 3], matched, true)).toEqual({ text: '3', dim: true, matching: 0 });
  });

  it('ignores unused slots and groups 10,000 cards on a sphere in linear time', () => {
    const n = 10_000;
    const golden = Math.PI * (3 - Math.sqrt(5));
    const points: Vec3[] = Array.from({ length: n }, (_, i) => {
      const y = 1 - (2 * (i + 0.5)) / n;
      const r = Math.sqrt(1 - y * y);
      return [Math.cos(i * golden) * r * 6.1, y * 6.1, Math.sin(i * golden) * r * 6.1];
    });
    const started = performance.now();
    const atStart = group(points, 1);
    const elapsed = performance.now() - started;
    // Cards cover the shell ~35 times over at 10,000: about a card's area per shown card.
    const shellArea = 4 * Math.PI * CARD_SHELL_RADIUS ** 2;
    expect(atStart.members.size).toBeGreaterThan(shellArea / (CARD_WIDTH * CARD_HEIGHT) / 4);
    expect(atStart.members.size).toBeLessThan((shellArea / (CARD_WIDTH * CARD_HEIGHT)) * 1.5);
    expect(group(points, clusterSpacing(ZOOM_MIN)).members.size).toBeGreaterThan(
      atStart.members.size * 2,
    );
    expect(elapsed).toBeLessThan(1000);
    const sparse = clusterCards({
      positions: [...stLouis, 0, 0, 0, ...stLouis],
      order: [0, 2],
      spacing: 1,
    });
    expect([...sparse.leaderOf]).toEqual([0, -1, 0]);
  });
});

describe('opening a cluster', () => {
  it('flies to a zoom where at least half of its cards come out', () => {
    const points = [
      stLouis,
      beside(stLouis, 0.65, 0),
      beside(stLouis, 0.8, 0),
      beside(stLouis, 0, 0.9),
    ];
    const { members } = group(points, 1);
    const cluster = members.get(0) as number[];
    expect(cluster).toHaveLength(4);
    const spacing = splitSpacing(points.flat(), cluster);
    const radius = radiusForSpacing(spacing);
    expect(radius).toBeLessThan(START_RADIUS);
    expect(radius).toBeGreaterThan(ZOOM_MIN);
    const after = group(points, clusterSpacing(radius));
    expect((after.members.get(0) as number[]).length).toBeLessThanOrEqual(2);
    expect(splitSpacing(points.flat(), [0])).toBe(0);
  });

  it('fans cards out in a grid that does not overlap and fits the view', () => {
    for (const count of [2, 3, 5, 9, 16, 24, 60]) {
      const { offsets, scale } = fanLayout(count);
      expect(offsets).toHaveLength(count);
      const xs = offsets.map(([x]) => x);
      const ys = offsets.map(([, y]) => y);
      expect(Math.max(...xs) - Math.min(...xs) + CARD_WIDTH * scale).toBeLessThan(3.5 * CARD_WIDTH);
      for (let i = 0; i < count; i++)
        for (let j = i + 1; j < count; j++) {
          const [ax, ay] = offsets[i] as [number, number];
          const [bx, by] = offsets[j] as [number, number];
          const apart =
            Math.abs(ax - bx) >= CARD_WIDTH * scale - 1e-9 ||
            Math.abs(ay - by) >= CARD_HEIGHT * scale - 1e-9;
          expect(apart).toBe(true);
        }
      // Centred on the cluster's place.
      expect(Math.abs(Math.max(...ys) + Math.min(...ys))).toBeLessThan(1e-9);
    }
  });
});

describe('links that hug the globe', () => {
  const pairs: [string, Vec3, Vec3][] = [
    ['neighbours', stLouis, beside(stLouis, 2, 0)],
    ['a continent apart', latLngToVector(38, -90, 6.1), latLngToVector(40, -3, 6.1)],
    ['a quarter turn', latLngToVector(0, 0, 6.1), latLngToVector(0, 90, 6.1)],
    ['opposite', latLngToVector(10, 20, 6.1), latLngToVector(-10, -160, 6.1)],
    ['lifted ends', latLngToVector(0, 0, 6.74), latLngToVector(5, 120, 6.55)],
  ];

  it.each(pairs)(
    '%s: along the great circle, above the globe, never past 1.5 × its radius',
    (_, a, b) => {
      const points = arcPoints(a, b, 24);
      expect(ARC_MAX_RADIUS).toBe(1.5 * GLOBE_RADIUS);
      points[0]?.forEach((v, i) => expect(v).toBeCloseTo(a[i] as number, 9));
      points[24]?.forEach((v, i) => expect(v).toBeCloseTo(b[i] as number, 9));
      const plane = normalize(cross(a, points[12] as Vec3));
      for (const p of points) {
        expect(length(p)).toBeLessThanOrEqual(ARC_MAX_RADIUS + 1e-9);
        expect(length(p)).toBeGreaterThanOrEqual(Math.min(length(a), length(b)) - 1e-9);
        // On the plane through the centre and both ends: the great circle.
        expect(Math.abs(dot(plane, normalize(p)))).toBeLessThan(1e-9);
      }
    },
  );

  it('rises with the distance between its ends', () => {
    const peak = (lng: number) =>
      Math.max(
        ...arcPoints(latLngToVector(0, 0, 6.1), latLngToVector(0, lng, 6.1), 24).map(length),
      );
    expect(peak(5)).toBeLessThan(peak(20));
    expect(peak(20)).toBeLessThan(peak(50));
    expect(peak(5)).toBeGreaterThan(6.1);
    expect(peak(170)).toBeLessThanOrEqual(ARC_MAX_RADIUS);
  });
});
