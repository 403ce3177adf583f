import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measureBundle } from '../../../scripts/bench/bundle';

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A built app: an entry that loads nothing else at once, and lazy chunks with their maps. */
function dist(chunks: Record<string, string[]>): string {
  dir = mkdtempSync(join(tmpdir(), 'globe-bundle-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<script type="module" src="/assets/index.js"></script>');
  writeFileSync(join(dir, 'assets', 'index.js'), 'import("./globe.js");');
  writeFileSync(
    join(dir, 'assets', 'index.js.map'),
    JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: '' }),
  );
  for (const [name, sources] of Object.entries(chunks)) {
    writeFileSync(join(dir, 'assets', name), `export const x = ${JSON.stringify(name)};`);
    writeFileSync(
      join(dir, 'assets', `${name}.map`),
      JSON.stringify({ version: 3, sources, mappings: '' }),
    );
  }
  return dir;
}

const core = (n: number) =>
  Array.from({ length: n }, (_, i) => `../node_modules/@babylonjs/core/m${i}.js`);

describe('measureBundle: the globe’s Babylon chunk and the capture viewer’s', () => {
  it('names the globe’s chunk even when the capture viewer’s holds more Babylon modules', () => {
    const report = measureBundle(
      dist({
        'globe.js': [...core(100), 'src/globe/createGlobe.ts'],
        'capture.js': [
          ...core(200),
          '../node_modules/@babylonjs/loaders/glTF/2.0/glTFLoader.js',
          '../node_modules/@babylonjs/loaders/SPLAT/splatFileLoader.js',
        ],
      }),
    );
    expect(report.babylonChunk?.path).toBe('/assets/globe.js');
    expect(report.captureChunks.map((f) => [f.path, f.loadersModules])).toEqual([
      ['/assets/capture.js', 2],
    ]);
  });

  it('has no capture chunk in a build without the loaders', () => {
    const report = measureBundle(dist({ 'globe.js': core(3) }));
    expect(report.babylonChunk?.path).toBe('/assets/globe.js');
    expect(report.captureChunks).toEqual([]);
  });
});
