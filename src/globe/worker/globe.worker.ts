/// <reference lib="webworker" />
/**
 * The globe's worker: the engine, its scene, the card faces, the atlas, clustering and picking run
 * here on the page's canvas (an `OffscreenCanvas`), off the page's main thread. The page forwards
 * input and the store's state as messages (`protocol.ts`); this answers with the engine's events
 * and a mirror of its diagnostics.
 */
import { globeOnCanvas } from '@/globe/globeOnCanvas';
import type { Globe, GlobeDiagnostics, GlobeEvents, GlobeInput } from '@/globe/types';
import { remoteSurface, type RemoteSurface } from '@/globe/worker/remoteSurface';
import { snapshotOf } from '@/globe/worker/snapshot';
import type { FromWorker, ToWorker } from '@/globe/worker/protocol';
import type { MediaNode } from '@/lib/nodeModel';

declare const self: DedicatedWorkerGlobalScope;

/**
 * Once the page reads `window.__globe`, a snapshot after every frame drawn, every event, and at
 * least this often (ms) while nothing is drawn.
 */
const SNAPSHOT_EVERY_MS = 250;

let globe: Globe | null = null;
let diagnostics: GlobeDiagnostics | null = null;
let surface: RemoteSurface | null = null;
let nodes: readonly MediaNode[] = [];
let mirrored = false;
let snapshotTimer = 0;
/** When the last snapshot was sent (worker clock, ms). */
let sentAt = 0;
/** The last numbered message handled (`Snapshot.seq`). */
let seq = 0;
/** A snapshot due soon after input that may draw no frame (a key that moves nothing, say). */
let soon = 0;
/** How soon (ms). */
const SOON_MS = 50;
let lastFrameAt = 0;

const post = (message: FromWorker, transfer: Transferable[] = []) =>
  self.postMessage(message, transfer);

function sendSnapshot(): void {
  if (!diagnostics || !mirrored || !surface) return;
  sentAt = performance.now();
  self.clearTimeout(soon);
  soon = 0;
  post({
    type: 'snapshot',
    snapshot: snapshotOf(diagnostics, {
      ids: nodes.map((node) => node.video_id),
      lastFrameAt,
      seq,
    }),
  });
}

function handle(message: ToWorker): void {
  if (message.type === 'start') {
    surface = remoteSurface(message.surface, message.seen, (cursor) =>
      post({ type: 'cursor', cursor }),
    );
    try {
      const created = globeOnCanvas({ canvas: message.canvas, surface }, message.options);
      globe = created.globe;
      diagnostics = created.diagnostics;
      created.afterFrame(() => {
        lastFrameAt = performance.timeOrigin + performance.now();
        sendSnapshot();
      });
    } catch (error) {
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const names: (keyof GlobeEvents)[] = [
      'cardPicked',
      'backgroundClicked',
      'progress',
      'ready',
      'cardAnnounced',
    ];
    for (const name of names)
      globe.on(name, (payload) => {
        sendSnapshot();
        post({ type: 'event', name, payload } as FromWorker);
      });
    post({ type: 'started' });
    return;
  }
  // The page sends `start` first and it is handled at once: nothing comes before a globe but a
  // start that failed (then the page has given up on this worker).
  if (!globe || !surface || !diagnostics) return;
  if ('seq' in message) {
    seq = message.seq;
    if (mirrored && !soon) soon = self.setTimeout(sendSnapshot, SOON_MS);
  }
  switch (message.type) {
    case 'update': {
      if (message.input.nodes) nodes = message.input.nodes;
      globe.update({ ...message.input, nodes } as GlobeInput);
      break;
    }
    case 'focus':
    case 'turnTo': {
      const call = message.call;
      void globe[message.type](message.id).then(() => post({ type: 'done', call }));
      break;
    }
    case 'showView': {
      const call = message.call;
      void globe.showView(message.shot).then(() => post({ type: 'done', call }));
      break;
    }
    case 'currentView': {
      const call = message.call;
      void globe.currentView().then((value) => post({ type: 'done', call, value }));
      break;
    }
    case 'event':
      surface.dispatch(message.event);
      break;
    case 'surface':
      surface.setState(message.surface);
      break;
    case 'seen':
      surface.setSeen(message.seen);
      break;
    case 'renderFrames': {
      const call = message.call;
      void diagnostics.renderFrames(message.n).then(() => {
        sendSnapshot();
        post({ type: 'done', call });
      });
      break;
    }
    case 'mirror':
      mirrored = true;
      sendSnapshot();
      // A still globe draws no frames: its figures (faces loading, say) are sent on a timer.
      if (!snapshotTimer)
        snapshotTimer = self.setInterval(() => {
          if (performance.now() - sentAt >= SNAPSHOT_EVERY_MS) sendSnapshot();
        }, SNAPSHOT_EVERY_MS);
      break;
    case 'dispose':
      self.clearInterval(snapshotTimer);
      globe.dispose();
      globe = null;
      self.close();
      break;
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => handle(event.data);
