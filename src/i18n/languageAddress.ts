/**
 * The language the address says (its `/es`, `/bs` or `/en` prefix, or none), in the browser: read
 * once at start, changed by the picker. The router never sees the prefix (languageHistory.ts adds
 * it to every address it writes and takes it off every address it reads), so every route, link
 * and test of the app's own paths is the same in every language.
 */
import {
  LANGUAGE_COOKIE,
  isUiLanguage,
  languageOfCookie,
  splitLanguagePath,
  withLanguagePrefix,
  type Language,
  type UiLanguage,
} from './languages';

let said: Language | null = null;

/** The language the address names, or null for none (English by default, or the pseudo-locale). */
export function addressLanguage(): Language | null {
  return said;
}

/**
 * The address says `language` from now on: the current history entry is rewritten in place (no
 * navigation, nothing remounts), and every address the router writes after this carries it.
 */
export function sayLanguageInAddress(language: Language | null): void {
  said = language;
  const { path } = splitLanguagePath(window.location.pathname);
  const next = `${withLanguagePrefix(path, said)}${window.location.search}${window.location.hash}`;
  if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
    window.history.replaceState(window.history.state, '', next);
}

/** A year, in seconds: how long the picker's choice is remembered. */
const REMEMBERED_S = 365 * 24 * 60 * 60;

/** The visitor's choice from the picker, as this browser remembers it (the cookie), or null. */
export function rememberedLanguage(): UiLanguage | null {
  try {
    return languageOfCookie(document.cookie, isUiLanguage);
  } catch {
    // Cookies blocked: the browser's languages decide.
    return null;
  }
}

/**
 * Remembers the visitor's choice in a cookie (not storage: the server reads it, to send the first
 * paint of an address without a prefix in that language).
 */
export function rememberLanguage(language: UiLanguage): void {
  /* eslint-disable lingui/no-unlocalized-strings -- the cookie's attributes */
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${REMEMBERED_S}; SameSite=Lax${secure}`;
    /* eslint-enable lingui/no-unlocalized-strings */
  } catch {
    // Cookies blocked: the address still carries the choice.
  }
}
