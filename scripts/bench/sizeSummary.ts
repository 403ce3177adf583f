/** One archive size's runs summarised: the medians of each figure, timeouts accounted for. */
import { totalOf } from '../../tests/e2e/support/thumbnailHost';
import type { ThumbnailMode } from '../../tests/fixtures/generateArchive';
import type { RunResult } from './globe';
import type { FacesSummary } from './loading';
import { MB } from './reportFormat';

/** A generated archive's thumbnail mode, or `sample`: the sample archive `npm start` seeds. */
export type ArchiveKind = ThumbnailMode | 'sample';

/**
 * The median of the figures, where `null` is a run that never got there (a timeout): it sorts
 * last, so a majority of timeouts makes the median Infinity ("timeout"). `undefined` is a figure
 * that was not measured at all, and is left out.
 */
function median(values: (number | null | undefined)[]): number | null {
  const sorted = values
    .filter((v): v is number | null => v !== undefined && (v === null || Number.isFinite(v)))
    .map((v) => (v === null ? Infinity : v))
    .sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface SizeResult {
  n: number;
  archive: ArchiveKind;
  /** Whether these runs forced frames and read the frame time and heap. */
  measuredFrames: boolean;
  runs: RunResult[];
  /** How long a run waited for shown (after the data) and for ready (after navigation). */
  timeouts: { shownAfterDataMs: number; readyAfterNavigationMs: number };
  median: {
    navToDataMs: number | null;
    navToShownMs: number | null;
    dataToShownMs: number | null;
    navToReadyMs: number | null;
    dataToReadyMs: number | null;
    readyMinusRevealMs: number | null;
    beforeShownBytes: number | null;
    beforeShownHostBytes: number | null;
    facesAtShown: {
      none: number | null;
      local: number | null;
      fallback: number | null;
      real: number | null;
    };
    real50Ms: number | null;
    real90Ms: number | null;
    realShareAtEnd: number | null;
    hostRequests: number | null;
    hostAnswered: number | null;
    drawCalls: number | null;
    frameTimeMs: number | null;
    fps: number | null;
    wallMsPerFrame: number | null;
    textureMb: number | null;
    heapMb: number | null;
    /** Keystroke → its matches committed (median of each run's median, and of its worst). */
    searchMedianMs: number | null;
    searchWorstMs: number | null;
    /** The longest main-thread task while the search's index was built. */
    searchIndexLongestTaskMs: number | null;
    /** A timeline handle's move → the globe told; → the list changed. */
    timelineGlobeMs: number | null;
    timelineListMs: number | null;
  };
}

const HOST_ORIGIN = 'https://i.ytimg.com';

export function summarise(
  n: number,
  archive: ArchiveKind,
  runs: RunResult[],
  timeouts: SizeResult['timeouts'],
  measuredFrames: boolean,
): SizeResult {
  const pick = (f: (r: RunResult) => number | null | undefined) => median(runs.map(f));
  // A figure after a timeout is null ("timeout") for the stage that timed out, undefined after it.
  const shownStage = (r: RunResult, v: number | null) => (r.navToShownMs === null ? null : v);
  const readyStage = (r: RunResult, v: number | null) =>
    r.timedOut === 'shown' ? undefined : r.navToReadyMs === null ? null : v;
  const atShown = (f: (s: NonNullable<FacesSummary['atShown']>) => number) =>
    pick((r) => (r.faces?.atShown ? f(r.faces.atShown) : undefined));
  // Time to a share of real faces: null (never, within the watch) only where faces were watched.
  const realAfter = (r: RunResult, v: number | null | undefined) =>
    r.faces === null || r.timedOut !== null ? undefined : v;
  return {
    n,
    archive,
    measuredFrames,
    runs,
    timeouts,
    median: {
      navToDataMs: pick((r) => r.navToDataMs),
      navToShownMs: pick((r) => shownStage(r, r.navToShownMs)),
      dataToShownMs: pick((r) => shownStage(r, r.dataToShownMs)),
      navToReadyMs: pick((r) => readyStage(r, r.navToReadyMs)),
      dataToReadyMs: pick((r) => readyStage(r, r.dataToReadyMs)),
      readyMinusRevealMs: pick((r) => readyStage(r, r.readyMinusRevealMs)),
      beforeShownBytes: pick((r) => r.beforeShown?.bytes),
      beforeShownHostBytes: pick((r) =>
        r.beforeShown ? (r.beforeShown.byOrigin[HOST_ORIGIN] ?? 0) : undefined,
      ),
      facesAtShown: {
        none: atShown((s) => s.none),
        local: atShown((s) => s.local),
        fallback: atShown((s) => s.fallback),
        real: atShown((s) => s.real),
      },
      real50Ms: pick((r) => realAfter(r, r.faces?.real50Ms)),
      real90Ms: pick((r) => realAfter(r, r.faces?.real90Ms)),
      realShareAtEnd: pick((r) => r.faces?.realShareAtEnd ?? undefined),
      hostRequests: pick((r) => (r.thumbnailHost ? totalOf(r.thumbnailHost.requests) : undefined)),
      hostAnswered: pick((r) => (r.thumbnailHost ? totalOf(r.thumbnailHost.answered) : undefined)),
      // The scene's draw calls less the canvas overlay's full-screen pass, which is drawn only
      // while clusters show (10,000 cards) and not where none does (100): constant in N.
      drawCalls: pick((r) =>
        r.statsAtEnd ? r.statsAtEnd.drawCalls - (r.statsAtEnd.overlayDrawCalls ?? 0) : undefined,
      ),
      frameTimeMs: pick((r) => (r.frames ? r.statsAtEnd?.frameTimeMs : undefined)),
      fps: pick((r) => (r.frames ? r.statsAtEnd?.fps : undefined)),
      wallMsPerFrame: pick((r) => r.frames?.wallMsPerFrame),
      textureMb: pick((r) => (r.statsAtEnd ? r.statsAtEnd.textureBytes / MB : undefined)),
      heapMb: pick((r) => (r.heap ? r.heap.usedAfterGcBytes / MB : undefined)),
      searchMedianMs: pick((r) => r.search?.medianMs),
      searchWorstMs: pick((r) => r.search?.worstMs),
      searchIndexLongestTaskMs: pick((r) => r.search?.indexLongestTaskMs),
      timelineGlobeMs: pick((r) => r.timeline?.globeMedianMs),
      timelineListMs: pick((r) => r.timeline?.listMedianMs),
    },
  };
}
