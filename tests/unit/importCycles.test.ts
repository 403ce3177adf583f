import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * `npm run lint` runs dependency-cruiser with `.dependency-cruiser.cjs`: no import cycles anywhere,
 * type-only imports included (issue 15). The rule must fail on a cycle and pass on the tree.
 */

const ROOT = new URL('../../', import.meta.url).pathname;
const depcruise = (paths: string[]) =>
  spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      ...paths,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );

describe('the import-cycle rule', () => {
  it('fails on a cycle, even one made of a type-only import', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycle-'));
    try {
      // The shape the server had: routes import a type from the handler, which imports the routes.
      writeFileSync(
        join(dir, 'handler.ts'),
        "import { route } from './route';\nexport interface Reply { status: number }\nexport const handle = (): Reply => route();\n",
      );
      writeFileSync(
        join(dir, 'route.ts'),
        "import type { Reply } from './handler';\nexport const route = (): Reply => ({ status: 200 });\n",
      );
      const result = depcruise([dir]);
      expect(result.status).not.toBe(0);
      expect(result.stdout).toContain('no-circular');
      expect(result.stdout).toMatch(/handler\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes on the tree', () => {
    const result = depcruise([
      'src',
      'server',
      'scripts',
      'tests',
      'vite.config.ts',
      'vite.server.config.ts',
    ]);
    expect(result.stdout + result.stderr).toContain('no dependency violations found');
    expect(result.status).toBe(0);
  }, 60_000);
});
