/**
 * `npm run bench`: measures the budgets of ARCHITECTURE §5 and prints them as medians and ratios.
 *
 *   npm run bench                      bundle sizes, the sample archive, then the globe at 100,
 *                                      1,000 and 10,000 cards with each default thumbnail host
 *   npm run bench -- --sizes           bundle sizes only (no browser)
 *   npm run bench -- --n 100,1000      choose the archive sizes
 *   npm run bench -- --host local,fast,slow,fail,junk,never,mixed
 *                                      where video thumbnails come from: local files, or the
 *                                      provider's host (i.ytimg.com, stood in for locally) answering
 *                                      fast, slow, with 500s, with HTML, never, or all in turn.
 *                                      (default never,slow). Frames and heap are measured only
 *                                      with the first one.
 *   npm run bench -- --slow-ms 400     how long the "slow" host waits before it answers
 *   npm run bench -- --watch 10        seconds to watch faces fill in after the globe is shown
 *   npm run bench -- --skip-sample     leave out the sample archive's row
 *   npm run bench -- --runs 3          page loads per size and host (medians are reported)
 *   npm run bench -- --frame-runs 1    of those, how many force frames and read the heap (only
 *                                      with the first --host; 0: none)
 *   npm run bench -- --frames 120      frames forced before the frame time is read (≥ 60)
 *
 * The phone and the peer (issue 29), after the globe part:
 *   npm run bench -- --phone           only these (and the bundle sizes)
 *   npm run bench -- --skip-phone      leave them out
 *   npm run bench -- --phone-parts lighthouse,cpu,story,drag
 *                                      Lighthouse's mobile figures of /, /?skipIntro=true, a
 *                                      shared item and a shared story stop; a phone with a slowed
 *                                      CPU (longest task before the globe is shown, a tap on
 *                                      Filters → the tray);
 *                                      a story's Next, stop after stop, on the slowed phone;
 *                                      the drag frame beside a globe.gl page
 *   npm run bench -- --phone-runs 3    Lighthouse runs per page, and phone loads (medians)
 *   npm run bench -- --cpu-slowdown 4  DevTools' CPU throttling rate for the phone
 *   npm run bench -- --compositing gpu,software
 *                                      who composites the page for Lighthouse and the phone (issue
 *                                      48): the GPU process through SwiftShader, the CPU, or each
 *                                      in turn (the default)
 *   npm run bench -- --drag-n 100,10000 --drags 3
 *                                      card counts of the drag (ours and the peer's), and drags
 *                                      per page
 *
 * The list's throughput against the speed of its bytes (issue 45), on its own:
 *   npm run bench -- --list [--help]    `GET /api/nodes` under wrk, ours beside a bare node:http
 *                                      server with the same bytes (see listThroughput.ts)
 * What one import can do to the server (issue 45), on its own:
 *   npm run bench -- --imports         hostile and largest-allowed imports against the Node
 *                                      server: answer, worst wait of a concurrent GET, memory rise
 *                                      (see importLoad.ts; --root DIR for another checkout)
 *
 * Results go to `bench-results/bench-<timestamp>.json` and `bench-results/latest.json`. The exit
 * code is non-zero only when the benchmark could not run; a budget that fails is printed, loudly.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumPath } from '../../tests/e2e/support/chromium';
import {
  ROOT,
  SAMPLE,
  sampleNodes,
  startApp,
  type RunningApp,
} from '../../tests/e2e/support/harness';
import { startThumbnailHost, type ThumbnailHost } from '../../tests/e2e/support/thumbnailHost';
import {
  generateArchive,
  THUMBNAIL_MODES,
  type ThumbnailMode,
} from '../../tests/fixtures/generateArchive';
import { measureBundle, type BundleReport } from './bundle';
import { measureImportLoad } from './importLoad';
import { measureListThroughput } from './listThroughput';
import { measureRun, type RunResult } from './globe';
import { measurePhone, PHONE_PARTS, type PhoneOptions, type PhonePart } from './phoneBench';
import { COMPOSITING_MODES, type Compositing } from './phoneFigures';
import {
  checkPhoneBudgets,
  PHONE_BUDGET,
  printDrag,
  printLighthouse,
  printPhoneCpu,
  printStorySteps,
  type PhoneResults,
} from './phoneReport';
import {
  BUDGET,
  checkBudgets,
  fmt,
  fmtMs,
  KB,
  MB,
  printBudgets,
  printBundle,
  printGlobe,
  printLoading,
  summarise,
  type ArchiveKind,
  type SizeResult,
} from './report';

const RESULTS_DIR = join(ROOT, 'bench-results');
/** Navigation to `ready` for one load: 60 s, plus 60 s more at 10,000 cards. */
const pageTimeoutMs = (n: number) => 60_000 + 6 * n;
/**
 * Data arrived → the globe shown: past this a run counts as "never shown" and the size's other
 * runs with that host are skipped. Generous (the budgets are 4-8 s), so a slow machine still
 * measures a slow engine, while an engine that waits for a dead host costs one minute, not more.
 */
const SHOWN_TIMEOUT_MS = 60_000;
/** Frames forced once ready before sampling (texture uploads and mipmaps may still be landing). */
const WARMUP_FRAMES = 5;
/** The frame-time median always covers at least this many forced frames... */
const MIN_FRAMES = 60;
/**
 * ...and up to `--frames` (120: the engine's median window) while forcing them takes under this.
 * SwiftShader can take seconds a frame at 10,000 cards; 60 of those are forced regardless.
 */
const FRAME_BUDGET_MS = 60_000;
/** The thumbnail hosts measured by default: see the README's benchmark section for the cost. */
const DEFAULT_HOSTS = 'never,slow';

interface Options {
  sizesOnly: boolean;
  sizes: number[];
  hosts: ThumbnailMode[];
  sample: boolean;
  slowMs: number;
  watchMs: number;
  runs: number;
  frameRuns: number;
  frames: number;
  /** Run the globe part (not with --phone), and the phone part (not with --skip-phone). */
  globe: boolean;
  phone: PhoneOptions | null;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'boolean', default: false },
      n: { type: 'string', default: '100,1000,10000' },
      host: { type: 'string', default: DEFAULT_HOSTS },
      'skip-sample': { type: 'boolean', default: false },
      'slow-ms': { type: 'string', default: '400' },
      watch: { type: 'string', default: '10' },
      runs: { type: 'string', default: '3' },
      // Forcing frames takes ~4 s a frame at 10,000 cards under SwiftShader (4+ minutes a run).
      'frame-runs': { type: 'string', default: '1' },
      // The engine's frameTimeMs is a median over its last 120 frames: force as many, so the
      // sample holds only settled frames and none of the reveal.
      frames: { type: 'string', default: '120' },
      phone: { type: 'boolean', default: false },
      'skip-phone': { type: 'boolean', default: false },
      'phone-parts': { type: 'string', default: PHONE_PARTS.join(',') },
      'phone-runs': { type: 'string', default: '3' },
      compositing: { type: 'string', default: COMPOSITING_MODES.join(',') },
      'cpu-slowdown': { type: 'string', default: '4' },
      'drag-n': { type: 'string', default: '100,10000' },
      drags: { type: 'string', default: '3' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.info(
      'usage: npm run bench -- [--sizes] [--n 100,1000,10000] ' +
        `[--host ${DEFAULT_HOSTS}] (any of ${THUMBNAIL_MODES.join(', ')}) [--skip-sample] ` +
        '[--slow-ms 400] [--watch 10] [--runs 3] [--frame-runs 1] [--frames 120] ' +
        `[--phone | --skip-phone] [--phone-parts ${PHONE_PARTS.join(',')}] [--phone-runs 3] ` +
        '[--cpu-slowdown 4] [--drag-n 100,10000] [--drags 3]',
    );
    process.exit(0);
  }
  const wholeNumber = (text: string, what: string, min: number) => {
    const value = Number(text.replace(/_/g, ''));
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${what}: "${text}" is not a whole number ≥ ${min}`);
    return value;
  };
  const hosts = values.host.split(',').map((h) => h.trim());
  const unknown = hosts.filter((h) => !(THUMBNAIL_MODES as readonly string[]).includes(h));
  if (unknown.length > 0 || hosts.length === 0)
    throw new Error(
      `--host: "${unknown.join(',') || values.host}" is not one of ${THUMBNAIL_MODES.join(', ')}`,
    );
  if (values.phone && values['skip-phone'])
    throw new Error('--phone (only the phone part) and --skip-phone (without it) contradict');
  const parts = values['phone-parts'].split(',').map((p) => p.trim());
  const unknownParts = parts.filter((p) => !(PHONE_PARTS as readonly string[]).includes(p));
  if (unknownParts.length > 0 || parts.length === 0)
    throw new Error(
      `--phone-parts: "${unknownParts.join(',') || values['phone-parts']}" is not one of ${PHONE_PARTS.join(', ')}`,
    );
  const modes = values.compositing.split(',').map((m) => m.trim());
  const unknownModes = modes.filter((m) => !(COMPOSITING_MODES as readonly string[]).includes(m));
  if (unknownModes.length > 0 || modes.length === 0)
    throw new Error(
      `--compositing: "${unknownModes.join(',') || values.compositing}" is not one of ${COMPOSITING_MODES.join(', ')}`,
    );
  const phone: PhoneOptions | null =
    values['skip-phone'] || values.sizes
      ? null
      : {
          parts: [...new Set(parts)] as PhonePart[],
          runs: wholeNumber(values['phone-runs'], '--phone-runs', 1),
          cpuSlowdown: wholeNumber(values['cpu-slowdown'], '--cpu-slowdown', 1),
          compositing: [...new Set(modes)] as Compositing[],
          dragSizes: values['drag-n'].split(',').map((s) => wholeNumber(s.trim(), '--drag-n', 1)),
          drags: wholeNumber(values.drags, '--drags', 1),
        };
  return {
    globe: !values.phone,
    phone,
    sizesOnly: values.sizes,
    sizes: values.n.split(',').map((s) => wholeNumber(s.trim(), '--n', 1)),
    hosts: [...new Set(hosts)] as ThumbnailMode[],
    sample: !values['skip-sample'],
    slowMs: wholeNumber(values['slow-ms'], '--slow-ms', 0),
    watchMs: 1000 * wholeNumber(values.watch, '--watch', 0),
    runs: wholeNumber(values.runs, '--runs', 1),
    frameRuns: wholeNumber(values['frame-runs'], '--frame-runs', 0),
    frames: Math.max(MIN_FRAMES, wholeNumber(values.frames, '--frames', 1)),
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
/** One line per run, as it finishes. */
function describeRun(result: RunResult): string {
  const s = result.statsAtEnd;
  const faces = result.faces?.atShown;
  const parts = [
    result.timedOut === 'shown'
      ? `not shown within ${SHOWN_TIMEOUT_MS / 1000} s of the data`
      : `data→shown ${fmtMs(result.dataToShownMs)} ms, nav→ready ${fmtMs(result.navToReadyMs)} ms`,
    result.beforeShown ? `${fmt(result.beforeShown.bytes / KB, 0)} KB before shown` : null,
    faces
      ? `faces at shown ${faces.none}/${faces.local}/${faces.fallback}/${faces.real} ` +
        `(none/local/fallback/real), real at end ${fmt((result.faces?.realShareAtEnd ?? 0) * 100, 0)} %`
      : result.facesMissing
        ? 'stats().faces missing (the engine predates the faces contract)'
        : null,
    s ? `${s.drawCalls} draw calls` : null,
    result.frames
      ? `frame ${fmt(s?.frameTimeMs, 2)} ms CPU, ${fmt(result.frames.wallMsPerFrame, 0)} ms wall ` +
        `(${result.frames.forced} frames, ${result.frames.method})`
      : null,
    s ? `texture ${fmt(s.textureBytes / MB, 1)} MB` : null,
    result.heap ? `heap ${fmt(result.heap.usedAfterGcBytes / MB, 1)} MB` : null,
    result.search
      ? `search ${fmt(result.search.medianMs, 1)} ms a keystroke (worst ${fmt(result.search.worstMs, 1)}, ` +
        `${result.search.keystrokes} keys; a key every ${result.search.paced.everyMs} ms: ${fmt(result.search.paced.median, 1)}, worst ${fmt(result.search.paced.worst, 1)}), words → filter ${fmt(result.search.filteredMs.median, 1)} ms ` +
        `(worst ${fmt(result.search.filteredMs.worst, 1)}, ${result.search.filteredMs.samples.length} pauses), index done in ${fmt(result.search.indexMs, 0)} ms (first answer ${fmt(result.search.firstAnswerMs, 0)} ms), its longest task ${fmt(result.search.indexLongestTaskMs, 0)} ms`
      : null,
    result.timeline
      ? `timeline handle: globe ${fmt(result.timeline.globeMedianMs, 1)} ms ` +
        `(worst ${fmt(result.timeline.globeWorstMs, 1)}), list ${fmt(result.timeline.listMedianMs, 1)} ms ` +
        `(worst ${fmt(result.timeline.listWorstMs, 1)}, ${result.timeline.moves} moves)`
      : null,
    `phases (s) ${JSON.stringify(result.phaseSeconds)}`,
  ];
  return parts.filter((p) => p !== null).join(', ');
}

/** The runs of one archive (already served at `app`) with one thumbnail host. */
async function measureRows(
  app: RunningApp,
  n: number,
  archive: ArchiveKind,
  measureFrames: boolean,
  host: ThumbnailHost,
  options: Options,
): Promise<SizeResult> {
  const runs: RunResult[] = [];
  const name = archive === 'sample' ? `sample archive (${n} cards)` : `N=${n} host=${archive}`;
  for (let run = 1; run <= options.runs; run++) {
    process.stdout.write(`  ${name} run ${run}/${options.runs} … `);
    const result = await measureRun({
      url: app.url,
      n,
      thumbnailHost: host,
      measureFrames: measureFrames && run <= options.frameRuns,
      warmupFrames: WARMUP_FRAMES,
      frames: options.frames,
      minFrames: MIN_FRAMES,
      frameBudgetMs: FRAME_BUDGET_MS,
      watchMs: options.watchMs,
      shownTimeoutMs: SHOWN_TIMEOUT_MS,
      timeoutMs: pageTimeoutMs(n),
      failureDir: RESULTS_DIR,
      label: `n${n}-${archive}-run${run}`,
    }).catch((error: unknown) => {
      process.stdout.write('failed\n');
      const tail = app.output().trim().split('\n').slice(-15).join('\n');
      if (tail) console.error(`  last lines the services printed:\n${tail}`);
      throw error;
    });
    console.info(describeRun(result));
    const s = result.statsAtEnd;
    if (s && result.timedOut === null && (s.cards !== n || s.revealed !== s.cards))
      console.warn(`  ! stats() says ${s.cards} cards, ${s.revealed} revealed (archive: ${n})`);
    for (const e of [...result.pageErrors, ...result.consoleErrors].slice(0, 5))
      console.warn(`  ! the page reported: ${e}`);
    runs.push(result);
    if (result.timedOut !== null) {
      // Another run would only wait out the same timeout.
      if (run < options.runs) console.info(`  (the other runs of ${name} are skipped)`);
      break;
    }
  }
  return summarise(
    n,
    archive,
    runs,
    { shownAfterDataMs: SHOWN_TIMEOUT_MS, readyAfterNavigationMs: pageTimeoutMs(n) },
    measureFrames,
  );
}

/** A generated archive of `n` cards per thumbnail mode, each served by its own app. */
async function measureSize(
  n: number,
  host: ThumbnailHost,
  options: Options,
): Promise<SizeResult[]> {
  const rows: SizeResult[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'globe-bench-'));
  try {
    for (const [index, mode] of options.hosts.entries()) {
      const archiveFile = join(dir, `archive-${n}-${mode}.json`);
      writeFileSync(archiveFile, JSON.stringify(generateArchive(n, { thumbnails: mode })));
      const app = await startApp({ archiveFile });
      try {
        rows.push(await measureRows(app, n, mode, index === 0, host, options));
      } finally {
        await app.stop();
      }
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The sample archive as a first visitor meets it: served as `npm start` serves it by default
 * (the embedded database, seeded from the sample on first start; here in a fresh folder) to a
 * browser with a cold cache.
 */
async function measureSample(host: ThumbnailHost, options: Options): Promise<SizeResult> {
  const dir = mkdtempSync(join(tmpdir(), 'globe-bench-sample-'));
  try {
    const app = await startApp({
      env: { DATA_DIR: join(dir, 'nodes'), IDENTITY_DIR: join(dir, 'identity'), SEED_FILE: SAMPLE },
    });
    try {
      return await measureRows(app, sampleNodes.length, 'sample', false, host, options);
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the phone and peer tables that have figures. */
function printPhone(phone: PhoneResults): void {
  if (phone.lighthouse && phone.lighthouse.some((p) => p.runs.length > 0))
    printLighthouse(phone.lighthouse);
  for (const cpu of phone.cpu ?? []) if (cpu.runs.length > 0) printPhoneCpu(cpu);
  if (phone.story && phone.story.length > 0) printStorySteps(phone.story);
  if (phone.drag && phone.drag.length > 0) printDrag(phone.drag);
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
    // The machine may be shared: its load says how far to trust the timings.
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
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
  // The list's throughput has options of its own, and no browser or app build to wait for.
  if (process.argv[2] === '--list') return measureListThroughput(process.argv.slice(3));
  if (process.argv[2] === '--imports') return measureImportLoad(process.argv.slice(3));
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
    budgets: { ...BUDGET, phone: PHONE_BUDGET },
  };
  let exitCode = 0;
  let bundle: BundleReport | null = null;
  let sizes: SizeResult[] | null = null;
  let phone: PhoneResults | null = null;
  try {
    bundle = buildAndMeasure(result);
    result.bundle = bundle;
    printBundle(bundle);

    if (!options.sizesOnly) result.environment = environment(chromiumVersion());
    if (!options.sizesOnly && options.globe) {
      console.info(
        `\nGlobe: N = ${options.sizes.join(', ')}; thumbnail host ${options.hosts.join(', ')}` +
          `${options.sample ? '; and the sample archive' : ''}; ${options.runs} run(s) each; ` +
          `faces watched ${options.watchMs / 1000} s after shown; frames in ${options.frameRuns} ` +
          `run(s) with host ${options.hosts[0]}: ${WARMUP_FRAMES} + ${MIN_FRAMES}-${options.frames}; ` +
          '1280×800; ' +
          '/?skipIntro=true; a fresh browser (cold cache) per run',
      );
      const host = await startThumbnailHost({ slowMs: options.slowMs });
      try {
        sizes = [];
        if (options.sample) sizes.push(await measureSample(host, options));
        for (const n of options.sizes) sizes.push(...(await measureSize(n, host, options)));
      } finally {
        await host.stop();
      }
      result.globe = sizes;
      printLoading(sizes);
      printGlobe(sizes);
    }
    if (options.phone) {
      const p = options.phone;
      console.info(
        `\nPhone and peer: ${p.parts.join(', ')}; ${p.runs} run(s) a page; CPU ÷${p.cpuSlowdown}; ` +
          `drags at N = ${p.dragSizes.join(', ')}, ${p.drags} a page`,
      );
      phone = { lighthouse: null, cpu: null, story: null, drag: null };
      result.phone = phone;
      const started = Date.now();
      await measurePhone(p, phone);
      result.phoneSeconds = Math.round((Date.now() - started) / 1000);
      printPhone(phone);
      console.info(`(the phone and peer part took ${result.phoneSeconds} s)`);
    }
  } catch (error) {
    exitCode = 1;
    result.error = (error as Error).message;
    console.error(`\nbench: could not finish.\n${(error as Error).message}`);
    if (sizes && sizes.length > 0) {
      result.globe = sizes;
      printLoading(sizes);
      printGlobe(sizes);
    }
    if (phone) printPhone(phone);
  }
  if (bundle) {
    const checks = [...checkBudgets(bundle, sizes), ...(phone ? checkPhoneBudgets(phone) : [])];
    result.checks = checks;
    printBudgets(checks);
  }
  result.finishedAt = new Date().toISOString();
  result.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 100) / 100);
  const file = writeResults(result, startedAt);
  console.info(`\nResults: ${file} (and bench-results/latest.json)`);
  return exitCode;
}

process.exitCode = await main();
