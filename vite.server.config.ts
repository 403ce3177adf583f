import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Builds the local services (nodes-service, static app server) into dist-server/ as plain
 * Node ES modules, so `npm start` and a deployment run compiled JavaScript, not TypeScript.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  publicDir: false,
  // The Lambda functions run from a zip without node_modules, so their pure-JS dependencies are
  // bundled in: Hono and its adapters, jose, zod, and pg with its own (pg-*, postgres-*, pgpass, split2, xtend). Left
  // outside: the AWS SDK (the Node.js runtimes provide it), sharp (a native binary, installed in
  // the zip for the function's platform), pg's optional pg-native and pg-cloudflare (required
  // only when asked for, never on Lambda), and PGlite and cognito-local (the local server's).
  ssr: {
    noExternal: [
      'hono',
      /^@hono\//,
      'jose',
      'zod',
      /^pg(?:-(?:pool|protocol|types|connection-string|int8))?$/,
      /^postgres-(?:array|bytea|date|interval)$/,
      'pgpass',
      'split2',
      'xtend',
    ],
  },
  build: {
    ssr: true,
    outDir: 'dist-server',
    target: 'node20',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: 'server/main.ts',
        lambda: 'server/lambda.ts',
        loginLambda: 'server/loginLambda.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});
