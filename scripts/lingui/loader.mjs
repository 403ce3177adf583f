// @ts-check
/**
 * Node's module hooks for Lingui (issue 49), beside tsx's: a module that imports a Lingui macro
 * passes through Babel with the macro plugin (as scripts/lingui/viteMacros.ts does in the build),
 * and a catalog (`src/locales/en.po`) loads as its compiled messages (as @lingui/vite-plugin
 * makes them). Registered by ./register.mjs; everything else is left to tsx.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMacros } from './compileMacros.mjs';

/** @type {Promise<{ config: ReturnType<typeof getConfig>, catalogs: Awaited<ReturnType<typeof getCatalogs>> }> | null} */
let lingui = null;

/** @param {string} file */
async function compiledCatalog(file) {
  lingui ??= (async () => {
    const config = getConfig({ cwd: process.cwd() });
    return { config, catalogs: await getCatalogs(config) };
  })();
  const { config, catalogs } = await lingui;
  const found = getCatalogForFile(relative(config.rootDir, file), catalogs);
  if (!found) throw new Error(`${file} is not one of lingui.config.ts's catalogs`);
  const { messages } = await found.catalog.getTranslations(found.locale, {
    fallbackLocales: config.fallbackLocales,
    sourceLocale: config.sourceLocale,
  });
  return createCompiledCatalog(found.locale, messages, { namespace: 'es' }).source;
}

/**
 * @param {string} url
 * @param {{ format?: string | null }} context
 * @param {(url: string, context?: object) => Promise<{ format?: string | null, source?: string | ArrayBuffer | Uint8Array | null }>} nextLoad
 */
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && /\.po$/.test(new URL(url).pathname)) {
    return {
      format: 'module',
      source: await compiledCatalog(fileURLToPath(url)),
      shortCircuit: true,
    };
  }
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || result.source == null)
    return result;
  const source =
    typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8');
  // On Node 20 tsx has made it JavaScript by now; on Node 22 tsx's hooks run in the module's own
  // thread, after these, so a TypeScript file comes here as it is written. Either way it is read
  // as TypeScript (which JavaScript is too), only the macros are compiled, and tsx does the rest.
  const { pathname } = new URL(url);
  const compiled = await compileMacros(source, fileURLToPath(url), {
    syntax: /\.tsx$/.test(pathname)
      ? 'tsx'
      : /\.[cm]?ts$/.test(pathname)
        ? 'typescript'
        : 'javascript',
    inlineMap: true,
  });
  return compiled ? { ...result, source: compiled.code } : result;
}
