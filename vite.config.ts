/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appAfterFirstFrame } from './scripts/appAfterFirstFrame.ts';
import { babylonChunkGroups } from './scripts/babylonChunks.ts';
import { compileHints } from './scripts/compileHints.ts';
import { firstPaintLanguages } from './scripts/firstPaintLanguages.ts';
import { linguiMacros } from './scripts/lingui/viteMacros.ts';
import { offlineWorker } from './scripts/offlineWorker.ts';
import { reactRouterProduction } from './scripts/productionBuilds.ts';
import { startChunkGroup } from './scripts/startChunk.ts';
import { stylesheetsInScripts } from './scripts/stylesheetsInScripts.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
/**
 * Browser tests that time what a visitor sees (the preloader's count, the intro's schedule, the
 * keyboard journey's animations) or drive the heaviest globe (1,000 cards zoomed and flown
 * through): run on their own, after the rest, so no other file's load skews them. (A build of
 * the app's own, as the analytics and custom sign-in tests make, takes seconds: those run with
 * the rest.)
 */
/**
 * Browser tests that measure wall-clock timings (the intro's schedule, the globe shown after the
 * data, cluster flights): run alone after the rest, so that they measure the app, not a second
 * browser beside it (faces.e2e measured 4.2 s from the data to the globe alone, 7-14 s beside
 * another browser file on two cores).
 */
const TIMED_E2E = [
  'tests/e2e/journey.e2e.test.ts',
  'tests/e2e/clusters.e2e.test.ts',
  'tests/e2e/faces.e2e.test.ts',
];
/** Where the local services listen while `npm run dev` serves the app with HMR. */
const devApiPort = Number(process.env.API_PORT ?? 5174);

export default defineConfig({
  // The built page paints its first frame before it loads the app (scripts/appAfterFirstFrame.ts),
  // and the app's stylesheets travel inside its scripts (scripts/stylesheetsInScripts.ts); React
  // Router's production build, which its package does not name (scripts/productionBuilds.ts).
  // Lingui's macros before React's transform, and each language's catalog compiled when imported
  // (issue 49: src/i18n/). V8 compiles the start's chunks eagerly, off the main thread
  // (scripts/compileHints.ts).
  plugins: [
    linguiMacros(),
    react(),
    lingui(),
    appAfterFirstFrame(),
    firstPaintLanguages(),
    stylesheetsInScripts(),
    reactRouterProduction(),
    compileHints(),
    // The service worker (issue 50): src/offline/serviceWorker.ts with the build's precache list.
    VitePWA(offlineWorker()),
  ],
  resolve: { alias: { '@': src } },
  envPrefix: 'VITE_',
  build: {
    outDir: 'dist',
    // Maps stay beside the build, for decoding a stack trace and for the bundle benchmark (which
    // reads their module lists), but no script names them and the server never serves them; they
    // carry no sources, so a static host that publishes them anyway gives away only file names.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        sourcemapExcludeSources: true,
        // The globe's and the picker's Babylon code in chunks of their own, which the lazy 3D
        // capture viewer imports from rather than splitting (see scripts/babylonChunks.ts), and
        // the rest of what the app runs at start in one chunk (scripts/startChunk.ts).
        codeSplitting: { groups: [...babylonChunkGroups(), startChunkGroup()] },
      },
    },
    target: 'es2022',
  },
  // The globe's engine runs in a module worker (src/globe/worker/globe.worker.ts).
  worker: {
    format: 'es',
    // Its callouts' and faces' words are Lingui messages too (src/globe/globeWords.ts).
    plugins: () => [linguiMacros()],
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    // The local services: the nodes-service, the local identity server's Cognito endpoint and
    // the uploaded photos.
    proxy: {
      '/api': `http://127.0.0.1:${devApiPort}`,
      '/identity': `http://127.0.0.1:${devApiPort}`,
      '/uploads': `http://127.0.0.1:${devApiPort}`,
    },
  },
  test: {
    reporters: ['default', './tests/summaryReporter.ts'],
    // Two files at a time, one per core: a browser file beside a unit file or another browser
    // file (three at a time timed tests out on a fresh clone). The timed browser tests run alone
    // afterwards.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          // Page tests render the whole app in jsdom: seconds each while browsers run beside them.
          testTimeout: 20_000,
          // A PostgreSQL server for the storage tests, when one is installed or named.
          globalSetup: ['./tests/unit/support/postgresSetup.ts'],
          // npm's oai-pmh harvester (tests/unit/server/oai/oaiHarvest.test.ts) is loaded from its
          // sources through Vite: its entry runs them through the `esm` package, which fails on
          // Node 22.
          server: { deps: { inline: ['oai-pmh'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: TIMED_E2E,
          environment: 'node',
          // Builds the app once (when stale) for both browser projects: this one runs first.
          globalSetup: ['./tests/e2e/support/globalSetup.ts'],
          // Files in parallel with each other and the unit tests (see `maxWorkers`): each file
          // starts its own server and browser and spends much of its time waiting on pages.
          fileParallelism: true,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // `expect.poll` waits on the page's state and ends when it arrives; its bound (1 s by
          // default) only catches a page that never gets there, and a busy machine needs more.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-timed',
          include: TIMED_E2E,
          environment: 'node',
          // After everything else, alone: these measure the spec's timings on the wall clock.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // `expect.poll` waits on the page's state and ends when it arrives; its bound (1 s by
          // default) only catches a page that never gets there, and a busy machine needs more.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
