/**
 * The folder the three functions are zipped from: the server's Lambda build (dist-server's
 * `lambda.js`, `loginLambda.js` and their chunks, without source maps or the Node server), the
 * archive as `archive.json`, and sharp built for the functions' platform (Linux on arm64), which
 * photos need; the Node.js runtime provides the AWS SDK.
 */
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ARCHIVE_IN_FUNCTIONS } from '../../infra/settings';
import { dynamicImports, staticImports } from '../builtImports';
import { ROOT, run } from './commands';

/**
 * What of dist-server the functions run: their two entries and every chunk these import, and
 * nothing else (no Node server, no local identity stand-in, no source maps).
 */
export function functionFiles(distServer: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(distServer, file), 'utf8');
    for (const specifier of [...staticImports(code), ...dynamicImports(code)]) {
      // Relative ones are the build's chunks; the others (`node:crypto`, sharp) are not copied.
      if (specifier.startsWith('.')) visit(posix.join(posix.dirname(file), specifier));
    }
  };
  visit('lambda.js');
  visit('loginLambda.js');
  return [...seen].sort();
}

/** sharp's version as the project pins it. */
function sharpVersion(): string {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages['node_modules/sharp']?.version;
  if (!version) throw new Error('package-lock.json names no sharp: run npm install first.');
  return version;
}

/** Makes the functions' folder under `.deploy/{stack}/` and says where it is. */
export function assembleFunctions(stack: string, archive: string): string {
  const folder = join(ROOT, '.deploy', stack, 'functions');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'assets'), { recursive: true });
  const distServer = join(ROOT, 'dist-server');
  for (const file of functionFiles(distServer)) cpSync(join(distServer, file), join(folder, file));
  copyFileSync(join(ROOT, archive), join(folder, ARCHIVE_IN_FUNCTIONS));
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify({ type: 'module', private: true, dependencies: { sharp: sharpVersion() } }, null, 2)}\n`,
  );
  run(
    'npm',
    [
      'install',
      '--omit=dev',
      '--os=linux',
      '--cpu=arm64',
      '--libc=glibc',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
    ],
    { cwd: folder },
  );
  return folder;
}
