/**
 * `npm run i18n:extract` (issue 49): Lingui's CLI writes every message the code says into the
 * catalogs, then the pseudo-locale is written from the English (pseudoCatalog.ts).
 *
 * A message can move between the two catalogs of a language (the start's and the rest's) when a
 * module joins or leaves the start chunk (a screen made lazy). `lingui extract --clean` would drop
 * its translation from the catalog it left and add it untranslated to the one it joined, so the
 * Spanish and Bosnian (and their reviewers' notes) are read from every catalog first and given
 * back to any entry that lost them. A translation is matched by the message's id (its English and
 * context), so a changed English is never given an old translation.
 */
import { spawnSync } from 'node:child_process';
import { getCatalogs, type CatalogType } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

type Entry = CatalogType[string];
const TRANSLATED = ['es', 'bs'] as const;

const config = getConfig({ cwd: process.cwd() });

async function readTranslations(): Promise<Map<string, Entry>> {
  const kept = new Map<string, Entry>();
  for (const catalog of await getCatalogs(config))
    for (const locale of TRANSLATED)
      for (const [id, entry] of Object.entries((await catalog.read(locale)) ?? {}))
        if (entry.translation) kept.set(`${locale}\u0000${id}`, entry);
  return kept;
}

const kept = await readTranslations();

const extract = spawnSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'inherit' });
if (extract.status !== 0) process.exit(extract.status ?? 1);

let given = 0;
for (const catalog of await getCatalogs(config))
  for (const locale of TRANSLATED) {
    const messages = (await catalog.read(locale)) ?? {};
    let changed = false;
    for (const [id, entry] of Object.entries(messages)) {
      const before = kept.get(`${locale}\u0000${id}`);
      if (!before) continue;
      const notes = (entry.extra as { translatorComments?: string[] } | undefined)
        ?.translatorComments;
      const notesBefore = (before.extra as { translatorComments?: string[] } | undefined)
        ?.translatorComments;
      if (!entry.translation) {
        entry.translation = before.translation;
        given += 1;
      } else if ((notes ?? []).length > 0 || (notesBefore ?? []).length === 0) continue;
      entry.extra = { flags: [], ...entry.extra, translatorComments: notesBefore ?? [] };
      changed = true;
    }
    if (changed) await catalog.write(locale, messages);
  }
if (given > 0) console.log(`Kept ${given} translation(s) of messages that changed catalogs.`);

const pseudo = spawnSync('npx', ['tsx', 'scripts/i18n/pseudoCatalog.ts'], { stdio: 'inherit' });
process.exit(pseudo.status ?? 1);
