/**
 * What `npm run bench` prints and checks: medians per archive size, the tables, and the budgets
 * of ARCHITECTURE §5 with their verdicts.
 */
import type { BundleReport } from './bundle';
import type { BudgetCheck } from './budgets';
import { fmt, fmtMs, KB, table } from './reportFormat';
import type { SizeResult } from './sizeSummary';

// The figures, budgets and formatting live in their own modules; importers keep using this one.
export { BUDGET, checkBudgets, type BudgetCheck } from './budgets';
export { fmt, fmtMs, KB, MB, table } from './reportFormat';
export { summarise, type ArchiveKind, type SizeResult } from './sizeSummary';

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
        ...bundle.criticalJsByLanguage.map((page) => [
          `before intro  total JS, /${page.language}/`,
          '',
          kb(page.gzipBytes),
          '',
        ]),
        ...bundle.css.map((f) => [`css           ${f.path}`, kb(f.bytes), kb(f.gzipBytes), '']),
        ...bundle.lazyJs.slice(0, 5).map((f) => [
          // The 3D capture viewer's chunk apart from the globe's Babylon chunk.
          `${bundle.captureChunks.includes(f) ? 'lazy capture  ' : f === bundle.babylonChunk ? 'lazy globe    ' : 'lazy          '}${f.path}`,
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
  const capture = bundle.captureChunks;
  console.info(
    capture.length > 0
      ? `3D capture viewer (@babylonjs/loaders, loaded only when a capture opens): ` +
          capture
            .map((f) => `${f.path} ${kb(f.gzipBytes)} gzip, ${f.loadersModules} loaders modules`)
            .join('; ')
      : '3D capture viewer: no chunk holds @babylonjs/loaders',
  );
  const gui = bundle.babylonGui;
  console.info(
    gui.modules > 0
      ? `@babylonjs/gui (canvas overlays): ${gui.modules} modules in ${gui.chunks.join(', ')}, ` +
          `loaded with the globe; @babylonjs code there (the GUI and the core modules only the ` +
          `globe uses): ${kb(gui.bytes)} raw, ${kb(gui.gzipBytes)} gzip`
      : '@babylonjs/gui: not in the build',
  );
  const globe = bundle.globe;
  console.info(
    globe !== null
      ? `The globe engine after the intro: ${globe.chunks.length} files, ${kb(globe.gzipBytes)} ` +
          `gzip, of which @babylonjs code ${kb(globe.babylonGzipBytes)} gzip`
      : 'The globe engine: no chunk holds src/globe/createGlobe.ts',
  );
  const eagerBabylon = bundle.criticalJs.reduce((t, f) => t + f.babylonModules, 0);
  if (eagerBabylon > 0)
    console.warn(`! ${eagerBabylon} @babylonjs modules load before the intro can paint`);
}

/** A row's name: the card count and where its thumbnails come from. */
function rowName(s: SizeResult): string {
  return s.archive === 'sample'
    ? `sample (${s.n})`
    : `${s.n.toLocaleString('en-US')} / ${s.archive}`;
}

/** Faces at shown as none/local/fallback/real. */
function facesCell(faces: SizeResult['median']['facesAtShown']): string {
  const parts = [faces.none, faces.local, faces.fallback, faces.real];
  return parts.every((p) => p === null) ? '–' : parts.map((p) => fmt(p, 0)).join('/');
}

export function printLoading(sizes: SizeResult[]): void {
  console.info(
    '\nGlobe loading (medians; cold cache; "host": where video thumbnails come from, i.ytimg.com ' +
      'stood in for locally; "timeout": not within the run\'s timeout)',
  );
  console.info(
    table(
      [
        'N / host',
        'runs',
        'nav→data ms',
        'data→shown ms',
        'nav→shown ms',
        'nav→ready ms',
        'data→ready ms',
        'ready−reveal ms',
        'KB before shown',
        'of it i.ytimg KB',
        'faces at shown n/l/f/r',
        'real≥50% ms',
        'real≥90% ms',
        'real at end',
        'host req (answered)',
      ],
      sizes.map((s) => {
        const m = s.median;
        return [
          rowName(s),
          String(s.runs.length),
          fmt(m.navToDataMs, 0),
          fmtMs(m.dataToShownMs),
          fmtMs(m.navToShownMs),
          fmtMs(m.navToReadyMs),
          fmtMs(m.dataToReadyMs),
          fmtMs(m.readyMinusRevealMs),
          fmt(m.beforeShownBytes === null ? null : m.beforeShownBytes / KB, 0),
          fmt(m.beforeShownHostBytes === null ? null : m.beforeShownHostBytes / KB, 0),
          facesCell(m.facesAtShown),
          fmtMs(m.real50Ms, '> watch'),
          fmtMs(m.real90Ms, '> watch'),
          m.realShareAtEnd === null ? '–' : `${fmt(m.realShareAtEnd * 100, 0)} %`,
          m.hostRequests === null ? '–' : `${fmt(m.hostRequests, 0)} (${fmt(m.hostAnswered, 0)})`,
        ];
      }),
    ),
  );
  console.info(
    'faces: none/local/fallback/real cards (stats().faces); real≥50%/90%: ms after shown until ' +
      'that share of all cards shows real faces ("> watch": not within --watch); real at end: ' +
      'the share when the watch ended; host req: thumbnail requests the stand-in received in a ' +
      'run, and of them answered.',
  );
}

export function printGlobe(sizes: SizeResult[]): void {
  const rows = sizes.filter((s) => s.measuredFrames || s.median.drawCalls !== null);
  if (rows.length === 0) return;
  console.info(
    '\nGlobe rendering (medians; frames and heap only in --frame-runs runs with the first --host; heap after a forced GC)',
  );
  console.info(
    table(
      [
        'N / host',
        'runs',
        'draw calls',
        'frame ms (CPU)',
        'fps',
        'wall ms/frame',
        'texture MB',
        'heap MB',
      ],
      rows.map((s) => [
        rowName(s),
        String(s.runs.length),
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
