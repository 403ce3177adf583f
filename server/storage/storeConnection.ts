import type { NodeStore } from './nodeStore';

/** A failure to tell the visitor about with a 503; its message is meant for them. */
export class Unavailable extends Error {
  override name = 'Unavailable';
}

/** How a connection opens its store and how hard it retries. */
export interface StoreConnectionOptions {
  openStore: () => Promise<NodeStore>;
  /** After a failed open (or a failed query), callers get the failure at once for this long, ms. */
  retryOpenAfterMs: number;
  /** Longest wait for a broken store to close before opening a new one, ms. */
  closeTimeoutMs: number;
  log: (line: string) => void;
}

/**
 * One store, opened lazily and reopened when it fails: a store that failed to open is retried on
 * a later request, and one whose query failed is closed and replaced (a crashed database stays
 * crashed). Retries are spaced out, because opening a database costs seconds and a burst of
 * requests must not start a burst of databases.
 */
export interface StoreConnection {
  /** The open store; rejects with `Unavailable` saying why not. */
  get(): Promise<NodeStore>;
  /** Whether an open is in progress (a slow start is not a broken store). */
  readonly opening: boolean;
  /** The store while it is open and not marked failed, without waiting; null otherwise. */
  readonly openStore: NodeStore | null;
  /** Marks a store whose query failed, so the next `get` after the retry interval replaces it. */
  discard(store: NodeStore, message: string): void;
  /** Closes the store; later `get`s reject. */
  close(): Promise<void>;
}

type State =
  | { kind: 'idle' }
  | { kind: 'opening'; promise: Promise<NodeStore> }
  | { kind: 'open'; store: NodeStore }
  | { kind: 'failed'; message: string; at: number; stale?: NodeStore }
  | { kind: 'closed' };

/** Resolves or rejects like `promise`, or rejects with `onTimeout()` after `ms`. */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Creates a connection; nothing is opened until the first `get`. */
export function createStoreConnection(options: StoreConnectionOptions): StoreConnection {
  let state: State = { kind: 'idle' };
  let lastOpenFailure: string | null = null;

  function open(stale: NodeStore | undefined): Promise<NodeStore> {
    const opened = (async () => {
      if (stale) {
        const closing = withTimeout(stale.close(), options.closeTimeoutMs, () => new Error());
        await closing.catch(() => undefined);
      }
      return options.openStore();
    })();
    // Every waiter, including requests that arrive while it opens, gets the visitor-facing error.
    const promise = opened.catch((error: unknown) => {
      throw new Unavailable(errorMessage(error));
    });
    const opening: State = { kind: 'opening', promise };
    state = opening;
    opened.then(
      (store) => {
        lastOpenFailure = null;
        // When close() ran meanwhile it closes this store itself.
        if (state === opening) state = { kind: 'open', store };
      },
      (error: unknown) => {
        const message = errorMessage(error);
        // Retries repeat the same failure; say it once, and again only when it changes.
        if (message !== lastOpenFailure) options.log(`nodes-service: ${message}`);
        lastOpenFailure = message;
        if (state === opening) state = { kind: 'failed', message, at: Date.now() };
      },
    );
    return promise;
  }

  return {
    get() {
      switch (state.kind) {
        case 'open':
          return Promise.resolve(state.store);
        case 'opening':
          return state.promise;
        case 'closed':
          return Promise.reject(new Unavailable('The nodes-service is shutting down.'));
        case 'failed':
          if (Date.now() - state.at < options.retryOpenAfterMs) {
            return Promise.reject(new Unavailable(state.message));
          }
          return open(state.stale);
        case 'idle':
          return open(undefined);
      }
    },
    get opening() {
      return state.kind === 'opening';
    },
    get openStore() {
      return state.kind === 'open' ? state.store : null;
    },
    discard(store, message) {
      if (state.kind === 'open' && state.store === store) {
        state = { kind: 'failed', message, at: Date.now(), stale: store };
      }
    },
    async close() {
      const previous = state;
      state = { kind: 'closed' };
      if (previous.kind === 'open') {
        await previous.store.close();
      } else if (previous.kind === 'opening') {
        await previous.promise.then(
          (store) => store.close(),
          () => undefined,
        );
      } else if (previous.kind === 'failed' && previous.stale) {
        await previous.stale.close().catch(() => undefined);
      }
    },
  };
}
