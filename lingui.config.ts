/**
 * The translation layer's catalogs (issue 49): English is the source, Spanish and Bosnian (Latin
 * script) translate it, and `pseudo` is the tests' pseudo-locale (accented, lengthened text
 * written from the English by scripts/i18n/pseudoCatalog.ts; never offered to visitors). `npm run i18n:extract` writes every
 * message the code says through the layer into the gettext catalogs (`src/locales/*.po`, which
 * Poedit, Weblate or Crowdin open); `npm run lint` fails on a message missing from any of them.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { startModules } from './scripts/i18n/startModules.ts';

/** The files of the app's start chunk: their words load before the first render. */
const START = startModules(import.meta.dirname ?? process.cwd());

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'bs', 'pseudo'],
  fallbackLocales: { default: 'en' },
  // Two catalogs a language: the start's (what the first view can say, src/locales/start/) and
  // the rest's (the other screens, loaded after the first render), so a visitor's first load
  // carries a fraction of the words. A message said in both is in both.
  catalogs: [
    { path: '<rootDir>/src/locales/start/{locale}', include: START },
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', ...START],
    },
  ],
  // Translator comments (`#.`) and where each message is used (`#:`, without line numbers, so a
  // change of lines elsewhere does not touch every catalog).
  format: formatter({ lineNumbers: false }),
  orderBy: 'origin',
});
