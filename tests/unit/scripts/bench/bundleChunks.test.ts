import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measureBundle } from '../../../../scripts/bench/bundle';

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

  it('measures what the globe loads after the intro: its chunk and its static imports', () => {
    const root = dist({});
    const write = (name: string, code: string, sources: string[]) => {
      writeFileSync(join(root, 'assets', name), code);
      // One segment at the start of the line: the whole line is the first source's.
      const mappings = code
        .split('\n')
        .map(() => 'AAAA')
        .join(';');
      writeFileSync(
        join(root, 'assets', `${name}.map`),
        JSON.stringify({ version: 3, sources, mappings }),
      );
    };
    write('index.js', 'import"./shared.js";import("./globe.js");', ['src/main.tsx']);
    write('shared.js', 'export const s=1;', ['src/lib/url.ts']);
    write('globe.js', 'import"./shared.js";import"./engine.js";export const g=1;', [
      'src/globe/createGlobe.ts',
    ]);
    write('engine.js', `export const e=${JSON.stringify('x'.repeat(400))};`, [
      '../node_modules/@babylonjs/core/Engines/engine.js',
    ]);
    write('viewer.js', 'import"./engine.js";export const v=1;', [
      '../node_modules/@babylonjs/loaders/glTF/glTFFileLoader.js',
    ]);
    const report = measureBundle(root);
    // Loaded before the intro (shared.js) is not the globe's; the viewer's chunk is not either.
    expect(report.globe?.chunks.map((f) => f.path).sort()).toEqual([
      '/assets/engine.js',
      '/assets/globe.js',
    ]);
    expect(report.globe?.babylonGzipBytes).toBeGreaterThan(0);
    // Only the Babylon code counts: the engine chunk's line, not the globe's own.
    expect(report.globe?.babylonGzipBytes).toBeLessThan(report.globe?.gzipBytes ?? 0);
  });

  it('has no globe figure in a build without the globe engine', () => {
    expect(measureBundle(dist({ 'other.js': core(3) })).globe).toBeNull();
  });

  it('has no capture chunk in a build without the loaders', () => {
    const report = measureBundle(dist({ 'globe.js': core(3) }));
    expect(report.babylonChunk?.path).toBe('/assets/globe.js');
    expect(report.captureChunks).toEqual([]);
  });
});
