/**
 * The catalogs (issue 49): one a language, loaded on demand, so a visitor's first load carries only
 * their own language's words (its `.po` catalog, compiled to a small module at build time by
 * @lingui/vite-plugin), and the switch to one.
 */
import type { Messages } from '@lingui/core';
import { i18n } from './i18n';
import { LANGUAGE_TAGS, type UiLanguage } from './languages';

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
 * Speaks `language` from now on: its catalog loaded, then every `useLingui` consumer re-renders
 * with its words, plurals by its rules, numbers and dates in its forms.
 */
export async function activateLanguage(language: UiLanguage): Promise<void> {
  const messages = await loadCatalog(language);
  i18n.load(language, messages);
  i18n.activate(language, [LANGUAGE_TAGS[language]]);
}
