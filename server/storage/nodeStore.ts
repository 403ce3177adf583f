/**
 * Where the nodes-service keeps the archive. The editor work extends this interface with writes;
 * readers only ever need the list and a revision to validate caches against.
 */
export interface NodeStore {
  /**
   * Every node of the archive as the raw JSON object it was stored as, in archive order. Nothing
   * is normalised or dropped here: the client runs `normalizeArchive`, so a malformed node stays
   * in the data where an editor can still find and fix it.
   */
  listNodes(): Promise<unknown[]>;
  /** An opaque token that changes whenever the stored nodes change (feeds the HTTP ETag). */
  revision(): Promise<string>;
  /** Releases the store (database handle, lock file). Safe to call more than once. */
  close(): Promise<void>;
}

/** Thrown when a store cannot be opened; the message is meant for the person running the server. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}
