/**
 * The translation layer's catalogs (issue 49): English is the source, Spanish and Bosnian (Latin
 * script) translate it, and `pseudo` is the tests' pseudo-locale (accented, lengthened text
 * written from the English by scripts/i18n/pseudoCatalog.ts; never offered to visitors). `npm run i18n:extract` writes every
 * message the code says through the layer into the gettext catalogs (`src/locales/*.po`, which
 * Poedit, Weblate or Crowdin open); `npm run lint` fails on a message missing from any of them.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'bs', 'pseudo'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**'],
    },
  ],
  // Translator comments (`#.`) and where each message is used (`#:`, without line numbers, so a
  // change of lines elsewhere does not touch every catalog).
  format: formatter({ lineNumbers: false }),
  orderBy: 'origin',
});
