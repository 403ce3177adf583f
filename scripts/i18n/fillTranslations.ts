/**
 * `npx tsx scripts/i18n/fillTranslations.ts FILE.json…` (issue 49): writes translations handed in
 * as JSON into the catalogs, for translators who work outside a PO editor. Each file maps the
 * English (the catalog's msgid) to its translations and an optional note for a reviewer:
 * `{ "Search the archive": { "es": "Buscar en el archivo", "bs": "Pretražite arhiv", "review": "…" } }`.
 * A note becomes a `# Review: …` translator comment on the languages it names (`es: …`, `bs: …`),
 * or on both. Prints what it could not place (an English the code does not say).
 */
import { readFileSync } from 'node:fs';
import { getCatalogs, type CatalogType } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

type Given = Record<string, { es?: string; bs?: string; review?: string }>;

const given: Given = Object.assign(
  {},
  ...process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')) as Given),
);
const config = getConfig({ cwd: process.cwd() });
const placed = new Set<string>();
for (const catalog of await getCatalogs(config))
  for (const locale of ['es', 'bs'] as const) {
    const messages: CatalogType = (await catalog.read(locale)) ?? {};
    for (const entry of Object.values(messages) as CatalogType[string][]) {
      const english = entry.message;
      const translation = english === undefined ? undefined : given[english]?.[locale];
      if (english === undefined || translation === undefined) continue;
      entry.translation = translation;
      placed.add(english);
      const review = given[english]?.review;
      const extra = (entry.extra ?? {}) as { translatorComments?: string[]; flags?: string[] };
      const notes = (extra.translatorComments ?? []).filter((c) => !c.startsWith('Review:'));
      const forLocale =
        review === undefined
          ? null
          : /^(es|bs):/.test(review)
            ? review
                .split(/;\s*(?=(?:es|bs):)/)
                .filter((part) => part.startsWith(`${locale}:`))
                .map((part) => part.slice(3).trim())
                .join('; ') || null
            : review;
      entry.extra = {
        ...extra,
        flags: extra.flags ?? [],
        translatorComments: forLocale ? [...notes, `Review: ${forLocale}`] : notes,
      };
    }
    await catalog.write(locale, messages);
  }
const unplaced = Object.keys(given).filter((english) => !placed.has(english));
if (unplaced.length > 0) {
  console.log(`${unplaced.length} translation(s) match no message in the code:`);
  for (const english of unplaced) console.log(`  ${JSON.stringify(english)}`);
}
console.log(`Filled ${placed.size} message(s).`);
