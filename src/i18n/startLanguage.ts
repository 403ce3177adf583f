/**
 * The language the app starts in (issue 49), chosen before anything renders, and its catalog
 * fetched at once, while the rest of the start chunk is evaluated. The address's prefix says it
 * first (a shared link opens in its sender's language); else the visitor's remembered choice;
 * else the browser's languages; else English. A language the visitor did not say in the address
 * is written into it now (`/es/…`), so the address always names a language other than English's
 * default, and the router starts on the right address.
 */
import { activateLanguage } from './catalogs';
import { rememberedLanguage, sayLanguageInAddress } from './languageAddress';
import {
  LANGUAGE_TAGS,
  PSEUDO_LOCALE,
  preferredLanguage,
  splitLanguagePath,
  type Language,
  type UiLanguage,
} from './languages';

function chooseAtStart(): { language: UiLanguage; said: Language | null } {
  const { language: inAddress } = splitLanguagePath(window.location.pathname);
  if (inAddress !== null) return { language: inAddress, said: inAddress };
  const remembered = rememberedLanguage();
  if (remembered === PSEUDO_LOCALE) return { language: remembered, said: null };
  if (remembered !== null) return { language: remembered, said: remembered };
  const browser = preferredLanguage(navigator.languages ?? [navigator.language]);
  if (browser === null || browser === 'en') return { language: 'en', said: null };
  return { language: browser, said: browser };
}

const start = chooseAtStart();
sayLanguageInAddress(start.said);
document.documentElement.lang = LANGUAGE_TAGS[start.language];

/**
 * Resolves once the starting language's words for the first view (the start's catalog) are loaded
 * and active; main.tsx then asks for the rest's (`loadRestWords`).
 */
export const languageReady: Promise<void> = activateLanguage(start.language, { startOnly: true });
