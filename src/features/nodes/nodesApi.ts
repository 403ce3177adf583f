/** How long the archive may take to answer before the visitor is told and offered a retry, ms. */
export const NODES_TIMEOUT_MS = 10_000;

/** Why the archive could not be loaded, as plain data for the store. */
export interface NodesLoadError {
  kind: 'network' | 'timeout' | 'http' | 'invalid';
  message: string;
  status?: number;
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
        throw new NodesRequestError({
          kind: 'timeout',
          message: `The archive took longer than ${timeoutMs / 1000} seconds to answer.`,
        });
      }
      if (signal.aborted) throw error;
      throw new NodesRequestError({
        kind: 'network',
        message: 'The archive could not be reached. Check your connection and try again.',
      });
    }
    if (!response.ok) {
      throw new NodesRequestError({
        kind: 'http',
        status: response.status,
        message:
          response.status >= 500
            ? `The archive service is unavailable right now (error ${response.status}).`
            : `The archive service refused the request (error ${response.status}).`,
      });
    }
    try {
      return await response.json();
    } catch {
      throw new NodesRequestError({
        kind: 'invalid',
        message: 'The archive service answered with something that is not an archive.',
      });
    }
  };
}
