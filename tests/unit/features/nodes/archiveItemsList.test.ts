import { describe, expect, it } from 'vitest';
import { keptCount } from '@/features/nodes/ArchiveItemsList';
import type { MediaNode } from '@/lib/nodeModel';

const items = (ids: number[]) => ids.map((i) => ({ video_id: `n${i}` }) as MediaNode);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('the Archive items list as the filter changes', () => {
  it('keeps the rows already shown and adds at most a first batch of new ones', () => {
    // 2,000 rows shown; the range moves one bar: ten leave, ten others come in the middle.
    const shown = items(range(0, 2000));
    const next = items([...range(0, 1000), ...range(5000, 5010), ...range(1010, 3000)]);
    expect(keptCount(shown, next)).toBe(2000 + 24 - 10);
    // Everything new (another search): the first batch only.
    expect(keptCount(shown, items(range(9000, 9500)))).toBe(24);
    // Fewer items than a batch: never below it (the list caps at what there is).
    expect(keptCount(shown, items([1, 2]))).toBe(24);
  });
});
