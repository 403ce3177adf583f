// @ts-check
/**
 * Lingui's macros compiled in one module (issue 49): Babel 7 with Lingui's macro plugin only, the
 * rest of the code left as written. The build's Vite plugin (./viteMacros.ts, on TypeScript) and
 * the tsx loader (./loader.mjs, on tsx's JavaScript) both call it.
 */
import { transformAsync } from '@babel/core';

/** Whether a module imports one of Lingui's macros (else it is left alone). */
export const MACRO_IMPORT = /from\s*['"]@lingui\/(core|react)\/macro['"]/;

/**
 * `code` of `filename` with its macros compiled, and a source map; null when it has none.
 * @param {string} code
 * @param {string} filename
 * @param {{ syntax: 'typescript' | 'tsx' | 'javascript', inlineMap?: boolean }} options
 */
export async function compileMacros(code, filename, { syntax, inlineMap = false }) {
  if (!MACRO_IMPORT.test(code)) return null;
  /** @type {import('@babel/core').ParserOptions['plugins']} */
  const parser =
    syntax === 'tsx' ? ['typescript', 'jsx'] : syntax === 'typescript' ? ['typescript'] : [];
  const result = await transformAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: inlineMap ? 'inline' : true,
    parserOpts: { plugins: parser },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  });
  return result?.code ? { code: result.code, map: result.map ?? null } : null;
}
