/**
 * The `start` chunk (scripts/startChunk.ts): everything the entry imports statically, Babylon's
 * modules and the entry itself aside, in one chunk; the rest left to the bundler.
 */
import { describe, expect, it } from 'vitest';
import type { ModuleGraph } from '../../../scripts/babylonChunks';
import { APP_ENTRY, startChunkGroup } from '../../../scripts/startChunk';

const MAIN = '/app/src/main.tsx';
const imports: Record<string, string[]> = {
  [MAIN]: ['/app/src/app/router.tsx', '/app/node_modules/react-dom/client.js'],
  '/app/src/app/router.tsx': ['/app/src/lib/slug.ts', '/app/node_modules/react-router/index.js'],
  '/app/node_modules/react-dom/client.js': ['/app/node_modules/react/index.js'],
  // A lazy page (imported dynamically: not in the graph's static imports) shares the slug helper.
  '/app/src/features/editor/EditorPage.tsx': ['/app/src/lib/slug.ts', '/app/src/lib/upload.ts'],
  '/app/src/globe/createGlobe.ts': ['/app/node_modules/@babylonjs/core/engine.js'],
};
const graph: ModuleGraph = { getModuleInfo: (id) => ({ importedIds: imports[id] ?? [] }) };

describe('the start chunk', () => {
  const { name } = startChunkGroup(MAIN);

  it('holds every module the entry imports statically, directly or not', () => {
    for (const id of [
      '/app/src/app/router.tsx',
      '/app/src/lib/slug.ts',
      '/app/node_modules/react-router/index.js',
      '/app/node_modules/react-dom/client.js',
      '/app/node_modules/react/index.js',
    ])
      expect(name(id, graph), id).toBe('start');
  });

  it('leaves the entry, the lazy pages and their own modules, and Babylon to others', () => {
    for (const id of [
      MAIN,
      '/app/src/features/editor/EditorPage.tsx',
      '/app/src/lib/upload.ts',
      '/app/src/globe/createGlobe.ts',
      '/app/node_modules/@babylonjs/core/engine.js',
    ])
      expect(name(id, graph), id).toBeNull();
  });

  it('reads each build on its own (a worker build without the entry puts nothing there)', () => {
    const other: ModuleGraph = {
      getModuleInfo: (id) => (id === MAIN ? null : { importedIds: ['/app/src/lib/slug.ts'] }),
    };
    expect(name('/app/src/lib/slug.ts', other)).toBeNull();
    expect(name('/app/src/lib/slug.ts', graph)).toBe('start');
  });

  it("names the app's own entry by default", () => {
    expect(APP_ENTRY.replace(/\\/g, '/')).toMatch(/\/src\/main\.tsx$/);
  });
});
