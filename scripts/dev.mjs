// @ts-check
/**
 * `npm run dev`: the local services under `tsx watch` (restarted on every server change) on
 * API_PORT, and Vite with hot reload on PORT, which proxies `/api` to them (see vite.config.ts).
 * Ctrl-C stops both; if one dies the other is stopped too.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadDotEnv, supervise } from './start.mjs';

loadDotEnv();
const require = createRequire(import.meta.url);
const apiPort = process.env.API_PORT || '5174';
const appPort = process.env.PORT || '5173';

if (apiPort === appPort) {
  console.error(`API_PORT and PORT are both ${apiPort}; give the API another port.`);
  process.exit(1);
}

const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const viteArgs = process.env.HOST ? [viteBin, '--host', process.env.HOST] : [viteBin];

process.exit(
  await supervise([
    {
      name: 'local services (tsx watch)',
      command: process.execPath,
      // Lingui's macros and catalogs, as the build compiles them (scripts/lingui/loader.mjs).
      args: [
        require.resolve('tsx/cli'),
        'watch',
        '--clear-screen=false',
        '--import',
        './scripts/lingui/register.mjs',
        'server/node/main.ts',
      ],
      // Only the Vite proxy talks to the API, so it stays on this machine and serves no app.
      env: { PORT: apiPort, HOST: '127.0.0.1', STATIC_DIR: 'none' },
    },
    { name: 'vite', command: process.execPath, args: viteArgs, env: { API_PORT: apiPort } },
  ]),
);
