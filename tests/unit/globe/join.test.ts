import { describe, expect, it } from 'vitest';
import { joinById } from '@/globe/join';

/* The data join by id that keeps the globe's cards in step with the archive's items. */

interface Item {
  id: string;
  v: number;
}
const idOf = (item: Item) => item.id;
const byId = (...items: Item[]) => new Map(items.map((item) => [item.id, item]));

describe('joinById', () => {
  it('sorts items into entered, kept (with both versions) and exited', () => {
    const a = { id: 'a', v: 1 };
    const b = { id: 'b', v: 1 };
    const c = { id: 'c', v: 1 };
    const b2 = { id: 'b', v: 2 };
    const d = { id: 'd', v: 1 };
    const join = joinById(byId(a, b, c), [d, b2, a], idOf);
    expect(join.entered).toEqual([d]);
    expect(join.kept).toEqual([
      { previous: b, next: b2 },
      { previous: a, next: a },
    ]);
    expect(join.exited).toEqual([c]);
    expect([...join.byId.keys()]).toEqual(['d', 'b', 'a']);
  });

  it('enters everything into an empty globe, and exits everything for an empty archive', () => {
    const items = [
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
    ];
    const first = joinById(new Map(), items, idOf);
    expect(first.entered).toEqual(items);
    expect(first.kept).toEqual([]);
    expect(first.exited).toEqual([]);
    const last = joinById(first.byId, [], idOf);
    expect(last.exited).toEqual(items);
    expect(last.byId.size).toBe(0);
  });

  it('keeps the very same object as unchanged, so a repeated update costs nothing', () => {
    const a = { id: 'a', v: 1 };
    const join = joinById(byId(a), [a], idOf);
    expect(join.kept[0]?.previous).toBe(join.kept[0]?.next);
  });
});
