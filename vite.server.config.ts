import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig, type Plugin } from 'vite';
import { linguiMacros } from './scripts/lingui/viteMacros.ts';
import type * as PgliteTemplate from './server/storage/pgliteTemplate';

const OUT_DIR = 'dist-server';

/**
 * Writes the migrated PGlite copy a database in memory starts from (server/storage/
 * pgliteTemplate.ts) beside the bundle, made by the bundle's own code once it is written: a few
 * seconds of the build for four of every later start of a server of `ARCHIVE_FILE`.
 */
function pgliteTemplate(): Plugin {
  return {
    name: 'globe-archive:pglite-template',
    apply: 'build',
    async closeBundle() {
      const entry = resolve(OUT_DIR, 'pgliteTemplate.js');
      // A build that failed wrote no entry: its own error is the one to see.
      if (!existsSync(entry)) return;
      const built = (await import(pathToFileURL(entry).href)) as typeof PgliteTemplate;
      const { archive, stamp } = await built.makePgliteTemplate();
      writeFileSync(join(OUT_DIR, built.TEMPLATE_FILE), archive);
      writeFileSync(join(OUT_DIR, built.TEMPLATE_STAMP), stamp);
    },
  };
}

/**
 * Builds the local services (nodes-service, static app server) into dist-server/ as plain
 * Node ES modules, so `npm start` and a deployment run compiled JavaScript, not TypeScript.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  publicDir: false,
  // The validation shared with the app says its messages through the translation layer (issue
  // 49): its macros compiled, and the English catalog the server speaks (server/support/).
  plugins: [linguiMacros(), lingui(), pgliteTemplate()],
  // The Lambda functions run from a zip without node_modules, so their pure-JS dependencies are
  // bundled in: Lingui (the shared validation's messages) with its message parser, Hono and its adapters, jose, zod, the CSV readers and writers (csv-parse, papaparse), and pg with its own (pg-*, postgres-*, pgpass, split2, xtend). Left
  // outside: the AWS SDK (the Node.js runtimes provide it), sharp (a native binary, installed in
  // the zip for the function's platform), pg's optional pg-native and pg-cloudflare (required
  // only when asked for, never on Lambda), and PGlite and cognito-local (the local server's).
  ssr: {
    noExternal: [
      'hono',
      /^@hono\//,
      'jose',
      'zod',
      'csv-parse',
      'papaparse',
      /^pg(?:-(?:pool|protocol|types|connection-string|int8))?$/,
      /^postgres-(?:array|bytea|date|interval)$/,
      'pgpass',
      'split2',
      'xtend',
      /^@lingui\//,
      /^@messageformat\//,
      'moo',
    ],
  },
  build: {
    ssr: true,
    outDir: OUT_DIR,
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: 'server/node/main.ts',
        lambda: 'server/lambda/nodesLambda.ts',
        loginLambda: 'server/lambda/loginLambda.ts',
        // Run by the build itself (above), to make the copy.
        pgliteTemplate: 'server/storage/pgliteTemplate.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});
