import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Builds the local services (nodes-service, static app server) into dist-server/ as plain
 * Node ES modules, so `npm start` and a deployment run compiled JavaScript, not TypeScript.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  publicDir: false,
  // The Lambda runtimes supply the AWS SDK but not jose: bundle it so the function loads alone.
  ssr: { noExternal: ['jose'] },
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
