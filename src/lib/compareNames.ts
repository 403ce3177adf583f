/**
 * Orders names for people to read: letters without regard to case or accents ("église" beside
 * "Eglise", before "Fire"), then the exact text, so that the order is total and stable.
 *
 * Not `localeCompare` or `Intl.Collator`: their first use builds an ICU collator, measured at
 * ~95 ms of the main thread on a phone (CPU slowed 4×) when the archive arrives, the longest
 * part of that task; the categories are sorted on the way to the globe's first view.
 */
export function compareNames(a: string, b: string): number {
  return compareKeys(keyOf(a), keyOf(b));
}

/**
 * `items` in the order of `compareNames` by `nameOf`, each name folded once rather than at every
 * comparison: 10,000 titles sort in ~25 ms this way, ~350 ms folding at each comparison.
 */
export function sortedByName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, key: keyOf(nameOf(item)) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ item }) => item);
}

interface NameKey {
  /** The name without case and without accents (its combining marks, once decomposed). */
  folded: string;
  name: string;
}

/** Text without case and without accents ("Église" → "eglise"): its combining marks, once decomposed. */
export function foldText(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // Letters of their own that no accent mark makes (issue 49): Bosnian's đ ("Đorđević" is
      // found by "Dordevic"), and its neighbours'.
      .replace(/[đĐ]/g, 'd')
      .replace(/[łŁ]/g, 'l')
      .replace(/[øØ]/g, 'o')
      .replace(/ß/g, 'ss')
      .toLowerCase()
  );
}

function keyOf(name: string): NameKey {
  return { folded: foldText(name), name };
}

function compareKeys(a: NameKey, b: NameKey): number {
  if (a.folded !== b.folded) return a.folded < b.folded ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
