/**
 * The catalogs (issue 49), two a language, each compiled to a small module at build time by
 * @lingui/vite-plugin and loaded on demand: the start's (`src/locales/start/`: the words of the
 * modules in the app's start chunk, which the first render waits for) and the rest's (every
 * other screen's, fetched after the first render, and awaited by every screen loaded on demand,
 * `lazyWithWords`). A visitor's first load carries only their own language's start words.
 */
import type { Messages } from '@lingui/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { i18n } from './i18n';
import { LANGUAGE_TAGS, type UiLanguage } from './languages';

type Catalog = () => Promise<{ messages: Messages }>;

const START: Record<UiLanguage, Catalog> = {
  en: () => import('../locales/start/en.po'),
  es: () => import('../locales/start/es.po'),
  bs: () => import('../locales/start/bs.po'),
  pseudo: () => import('../locales/start/pseudo.po'),
};

const REST: Record<UiLanguage, Catalog> = {
  en: () => import('../locales/en.po'),
  es: () => import('../locales/es.po'),
  bs: () => import('../locales/bs.po'),
  pseudo: () => import('../locales/pseudo.po'),
};

const loading = new Map<string, Promise<Messages>>();

function fetchOnce(key: string, catalog: Catalog): Promise<Messages> {
  let messages = loading.get(key);
  if (!messages) {
    messages = catalog().then((module) => module.messages);
    // A failed fetch (the network went) may be tried again.
    messages.catch(() => loading.delete(key));
    loading.set(key, messages);
  }
  return messages;
}

/** Fetches a language's whole catalog, start and rest (once each); the first call asks. */
export function loadCatalog(language: UiLanguage): Promise<Messages> {
  return Promise.all([
    fetchOnce(`start:${language}`, START[language]),
    fetchOnce(`rest:${language}`, REST[language]),
  ]).then(([start, rest]) => ({ ...rest, ...start }));
}

/** The rest's words of the language spoken now, once they are in the layer. */
let restReady: Promise<void> = Promise.resolve();

/**
 * Speaks `language` from now on: its words loaded (only the start's with `{ startOnly: true }`,
 * the rest's then following on their own), then every `useLingui` consumer re-renders with them,
 * plurals by its rules, numbers and dates in its forms.
 */
export async function activateLanguage(
  language: UiLanguage,
  { startOnly = false }: { startOnly?: boolean } = {},
): Promise<void> {
  if (startOnly) {
    const start = await fetchOnce(`start:${language}`, START[language]);
    i18n.load(language, start);
    i18n.activate(language, [LANGUAGE_TAGS[language]]);
    return;
  }
  const messages = await loadCatalog(language);
  i18n.load(language, messages);
  i18n.activate(language, [LANGUAGE_TAGS[language]]);
  restReady = Promise.resolve();
}

/**
 * After the first render: the rest's words of the language spoken, into the layer (a screen
 * loaded on demand waits for them, `lazyWithWords`). Tried again on a screen's next load if the
 * network failed.
 */
export function loadRestWords(): Promise<void> {
  const language = i18n.locale as UiLanguage;
  restReady = fetchOnce(`rest:${language}`, REST[language]).then((rest) => {
    // Merged under the start's (Lingui's `load` adds to what the language has).
    if (i18n.locale === language) i18n.load(language, rest);
  });
  return restReady;
}

/** Resolves once the rest's words of the language spoken are in the layer. */
export function restWords(): Promise<void> {
  return restReady.catch(() => loadRestWords());
}

/**
 * `React.lazy` for a screen loaded on demand: its module and the rest's words together, so it
 * never renders before its words are here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithWords<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(async () => (await Promise.all([load(), restWords()]))[0]);
}
