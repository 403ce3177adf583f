import type { GlobeDiagnostics } from '@/globe/types';
import type { MirroredCard, Snapshot } from '@/globe/worker/protocol';

/**
 * The worker's diagnostics as one message: the globe's figures, its clusters, and each card's
 * projection, state and cluster (`ids`: the cards the page sent).
 */
export function snapshotOf(
  diagnostics: GlobeDiagnostics,
  extra: { ids: readonly string[]; lastFrameAt: number; seq: number },
): Snapshot {
  const cards: Record<string, MirroredCard> = {};
  for (const id of extra.ids)
    cards[id] = {
      project: diagnostics.project(id),
      card: diagnostics.card(id),
      clusterOf: diagnostics.clusterOf(id),
    };
  return {
    seq: extra.seq,
    ready: diagnostics.ready,
    stats: diagnostics.stats(),
    lastFrameAt: extra.lastFrameAt,
    camera: diagnostics.camera(),
    links: diagnostics.links(),
    callout: diagnostics.callout(),
    renderer: diagnostics.renderer(),
    recentFrames: diagnostics.recentFrames(),
    clusters: diagnostics.clusters(),
    cards,
  };
}
