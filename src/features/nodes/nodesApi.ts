import { plural, t } from '@lingui/core/macro';
import { SAVED_COPY_HEADER } from '@/offline/offlineNames';

/** How long the archive may take to answer before the visitor is told and offered a retry, ms. */
export const NODES_TIMEOUT_MS = 10_000;

/** Why the archive could not be loaded, as plain data for the store. */
export interface NodesLoadError {
  kind: 'network' | 'timeout' | 'http' | 'invalid';
  /**
   * What the visitor is told, in the language of the moment it failed (the views say it again
   * in the active language: `loadErrorText`).
   */
  message: string;
  status?: number;
  /** A timeout's length, in seconds. */
  seconds?: number;
  /** Not a failure of the archive's but one nobody foresaw: its own message is said as it is. */
  unexpected?: boolean;
}

/** What a failure's words are made from (an unexpected one's own message among them). */
type LoadFailureFacts = Omit<NodesLoadError, 'message'> & { message?: string | undefined };

/**
 * What the visitor is told of a failed load, in the active language: read when it is shown, so a
 * switch of language says it again.
 */
export function loadErrorText(error: LoadFailureFacts): string {
  if (error.unexpected) return error.message ?? t`The archive could not be loaded.`;
  const status = error.status ?? 0;
  switch (error.kind) {
    case 'timeout': {
      const seconds = error.seconds ?? NODES_TIMEOUT_MS / 1000;
      return t({
        message: plural(seconds, {
          one: 'The archive took longer than # second to answer.',
          other: 'The archive took longer than # seconds to answer.',
        }),
        comment: 'The archive (its service) did not answer in time; the visitor may retry',
      });
    }
    case 'http':
      return status >= 500
        ? t({
            message: `The archive service is unavailable right now (error ${status}).`,
            comment: "{status} is the server's HTTP status code (503)",
          })
        : t({
            message: `The archive service refused the request (error ${status}).`,
            comment: "{status} is the server's HTTP status code (403)",
          });
    case 'invalid':
      return t`The archive service answered with something that is not an archive.`;
    default:
      return t`The archive could not be reached. Check your connection and try again.`;
  }
}

/** A failure as the store keeps it, its message said in the active language. */
export function loadError(detail: LoadFailureFacts): NodesLoadError {
  return { ...detail, message: loadErrorText(detail) };
}

/** A failed load, carrying what the visitor should be told. */
export class NodesRequestError extends Error {
  override name = 'NodesRequestError';
  constructor(readonly detail: NodesLoadError) {
    super(detail.message);
  }
}

/** Fetches the raw archive: SPEC §7 `GET {nodes-service}/nodes`, no payload. */
export type FetchArchive = (signal: AbortSignal) => Promise<unknown>;

/** Where an archive came from: the network, or the device's last copy, and as of when. */
export interface ArchiveOrigin {
  /** When the network gave this copy (ms since the epoch), when the answer says. */
  asOf: number | null;
  /** The service worker answered with the copy it kept: the network could not be had. */
  fromDevice: boolean;
}

/** The origins of the archives fetched, by the parsed answer (an object, or an array). */
const origins = new WeakMap<object, ArchiveOrigin>();

/** What a raw archive's answer said of where it came from; a network answer of now by default. */
export function archiveOrigin(raw: unknown): ArchiveOrigin {
  const known = typeof raw === 'object' && raw !== null ? origins.get(raw) : undefined;
  return known ?? { asOf: null, fromDevice: false };
}

function originOf(response: Response): ArchiveOrigin {
  const saved = response.headers.get(SAVED_COPY_HEADER);
  const date = Date.parse(saved ?? response.headers.get('date') ?? '');
  return { asOf: Number.isNaN(date) ? null : date, fromDevice: saved !== null };
}

/**
 * `FetchArchive` against a nodes-service URL with the browser's fetch. Every way it can fail ends
 * as a `NodesRequestError` with a message a visitor understands.
 */
export function httpFetchArchive(url: string, timeoutMs = NODES_TIMEOUT_MS): FetchArchive {
  return async (signal) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.any([signal, timeout]),
        headers: { Accept: 'application/json' },
      });
    } catch (error) {
      if (timeout.aborted) {
        throw new NodesRequestError(loadError({ kind: 'timeout', seconds: timeoutMs / 1000 }));
      }
      if (signal.aborted) throw error;
      throw new NodesRequestError(loadError({ kind: 'network' }));
    }
    if (!response.ok) {
      throw new NodesRequestError(loadError({ kind: 'http', status: response.status }));
    }
    let raw: unknown;
    try {
      raw = await response.json();
    } catch {
      throw new NodesRequestError(loadError({ kind: 'invalid' }));
    }
    if (typeof raw === 'object' && raw !== null) origins.set(raw, originOf(response));
    return raw;
  };
}
