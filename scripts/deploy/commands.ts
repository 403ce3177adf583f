/** Runs the tools a deploy is made of (npm, vite, the CDK's CLI), failing loudly on any failure. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root, where `npm run deploy` runs and its node_modules are. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `command` with `args`, its output shown, in `cwd`; throws when it fails. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): void {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${String(result.status)}).`);
  }
}

/** The project's own Vite, run with Node. */
export function vite(args: readonly string[], env: NodeJS.ProcessEnv = {}): void {
  run(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), ...args], { cwd: ROOT, env });
}

/** The AWS CDK's CLI (the `aws-cdk` devDependency), run with Node. */
export function cdk(args: readonly string[], env: NodeJS.ProcessEnv = {}): void {
  run(process.execPath, [join(ROOT, 'node_modules/aws-cdk/bin/cdk'), ...args], { cwd: ROOT, env });
}
