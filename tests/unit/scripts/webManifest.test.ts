/**
 * The web app manifest (issue 50): one a language, the archive's name and description in it, that
 * language's home as its start and the same app (`id`) in all; its icons and screenshots are
 * files of `public/` at the sizes it states, and each document links its own language's manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translateDocument, VARIANTS } from '../../../scripts/firstPaintLanguages';
import {
  DESCRIPTION_WORDS,
  FIRST_PAINT_WORDS,
  TITLE_WORDS,
} from '../../../scripts/firstPaintWords';
import { MANIFEST_COLOUR, MANIFEST_PATH, webManifest } from '../../../scripts/webManifest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const INDEX = readFileSync(`${ROOT}index.html`, 'utf8');

/** A PNG's or a JPEG's width and height, read from its header. */
function imageSize(file: string): string {
  const bytes = readFileSync(file);
  if (bytes.readUInt32BE(0) === 0x89504e47)
    return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
  // JPEG: the first start-of-frame segment holds the height, then the width.
  for (let at = 2; at < bytes.length;) {
    const marker = bytes.readUInt16BE(at);
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xffc0 && marker <= 0xffc3)
      return `${bytes.readUInt16BE(at + 7)}x${bytes.readUInt16BE(at + 5)}`;
    at += 2 + length;
  }
  throw new Error(`${file}: no size in its header`);
}

const SPANISH = new Map([
  [TITLE_WORDS, 'Globe Archive: el tornado de St. Louis del 16 de mayo de 2025'],
  [DESCRIPTION_WORDS, 'Un archivo público…'],
]);
const spanish = VARIANTS.find((variant) => variant.language === 'es');
const english = VARIANTS.find((variant) => variant.prefix === '');

describe('the web app manifest', () => {
  it("says the archive's name in each language, starts at its home, and is one app", () => {
    if (!spanish || !english) throw new Error('no Spanish or English document');
    const es = webManifest(spanish, SPANISH);
    expect(es).toMatchObject({
      id: '/',
      name: 'Globe Archive: el tornado de St. Louis del 16 de mayo de 2025',
      short_name: 'Globe Archive',
      description: 'Un archivo público…',
      lang: 'es',
      start_url: '/es/',
      scope: '/',
      display: 'standalone',
      background_color: MANIFEST_COLOUR,
      theme_color: MANIFEST_COLOUR,
    });
    const en = webManifest(english, new Map());
    expect(en).toMatchObject({ id: '/', start_url: '/', lang: 'en' });
    expect(en.name).toBe(TITLE_WORDS);
    // The page's own colours.
    expect(INDEX).toContain(`<meta name="theme-color" content="${MANIFEST_COLOUR}" />`);
  });

  it('refuses a language whose words are not translated', () => {
    if (!spanish) throw new Error('no Spanish document');
    expect(() => webManifest(spanish, new Map())).toThrow(/no es translation/);
  });

  it('has icons at 192 and 512 px, a maskable one, and screenshots, at the sizes it says', () => {
    if (!english) throw new Error('no English document');
    const { icons, screenshots } = webManifest(english, new Map());
    const sized = [...icons, ...screenshots].filter((image) => image.sizes !== 'any');
    for (const image of sized) {
      const file = `${ROOT}public${image.src}`;
      expect(existsSync(file), image.src).toBe(true);
      expect(imageSize(file), image.src).toBe(image.sizes);
    }
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const icon of icons.filter((image) => image.sizes === 'any'))
      expect(existsSync(`${ROOT}public${icon.src}`), icon.src).toBe(true);
  });

  it("is linked by each document in that document's language", () => {
    expect(INDEX).toContain(`<link rel="manifest" href="${MANIFEST_PATH}" />`);
    // Every word said as itself: this test is about the link.
    const same = new Map(FIRST_PAINT_WORDS.map((word) => [word, word]));
    for (const variant of VARIANTS)
      expect(translateDocument(INDEX, variant, same, null)).toContain(
        `<link rel="manifest" href="${variant.prefix}${MANIFEST_PATH}" />`,
      );
  });
});
