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
import type { Plugin } from 'vite';
import { compileMacros } from './compileMacros.mjs';

const SCRIPT = /\.(m?[jt]sx?)$/;

export function linguiMacros(): Plugin {
  return {
    name: 'globe-archive:lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SCRIPT.test(file) || file.includes('/node_modules/')) return null;
      return compileMacros(code, file, {
        syntax: /\.m?tsx$/.test(file) ? 'tsx' : /\.m?ts$/.test(file) ? 'typescript' : 'javascript',
      });
    },
  };
}
