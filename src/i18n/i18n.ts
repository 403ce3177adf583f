/**
 * The translation layer (issue 49): Lingui's `i18n`, with one catalog a language, loaded on
 * demand, so a visitor's first load carries only their own language's words (its `.po` catalog,
 * compiled to a small module at build time by @lingui/vite-plugin).
 *
 * Words in components come through Lingui's macros (`<Trans>`, `t`, `plural`, `msg`); words said
 * outside React (the tab's title, live announcements, the globe's labels in its worker) through
 * `i18n._(…)` with a `msg` descriptor, read when they are said, so a switch changes them too.
 */
import { i18n, type Messages } from '@lingui/core';
import { LANGUAGE_TAGS, type UiLanguage } from './languages';

export { i18n };

const CATALOGS: Record<UiLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.po'),
  es: () => import('../locales/es.po'),
  bs: () => import('../locales/bs.po'),
  pseudo: () => import('../locales/pseudo.po'),
};

const loading = new Map<UiLanguage, Promise<Messages>>();

/** Fetches a language's catalog (once); the first call starts the request. */
export function loadCatalog(language: UiLanguage): Promise<Messages> {
  let messages = loading.get(language);
  if (!messages) {
    messages = CATALOGS[language]().then((module) => module.messages);
    // A failed fetch (the network went) may be tried again.
    messages.catch(() => loading.delete(language));
    loading.set(language, messages);
  }
  return messages;
}

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

export function formatLocale(): string {
  return FORMAT_LOCALES[activeLanguage()] ?? 'en-GB';
}

/** The language the layer speaks now. */
export function activeLanguage(): UiLanguage {
  return i18n.locale as UiLanguage;
}

/**
 * Speaks `language` from now on: its catalog loaded, then every `useLingui` consumer re-renders
 * with its words, plurals by its rules, numbers and dates in its forms.
 */
export async function activateLanguage(language: UiLanguage): Promise<void> {
  const messages = await loadCatalog(language);
  i18n.load(language, messages);
  i18n.activate(language, [LANGUAGE_TAGS[language]]);
}
