/**
 * The languages the archive speaks (issue 49) and how an address says which one: pure, shared by
 * the app, the server (which sends the first paint in the visitor's language) and the tests.
 *
 * An address names its language with a path prefix, `/es/video/{id}` or `/bs/`, which every
 * page's links keep. English, the spec's routes, needs none; `/en/…` is English said outright (a
 * visitor who picked English in the picker gets it, so a link they share opens in English for
 * anyone). An address without a prefix follows the visitor's own choice, remembered from the
 * picker, else the browser's languages, else English. A prefix is the language of a path, not a
 * query, because the page's words differ by it: a static host and a CDN cache one document per
 * path, and search engines expect one address per language for `hreflang`.
 */

/** The languages a visitor can choose, in the picker's order. */
export const LANGUAGES = ['en', 'es', 'bs'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The tests' pseudo-locale (accented, lengthened English, made at build time): never offered, and
 * chosen only through the remembered choice, so that no address names it.
 */
export const PSEUDO_LOCALE = 'pseudo';
/** A language the layer can show: one of the three, or the pseudo-locale in tests. */
export type UiLanguage = Language | typeof PSEUDO_LOCALE;

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the picker shows it. */
/* eslint-disable lingui/no-unlocalized-strings -- each language's name in itself, never translated */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  bs: 'Bosanski',
};
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The BCP 47 tag said for each (`<html lang>`, `hreflang`, dates and numbers): Bosnian in its
 * Latin script, as the archive writes it.
 */
export const LANGUAGE_TAGS: Record<UiLanguage, string> = {
  en: 'en',
  es: 'es',
  bs: 'bs-Latn',
  pseudo: 'en',
};

/** Where the visitor's choice is kept: the app's storage, and a cookie the server reads. */
export const LANGUAGE_STORAGE_KEY = 'globe-archive:language';
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isUiLanguage(value: unknown): value is UiLanguage {
  return isLanguage(value) || value === PSEUDO_LOCALE;
}

/**
 * The archive's language for one of the browser's (a BCP 47 tag such as `es-MX`), or null.
 * Bosnian, Croatian, Serbian in the Latin script and Serbo-Croatian are one language to read for
 * the city's Bosnian families (many phones are set to Croatian or Serbian), so all open Bosnian;
 * Serbian with no script named is usually Cyrillic and is left to the next preference.
 */
export function languageOfTag(tag: string): Language | null {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  const [primary = '', ...rest] = parts;
  if (primary === 'en') return 'en';
  if (primary === 'es') return 'es';
  if (primary === 'bs' || primary === 'hr' || primary === 'sh') return 'bs';
  if (primary === 'sr' && rest.includes('latn')) return 'bs';
  return null;
}

/** The first of the browser's languages (`navigator.languages`, best first) the archive speaks. */
export function preferredLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language !== null) return language;
  }
  return null;
}

/** The most `Accept-Language` entries read; a longer header is cut there. */
const ACCEPT_LANGUAGE_MAX = 32;

/**
 * An `Accept-Language` header's tags, best first (by `q`, then by order); malformed entries and
 * those with `q=0` are dropped. A client writes this header: it only picks among the three.
 */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header.split(',').slice(0, ACCEPT_LANGUAGE_MAX).entries()) {
    const [rawTag = '', ...params] = part.trim().split(';');
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    // A weight that is no RFC 9110 `qvalue` (`q=2`, `q=high`) spoils its entry.
    let q: number | null = 1;
    for (const param of params) {
      if (!/^\s*q\s*=/i.test(param)) continue;
      const match = /^\s*q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/i.exec(param);
      q = match ? Number(match[1]) : null;
    }
    if (q !== null && q > 0) entries.push({ tag, q, at });
  }
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((entry) => entry.tag);
}

/** A path's language prefix and the app's path under it (`/es/video/x` → `es`, `/video/x`). */
export function splitLanguagePath(pathname: string): { language: Language | null; path: string } {
  const match = /^\/(en|es|bs)(\/.*)?$/.exec(pathname);
  if (!match) return { language: null, path: pathname };
  return { language: match[1] as Language, path: match[2] ?? '/' };
}

/** The prefix an address carries for a language said outright (`/es`), or '' for none. */
export function languagePrefix(language: Language | null): string {
  return language === null ? '' : `/${language}`;
}

/** `path` (the app's own, absolute: `/video/x?q=…`) under a language's prefix (`/es/video/x…`). */
export function withLanguagePrefix(path: string, language: Language | null): string {
  return `${languagePrefix(language)}${path}`;
}

/**
 * Each page's addresses for search engines (`hreflang`, issue 49): the one without a prefix,
 * which answers in the visitor's language (`x-default`), and one a language. Every address lists
 * all of them: in the sitemap, in the page's head (the app's and a shared item's document).
 */
export const PAGE_ALTERNATES: readonly { hreflang: string; language: Language | null }[] = [
  { hreflang: 'x-default', language: null },
  ...LANGUAGES.map((language) => ({ hreflang: language, language })),
];

/** The alternates of the app's `path` (without a prefix) on `siteUrl` (an origin, no slash after). */
export function pageAlternates(
  siteUrl: string,
  path: string,
): { hreflang: string; href: string }[] {
  return PAGE_ALTERNATES.map(({ hreflang, language }) => ({
    hreflang,
    href: `${siteUrl}${withLanguagePrefix(path, language)}`,
  }));
}

/**
 * The remembered choice as a `Cookie` header (or `document.cookie`) says it (`lang=es`), or null;
 * the pseudo-locale only where `accept` takes it (the app's own reading, never the server's).
 */
export function languageOfCookie<T extends UiLanguage = Language>(
  header: string | null | undefined,
  accept: (value: unknown) => value is T = isLanguage as (value: unknown) => value is T,
): T | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === LANGUAGE_COOKIE && accept(value)) return value;
  }
  return null;
}
