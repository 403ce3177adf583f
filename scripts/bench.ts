/**
 * `npm run bench`: measures the budgets of ARCHITECTURE §5 and prints them as medians and ratios.
 *
 *   npm run bench                      bundle sizes, then the globe at 100, 1,000 and 10,000 cards
 *   npm run bench -- --sizes           bundle sizes only (no browser)
 *   npm run bench -- --n 100,1000      choose the archive sizes
 *   npm run bench -- --runs 3          page loads per size (medians are reported)
 *   npm run bench -- --frames 120      frames forced before the frame time is read (≥ 60)
 *
 * Results go to `bench-results/bench-<timestamp>.json` and `bench-results/latest.json`. The exit
 * code is non-zero only when the benchmark could not run; a budget that fails is printed, loudly.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumPath } from '../tests/e2e/chromium';
import { ROOT, startApp } from '../tests/e2e/harness';
import { generateArchive } from '../tests/fixtures/generateArchive';
import { measureBundle, type BundleReport } from './bench/bundle';
import { measureRun, type RunResult } from './bench/globe';
import {
  BUDGET,
  checkBudgets,
  fmt,
  MB,
  printBudgets,
  printBundle,
  printGlobe,
  summarise,
  type SizeResult,
} from './bench/report';

const RESULTS_DIR = join(ROOT, 'bench-results');
/** Navigation to `ready` for one load: 60 s, plus 60 s more at 10,000 cards. */
const pageTimeoutMs = (n: number) => 60_000 + 6 * n;
/** Frames forced once ready before sampling (texture uploads and mipmaps may still be landing). */
const WARMUP_FRAMES = 5;
/** The frame-time median always covers at least this many forced frames... */
const MIN_FRAMES = 60;
/**
 * ...and up to `--frames` (120: the engine's median window) while forcing them takes under this.
 * SwiftShader can take seconds a frame at 10,000 cards; 60 of those are forced regardless.
 */
const FRAME_BUDGET_MS = 60_000;

interface Options {
  sizesOnly: boolean;
  sizes: number[];
  runs: number;
  frames: number;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'boolean', default: false },
      n: { type: 'string', default: '100,1000,10000' },
      runs: { type: 'string', default: '3' },
      // The engine's frameTimeMs is a median over its last 120 frames: force as many, so the
      // sample holds only settled frames and none of the reveal.
      frames: { type: 'string', default: '120' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.info(
      'usage: npm run bench -- [--sizes] [--n 100,1000,10000] [--runs 3] [--frames 120]',
    );
    process.exit(0);
  }
  const positiveInt = (text: string, what: string) => {
    const value = Number(text.replace(/_/g, ''));
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${what}: "${text}" is not a whole number ≥ 1`);
    return value;
  };
  return {
    sizesOnly: values.sizes,
    sizes: values.n.split(',').map((s) => positiveInt(s.trim(), '--n')),
    runs: positiveInt(values.runs, '--runs'),
    frames: Math.max(MIN_FRAMES, positiveInt(values.frames, '--frames')),
  };
}

/** Runs a build step with NODE_ENV=production: a benchmark measures what visitors get. */
function runBuild(command: string, args: string[]): void {
  console.info(`Build: ${command} ${args.join(' ')} (NODE_ENV=production)`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0)
    throw new Error(`the build failed (exit code ${result.status ?? result.signal})`);
}

/**
 * What `npm start` would serve: builds only when the build is missing or stale. `start.mjs` only
 * checks timestamps, so a current build that some other command made with NODE_ENV other than
 * production (Vitest sets `test`) would be kept, with React's development build inside: such a
 * build is rebuilt, once, for production.
 */
function buildAndMeasure(result: Record<string, unknown>): BundleReport {
  runBuild(process.execPath, ['scripts/start.mjs', '--build-only']);
  const dist = join(ROOT, 'dist');
  const bundle = measureBundle(dist);
  if (bundle.developmentModules.length === 0) return bundle;
  console.warn(
    `\n! dist/ holds a development build (${bundle.developmentModules.join(', ')}): it was built ` +
      'with NODE_ENV other than production. Rebuilding it for production.',
  );
  result.rebuiltDevelopmentBuild = bundle.developmentModules;
  runBuild('npm', ['run', 'build']);
  const rebuilt = measureBundle(dist);
  if (rebuilt.developmentModules.length > 0)
    throw new Error(
      `dist/ still holds development modules after a production build: ${rebuilt.developmentModules.join(', ')}`,
    );
  return rebuilt;
}
async function measureSize(n: number, options: Options): Promise<SizeResult> {
  const dir = mkdtempSync(join(tmpdir(), 'globe-bench-'));
  try {
    const archiveFile = join(dir, `archive-${n}.json`);
    writeFileSync(archiveFile, JSON.stringify(generateArchive(n)));
    const app = await startApp({ archiveFile });
    try {
      const runs: RunResult[] = [];
      for (let run = 1; run <= options.runs; run++) {
        const label = `N=${n} run ${run}/${options.runs}`;
        process.stdout.write(`  ${label} … `);
        const result = await measureRun({
          url: app.url,
          n,
          warmupFrames: WARMUP_FRAMES,
          frames: options.frames,
          minFrames: MIN_FRAMES,
          frameBudgetMs: FRAME_BUDGET_MS,
          timeoutMs: pageTimeoutMs(n),
          failureDir: RESULTS_DIR,
          label: `n${n}-run${run}`,
        }).catch((error: unknown) => {
          process.stdout.write('failed\n');
          const tail = app.output().trim().split('\n').slice(-15).join('\n');
          if (tail) console.error(`  last lines the services printed:\n${tail}`);
          throw error;
        });
        const s = result.statsAfterFrames;
        console.info(
          `data→ready ${fmt(result.dataToReadyMs, 0)} ms, ${s.drawCalls} draw calls, ` +
            `frame ${fmt(s.frameTimeMs, 2)} ms CPU, ${fmt(result.wallMsPerFrame, 0)} ms wall ` +
            `(${result.framesForced} frames, ${result.frameMethod}), ` +
            `texture ${fmt(s.textureBytes / MB, 1)} MB, heap ${fmt(result.heapUsedAfterGcBytes / MB, 1)} MB; ` +
            `phases (s) ${JSON.stringify(result.phaseSeconds)}`,
        );
        if (s.cards !== n || s.revealed !== s.cards)
          console.warn(`  ! stats() says ${s.cards} cards, ${s.revealed} revealed (archive: ${n})`);
        for (const e of [...result.pageErrors, ...result.consoleErrors].slice(0, 5))
          console.warn(`  ! the page reported: ${e}`);
        runs.push(result);
      }
      return summarise(n, runs);
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
function environment(browserVersion: string | null) {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() || null;
  return {
    node: process.version,
    platform: `${platform()} ${release()} ${arch()}`,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    chromium: browserVersion,
    commit: git('rev-parse', 'HEAD'),
    dirty: (git('status', '--porcelain') ?? '') !== '',
  };
}

function writeResults(result: Record<string, unknown>, startedAt: Date): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = startedAt.toISOString().replace(/:/g, '-');
  const file = join(RESULTS_DIR, `bench-${stamp}.json`);
  const text = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(file, text);
  writeFileSync(join(RESULTS_DIR, 'latest.json'), text);
  return file;
}

function chromiumVersion(): string | null {
  const result = spawnSync(chromiumPath(), ['--version'], { encoding: 'utf8' });
  return result.stdout?.trim() || null;
}

async function main(): Promise<number> {
  const startedAt = new Date();
  let options: Options;
  try {
    options = parseOptions();
  } catch (error) {
    console.error(`bench: ${(error as Error).message}`);
    return 2;
  }
  const result: Record<string, unknown> = {
    startedAt: startedAt.toISOString(),
    options,
    units: { KB: '1000 bytes (gzip -9)', MB: '1048576 bytes', ms: 'milliseconds' },
    budgets: BUDGET,
  };
  let exitCode = 0;
  let bundle: BundleReport | null = null;
  let sizes: SizeResult[] | null = null;
  try {
    bundle = buildAndMeasure(result);
    result.bundle = bundle;
    printBundle(bundle);

    if (!options.sizesOnly) {
      result.environment = environment(chromiumVersion());
      console.info(
        `\nGlobe: N = ${options.sizes.join(', ')}; ${options.runs} run(s) each; ` +
          `${WARMUP_FRAMES} + ${MIN_FRAMES}-${options.frames} forced frames; 1280×800; ` +
          '/?skipIntro=true',
      );
      sizes = [];
      for (const n of options.sizes) sizes.push(await measureSize(n, options));
      result.globe = sizes;
      printGlobe(sizes);
    }
  } catch (error) {
    exitCode = 1;
    result.error = (error as Error).message;
    console.error(`\nbench: could not finish.\n${(error as Error).message}`);
    if (sizes && sizes.length > 0) {
      result.globe = sizes;
      printGlobe(sizes);
    }
  }
  if (bundle) {
    const checks = checkBudgets(bundle, sizes);
    result.checks = checks;
    printBudgets(checks);
  }
  result.finishedAt = new Date().toISOString();
  const file = writeResults(result, startedAt);
  console.info(`\nResults: ${file} (and bench-results/latest.json)`);
  return exitCode;
}

process.exitCode = await main();
