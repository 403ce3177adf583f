import { describe, expect, it } from 'vitest';
import {
  anglesFacing,
  clampRadius,
  mobileRotationLimits,
  nearestAngle,
  orbitBasis,
} from '@/globe/camera/limits';
import { coverCrop, galleryCells, galleryGrid } from '@/globe/cardFaceLayout';
import { nearestNeighbourLinks } from '@/globe/categoryLinks';
import {
  arcPoints,
  cardBasis,
  dot,
  latLngToVector,
  length,
  writeCardMatrix,
  type Vec3,
} from '@/globe/geo';
import { revealSchedule, REVEAL_CAP_MS } from '@/globe/reveal';
import { chooseAtlasLayout, textureBytes, tileRect } from '@/globe/textures/atlasLayout';
import { ease, tweenAt } from '@/globe/tween';
import { isMobileUserAgent } from '@/lib/device';

const close = (a: number, b: number, eps = 1e-9) => expect(Math.abs(a - b)).toBeLessThan(eps);

describe('lat/lng placement', () => {
  it('puts the poles on the Y axis and the equator around it', () => {
    const north = latLngToVector(90, 0, 5);
    close(north[1], 5);
    close(Math.hypot(north[0], north[2]), 0, 1e-6);
    expect(latLngToVector(-90, 45, 5)[1]).toBeCloseTo(-5);
    expect(latLngToVector(0, 30, 5)[1]).toBeCloseTo(0);
  });

  it('keeps every point on its sphere', () => {
    for (const [lat, lng] of [
      [38.63, -90.2],
      [-33.9, 18.4],
      [66, 179.9],
      [-60, -180],
    ] as const) {
      close(length(latLngToVector(lat, lng, 6.1)), 6.1, 1e-9);
    }
  });

  it('matches the map: longitude -180° at u = 0, east to the right of the meridian seen from outside', () => {
    // u of the mirrored Babylon sphere: 1 - atan2(-z, x) / 2π, as the sphere builder lays it out.
    const u = (p: Vec3) => 1 - ((((Math.atan2(-p[2], p[0]) / (2 * Math.PI)) % 1) + 1) % 1);
    close(u(latLngToVector(0, -90, 1)), 0.25, 1e-9);
    close(u(latLngToVector(0, 0, 1)), 0.5, 1e-9);
    close(u(latLngToVector(0, 90, 1)), 0.75, 1e-9);
  });

  it('gives cards a frame facing out, north up, reading left to right', () => {
    const p = latLngToVector(38.63, -90.2, 6.1);
    const { normal, up, right } = cardBasis(p);
    close(dot(normal, up), 0, 1e-9);
    close(dot(normal, right), 0, 1e-9);
    close(dot(up, right), 0, 1e-9);
    expect(dot(normal, p)).toBeGreaterThan(0);
    expect(up[1]).toBeGreaterThan(0); // towards the north pole
    // Seen from outside (looking along -normal), east is to the right.
    const east = latLngToVector(38.63, -89.2, 6.1);
    expect(dot(right, [east[0] - p[0], east[1] - p[1], east[2] - p[2]])).toBeGreaterThan(0);
  });

  it('has a frame at the poles too', () => {
    const { up, right } = cardBasis([0, 6.1, 0]);
    close(length(up), 1, 1e-9);
    close(length(right), 1, 1e-9);
  });

  it('writes the card matrix with the position as translation', () => {
    const out = new Float32Array(32);
    const p = latLngToVector(10, 20, 6.1);
    writeCardMatrix(p, out, 16);
    expect([out[28], out[29], out[30], out[31]].map((v) => Number(v?.toFixed(4)))).toEqual([
      ...p.map((v) => Number(v.toFixed(4))),
      1,
    ]);
  });

  it('curves links above the shell, from one card to the other', () => {
    const a = latLngToVector(0, 0, 6.1);
    const b = latLngToVector(0, 60, 6.1);
    const points = arcPoints(a, b, 24);
    expect(points).toHaveLength(25);
    points[0]?.forEach((v, i) => close(v, a[i] as number, 1e-9));
    points[24]?.forEach((v, i) => close(v, b[i] as number, 1e-9));
    expect(length(points[12] as Vec3)).toBeGreaterThan(6.4);
    for (const p of points) expect(length(p)).toBeGreaterThanOrEqual(6.1 - 1e-9);
  });
});

describe('gallery card grid (SPEC §9)', () => {
  it.each([
    [1, 1, 1],
    [2, 2, 1],
    [3, 2, 2],
    [4, 2, 2],
    [5, 4, 2],
    [8, 4, 2],
    [12, 4, 2],
  ])('%i images → %i columns × %i rows', (count, columns, rows) => {
    expect(galleryGrid(count)).toEqual({ columns, rows });
  });

  it('places at most 8 images row by row inside the card', () => {
    const cells = galleryCells(10, { x: 0, y: 0, width: 166, height: 100 }, 2);
    expect(cells).toHaveLength(8);
    expect(cells[0]).toEqual({ x: 0, y: 0, width: 40, height: 49 });
    expect(cells[4]).toMatchObject({ x: 0, y: 51 });
    const last = cells[7] as { x: number; y: number; width: number; height: number };
    close(last.x + last.width, 166);
    close(last.y + last.height, 100);
  });

  it('crops images to fill their cell, centred', () => {
    expect(coverCrop(1600, 900, 100, 100)).toEqual({ x: 350, y: 0, width: 900, height: 900 });
    expect(coverCrop(900, 1600, 166, 100)).toMatchObject({ x: 0, width: 900 });
  });
});

describe('category links: nearest neighbours, at most 2 per card', () => {
  const ring = Array.from({ length: 12 }, (_, i) => latLngToVector(0, i * 30, 6.1));

  it('links each card to its nearest neighbours', () => {
    const links = nearestNeighbourLinks(ring);
    // On a ring every card's nearest are its two sides: the ring itself.
    expect(links).toHaveLength(12);
    for (const [i, j] of links) expect([1, 11]).toContain(Math.abs(i - j));
  });

  it('never gives a card more than 2 links, even in a crowd', () => {
    const crowd: Vec3[] = Array.from({ length: 200 }, (_, i) =>
      latLngToVector(Math.sin(i * 12.9898) * 60, Math.cos(i * 78.233) * 170, 6.1),
    );
    const links = nearestNeighbourLinks(crowd);
    const degree = new Map<number, number>();
    for (const [i, j] of links) {
      expect(i).toBeLessThan(j);
      degree.set(i, (degree.get(i) ?? 0) + 1);
      degree.set(j, (degree.get(j) ?? 0) + 1);
    }
    expect(Math.max(...degree.values())).toBeLessThanOrEqual(2);
    expect(new Set(links.map(([i, j]) => `${i}:${j}`)).size).toBe(links.length);
    expect(links.length).toBeGreaterThan(150);
  });

  it('has nothing to link for fewer than 2 cards', () => {
    expect(nearestNeighbourLinks([])).toEqual([]);
    expect(nearestNeighbourLinks([[1, 0, 0]])).toEqual([]);
    expect(
      nearestNeighbourLinks([
        [1, 0, 0],
        [0, 1, 0],
      ]),
    ).toEqual([[0, 1]]);
  });
});

describe('camera limits', () => {
  it('keeps the zoom between 10 and 50', () => {
    expect(clampRadius(4)).toBe(10);
    expect(clampRadius(25)).toBe(25);
    expect(clampRadius(80)).toBe(50);
  });

  it('limits mobile rotation to about 33° around the start', () => {
    const limits = mobileRotationLimits(1, 1.2);
    close(limits.upperAlpha - 1, (33 * Math.PI) / 180);
    close(1 - limits.lowerAlpha, (33 * Math.PI) / 180);
    close(limits.upperBeta - 1.2, (33 * Math.PI) / 180);
    const nearPole = mobileRotationLimits(0, 0.2);
    expect(nearPole.lowerBeta).toBeGreaterThan(0);
  });

  it('turns the short way round', () => {
    close(nearestAngle(0.1, 2 * Math.PI - 0.1), -0.1);
    close(nearestAngle(3, -3), 2 * Math.PI - 3);
    close(nearestAngle(10, 10.5), 10.5);
  });

  it('faces a card: the camera sits on its side of the globe, looking at the centre', () => {
    const card = latLngToVector(38.63, -90.2, 6.1);
    const { alpha, beta } = anglesFacing(card);
    const { position, forward } = orbitBasis(alpha, beta, 14);
    const n = card.map((v) => v / 6.1) as Vec3;
    close(dot(position, n) / 14, 1, 1e-9);
    close(dot(forward, n), -1, 1e-9);
  });
});

describe('reveal schedule', () => {
  it('reveals a small archive one card per 100 ms, in a random order', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const times = revealSchedule(40, random);
    expect([...times].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i * 100));
    expect(times).not.toEqual(Array.from({ length: 40 }, (_, i) => i * 100));
  });

  it('caps a large archive at about 5 s, several cards per tick', () => {
    const times = revealSchedule(10_000);
    expect(Math.max(...times)).toBeLessThan(REVEAL_CAP_MS);
    const perTick = times.filter((t) => t === 0).length;
    expect(perTick).toBe(200);
  });
});

describe('atlas memory', () => {
  it('gives a small archive sharp faces', () => {
    const layout = chooseAtlasLayout(40);
    expect(layout.tileWidth).toBe(256);
    expect(layout.capacity).toBeGreaterThanOrEqual(40);
    expect(textureBytes(layout.size, layout.size)).toBeLessThanOrEqual(25 * 1024 * 1024);
  });

  it.each([100, 1_000, 10_000, 20_000])(
    'fits %i cards in one atlas of at most 4096² (≤ 256 MB with the map)',
    (n) => {
      const layout = chooseAtlasLayout(n);
      expect(layout.capacity).toBeGreaterThanOrEqual(Math.min(n, layout.capacity));
      if (n <= 10_000) expect(layout.capacity).toBeGreaterThanOrEqual(n);
      expect(layout.size).toBeLessThanOrEqual(4096);
      const map = textureBytes(4096, 2048);
      expect(textureBytes(layout.size, layout.size) + map).toBeLessThanOrEqual(256 * 1024 * 1024);
    },
  );

  it('keeps tiles apart, inside the texture', () => {
    const layout = chooseAtlasLayout(1_000);
    const last = tileRect(layout, layout.capacity - 1);
    expect(last.x + layout.tileWidth + layout.gutter).toBeLessThanOrEqual(layout.size);
    expect(last.y + layout.tileHeight + layout.gutter).toBeLessThanOrEqual(layout.size);
    const a = tileRect(layout, 0);
    const b = tileRect(layout, 1);
    expect(b.x - a.x).toBe(layout.tileWidth + 2 * layout.gutter);
  });
});

describe('tweens', () => {
  it('eases out and clamps', () => {
    expect(ease(-1)).toBe(0);
    expect(ease(2)).toBe(1);
    expect(ease(0.5)).toBeCloseTo(0.875);
    expect(tweenAt(1, 0.5, 0, 1, 0.5)).toBe(0);
    expect(tweenAt(1, 0.5, 0, 1, 2)).toBe(1);
    expect(tweenAt(1, 0, 0.4, 1, 0)).toBe(1);
  });
});

describe('mobile user agents (SPEC §2)', () => {
  it.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8)',
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)',
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80)',
    'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; IEMobile/10.0)',
    'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900)',
  ])('%s is mobile', (ua) => expect(isMobileUserAgent(ua)).toBe(true));

  it('a desktop browser is not', () => {
    expect(
      isMobileUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
      ),
    ).toBe(false);
  });
});
