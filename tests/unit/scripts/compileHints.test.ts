/**
 * V8's compile hint on the start's chunks (scripts/compileHints.ts): a small app built with the
 * plugin, written to disk as `npm run build` writes it, has the hint on the first line of the
 * chunks it names and of no other, and its source maps still point at the right source line.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, withCompileHint } from '../../../scripts/compileHints';

const APP = {
  'index.html':
    '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
  'main.js':
    "import { shared } from './shared.js';\n" +
    "export const started = shared('start');\n" +
    "void import('./Eager.js');\nvoid import('./Other.js');\n",
  'shared.js': 'export function shared(word) {\n  return `${word}!`;\n}\n',
  'Eager.js': "export function eager() {\n  return 'eager-marker';\n}\n",
  'Other.js': "export function other() {\n  return 'other-marker';\n}\n",
};

let root: string;
let assets: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  for (const [name, text] of Object.entries(APP)) writeFileSync(join(root, name), text);
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [compileHints(new Set(['index', 'Eager']))],
    build: { outDir: join(root, 'dist'), sourcemap: 'hidden', minify: false },
  });
  assets = join(root, 'dist', 'assets');
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const chunk = (prefix: string) => {
  const name = readdirSync(assets).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!name) throw new Error(`no ${prefix} chunk`);
  return join(assets, name);
};

describe('compileHints', () => {
  it('puts the hint on the first line of the chunks it names, and of no other', () => {
    expect(readFileSync(chunk('index'), 'utf8').split('\n')[0]).toBe(COMPILE_HINT);
    expect(readFileSync(chunk('Eager'), 'utf8').split('\n')[0]).toBe(COMPILE_HINT);
    expect(readFileSync(chunk('Other'), 'utf8')).not.toContain(COMPILE_HINT);
  });

  it('keeps each source map pointing at the source line of the code', () => {
    for (const [prefix, marker, source] of [
      ['Eager', 'eager-marker', 'Eager.js'],
      ['Other', 'other-marker', 'Other.js'],
    ] as const) {
      const file = chunk(prefix);
      const lines = readFileSync(file, 'utf8').split('\n');
      const line = lines.findIndex((l) => l.includes(marker));
      const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
      const found = map.originalPositionFor({
        line: line + 1,
        column: (lines[line] ?? '').indexOf(marker),
      });
      expect({ source: found.source?.split('/').pop(), line: found.line }).toEqual({
        source,
        line: 2,
      });
    }
  });

  it('moves a map with the code by the one line it adds', () => {
    expect(withCompileHint('a();\nb();', 'AAAA;AACA')).toEqual({
      code: `${COMPILE_HINT}\na();\nb();`,
      mappings: ';AAAA;AACA',
    });
    expect(withCompileHint('a();', null).mappings).toBeNull();
  });
});
