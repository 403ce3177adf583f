/**
 * `npm run lint`'s check of the translation catalogs (issue 49): every message the code says
 * through the layer is in each catalog (`src/locales/*.po`), none is left there that the code no
 * longer says, every Spanish and Bosnian message is translated, keeps the English's placeholders
 * and compiles, and Bosnian plurals have their three forms. Prints each problem and exits 1.
 */
import { getCatalogs, createCompiledCatalog } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { catalogProblems, type CatalogEntries } from './catalogProblems';

const config = getConfig({ cwd: process.cwd() });
/** Translated: the two languages, and the tests' pseudo-locale (written by pseudoCatalog.ts). */
const TRANSLATED = ['es', 'bs', 'pseudo'] as const;

const problems: string[] = [];
for (const catalog of await getCatalogs(config)) {
  const extracted = (await catalog.collect()) ?? {};
  const source = Object.fromEntries(
    Object.entries(extracted).map(([id, m]) => [
      id,
      { message: m.message ?? id, origin: m.origin },
    ]),
  );
  for (const locale of ['en', ...TRANSLATED]) {
    const read = ((await catalog.read(locale)) ?? {}) as CatalogEntries;
    problems.push(...catalogProblems(locale, source, read, locale !== 'en'));
    const messages = Object.fromEntries(
      Object.entries(read).map(([id, m]) => [id, m.translation || m.message || '']),
    );
    const { errors } = createCompiledCatalog(locale, messages, { namespace: 'es' });
    for (const error of errors)
      problems.push(`${locale}: "${error.id}" does not compile: ${String(error.error)}`);
  }
}

if (problems.length > 0) {
  console.error(`The translation catalogs (src/locales/) have ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error('Run `npm run i18n:extract`, then translate what is missing (src/i18n/README.md).');
  process.exit(1);
}
console.log('Translation catalogs: complete (en, es, bs).');
