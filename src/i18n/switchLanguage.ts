/**
 * The picker's switch (issue 49): the new language's words in place, with no reload and nothing
 * remounted (the globe, the open item, the filters and the address's path stay); the address
 * says the language from then on, and this browser remembers it.
 */
import { activateLanguage, loadCatalog } from './catalogs';
import { rememberLanguage, sayLanguageInAddress } from './languageAddress';
import { LANGUAGE_TAGS, type Language } from './languages';

/** Starts fetching a language's words before it is chosen (the picker has the focus). */
export function prefetchLanguage(language: Language): void {
  loadCatalog(language).catch(() => {
    // Tried again when chosen.
  });
}

export async function switchLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  rememberLanguage(language);
  sayLanguageInAddress(language);
  document.documentElement.lang = LANGUAGE_TAGS[language];
}
