/**
 * The document's own words (issue 49): the tab's title and the page's description, which the
 * app writes back when nothing is open, and the words index.html paints before any script that
 * no component says (the preloader's note for a browser without JavaScript). The build's first
 * paints in Spanish and Bosnian take their translations from the catalogs
 * (scripts/firstPaintLanguages.ts, with scripts/firstPaintWords.ts's list of index.html's words).
 */
import { msg } from '@lingui/core/macro';

/** The archive's own tab title (SITE_TITLE in English). */
export const SITE_TITLE_WORDS = msg({
  message: 'Globe Archive: the St. Louis tornado of 16 May 2025',
  comment: "The browser tab's title on the home screen. Globe Archive is the archive's name.",
});

/** The page's description for search engines and link previews (SITE_DESCRIPTION in English). */
export const SITE_DESCRIPTION_WORDS = msg({
  message:
    'A public archive of community videos and photos about the tornado that struck St. Louis on 16 May 2025, from Clayton into North City, explored on an interactive 3D globe.',
  comment: "The site's description in search results and link previews.",
});

/** The rest of what index.html paints that no component says itself. */
export const DOCUMENT_ONLY_WORDS = [
  msg({
    message: 'Globe Archive needs JavaScript to show the archive.',
    comment: 'Shown under the preloader when the browser runs no JavaScript.',
  }),
];
