/**
 * Loads the browser's ICU data off the main thread (issue 48): the first `Intl` object a page
 * makes, or the first `normalize`, reads and unpacks ICU's tables, measured at 67-110 ms of a
 * phone's main thread (CPU ÷4). The tables are the renderer process's, shared by its threads:
 * made here first, the page's own first number format then costs 0.1-2.8 ms.
 *
 * Each call below stands for what the page formats at start: counts (`countText`), St. Louis's
 * clock for the editors (`editorTime.ts`), names folded for sorting and search (`compareNames.ts`),
 * the plural rules of the counts' words, and an item's language named in English.
 */
new Intl.NumberFormat('en').format(12_345);
new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
}).formatToParts(0);
new Intl.PluralRules('en').select(2);
// An item's language, named for people (`language.ts`, on every item's page).
Intl.getCanonicalLocales('bs-Latn');
new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of('bs');
// eslint-disable-next-line lingui/no-unlocalized-strings -- letters to fold, never shown
'Čaršija Ñandú'.normalize('NFD');
postMessage('warm');
