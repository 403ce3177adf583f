import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productionPath, reactRouterProduction } from '../../../scripts/productionBuilds';

describe("the build's React Router (scripts/productionBuilds.ts)", () => {
  it('maps a module of the development build to the same module of the production build', () => {
    expect(productionPath('/app/node_modules/react-router/dist/development/index.mjs')).toBe(
      '/app/node_modules/react-router/dist/production/index.mjs',
    );
    expect(
      productionPath('C:\\app\\node_modules\\react-router\\dist\\development\\index.mjs'),
    ).toBe('C:/app/node_modules/react-router/dist/production/index.mjs');
    expect(productionPath('/app/node_modules/react-dom/index.js')).toBeNull();
  });

  it('finds the installed release’s production build, whose warnings are off', () => {
    const development = fileURLToPath(import.meta.resolve('react-router'));
    const production = productionPath(development);
    expect(production).not.toBeNull();
    expect(existsSync(production as string)).toBe(true);
    const folder = dirname(production as string);
    const switches = readdirSync(folder)
      .filter((name) => name.endsWith('.mjs'))
      .flatMap(
        (name) =>
          readFileSync(join(folder, name), 'utf8').match(/ENABLE_DEV_WARNINGS = \w+/g) ?? [],
      );
    expect(switches.length).toBeGreaterThan(0);
    expect(new Set(switches)).toEqual(new Set(['ENABLE_DEV_WARNINGS = false']));
  });

  it('resolves react-router to it in a build only', async () => {
    const plugin = reactRouterProduction();
    expect(plugin.apply).toBe('build');
    const resolveId = plugin.resolveId as (
      this: unknown,
      source: string,
      importer: string | undefined,
      options: object,
    ) => Promise<{ id: string } | null>;
    const context = {
      resolve: async (source: string) => ({
        id: `/app/node_modules/${source}/dist/development/index.mjs`,
        external: false,
      }),
    };
    await expect(
      resolveId.call(context, 'react-router', '/app/src/main.tsx', {}),
    ).resolves.toMatchObject({
      id: '/app/node_modules/react-router/dist/production/index.mjs',
    });
    await expect(resolveId.call(context, 'react-dom', '/app/src/main.tsx', {})).resolves.toBeNull();
  });
});
