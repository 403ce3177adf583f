/**
 * The app's own modules the start chunk holds (issue 49): every file of `src/` that `src/main.tsx`
 * imports statically, directly or not (scripts/startChunk.ts puts the same closure in the `start`
 * chunk). Their messages make the start's catalog (`src/locales/start/*.po`), which the first
 * render waits for; every other message waits in the rest's catalog, loaded after it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** `import … from '…'`, `export … from '…'`, `import '…'`: never `import('…')`. */
const STATIC_IMPORT = /(?:^|[;\s])(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveSource(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  if (existsSync(base) && statSync(base).isFile()) return /\.tsx?$/.test(base) ? base : null;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

/** The static closure of `entry` within `root/src`, as absolute paths. */
export function startModules(root: string, entry = join(root, 'src', 'main.tsx')): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      // `import type …` and `export type …` bring no code into the chunk.
      if (/\b(?:import|export)\s+type\s/.test(match[0])) continue;
      const found = resolveSource(root, file, match[1] ?? '');
      if (found && !seen.has(found)) queue.push(found);
    }
  }
  return [...seen].sort();
}
