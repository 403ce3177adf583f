import { MAX_CATEGORY_LINKS_PER_NODE } from '@/lib/constants';
import type { Vec3 } from '@/globe/geo';

/** How many nearest neighbours of each card are considered as link candidates. */
const CANDIDATES_PER_CARD = 4;

/**
 * Links each point to its nearest neighbours, at most `maxPerPoint` links per point (SPEC: 2 per
 * node while a category is selected). Candidate pairs (each point's few nearest) are taken
 * shortest first, and a pair is kept only while both ends have room, so every point gets its
 * closest available neighbours and no point exceeds the cap.
 *
 * @returns pairs of indexes into `points`, each pair once, lower index first.
 */
export function nearestNeighbourLinks(
  points: readonly Vec3[],
  maxPerPoint = MAX_CATEGORY_LINKS_PER_NODE,
): [number, number][] {
  const n = points.length;
  if (n < 2 || maxPerPoint < 1) return [];
  const k = Math.min(CANDIDATES_PER_CARD, n - 1);
  const candidates = new Map<string, { i: number; j: number; d: number }>();
  const nearest: { j: number; d: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = points[i] as Vec3;
    nearest.length = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const b = points[j] as Vec3;
      const d = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
      if (nearest.length < k || d < (nearest[nearest.length - 1] as { d: number }).d) {
        nearest.push({ j, d });
        nearest.sort((x, y) => x.d - y.d);
        if (nearest.length > k) nearest.pop();
      }
    }
    for (const { j, d } of nearest) {
      const key = i < j ? `${i}:${j}` : `${j}:${i}`;
      if (!candidates.has(key)) candidates.set(key, { i: Math.min(i, j), j: Math.max(i, j), d });
    }
  }
  const degree = new Uint8Array(n);
  const links: [number, number][] = [];
  for (const { i, j } of [...candidates.values()].sort(
    (x, y) => x.d - y.d || x.i - y.i || x.j - y.j,
  )) {
    if ((degree[i] as number) < maxPerPoint && (degree[j] as number) < maxPerPoint) {
      degree[i] = (degree[i] as number) + 1;
      degree[j] = (degree[j] as number) + 1;
      links.push([i, j]);
    }
  }
  return links;
}
