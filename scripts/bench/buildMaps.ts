/**
 * The built app's source maps (`dist/assets/*.js.map`), read once each, for the bench's trace
 * readers (startTrace.ts, bootupTrace.ts): a position in a built chunk back to its source module
 * and function.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

/** A chunk's source map by a script's URL (`…/assets/start-x.js`); null where there is none. */
export function buildMaps(dist: string): (url: string) => SourceMapConsumer | null {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (url) => {
    const chunk = /\/assets\/([^/?]+\.js)/.exec(url)?.[1];
    if (!chunk) return null;
    if (!maps.has(chunk)) {
      try {
        const map = JSON.parse(readFileSync(join(dist, 'assets', `${chunk}.map`), 'utf8'));
        maps.set(chunk, new SourceMapConsumer(map));
      } catch {
        maps.set(chunk, null);
      }
    }
    return maps.get(chunk) ?? null;
  };
}

/** A source path as the tables name it: a package by its name, the app's modules by their path. */
export function moduleName(source: string): string {
  const module = source.replace(/^(\.\.\/)+/, '');
  const inPackage = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(module);
  return inPackage ? `${inPackage[1]}` : module;
}
