/**
 * What is wrong with one language's catalog against the messages the code says (issue 49): pure,
 * for `checkCatalogs.ts` and its unit test.
 */

/** A catalog as Lingui reads it: by message id. */
export type CatalogEntries = Record<
  string,
  { message?: string; translation?: string; obsolete?: boolean }
>;

/** The messages the code says, by id. */
export type SourceMessages = Record<string, { message: string; origin?: [string, number?][] }>;

/** The names of an ICU message's arguments and tags (`{count}`, `<0>`), sorted. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  // `{name}`, `{name, plural, …}`, `{name, select, …}`, `{0}`; not a `#` or literal words.
  for (const match of message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*(?:[,}])/g))
    names.add(`{${match[1]}}`);
  for (const match of message.matchAll(/<\/?(\d+)\s*\/?>/g)) names.add(`<${match[1]}>`);
  return [...names].sort();
}

function where(entry: { origin?: [string, number?][] } | undefined): string {
  const file = entry?.origin?.[0]?.[0];
  return file ? ` (${file})` : '';
}

export function catalogProblems(
  locale: string,
  source: SourceMessages,
  catalog: CatalogEntries,
  translated: boolean,
): string[] {
  const problems: string[] = [];
  for (const [id, entry] of Object.entries(source)) {
    const found = catalog[id];
    if (!found || found.obsolete) {
      problems.push(`${locale}: "${entry.message}" is not in the catalog${where(entry)}`);
      continue;
    }
    if (!translated) continue;
    const translation = found.translation ?? '';
    if (translation.trim() === '') {
      problems.push(`${locale}: "${entry.message}" is not translated${where(entry)}`);
      continue;
    }
    const want = placeholdersOf(entry.message).join(' ');
    const have = placeholdersOf(translation).join(' ');
    if (want !== have)
      problems.push(
        `${locale}: "${entry.message}" has placeholders ${want || 'none'}, its translation ${have || 'none'}`,
      );
    if (locale === 'bs' && /,\s*plural\s*,/.test(entry.message) && !/\bfew\s*\{/.test(translation))
      problems.push(`bs: "${entry.message}" needs the plural's three forms (one, few, other)`);
  }
  for (const [id, entry] of Object.entries(catalog))
    if (!source[id] && !entry.obsolete)
      problems.push(
        `${locale}: "${entry.message ?? id}" is in the catalog but no longer in the code`,
      );
  return problems;
}
