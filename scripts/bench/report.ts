/**
 * What `npm run bench` prints and checks: medians per archive size, the tables, and the budgets
 * of ARCHITECTURE §5 with their verdicts.
 */
import type { BundleReport } from './bundle';
import { revealMs, type RunResult } from './globe';

export const KB = 1000; // as Vite reports sizes
export const MB = 1024 * 1024; // a 4096² RGBA atlas page is 64 MB (ARCHITECTURE §8)

/** ARCHITECTURE §5. */
export const BUDGET = {
  criticalJsGzipKb: 150,
  frameTimeRatio: 3,
  textureMbAt10k: 256,
  readyMinusRevealMsAt1k: 2000,
};

function median(values: (number | null | undefined)[]): number | null {
  const sorted = values
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    .sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface SizeResult {
  n: number;
  runs: RunResult[];
  median: {
    navToDataMs: number | null;
    dataToReadyMs: number | null;
    readyMinusRevealMs: number | null;
    drawCalls: number | null;
    frameTimeMs: number | null;
    fps: number | null;
    wallMsPerFrame: number | null;
    textureMb: number | null;
    heapMb: number | null;
  };
}

export function summarise(n: number, runs: RunResult[]): SizeResult {
  const pick = (f: (r: RunResult) => number | null) => median(runs.map(f));
  return {
    n,
    runs,
    median: {
      navToDataMs: pick((r) => r.navToDataMs),
      dataToReadyMs: pick((r) => r.dataToReadyMs),
      readyMinusRevealMs: pick((r) => r.readyMinusRevealMs),
      drawCalls: pick((r) => r.statsAfterFrames.drawCalls),
      frameTimeMs: pick((r) => r.statsAfterFrames.frameTimeMs),
      fps: pick((r) => r.statsAfterFrames.fps),
      wallMsPerFrame: pick((r) => r.wallMsPerFrame),
      textureMb: pick((r) => r.statsAfterFrames.textureBytes / MB),
      heapMb: pick((r) => r.heapUsedAfterGcBytes / MB),
    },
  };
}

export function fmt(value: number | null | undefined, digits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

type Status = 'PASS' | 'FAIL' | 'SKIP';
export interface BudgetCheck {
  figure: string;
  measured: string;
  budget: string;
  status: Status;
}

export function checkBudgets(bundle: BundleReport, sizes: SizeResult[] | null): BudgetCheck[] {
  const at = (n: number) => sizes?.find((s) => s.n === n)?.median ?? null;
  const verdict = (ok: boolean | null): Status => (ok === null ? 'SKIP' : ok ? 'PASS' : 'FAIL');
  const checks: BudgetCheck[] = [];
  const jsKb = bundle.criticalJsGzipBytes / KB;
  checks.push({
    figure: 'JS (gzip) before the intro can paint',
    measured: `${fmt(jsKb, 1)} KB`,
    budget: `≤ ${BUDGET.criticalJsGzipKb} KB`,
    status: verdict(jsKb <= BUDGET.criticalJsGzipKb),
  });
  if (sizes === null) return checks;
  const small = at(100);
  const large = at(10_000);
  const mid = at(1000);
  const both = (a: number | null | undefined, b: number | null | undefined) =>
    a !== null && a !== undefined && b !== null && b !== undefined;
  checks.push({
    figure: 'card-layer draw calls, 10,000 vs 100 cards',
    measured: both(small?.drawCalls, large?.drawCalls)
      ? `${large?.drawCalls} vs ${small?.drawCalls}`
      : 'needs N=100 and N=10000',
    budget: 'equal',
    status: verdict(
      both(small?.drawCalls, large?.drawCalls) ? large?.drawCalls === small?.drawCalls : null,
    ),
  });
  const ratio =
    both(small?.frameTimeMs, large?.frameTimeMs) && (small?.frameTimeMs ?? 0) > 0
      ? (large?.frameTimeMs as number) / (small?.frameTimeMs as number)
      : null;
  checks.push({
    figure: 'CPU frame time, 10,000 / 100 cards',
    measured:
      ratio === null
        ? 'needs N=100 and N=10000'
        : `${fmt(ratio, 2)}× (${fmt(large?.frameTimeMs, 2)} / ${fmt(small?.frameTimeMs, 2)} ms)`,
    budget: `≤ ${BUDGET.frameTimeRatio}×`,
    status: verdict(ratio === null ? null : ratio <= BUDGET.frameTimeRatio),
  });
  const textureMb = large?.textureMb ?? null;
  checks.push({
    figure: 'texture memory at 10,000 cards',
    measured: textureMb === null ? 'needs N=10000' : `${fmt(textureMb, 1)} MB`,
    budget: `≤ ${BUDGET.textureMbAt10k} MB`,
    status: verdict(textureMb === null ? null : textureMb <= BUDGET.textureMbAt10k),
  });
  const readyMs = mid?.readyMinusRevealMs ?? null;
  checks.push({
    figure: 'ready after data, minus the reveal, 1,000 cards',
    measured:
      readyMs === null
        ? 'needs N=1000'
        : `${fmt(readyMs, 0)} ms (${fmt(mid?.dataToReadyMs, 0)} − ${revealMs(1000)} reveal)`,
    budget: `≤ ${BUDGET.readyMinusRevealMsAt1k} ms`,
    status: verdict(readyMs === null ? null : readyMs <= BUDGET.readyMinusRevealMsAt1k),
  });
  return checks;
}

/** A plain-text table: the first column left-aligned, the rest right-aligned unless `leftAll`. */
function table(header: string[], rows: string[][], leftAll = false): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || leftAll ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function printBundle(bundle: BundleReport): void {
  const kb = (bytes: number) => `${fmt(bytes / KB, 1)} KB`;
  console.info('\nBundle (gzip -9)');
  console.info(
    table(
      ['file', 'raw', 'gzip', 'babylon modules'],
      [
        ...bundle.criticalJs.map((f) => [
          `before intro  ${f.path}`,
          kb(f.bytes),
          kb(f.gzipBytes),
          String(f.babylonModules),
        ]),
        ['before intro  total JS', '', kb(bundle.criticalJsGzipBytes), ''],
        ...bundle.css.map((f) => [`css           ${f.path}`, kb(f.bytes), kb(f.gzipBytes), '']),
        ...bundle.lazyJs
          .slice(0, 5)
          .map((f) => [
            `lazy          ${f.path}`,
            kb(f.bytes),
            kb(f.gzipBytes),
            String(f.babylonModules),
          ]),
        [
          `whole app     ${bundle.allJsFiles} JS files`,
          kb(bundle.allJsBytes),
          kb(bundle.allJsGzipBytes),
          '',
        ],
      ],
    ),
  );
  const largest = bundle.lazyJs[0];
  console.info(
    largest
      ? `Largest lazy chunk: ${largest.path} (${kb(largest.gzipBytes)} gzip)` +
          (bundle.babylonChunk
            ? `; Babylon chunk: ${bundle.babylonChunk.path} (${kb(bundle.babylonChunk.gzipBytes)} gzip, ` +
              `${bundle.babylonChunk.babylonModules} @babylonjs modules)`
            : '; no lazy chunk holds @babylonjs modules')
      : 'No lazily-loaded chunks (everything loads before the intro).',
  );
  const eagerBabylon = bundle.criticalJs.reduce((t, f) => t + f.babylonModules, 0);
  if (eagerBabylon > 0)
    console.warn(`! ${eagerBabylon} @babylonjs modules load before the intro can paint`);
}

export function printGlobe(sizes: SizeResult[]): void {
  console.info('\nGlobe (medians; heap after a forced GC)');
  console.info(
    table(
      [
        'N',
        'runs',
        'nav→data ms',
        'data→ready ms',
        'ready−reveal ms',
        'draw calls',
        'frame ms (CPU)',
        'fps',
        'wall ms/frame',
        'texture MB',
        'heap MB',
      ],
      sizes.map((s) => [
        s.n.toLocaleString('en-US'),
        String(s.runs.length),
        fmt(s.median.navToDataMs, 0),
        fmt(s.median.dataToReadyMs, 0),
        fmt(s.median.readyMinusRevealMs, 0),
        fmt(s.median.drawCalls, 0),
        fmt(s.median.frameTimeMs, 2),
        fmt(s.median.fps, 1),
        fmt(s.median.wallMsPerFrame, 0),
        fmt(s.median.textureMb, 1),
        fmt(s.median.heapMb, 1),
      ]),
    ),
  );
}

export function printBudgets(checks: BudgetCheck[]): void {
  console.info('\nBudgets (ARCHITECTURE §5)');
  console.info(
    table(
      ['figure', 'measured', 'budget', 'verdict'],
      checks.map((c) => [c.figure, c.measured, c.budget, c.status]),
      true,
    ),
  );
  const failed = checks.filter((c) => c.status === 'FAIL');
  if (failed.length > 0) {
    const bar = '!'.repeat(78);
    console.error(`\n${bar}\n!!! BUDGET FAIL: ${failed.map((c) => c.figure).join('; ')}\n${bar}`);
  }
}
