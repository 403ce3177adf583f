/**
 * The production build's source maps: written for whoever decodes a stack trace and for the
 * bundle benchmark, never named by the scripts (no `sourceMappingURL`), and without the sources
 * themselves, so a static host that publishes `dist/` whole gives away file names at most. The
 * local server refuses to serve them at all (http.test.ts).
 */
import { describe, expect, it } from 'vitest';
import config from '../../vite.config';

describe('vite.config.ts', () => {
  it('writes hidden source maps that carry no sources', () => {
    expect(config.build?.sourcemap).toBe('hidden');
    expect(config.build?.rolldownOptions?.output).toMatchObject({ sourcemapExcludeSources: true });
  });

  it('lays out the Babylon chunks by the globe and the position picker alone, then the start', () => {
    const output = config.build?.rolldownOptions?.output;
    const groups = (Array.isArray(output) ? undefined : output)?.codeSplitting;
    // The three Babylon groups (scripts/babylonChunks.ts), then the start chunk's below them
    // (scripts/startChunk.ts): a Babylon module the entry imports stays in Babylon's chunks.
    expect(typeof groups === 'object' && groups.groups?.map((g) => g.priority)).toEqual([
      1, 1, 2, 0,
    ]);
  });
});

describe('vite.server.config.ts', () => {
  it('builds the migrated PGlite copy beside the server, from the bundle’s own code', async () => {
    const { default: server } = await import('../../vite.server.config');
    const names = (server.plugins ?? [])
      .flat()
      .map((plugin) =>
        plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : null,
      );
    expect(names).toContain('globe-archive:pglite-template');
    expect(server.build?.rollupOptions?.input).toMatchObject({
      pgliteTemplate: 'server/storage/pgliteTemplate.ts',
    });
    expect(server.build?.outDir).toBe('dist-server');
  });
});
