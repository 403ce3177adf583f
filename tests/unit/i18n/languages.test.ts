/**
 * How the archive reads a visitor's language (issue 49): the browser's tags, an
 * `Accept-Language` header (a client writes it: parsed strictly), the picker's cookie, and the
 * address's prefix.
 */
import { describe, expect, it } from 'vitest';
import {
  acceptLanguageTags,
  languageOfCookie,
  languageOfTag,
  preferredLanguage,
  splitLanguagePath,
  withLanguagePrefix,
} from '@/i18n/languages';

describe("a browser's languages", () => {
  it('open Spanish for every Spanish, Bosnian for the languages its readers read as their own', () => {
    expect(['es', 'es-MX', 'es-419', 'ES_us'].map(languageOfTag)).toEqual(['es', 'es', 'es', 'es']);
    expect(['bs', 'bs-Latn-BA', 'hr-HR', 'sh', 'sr-Latn-RS'].map(languageOfTag)).toEqual(
      Array(5).fill('bs'),
    );
    expect(['sr', 'sr-Cyrl', 'fr', 'de-DE', '', 'x'].map(languageOfTag)).toEqual(
      Array(6).fill(null),
    );
  });

  it('pick the first the archive speaks', () => {
    expect(preferredLanguage(['fr-FR', 'de', 'es-MX', 'en'])).toBe('es');
    expect(preferredLanguage(['en-GB', 'bs'])).toBe('en');
    expect(preferredLanguage(['fr', 'sr'])).toBeNull();
    expect(preferredLanguage([])).toBeNull();
  });
});

describe('an Accept-Language header', () => {
  it('is read best first, by weight and then by order', () => {
    expect(acceptLanguageTags('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptLanguageTags('en;q=0.5, es;q=0.8, bs')).toEqual(['bs', 'es', 'en']);
    expect(acceptLanguageTags('es;Q=0.4,en;q=0.3')).toEqual(['es', 'en']);
  });

  it('drops what is not a tag or a weight, and what it refuses (q=0)', () => {
    expect(acceptLanguageTags('es;q=2, <script>, bs;q=0, en;q=abc, hr;q=0.001')).toEqual(['hr']);
    expect(acceptLanguageTags(null)).toEqual([]);
    expect(acceptLanguageTags('')).toEqual([]);
  });

  it('is read no further than its first 32 entries', () => {
    expect(acceptLanguageTags(`${'fr,'.repeat(40)}es`)).toEqual(Array(32).fill('fr'));
  });
});

describe("the picker's cookie", () => {
  it('names one of the three languages, or nothing', () => {
    expect(languageOfCookie('theme=dark; lang=bs; x=1')).toBe('bs');
    expect(languageOfCookie('lang=en')).toBe('en');
    for (const header of ['lang=pseudo', 'lang=../es', 'lang=ES', 'language=es', '', undefined])
      expect(languageOfCookie(header), String(header)).toBeNull();
  });
});

describe("an address's language prefix", () => {
  it('is read off the path, leaving the app its own', () => {
    expect(splitLanguagePath('/es/video/abc')).toEqual({ language: 'es', path: '/video/abc' });
    expect(splitLanguagePath('/bs')).toEqual({ language: 'bs', path: '/' });
    expect(splitLanguagePath('/en/')).toEqual({ language: 'en', path: '/' });
    expect(splitLanguagePath('/video/abc')).toEqual({ language: null, path: '/video/abc' });
    // Not a prefix: a longer first segment, or another language.
    expect(splitLanguagePath('/essays')).toEqual({ language: null, path: '/essays' });
    expect(splitLanguagePath('/fr/submit')).toEqual({ language: null, path: '/fr/submit' });
  });

  it('is put back before the path', () => {
    expect(withLanguagePrefix('/video/abc?q=roof', 'es')).toBe('/es/video/abc?q=roof');
    expect(withLanguagePrefix('/', 'bs')).toBe('/bs/');
    expect(withLanguagePrefix('/submit', null)).toBe('/submit');
  });
});
