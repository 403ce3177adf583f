/**
 * The first paint in the visitor's language, before any script (issue 49): the build writes
 * index.html once a language, `es/index.html`, `bs/index.html` and `en/index.html` (English said
 * outright), which the server (and a static host, by path) sends for `/es/…`, `/bs/…`, `/en/…`.
 * Each names its language (`<html lang>`), says the document's words in it (the header, the
 * splash's Skip, the preloader, the tab's title and the description: `FIRST_PAINT_WORDS`, read
 * from the catalogs in src/locales/), keeps its links in the language (`/es/statement`), has its
 * language chosen in the picker, and asks for its start catalog (the first view's words) with the
 * app's first chunks, so the app's first render does not wait on it. index.html itself asks for the English catalog.
 */
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { APP_MODULES_ID, type AppModules } from './appAfterFirstFrame.ts';
import { FIRST_PAINT_WORDS } from './firstPaintWords.ts';
import { MANIFEST_PATH, webManifest } from './webManifest.ts';
import { LANGUAGE_NAMES } from '../src/i18n/languages.ts';
import { escapeMarkup as escapeHtml } from '../src/lib/markupText.ts';

type Variant = {
  language: 'en' | 'es' | 'bs';
  prefix: '' | '/en' | '/es' | '/bs';
  tag: string;
};

/** The documents written: index.html (English, no prefix) and one a prefix. */
export const VARIANTS: Variant[] = [
  { language: 'en', prefix: '', tag: 'en' },
  { language: 'en', prefix: '/en', tag: 'en' },
  { language: 'es', prefix: '/es', tag: 'es' },
  { language: 'bs', prefix: '/bs', tag: 'bs-Latn' },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The document's English words put in another language; throws on a word with no translation. */
export function translateDocument(
  html: string,
  variant: Variant,
  translations: ReadonlyMap<string, string>,
  catalogUrl: string | null,
): string {
  let out = html.replace(/<html lang="en"/, `<html lang="${variant.tag}"`);
  if (variant.language !== 'en') {
    for (const english of FIRST_PAINT_WORDS) {
      const said = translations.get(english);
      if (!said) throw new Error(`index.html: "${english}" has no ${variant.language} translation`);
      const text = escapeHtml(said);
      const pattern = escapeRegExp(escapeHtml(english).replace(/&#39;/g, "'"));
      // A text node (its surrounding white space kept), a quoted attribute's value, the title.
      out = out
        .replace(new RegExp(`>(\\s*)${pattern}(\\s*)<`, 'g'), `>$1${text}$2<`)
        .replace(new RegExp(`="${pattern}"`, 'g'), `="${text}"`);
    }
  }
  if (variant.prefix !== '') {
    // Its language's manifest: installed from this page, the app opens in this language.
    out = out.replace(
      `<link rel="manifest" href="${MANIFEST_PATH}"`,
      `<link rel="manifest" href="${variant.prefix}${MANIFEST_PATH}"`,
    );
    // The page's own links keep its language (never a static file: those are not under <a>).
    out = out.replace(
      /(<a\b[^>]*\bhref=")(\/(?!\/)[^"]*)"/g,
      (_, start: string, path: string) => `${start}${variant.prefix}${path}"`,
    );
  }
  out = out
    .replace(new RegExp(`(<option value="${variant.language}")`), (match) => `${match} selected`)
    .replace(
      /(<span class="language-picker__name" lang=")en(">)English(<)/,
      `$1${variant.tag}$2${LANGUAGE_NAMES[variant.language]}$3`,
    )
    .replace(
      /(<span class="language-picker__code">)EN(<)/,
      `$1${variant.language.toUpperCase()}$2`,
    );
  if (catalogUrl !== null) {
    out = out.replace(
      new RegExp(`(<script type="application/json" id="${APP_MODULES_ID}">)(.*?)(</script>)`, 's'),
      (_, open: string, json: string, close: string) => {
        const modules = JSON.parse(json) as AppModules;
        // First: the app's first render waits on it (src/i18n/startLanguage.ts).
        const next: AppModules = { ...modules, preload: [catalogUrl, ...modules.preload] };
        return `${open}${JSON.stringify(next)}${close}`;
      },
    );
  }
  return out;
}

/** Each language's translations of the catalogs' English, by English. */
async function readTranslations(root: string): Promise<Map<string, Map<string, string>>> {
  const config = getConfig({ cwd: root });
  const byLanguage = new Map<string, Map<string, string>>();
  for (const catalog of await getCatalogs(config)) {
    for (const language of ['es', 'bs']) {
      const entries = (await catalog.read(language)) ?? {};
      const words = byLanguage.get(language) ?? new Map<string, string>();
      for (const entry of Object.values(entries))
        if (entry.message && entry.translation && !entry.context)
          words.set(entry.message, entry.translation);
      byLanguage.set(language, words);
    }
  }
  return byLanguage;
}

function catalogChunk(bundle: OutputBundle, language: string): OutputChunk | null {
  for (const file of Object.values(bundle))
    if (file.type === 'chunk' && file.facadeModuleId?.endsWith(`/src/locales/start/${language}.po`))
      return file;
  return null;
}

export function firstPaintLanguages(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'globe-archive:first-paint-languages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // After Vite's own plugins have written index.html (and appAfterFirstFrame its loader).
    enforce: 'post',
    async generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);
      const translations = await readTranslations(root);
      for (const variant of VARIANTS) {
        const chunk = catalogChunk(bundle, variant.language);
        const words = translations.get(variant.language) ?? new Map<string, string>();
        const document = translateDocument(
          html,
          variant,
          words,
          chunk ? `${base}${chunk.fileName}` : null,
        );
        this.emitFile({
          type: 'asset',
          fileName: `${variant.prefix}${MANIFEST_PATH}`.slice(1),
          source: `${JSON.stringify(webManifest(variant, words), null, 2)}\n`,
        });
        if (variant.prefix === '') index.source = document;
        else
          this.emitFile({
            type: 'asset',
            fileName: `${variant.prefix.slice(1)}/index.html`,
            source: document,
          });
      }
    },
  };
}
