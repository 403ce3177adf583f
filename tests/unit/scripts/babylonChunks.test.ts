/**
 * The build's Babylon chunks (scripts/babylonChunks.ts): laid out by the globe and the position
 * picker alone, so the lazy 3D capture viewer imports what it shares with them instead of cutting
 * their chunks into pieces.
 */
import { describe, expect, it } from 'vitest';
import {
  babylonChunkGroups,
  babylonChunkNamer,
  staticClosure,
  type ModuleGraph,
} from '../../../scripts/babylonChunks';

const bjs = (name: string) => `/app/node_modules/@babylonjs/core/${name}.js`;
const ENGINES = { globe: '/app/src/globe/createGlobe.ts', picker: '/app/src/globe/picker.ts' };

/** A graph: the globe and the picker share the engine; the viewer adds a loader of its own. */
const imports: Record<string, string[]> = {
  [ENGINES.globe]: [bjs('engine'), bjs('gui'), '/app/src/lib/geo.ts'],
  [ENGINES.picker]: [bjs('engine'), bjs('marker')],
  '/app/src/capture/createCaptureViewer.ts': [bjs('engine'), bjs('gui'), bjs('loader')],
  [bjs('engine')]: [bjs('math'), '/app/node_modules/vite/preload-helper.js'],
  [bjs('gui')]: [bjs('math')],
  [bjs('loader')]: [bjs('math'), bjs('pbr')],
};
const graph: ModuleGraph = {
  getModuleInfo: (id) => ({ importedIds: imports[id] ?? [] }),
};

describe('the Babylon chunks', () => {
  it('follows static imports only, each module once', () => {
    expect([...staticClosure(graph, ENGINES.picker)].sort()).toEqual(
      [
        ENGINES.picker,
        bjs('engine'),
        bjs('marker'),
        bjs('math'),
        '/app/node_modules/vite/preload-helper.js',
      ].sort(),
    );
  });

  it('names a Babylon module by the engines that import it, never by the viewer', () => {
    const name = babylonChunkNamer(ENGINES);
    expect(name(bjs('engine'), graph)).toBe('babylon-globe-picker');
    expect(name(bjs('math'), graph)).toBe('babylon-globe-picker');
    expect(name(bjs('gui'), graph)).toBe('babylon-globe');
    expect(name(bjs('marker'), graph)).toBe('babylon-picker');
    // Only the viewer's: the bundler places it, in the viewer's own chunks.
    expect(name(bjs('loader'), graph)).toBeNull();
    expect(name(bjs('pbr'), graph)).toBeNull();
    // Not Babylon: the app's modules and the bundler's helper are never captured.
    expect(name('/app/src/lib/geo.ts', graph)).toBeNull();
    expect(name('/app/node_modules/vite/preload-helper.js', graph)).toBeNull();
  });

  it('gives the chunks of more engines the higher priority, and captures no dependencies', () => {
    const groups = babylonChunkGroups(ENGINES);
    const named = (id: string) => groups.map((g) => g.name(id, graph)).filter(Boolean);
    expect(groups.map((g) => g.priority)).toEqual([1, 1, 2]);
    expect(groups.every((g) => g.includeDependenciesRecursively === false)).toBe(true);
    // Each module is claimed by exactly one group, the one of its name.
    expect(named(bjs('math'))).toEqual(['babylon-globe-picker']);
    expect(named(bjs('gui'))).toEqual(['babylon-globe']);
    expect(named(bjs('loader'))).toEqual([]);
  });
});
