import { use, useDeferredValue, type FulfilledReactPromise, type PendingReactPromise } from 'react';

/**
 * The languages the archive's own pages and terms are translated into (issue 49). English is the
 * source, and the tests' pseudo-locale reads the English too.
 */
export type TranslatedLanguage = 'es' | 'bs';

/** The translation a locale (`i18n.locale`) reads, or null for the English. */
export function translatedLanguage(locale: string): TranslatedLanguage | null {
  return locale === 'es' || locale === 'bs' ? locale : null;
}

/**
 * A translation being fetched, with its outcome written on it as React's `use` reads a promise it
 * has seen before (`status`, `value`): once it is here, `use` gives it at once, without suspending.
 */
type Loading<T> = PendingReactPromise<T | null> | FulfilledReactPromise<T | null>;

/** Translations fetched on demand, each once, by key (`statement.es`). */
export type TranslationCache<T> = Map<string, Loading<T>>;

export function translationCache<T>(): TranslationCache<T> {
  return new Map();
}

/**
 * The translation `wanted` names (none: null, the English), fetched with its `load` the first
 * time: at once when it has loaded before, else the component suspends (React's `use`) until it
 * has. One that cannot be fetched (the network went) reads as null, and the page shows the English.
 */
export function useTranslation<T>(
  cache: TranslationCache<T>,
  wanted: { key: string; load: () => Promise<T> } | null,
): T | null {
  if (wanted === null) return null;
  let loading = cache.get(wanted.key);
  if (!loading) {
    const fetched: Promise<T | null> = wanted.load().catch(() => null);
    void fetched.then((value) => Object.assign(fetched, { status: 'fulfilled', value }));
    cache.set(wanted.key, (loading = Object.assign(fetched, { status: 'pending' as const })));
  }
  return use(loading);
}

/**
 * The language whose words a page shows: the active one, except while a switch fetches the new
 * language's translation, when the page keeps the words it shows (React's `useDeferredValue`: the
 * render in the new language waits, suspended, in the background) rather than going blank. On a
 * page's first render the active one, which suspends to the page's loading line if its
 * translation is not here yet, so a Spanish visitor never sees the English flash first.
 */
export function useShownLanguage(locale: string): TranslatedLanguage | null {
  return useDeferredValue(translatedLanguage(locale));
}
