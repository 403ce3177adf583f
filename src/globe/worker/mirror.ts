/**
 * `window.__globe` on the page while the globe runs in a worker: the worker's diagnostics as its
 * last snapshot says them (`snapshot.ts` makes them there). The worker sends snapshots once the
 * page first reads them: a visitor's page never does.
 */
import type { GlobeDiagnostics } from '@/globe/types';
import type { MirroredCard, Snapshot } from '@/globe/worker/protocol';

/** What the diagnostics say before the first snapshot (a fresh copy each time: callers keep them). */
const noStats = (): ReturnType<GlobeDiagnostics['stats']> => ({
  cards: 0,
  revealed: 0,
  drawCalls: 0,
  overlayDrawCalls: 0,
  frameTimeMs: 0,
  fps: 0,
  textureBytes: 0,
  faces: { none: 0, local: 0, fallback: 0, real: 0, loading: 0, queued: 0 },
});
const noClusters = (): ReturnType<GlobeDiagnostics['clusters']> => ({
  count: 0,
  clustered: 0,
  shown: 0,
  spacing: 0,
  badges: 0,
  fanned: null,
  list: [],
});

/** The page's copy of the worker's figures: the latest snapshot, asked for on the first read. */
export class Mirror {
  private latest: Snapshot | null = null;
  private asked = false;

  constructor(
    /** Asks the worker to send snapshots from now on. */
    private readonly ask: () => void,
    /** The last numbered message the page sent (input, updates, flights): see `Snapshot.seq`. */
    readonly sentSeq: () => number,
  ) {}

  /** A snapshot came from the worker. */
  take(snapshot: Snapshot): void {
    this.latest = snapshot;
  }

  /** The latest snapshot; the first read asks the worker for them. */
  read(): Snapshot | null {
    if (!this.asked) {
      this.asked = true;
      this.ask();
    }
    return this.latest;
  }

  /** The latest snapshot, without asking for them (what never changes, like the renderer). */
  peek(): Snapshot | null {
    return this.latest;
  }
}

/** The stats as of now: the fps of a snapshot reads 0 once its last frame is a second old. */
function statsNow(mirror: Mirror): ReturnType<GlobeDiagnostics['stats']> {
  const s = mirror.read();
  if (!s) return noStats();
  // Frames drawn in the last second as of now: none a second after the last, unless input
  // the worker has not handled yet may be moving it (then at least one).
  const stale = performance.timeOrigin + performance.now() - s.lastFrameAt > 1000;
  const pending = s.seq < mirror.sentSeq();
  return { ...s.stats, fps: Math.max(pending ? 1 : 0, stale ? 0 : s.stats.fps) };
}

/**
 * The diagnostics the page publishes as `window.__globe`, read from the mirror; `renderFrames`
 * is asked of the worker.
 */
export function mirroredDiagnostics(
  mirror: Mirror,
  renderFrames: (n: number) => Promise<void>,
): GlobeDiagnostics {
  const cardOf = (id: string): MirroredCard | null => mirror.read()?.cards[id] ?? null;
  return {
    get ready() {
      return mirror.read()?.ready ?? false;
    },
    stats: () => statsNow(mirror),
    project: (id) => cardOf(id)?.project ?? null,
    card: (id) => cardOf(id)?.card ?? null,
    clusterOf: (id) => cardOf(id)?.clusterOf ?? null,
    camera: () =>
      mirror.read()?.camera ?? {
        radius: 0,
        alpha: 0,
        beta: 0,
        fovDegrees: 0,
        flying: false,
        flights: [],
      },
    links: () => mirror.read()?.links ?? { related: 0, category: 0 },
    clusters: () => mirror.read()?.clusters ?? noClusters(),
    callout: () => mirror.read()?.callout ?? null,
    renderer: () => ({
      thread: 'worker',
      software: mirror.peek()?.renderer.software ?? false,
      ratio: mirror.peek()?.renderer.ratio ?? 0,
    }),
    recentFrames: () => [...(mirror.read()?.recentFrames ?? [])],
    renderFrames,
  };
}
