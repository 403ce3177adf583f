/**
 * The words index.html paints before any script (issue 49), in English as it writes them: the
 * build's first paints in other languages (scripts/firstPaintLanguages.ts) put each in its
 * translation from the catalogs. The app says each through the translation layer too
 * (src/i18n/firstPaintWords.ts, which tests/unit/i18n/firstPaintWords.test.ts keeps equal to this
 * list and to index.html's words), so every one is in the catalogs.
 */
/** The tab's title on the home screen (also the web app manifest's name). */
export const TITLE_WORDS = 'Globe Archive: the St. Louis tornado of 16 May 2025';
/** The page description (also the manifest's). */
export const DESCRIPTION_WORDS =
  'A public archive of community videos and photos about the tornado that struck St. Louis on 16 May 2025, from Clayton into North City, explored on an interactive 3D globe.';

export const FIRST_PAINT_WORDS = [
  TITLE_WORDS,
  DESCRIPTION_WORDS,
  'Skip to content',
  'Globe Archive, home',
  'Site',
  'Stories',
  'About',
  'Resources',
  'Submit',
  'Contact',
  'Sign in',
  'Language of the site',
  'Introduction',
  'Skip intro',
  'Loading ...',
  "Loading the archive's images",
  'Globe Archive needs JavaScript to show the archive.',
] as const;
