/**
 * Libraries' production builds in the app's build. React Router 7 publishes a production build
 * beside its development one, but its package's `exports` name only the development build
 * (remix-run/react-router#14102, open), so every bundler ships its development warnings: the
 * checks behind them run in every visitor's page (route matching, navigation, rendering). This
 * plugin resolves `react-router` to the production build when the app is built; `npm run dev` and
 * the tests keep the development build and its warnings.
 *
 * The two builds differ in one constant (`ENABLE_DEV_WARNINGS`); a unit test checks the rewritten
 * file exists and says `false`, so a release that moves or drops it fails the tests, not the build.
 */
import type { Plugin } from 'vite';

const DEVELOPMENT = '/react-router/dist/development/';
const PRODUCTION = '/react-router/dist/production/';

/** The production build's file for a module Vite resolved to the development build, else null. */
export function productionPath(resolvedId: string): string | null {
  const normal = resolvedId.replaceAll('\\', '/');
  return normal.includes(DEVELOPMENT) ? normal.replace(DEVELOPMENT, PRODUCTION) : null;
}

export function reactRouterProduction(): Plugin {
  return {
    name: 'globe-archive:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const production = resolved ? productionPath(resolved.id) : null;
      return production && resolved ? { ...resolved, id: production } : null;
    },
  };
}
