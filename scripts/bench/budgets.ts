/** The budgets of ARCHITECTURE §5 and their verdicts against the bundle and the size medians. */
import { FRAME_MS } from './timeline';
import type { BundleReport } from './bundle';
import { fmt, fmtMs, KB } from './reportFormat';
import type { SizeResult } from './sizeSummary';

/** ARCHITECTURE §5. */
export const BUDGET = {
  criticalJsGzipKb: 150,
  /**
   * Issue 14: the globe's Babylon code before `@babylonjs/gui` plus at most 40 KB. Measured as all
   * the `@babylonjs` code of the chunks the globe loads after the intro, that code was 239.4 KB
   * gzip before the GUI (commit 1f77133's parent): ≤ 239 + 40 KB. (Issue 14 read 194 KB off the
   * largest Babylon chunk alone, which left out the small Babylon chunks split beside it.)
   */
  globeBabylonGzipKb: 279,
  frameTimeRatio: 3,
  /** Issue 14: wall-clock time per forced frame, 10,000 cards over 100 cards (SwiftShader). */
  wallFrameRatio: 3,
  textureMbAt10k: 256,
  /** Issue 30: a keystroke's matches at 10,000 items (median and worst), and the index's tasks. */
  searchMedianMsAt10k: 16,
  searchWorstMsAt10k: 50,
  searchIndexTaskMs: 50,
  /**
   * A timeline handle moved, 10,000 items: the globe told and the list changed within one frame
   * at 60 Hz of the input event (the page's thread), median of the moves.
   */
  timelineFollowMsAt10k: FRAME_MS,
  /** Data arrived → the globe shown, with the thumbnail host never answering, by card count. */
  shownAfterDataHostNeverMs: { 100: 4000, 1000: 5000, 10000: 8000 } as Record<number, number>,
  /** Navigation → `ready` at 10,000 cards, whatever the thumbnail host does. */
  readyAfterNavigationMsAt10k: 15_000,
  /** Bytes received before the globe is shown, sample archive, cold cache (1.2 MB, decimal). */
  bytesBeforeShownSample: 1_200_000,
};

type Status = 'PASS' | 'FAIL' | 'SKIP';
export interface BudgetCheck {
  figure: string;
  measured: string;
  budget: string;
  status: Status;
}

export function checkBudgets(bundle: BundleReport, sizes: SizeResult[] | null): BudgetCheck[] {
  // The rendering budgets read the rows whose runs forced frames (one thumbnail mode per size).
  const at = (n: number) =>
    sizes?.find((s) => s.n === n && s.archive !== 'sample' && s.measuredFrames)?.median ?? null;
  const verdict = (ok: boolean | null): Status => (ok === null ? 'SKIP' : ok ? 'PASS' : 'FAIL');
  const checks: BudgetCheck[] = [];
  // The heaviest of the languages' first paints (each preloads its own start catalog).
  const jsKb =
    Math.max(
      bundle.criticalJsGzipBytes,
      ...bundle.criticalJsByLanguage.map((language) => language.gzipBytes),
    ) / KB;
  checks.push({
    figure: 'JS (gzip) before the intro can paint, each language',
    measured: `${fmt(jsKb, 1)} KB`,
    budget: `≤ ${BUDGET.criticalJsGzipKb} KB`,
    status: verdict(jsKb <= BUDGET.criticalJsGzipKb),
  });
  const babylonKb = (bundle.globe?.babylonGzipBytes ?? 0) / KB;
  checks.push({
    figure: 'Babylon code the globe loads, GUI included (gzip)',
    measured: `${fmt(babylonKb, 1)} KB`,
    budget: `≤ ${BUDGET.globeBabylonGzipKb} KB`,
    status: verdict(
      bundle.globe !== null &&
        bundle.babylonGui.modules > 0 &&
        babylonKb <= BUDGET.globeBabylonGzipKb,
    ),
  });
  if (sizes === null) return checks;
  const small = at(100);
  const large = at(10_000);
  const both = (a: number | null | undefined, b: number | null | undefined) =>
    a !== null && a !== undefined && b !== null && b !== undefined;
  checks.push({
    figure: 'draw calls (less the overlay pass), 10,000 vs 100 cards',
    measured: both(small?.drawCalls, large?.drawCalls)
      ? `${large?.drawCalls} vs ${small?.drawCalls}`
      : 'needs N=100 and N=10000',
    budget: 'equal',
    status: verdict(
      both(small?.drawCalls, large?.drawCalls) ? large?.drawCalls === small?.drawCalls : null,
    ),
  });
  /** A figure at 10,000 cards over the same at 100, against a ratio budget. */
  const ratioCheck = (
    figure: string,
    key: 'frameTimeMs' | 'wallMsPerFrame',
    digits: number,
    budget: number,
  ): BudgetCheck => {
    const a = large?.[key];
    const b = small?.[key];
    const ratio = both(b, a) && (b ?? 0) > 0 ? (a as number) / (b as number) : null;
    return {
      figure,
      measured:
        ratio === null
          ? 'needs N=100 and N=10000'
          : `${fmt(ratio, 2)}× (${fmt(a, digits)} / ${fmt(b, digits)} ms)`,
      budget: `≤ ${budget}×`,
      status: verdict(ratio === null ? null : ratio <= budget),
    };
  };
  checks.push(
    ratioCheck('CPU frame time, 10,000 / 100 cards', 'frameTimeMs', 2, BUDGET.frameTimeRatio),
    ratioCheck(
      'wall time per frame, 10,000 / 100 cards',
      'wallMsPerFrame',
      0,
      BUDGET.wallFrameRatio,
    ),
  );
  const textureMb = large?.textureMb ?? null;
  checks.push({
    figure: 'texture memory at 10,000 cards',
    measured: textureMb === null ? 'needs N=10000' : `${fmt(textureMb, 1)} MB`,
    budget: `≤ ${BUDGET.textureMbAt10k} MB`,
    status: verdict(textureMb === null ? null : textureMb <= BUDGET.textureMbAt10k),
  });
  const searchMedian = large?.searchMedianMs ?? null;
  const searchWorst = large?.searchWorstMs ?? null;
  checks.push({
    figure: 'search results after a keystroke, 10,000 items (median / worst)',
    measured:
      searchMedian === null
        ? 'needs N=10000'
        : `${fmt(searchMedian, 1)} / ${fmt(searchWorst, 1)} ms`,
    budget: `≤ ${BUDGET.searchMedianMsAt10k} / ${BUDGET.searchWorstMsAt10k} ms`,
    status: verdict(
      searchMedian === null
        ? null
        : searchMedian <= BUDGET.searchMedianMsAt10k &&
            (searchWorst ?? Infinity) <= BUDGET.searchWorstMsAt10k,
    ),
  });
  const indexTask = large?.searchIndexLongestTaskMs ?? null;
  checks.push({
    figure: 'longest main-thread task while the search index is built, 10,000 items',
    // The Long Tasks API reports tasks of 50 ms and more: 0 is none.
    measured:
      indexTask === null
        ? 'needs N=10000'
        : indexTask === 0
          ? 'none of 50 ms or more'
          : `${fmt(indexTask, 0)} ms`,
    budget: `≤ ${BUDGET.searchIndexTaskMs} ms`,
    status: verdict(indexTask === null ? null : indexTask <= BUDGET.searchIndexTaskMs),
  });
  const timelineGlobe = large?.timelineGlobeMs ?? null;
  const timelineList = large?.timelineListMs ?? null;
  checks.push({
    figure: 'a timeline handle moved, 10,000 items: globe told / list changed (median)',
    measured:
      timelineGlobe === null
        ? 'needs N=10000'
        : `${fmt(timelineGlobe, 1)} / ${fmt(timelineList, 1)} ms`,
    budget: `≤ ${fmt(BUDGET.timelineFollowMsAt10k, 1)} ms (one frame)`,
    status: verdict(
      timelineGlobe === null
        ? null
        : timelineGlobe <= BUDGET.timelineFollowMsAt10k &&
            (timelineList ?? Infinity) <= BUDGET.timelineFollowMsAt10k,
    ),
  });
  // "Ready after the data, minus the reveal, ≤ 2 s at 1,000 cards" was a budget of the first
  // benchmark; issue 13 replaced it with the loading budgets below (the globe now waits up to
  // 2.5 s for the first view's pictures, by design). The table still shows the figure.
  checks.push(...loadingChecks(sizes));
  return checks;
}

/** The thumbnail-host budgets: shown with a dead host, ready at 10,000, bytes of the sample. */
function loadingChecks(sizes: SizeResult[]): BudgetCheck[] {
  const verdict = (ok: boolean | null): Status => (ok === null ? 'SKIP' : ok ? 'PASS' : 'FAIL');
  const checks: BudgetCheck[] = [];
  for (const [n, budgetMs] of Object.entries(BUDGET.shownAfterDataHostNeverMs)) {
    const row = sizes.find((s) => s.n === Number(n) && s.archive === 'never');
    const ms = row?.median.dataToShownMs ?? null;
    checks.push({
      figure: `globe shown after data, host never answering, ${Number(n).toLocaleString('en-US')} cards`,
      measured: row
        ? ms === Infinity
          ? `not within ${fmt(row.timeouts.shownAfterDataMs / 1000, 0)} s`
          : `${fmtMs(ms)} ms`
        : `needs N=${n} with --host never`,
      budget: `≤ ${fmt(budgetMs, 0)} ms`,
      status: verdict(ms === null ? null : ms <= budgetMs),
    });
  }
  const at10k = sizes.filter((s) => s.n === 10_000 && s.archive !== 'sample');
  const worst = at10k.reduce<SizeResult | null>(
    (w, s) => ((s.median.navToReadyMs ?? -1) > (w?.median.navToReadyMs ?? -1) ? s : (w ?? s)),
    null,
  );
  const readyMs = worst?.median.navToReadyMs ?? null;
  checks.push({
    figure: 'ready after navigation, 10,000 cards, any thumbnail host',
    measured: worst
      ? `${readyMs === Infinity ? `not within ${fmt(worst.timeouts.readyAfterNavigationMs / 1000, 0)} s` : `${fmtMs(readyMs)} ms`} (worst: host ${worst.archive}, of ${at10k.map((s) => s.archive).join(', ')})`
      : 'needs N=10000',
    budget: `≤ ${fmt(BUDGET.readyAfterNavigationMsAt10k, 0)} ms`,
    status: verdict(readyMs === null ? null : readyMs <= BUDGET.readyAfterNavigationMsAt10k),
  });
  const sample = sizes.find((s) => s.archive === 'sample');
  const bytes = sample?.median.beforeShownBytes ?? null;
  const shownNever = sample?.median.navToShownMs === Infinity;
  checks.push({
    figure: 'bytes before the globe is shown, sample archive, cold cache',
    measured: !sample
      ? 'needs the sample row (drop --skip-sample)'
      : shownNever
        ? 'the globe was not shown'
        : `${fmt((bytes ?? NaN) / KB, 0)} KB`,
    budget: `≤ ${fmt(BUDGET.bytesBeforeShownSample / KB, 0)} KB`,
    status: verdict(
      !sample
        ? null
        : shownNever
          ? false
          : bytes === null
            ? null
            : bytes <= BUDGET.bytesBeforeShownSample,
    ),
  });
  return checks;
}
