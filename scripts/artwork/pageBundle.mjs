/**
 * The scripts the artwork's Chromium pages run, bundled by Vite from TypeScript into one classic
 * script each (iife, every lazy import inlined) for a page opened with `setContent`.
 */
import path from 'node:path';
import { build } from 'vite';
import { root } from './files.mjs';

/** Bundles the module at `entry` (relative to the repository) into one script's code. */
export async function bundlePageScript(entry, name) {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root,
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(root, entry), formats: ['iife'], name },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((output) => output.output)
    .filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${entry}: ${chunks.length} chunks`);
  return chunks[0].code;
}

/** The page-side drawings (`window.artwork`: the map, thumbnails, sample pictures). */
export const artworkRuntime = () =>
  bundlePageScript('scripts/artwork/page/main.ts', 'artworkRuntime');

/**
 * The page-side poster renderer (`window.capturePoster`: scripts/capturePosterRuntime.ts, the
 * app's capture viewer).
 */
export const capturePosterRuntime = () =>
  bundlePageScript('scripts/capturePosterRuntime.ts', 'capturePosterRuntime');
