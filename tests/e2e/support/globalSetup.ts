import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium';

/**
 * Runs once before the browser tests: fails fast, with the fix, when Chromium is missing, and
 * builds the app and the services so the tests drive the same build `npm start` serves.
 */
export default function setup(): void {
  chromiumPath();
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    stdio: 'inherit',
  });
  if (build.status !== 0)
    throw new Error('The build failed: browser tests need dist/ and dist-server/.');
}
