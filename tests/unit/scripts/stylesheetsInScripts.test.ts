/**
 * The app's stylesheets travel inside its scripts (scripts/stylesheetsInScripts.ts): a small app
 * built with the plugin links no stylesheet from its page, and each chunk carries the rules of the
 * stylesheets its modules import, in the order the modules run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stylesheetAdder, stylesheetsInScripts } from '../../../scripts/stylesheetsInScripts';

const APP = {
  'index.html':
    '<!doctype html><html><head><style>.frame { color: red }</style></head>' +
    '<body><script type="module" src="/main.js"></script></body></html>',
  // The shared sheet first, then a component that imports its child before its own sheet.
  'main.js': "import './shared.css';\nimport './Panel.js';\nvoid import('./Lazy.js');\n",
  'Panel.js': "import './Chip.js';\nimport './panel.css';\n",
  'Chip.js': "import './chip.css';\n",
  'Lazy.js':
    "import './lazy.css';\nimport inline from './inline.css?inline';\nexport { inline };\n",
  'shared.css': '.shared { margin: 1px }\n',
  'chip.css': '.chip { margin: 2px }\n',
  'panel.css': '.panel .chip { margin: 3px }\n',
  'lazy.css': '.lazy { margin: 4px }\n',
  'inline.css': '.inline { margin: 5px }\n',
};

let root: string;
let files: (Rolldown.OutputChunk | Rolldown.OutputAsset)[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'stylesheets-in-scripts-'));
  for (const [name, text] of Object.entries(APP)) writeFileSync(join(root, name), text);
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [stylesheetsInScripts()],
    build: { write: false, modulePreload: false },
  });
  files = (Array.isArray(result) ? result : [result]).flatMap((r) =>
    'output' in r ? r.output : [],
  );
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const chunk = (name: string) =>
  files.find((f): f is Rolldown.OutputChunk => f.type === 'chunk' && f.name === name);

describe('stylesheetsInScripts', () => {
  it('links no stylesheet from the page and writes none, leaving the page its own rules', () => {
    expect(files.filter((f) => f.fileName.endsWith('.css'))).toEqual([]);
    const page = files.find((f) => f.fileName === 'index.html') as Rolldown.OutputAsset;
    expect(String(page.source)).not.toMatch(/rel="stylesheet"/);
    expect(String(page.source)).toMatch(/<style>\.frame\{color:red\}<\/style>/);
  });

  it("adds the start's rules from the entry, in the order their modules run", () => {
    const code = chunk('index')?.code ?? '';
    const at = (rule: string) => code.indexOf(rule);
    expect(at('.shared{margin:1px}')).toBeGreaterThanOrEqual(0);
    expect(at('.shared{margin:1px}')).toBeLessThan(at('.chip{margin:2px}'));
    expect(at('.chip{margin:2px}')).toBeLessThan(at('.panel .chip{margin:3px}'));
    expect(code).toMatch(/document\.head\.append/);
    expect(code).not.toContain('.lazy{');
  });

  it("carries a lazy module's rules in its own chunk, and leaves `?inline` as a string", () => {
    const code = chunk('Lazy')?.code ?? '';
    expect(code).toContain('.lazy{margin:4px}');
    expect(code).toContain('.inline{margin:5px}');
    // The `?inline` sheet is only exported: one sheet added, the lazy one.
    expect(code.match(/document\.head\.append/g)).toHaveLength(1);
  });

  it('adds a sheet with a <style> of its own', () => {
    expect(stylesheetAdder('/app/src/x.css')).toBe(
      [
        `import rules from "/app/src/x.css?inline";`,
        `const stylesheet = document.createElement('style');`,
        `stylesheet.textContent = rules;`,
        `document.head.append(stylesheet);`,
      ].join('\n'),
    );
  });
});
