/**
 * The language an item's media speaks or is written in (issue 46): a BCP 47 tag such as `en`,
 * `es` or `bs`, kept in its canonical spelling (`EN` is `en`, `sr-latn` is `sr-Latn`), and named
 * for people in the visitor's language by the browser's own list (`Intl.DisplayNames`).
 */
import { formatLocale } from '@/i18n/i18n';
import { describe, type RawItem, type Reading } from '@/lib/itemReaders';

/** The longest tag kept (language, script, region and a variant fit well within it). */
export const LANGUAGE_TAG_MAX = 35;

/**
 * A language tag's shape: a two- or three-letter language, then subtags. Tags that name no
 * language (private use `x-…`, the old `i-…` ones) are refused.
 */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

/** The tag in its canonical spelling, or null when `text` is not a language tag. */
export function canonicalLanguageTag(text: string): string | null {
  const tag = text.trim();
  if (tag.length > LANGUAGE_TAG_MAX || !LANGUAGE_TAG.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** Made when a name is first asked for in a language, not while the app starts. */
const names = new Map<string, Intl.DisplayNames>();

/**
 * The language's name in the visitor's language ("Spanish", "español", "španski"), or its tag
 * when it has none.
 */
export function languageName(tag: string): string {
  try {
    const locale = formatLocale();
    let list = names.get(locale);
    if (!list) {
      list = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
      names.set(locale, list);
    }
    return list.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The languages the editor's form offers: the archive's own three first (English, and the
 * Spanish and Bosnian of the city's neighbours), then others spoken in St. Louis, by name. A
 * stored tag that is not among them is still shown and kept.
 */
export function languageChoices(): { value: string; label: string }[] {
  const others = ['ase', 'ar', 'zh', 'vi', 'so', 'ne', 'fr', 'de', 'ko', 'tl', 'sw', 'ru'];
  others.sort((a, b) => languageName(a).localeCompare(languageName(b), formatLocale()));
  return ['en', 'es', 'bs', ...others].map((tag) => ({ value: tag, label: languageName(tag) }));
}

/** The archive's reading: a tag it understands, else nothing (and a note). */
export function readLanguage(raw: RawItem, notes: Reading): string | undefined {
  const value = raw.language;
  if (value === undefined || value === null || value === '') return undefined;
  const tag = typeof value === 'string' ? canonicalLanguageTag(value) : null;
  if (tag === null) notes.add(`language ${describe(value)} is not a language tag, dropped`);
  return tag ?? undefined;
}
