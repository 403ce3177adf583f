/**
 * The functions run from a zip without node_modules (scripts/deploy/functionsFolder.ts): every
 * package their code imports must be bundled in by vite.server.config.ts, but for what the zip or
 * the runtime provides (sharp, the AWS SDK) and Node's own modules. A package left out makes the
 * function fail at its first request ("Cannot find package"), which no test of the code itself
 * sees: this builds the server in memory and reads what the functions import.
 */
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { build, type InlineConfig, type Rollup } from 'vite';
import serverConfig from '../../../vite.server.config';

/** What a function may import without bundling it: Node's modules, the runtime's SDK, sharp. */
const PROVIDED = (specifier: string) =>
  specifier.startsWith('node:') ||
  builtinModules.includes(specifier) ||
  specifier.startsWith('@aws-sdk/') ||
  specifier === 'sharp';

describe('the Lambda functions’ build', () => {
  it('bundles every package the functions import but what their zip and runtime provide', async () => {
    const config = serverConfig as InlineConfig;
    const output = (await build({
      ...config,
      configFile: false,
      logLevel: 'silent',
      // The build's own step (the PGlite copy it writes beside the bundle) is not needed here;
      // Lingui's (the shared validation's messages, the English catalog) are.
      plugins: (config.plugins ?? [])
        .flat()
        .filter(
          (plugin) =>
            !(plugin && 'name' in plugin && plugin.name === 'globe-archive:pglite-template'),
        ),
      build: { ...config.build, write: false, sourcemap: false, emptyOutDir: false },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const chunks = new Map(
      (Array.isArray(output) ? output.flatMap((o) => o.output) : output.output)
        .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
        .map((chunk) => [chunk.fileName, chunk]),
    );
    const unbundled = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const chunk = chunks.get(file);
      if (!chunk) return;
      for (const imported of [...chunk.imports, ...chunk.dynamicImports]) {
        if (chunks.has(imported)) visit(imported);
        else if (!PROVIDED(imported)) unbundled.add(imported);
      }
    };
    visit('lambda.js');
    visit('loginLambda.js');
    expect(seen.size).toBeGreaterThan(2);
    expect([...unbundled].sort()).toEqual([]);
  }, 120_000);
});
