/**
 * The app's code that runs at start, in one chunk. Left to itself, the bundler cuts what the
 * entry imports into a chunk per set of importers: the lazy pages share a slug helper, a constant
 * or the auth slice with the start, so the page asked for 15 files, 8 of them under 1 KB. Over a
 * phone's network each request costs a round trip of its own (Lighthouse's phone model: 150 ms,
 * a few at a time), and the app could not start before the last one arrived.
 *
 * Here every module the entry imports statically (not the entry itself, and not Babylon's, which
 * the globe's and the picker's chunks keep: see babylonChunks.ts) goes into one `start` chunk;
 * the lazy chunks import what they share with it from there (it is always loaded before them).
 * Measured in one run that alternated the builds (medians of 3): Lighthouse's phone score 76 → 80
 * (`/?skipIntro=true`) and 75 → 83 (`/`), LCP 2.72 → 2.57 s and 2.80 → 2.47 s.
 */
import { fileURLToPath } from 'node:url';
import { BABYLON_MODULE, staticClosure, type ModuleGraph } from './babylonChunks.ts';

/** The app's entry (index.html's module script). */
export const APP_ENTRY = fileURLToPath(new URL('../src/main.tsx', import.meta.url));

/**
 * Rolldown's `codeSplitting.groups` entry for the `start` chunk, below the Babylon groups in
 * priority. The entry's closure is read once per build (per module graph).
 */
export function startChunkGroup(entry: string = APP_ENTRY) {
  const closures = new WeakMap<ModuleGraph, Set<string>>();
  const closureOf = (graph: ModuleGraph): Set<string> => {
    let closure = closures.get(graph);
    if (!closure) closures.set(graph, (closure = staticClosure(graph, entry)));
    return closure;
  };
  return {
    name: (moduleId: string, graph: ModuleGraph) =>
      moduleId !== entry && !BABYLON_MODULE.test(moduleId) && closureOf(graph).has(moduleId)
        ? 'start'
        : null,
    priority: 0,
  };
}
