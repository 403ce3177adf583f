/**
 * The web app manifest (issue 50), one a language, as the build writes index.html one a language
 * (scripts/firstPaintLanguages.ts): `/manifest.webmanifest` (English), `/en/`, `/es/` and
 * `/bs/manifest.webmanifest`, each with the archive's name and description in its language (the
 * catalogs' translations of the tab's title and the page description) and that language's home as
 * its start. All four are one app (`id: "/"`): installed from a Spanish page, it opens in Spanish.
 * The artwork is the archive's own globe mark and home screen (`public/icons/`, drawn by
 * scripts/pwaArtwork.ts).
 */
import { SITE_NAME } from '../src/lib/constants.ts';
import { DESCRIPTION_WORDS, TITLE_WORDS } from './firstPaintWords.ts';

/** The page's night blue (index.html's `--bg` and `theme-color`). */
export const MANIFEST_COLOUR = '#0b1426';
/** Where each document links its manifest, before its language's prefix. */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** A language's documents, as scripts/firstPaintLanguages.ts's `VARIANTS` name them. */
export interface ManifestLanguage {
  language: string;
  /** The documents' path prefix: '' for index.html, '/es'… */
  prefix: string;
  /** The BCP 47 tag the documents are in. */
  tag: string;
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  categories: string[];
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  screenshots: {
    src: string;
    sizes: string;
    type: string;
    form_factor: 'narrow' | 'wide';
    label: string;
  }[];
}

/** The manifest of one language's documents; throws where a word has no translation. */
export function webManifest(
  variant: ManifestLanguage,
  translations: ReadonlyMap<string, string>,
): WebManifest {
  const say = (english: string) => {
    if (variant.language === 'en') return english;
    const said = translations.get(english);
    if (!said) throw new Error(`the manifest: "${english}" has no ${variant.language} translation`);
    return said;
  };
  const name = say(TITLE_WORDS);
  return {
    id: '/',
    name,
    short_name: SITE_NAME,
    description: say(DESCRIPTION_WORDS),
    lang: variant.tag,
    dir: 'ltr',
    start_url: `${variant.prefix}/`,
    scope: '/',
    display: 'standalone',
    background_color: MANIFEST_COLOUR,
    theme_color: MANIFEST_COLOUR,
    categories: ['education', 'news'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    screenshots: [
      {
        src: '/icons/screenshot-narrow.jpg',
        sizes: '412x823',
        type: 'image/jpeg',
        form_factor: 'narrow',
        label: name,
      },
      {
        src: '/icons/screenshot-wide.jpg',
        sizes: '1280x800',
        type: 'image/jpeg',
        form_factor: 'wide',
        label: name,
      },
    ],
  };
}
