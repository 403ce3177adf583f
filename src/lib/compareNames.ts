/**
 * Orders names for people to read: letters without regard to case or accents ("église" beside
 * "Eglise", before "Fire"), then the exact text, so that the order is total and stable.
 *
 * Not `localeCompare` or `Intl.Collator`: their first use builds an ICU collator, measured at
 * ~95 ms of the main thread on a phone (CPU slowed 4×) when the archive arrives, the longest
 * part of that task; the categories are sorted on the way to the globe's first view. Names
 * here are short, and folding them costs microseconds.
 */
export function compareNames(a: string, b: string): number {
  const foldedA = fold(a);
  const foldedB = fold(b);
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The name without case and without accents (its combining marks, once decomposed). */
function fold(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
