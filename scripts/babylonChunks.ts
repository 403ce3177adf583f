/**
 * How the build splits Babylon.js into chunks. The app has two engines that every visitor of their
 * pages loads, the globe and the editor's position picker, and one that few load, the 3D capture
 * viewer (a gallery's glTF models and splats, with `@babylonjs/loaders`). Left to itself, the
 * bundler lays out chunks by every combination of importers: the viewer's dozens of lazy
 * loader modules cut the globe's Babylon code into 40-odd small files, and the globe downloaded
 * 19 KB (gzip) more than before the viewer existed.
 *
 * Here the Babylon modules the globe or the picker import are laid out by those two alone: one
 * chunk of what both use, one of what only the globe uses, one of what only the picker uses. The
 * viewer imports from those chunks what it shares with them (the globe is on screen whenever a
 * gallery is open, so that code is already loaded) and gets the rest, its loaders and the core
 * modules only they need, in chunks of its own.
 */
import { fileURLToPath } from 'node:url';

/** The modules of the engines that lay out the Babylon chunks, by the name their chunks carry. */
export const BABYLON_ENGINES: Readonly<Record<string, string>> = {
  globe: fileURLToPath(new URL('../src/globe/createGlobe.ts', import.meta.url)),
  picker: fileURLToPath(new URL('../src/globe/createPositionPicker.ts', import.meta.url)),
};

export const BABYLON_MODULE = /[\\/]node_modules[\\/]@babylonjs[\\/]/;

/** The part of the module graph the chunking reads. */
export interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/** Every module `start` imports statically, directly or not, itself included. */
export function staticClosure(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The chunk a Babylon module belongs in: `babylon-` and the engines that import it (`globe`,
 * `picker`, or `globe-picker`), or null for a module neither imports (the bundler places it).
 * The graph is read once, on the first call of a build.
 */
export function babylonChunkNamer(
  engines: Readonly<Record<string, string>> = BABYLON_ENGINES,
): (moduleId: string, graph: ModuleGraph) => string | null {
  let users: Map<string, string[]> | null = null;
  return (moduleId, graph) => {
    if (!BABYLON_MODULE.test(moduleId)) return null;
    if (users === null) {
      users = new Map();
      for (const [name, entry] of Object.entries(engines)) {
        for (const id of staticClosure(graph, entry))
          users.set(id, [...(users.get(id) ?? []), name]);
      }
    }
    const names = users.get(moduleId);
    return names === undefined ? null : `babylon-${[...names].sort().join('-')}`;
  };
}

/**
 * Rolldown's `codeSplitting.groups` for the Babylon chunks: one group per chunk name, the chunks
 * of more engines first, so that a module two engines share is never pulled into one engine's
 * chunk as a dependency of a module only that one uses.
 */
export function babylonChunkGroups(engines: Readonly<Record<string, string>> = BABYLON_ENGINES) {
  const namer = babylonChunkNamer(engines);
  const names = Object.keys(engines);
  const subsets = names
    .reduce<string[][]>((all, name) => [...all, ...all.map((subset) => [...subset, name])], [[]])
    .filter((subset) => subset.length > 0)
    .map((subset) => subset.sort());
  return subsets.map((subset) => {
    const chunk = `babylon-${subset.join('-')}`;
    return {
      name: (moduleId: string, graph: ModuleGraph) =>
        namer(moduleId, graph) === chunk ? chunk : null,
      priority: subset.length,
      // Babylon's modules alone: its dependencies outside Babylon (the bundler's preload helper,
      // which the entry script needs first) stay where the bundler puts them.
      includeDependenciesRecursively: false,
    };
  });
}
