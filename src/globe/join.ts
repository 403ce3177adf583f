/**
 * The data join by id (as three-globe's layers and D3 do it): which items enter, which stay
 * (with their previous and next versions, identical or not), which leave. Pure; the layers act
 * on the answer.
 */
export interface Join<T> {
  /** New ids, in the order of the items. */
  entered: T[];
  /** Ids present before and now, in the order of the items. */
  kept: { previous: T; next: T }[];
  /** Ids gone, in their previous order. */
  exited: T[];
  /** The items by id, for the next join. */
  byId: Map<string, T>;
}

export function joinById<T>(
  previous: ReadonlyMap<string, T>,
  items: readonly T[],
  idOf: (item: T) => string,
): Join<T> {
  const byId = new Map<string, T>();
  const entered: T[] = [];
  const kept: { previous: T; next: T }[] = [];
  for (const item of items) {
    const id = idOf(item);
    byId.set(id, item);
    const before = previous.get(id);
    if (before === undefined) entered.push(item);
    else kept.push({ previous: before, next: item });
  }
  const exited = [...previous].filter(([id]) => !byId.has(id)).map(([, item]) => item);
  return { entered, kept, exited, byId };
}
