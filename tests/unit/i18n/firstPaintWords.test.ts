/**
 * The first paint in each language (issue 49): every word index.html paints is in the list the
 * build translates, the app says each through the translation layer (so each is in the
 * catalogs), and a translated document says none of them in English, keeps its links in its
 * language, names its language, and asks for its catalog with the app's first chunks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translateDocument, VARIANTS } from '../../../scripts/firstPaintLanguages';
import { FIRST_PAINT_WORDS } from '../../../scripts/firstPaintWords';

const INDEX = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');

/** index.html's words a person reads: text, labels and the head's title and description. */
function wordsOf(html: string): string[] {
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<style\b[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<symbol\b[\s\S]*?<\/symbol>/g, '');
  const words = new Set<string>();
  for (const match of body.matchAll(/>([^<>]*[A-Za-z][^<>]*)</g))
    words.add((match[1] ?? '').trim());
  for (const match of body.matchAll(/\b(?:aria-label|title|alt|placeholder)="([^"]+)"/g))
    words.add(match[1] ?? '');
  words.add(/name="description"\s+content="([^"]+)"/.exec(html)?.[1] ?? '');
  return [...words];
}

/** Language names and codes, said in themselves in every language; the archive's name. */
const NAMES = ['English', 'Español', 'Bosanski', 'EN', 'ES', 'BS', 'Globe Archive'];

describe("index.html's words", () => {
  it('are all in the list the build translates', () => {
    const words = wordsOf(INDEX).filter((word) => !NAMES.includes(word));
    expect(
      words.filter((word) => !(FIRST_PAINT_WORDS as readonly string[]).includes(word)),
    ).toEqual([]);
    expect([...FIRST_PAINT_WORDS].sort()).toEqual(words.sort());
  });
});

describe('a first paint in Spanish', () => {
  const translations = new Map(FIRST_PAINT_WORDS.map((english) => [english, `«${english}» es`]));
  const spanish = { language: 'es', prefix: '/es', tag: 'es' } as const;
  const html = translateDocument(INDEX, spanish, translations, '/assets/es-1.js');

  it('says every word in the language, none in English', () => {
    for (const english of FIRST_PAINT_WORDS) {
      const said = `«${english}» es`.replace(/'/g, '&#39;');
      expect(html, english).toContain(said);
    }
    const left = wordsOf(html).filter((word) => !NAMES.includes(word) && !word.startsWith('«'));
    expect(left).toEqual([]);
  });

  it('names its language, keeps its links in it and has it chosen in the picker', () => {
    expect(VARIANTS).toContainEqual(spanish);
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('href="/es/statement"');
    expect(html).toContain('href="/es/"');
    expect(html).not.toMatch(/<a\b[^>]*href="\/(statement|submit|signin)"/);
    // Files keep their own addresses.
    expect(html).toContain('href="/favicon.svg"');
    expect(html).toMatch(/<option value="es" selected/);
    // What the picker shows: the language's own name, its code on a phone.
    expect(html).toContain('<span class="language-picker__name" lang="es">Español</span');
    expect(html).toContain('<span class="language-picker__code">ES</span');
  });

  it('refuses to build with a word left untranslated', () => {
    expect(() => translateDocument(INDEX, spanish, new Map(), null)).toThrow(/no es translation/);
  });
});

describe('a built first paint', () => {
  it("asks for its language's catalog before the app's chunks", () => {
    const built = INDEX.replace(
      '</head>',
      '<script type="application/json" id="app-modules">{"entry":"/assets/start-1.js","preload":["/assets/a.js"]}</script></head>',
    );
    const english = translateDocument(
      built,
      { language: 'en', prefix: '', tag: 'en' },
      new Map(),
      '/assets/en-1.js',
    );
    expect(english).toContain('"preload":["/assets/en-1.js","/assets/a.js"]');
    expect(english).toContain('<html lang="en"');
    expect(english).toMatch(/<option value="en" selected/);
  });
});
