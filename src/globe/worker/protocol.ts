/**
 * The messages between the page and the globe's worker. Plain data only: the page forwards what
 * the visitor does and what the store says; the worker answers with the engine's events, promises
 * kept, and a mirror of its diagnostics for `window.__globe`.
 */
import type { GlobeEvents, GlobeInput, GlobeOptions, GlobeShot } from '@/globe/types';
import type { GlobeDiagnostics } from '@/lib/globeDiagnostics';
import type { MediaNode } from '@/lib/nodeModel';

/** The canvas's box in the page (CSS pixels) and the display's device-pixel ratio. */
export interface SurfaceState {
  left: number;
  top: number;
  width: number;
  height: number;
  pixelRatio: number;
}

/** A pointer, wheel or key event of the canvas, as the engine reads it. */
export interface ForwardedEvent {
  type:
    | 'pointerdown'
    | 'pointermove'
    | 'pointerup'
    | 'pointercancel'
    | 'pointerleave'
    | 'wheel'
    | 'keydown';
  clientX: number;
  clientY: number;
  button: number;
  buttons: number;
  pointerId: number;
  pointerType: string;
  isPrimary: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  movementX: number;
  movementY: number;
  deltaX: number;
  deltaY: number;
  deltaMode: number;
  key: string;
  code: string;
}

/** The options that cross to the worker (the engine is always its own there). */
export type WorkerGlobeOptions = Omit<GlobeOptions, 'engine'>;

/** `GlobeInput` with `nodes` left out when they are the ones sent last. */
export type ForwardedInput = Omit<GlobeInput, 'nodes'> & { nodes?: readonly MediaNode[] };

export type ToWorker =
  | {
      type: 'start';
      canvas: OffscreenCanvas;
      options: WorkerGlobeOptions;
      surface: SurfaceState;
      seen: boolean;
    }
  | { type: 'update'; seq: number; input: ForwardedInput }
  | { type: 'focus' | 'turnTo'; seq: number; call: number; id: string | null }
  | { type: 'showView'; seq: number; call: number; shot: GlobeShot }
  | { type: 'currentView'; call: number }
  | { type: 'event'; seq: number; event: ForwardedEvent }
  | { type: 'surface'; surface: SurfaceState }
  | { type: 'seen'; seen: boolean }
  | { type: 'renderFrames'; call: number; n: number }
  | { type: 'mirror' }
  | { type: 'dispose' };

type Answer<K extends keyof GlobeDiagnostics> = GlobeDiagnostics[K] extends (
  ...args: never[]
) => infer R
  ? R
  : never;

/** One card's figures in the mirror: what `GlobeDiagnostics` answers for its id. */
export interface MirroredCard {
  project: Answer<'project'>;
  card: Answer<'card'>;
  clusterOf: Answer<'clusterOf'>;
}

/**
 * What the page's `window.__globe` answers from: the worker's diagnostics as of its last frame,
 * event or quarter second, each card's figures by id included.
 */
export interface Snapshot {
  /**
   * The last input or update the worker had handled (the page numbers them): while the page has
   * sent later ones, what the snapshot says may be about to change.
   */
  seq: number;
  ready: boolean;
  stats: Answer<'stats'>;
  /** When the last frame was drawn (ms since the epoch): fps reads 0 a second after it. */
  lastFrameAt: number;
  camera: Answer<'camera'>;
  links: Answer<'links'>;
  callout: Answer<'callout'>;
  renderer: Answer<'renderer'>;
  recentFrames: number[];
  clusters: Answer<'clusters'>;
  cards: Record<string, MirroredCard>;
}

export type FromWorker =
  | { type: 'started' }
  | { type: 'failed'; message: string }
  | {
      [K in keyof GlobeEvents]: { type: 'event'; name: K; payload: GlobeEvents[K] };
    }[keyof GlobeEvents]
  /** A call kept; `value` is what it answers, for one that answers something. */
  | { type: 'done'; call: number; value?: unknown }
  | { type: 'cursor'; cursor: string }
  | { type: 'snapshot'; snapshot: Snapshot };

/** The fields of a DOM event the worker gets (the rest are not read). */
export function forwardedEvent(event: PointerEvent | WheelEvent | KeyboardEvent): ForwardedEvent {
  const pointer = event as Partial<PointerEvent>;
  const wheel = event as Partial<WheelEvent>;
  const key = event as Partial<KeyboardEvent>;
  return {
    type: event.type as ForwardedEvent['type'],
    clientX: pointer.clientX ?? 0,
    clientY: pointer.clientY ?? 0,
    button: pointer.button ?? 0,
    buttons: pointer.buttons ?? 0,
    pointerId: pointer.pointerId ?? 1,
    pointerType: pointer.pointerType ?? 'mouse',
    isPrimary: pointer.isPrimary ?? true,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    movementX: pointer.movementX ?? 0,
    movementY: pointer.movementY ?? 0,
    deltaX: wheel.deltaX ?? 0,
    deltaY: wheel.deltaY ?? 0,
    deltaMode: wheel.deltaMode ?? 0,
    key: key.key ?? '',
    code: key.code ?? '',
  };
}
