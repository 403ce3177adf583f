/**
 * Lingui's macros (`t`, `msg`, `plural`, `<Trans>`, `<Plural>`; issue 49) compiled in the build and
 * in the tests: each module that imports one passes through Babel with Lingui's macro plugin only,
 * before Vite's own TypeScript and JSX transform. The macros turn a message into its id (and, out
 * of production, its English), so the catalogs carry the words.
 *
 * Lingui's Vite guide runs them through `@rolldown/plugin-babel`, which needs Node 22.12; this
 * plugin does the same on the Node versions the project supports (package.json's `engines`), with
 * Babel 7. Modules without a macro import are not touched.
 */
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;
const SCRIPT = /\.(m?[jt]sx?)$/;

export function linguiMacros(): Plugin {
  return {
    name: 'globe-archive:lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SCRIPT.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code))
        return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: {
          plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'],
        },
        // Lingui's macros keep every other line as it was written: the TypeScript and the JSX
        // go on to Vite's transform.
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map ?? null };
    },
  };
}
