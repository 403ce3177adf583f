/**
 * The translation layer (issue 49): Lingui's `i18n`, speaking the language of the catalog last
 * activated (./catalogs.ts, which loads one a language on demand), and the tag dates and numbers
 * are written in. Light on purpose: the shared code that imports it (counts, dates, the service's
 * validation, the globe's worker) takes no catalog with it.
 *
 * Words in components come through Lingui's macros (`<Trans>`, `t`, `plural`, `msg`); words said
 * outside React (the tab's title, live announcements, the globe's labels in its worker) through
 * `i18n._(…)` with a `msg` descriptor, read when they are said, so a switch changes them too.
 */
import { i18n } from '@lingui/core';
import type { UiLanguage } from './languages';

export { i18n };

/**
 * The tag dates and numbers are written in for the active language: the archive's English writes
 * day, month, year ("16 May 2025"), as British English does; Spanish and Bosnian their own.
 */
const FORMAT_LOCALES: Record<UiLanguage, string> = {
  en: 'en-GB',
  es: 'es',
  bs: 'bs-Latn',
  pseudo: 'en-GB',
};

/**
 * Bosnian's dates where the browser has them, else Serbian in the Latin script, the nearest
 * whose month and day names a browser carries: some builds of Chromium (Debian's) know `bs` by
 * name and write "2025 M05" for May. Read once, at the first Bosnian date.
 */
let bosnian: string | null = null;

function bosnianDates(): string {
  if (bosnian !== null) return bosnian;
  try {
    const may = new Intl.DateTimeFormat('bs-Latn', { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2025, 4, 16),
    );
    bosnian = /^maj/i.test(may) ? 'bs-Latn' : 'sr-Latn';
  } catch {
    bosnian = 'sr-Latn';
  }
  return bosnian;
}

export function formatLocale(): string {
  const language = activeLanguage();
  if (language === 'bs') return bosnianDates();
  return FORMAT_LOCALES[language] ?? 'en-GB';
}

/** The language the layer speaks now. */
export function activeLanguage(): UiLanguage {
  return i18n.locale as UiLanguage;
}
