/**
 * Where the nodes-service keeps the archive: the public list with a revision to validate caches
 * against, and the editors' writes, each versioned, journaled and (for deletes) recoverable.
 */

import type { OnceLedger } from './onceAnswers';
import type { PageQuery } from './pageQuery';
import type { StoryReader } from './storyStore';
import type { RemovalRequestInput } from '@/lib/removalSchema';
import type { ContactInput, SubmissionInput } from '@/lib/submissionSchema';
import type {
  JournalAction,
  JournalEntry,
  RemovalStatus,
  StoredMessage,
  StoredNode,
  StoredRemovalRequest,
  StoredSubmission,
  SubmissionStatus,
} from '@/lib/archiveRecords';
import type { PhotoPublisher, UploadClaim, UploadLedger } from './uploadLedger';

// The records the service answers with are shared with the editor's client.
export type {
  JournalAction,
  JournalEntry,
  RemovalStatus,
  StoredRemovalRequest,
  StoredMessage,
  StoredNode,
  StoredSubmission,
  SubmissionStatus,
};

export type { PageQuery };

/** Which part of the journal to read. */
export interface JournalQuery extends PageQuery {
  /** Only the changes of this node. */
  nodeId?: string;
}

/** What readers of the archive need: the public list and a revision to validate caches against. */
export interface NodeStore {
  /**
   * Every node of the archive that is not deleted, as the raw JSON object it was stored as, in
   * archive order. Nothing is normalised or dropped here: the client runs `normalizeArchive`, so a
   * malformed node stays in the data where an editor can still find and fix it.
   */
  listNodes(): Promise<unknown[]>;
  /** An opaque token that changes whenever the listed nodes change (feeds the HTTP ETag). */
  revision(): Promise<string>;
  /**
   * The revision when the store knows it without asking its database, because nothing can have
   * changed the nodes since it was last read (a database only this process writes); null when it
   * must ask. Lets the list answer a request without waiting for anything (issue 45).
   */
  knownRevision?(): string | null;
  /** Releases the store (database handle, lock file). Safe to call more than once. */
  close(): Promise<void>;
  /**
   * Why this store takes no writes, when it can say more than "read-only" (see `readOnlyView`):
   * the 405 of an editor's write or a visitor's form then gives this reason.
   */
  readonly readOnlyReason?: string;
}

/**
 * `store` with its writes and inbox hidden (`isEditable` and `hasInbox` answer false), so the
 * service refuses every write with 405 and `reason`. For a store whose writes would be lost: the
 * Lambda function's bundled archive lives in one instance's memory, while the next request may
 * reach another instance, and a recycled one forgets everything.
 */
export function readOnlyView(store: NodeStore, reason: string): NodeStore {
  return {
    // Stories are read as they are; their writes are hidden with the nodes'.
    ...storyReadsOf(store),
    listNodes: () => store.listNodes(),
    revision: () => store.revision(),
    knownRevision: () => store.knownRevision?.() ?? null,
    close: () => store.close(),
    readOnlyReason: reason,
  };
}

/** A store's story reads, bound, when it keeps stories (without importing their module's code). */
function storyReadsOf(store: NodeStore): Partial<StoryReader> {
  const reader = store as Partial<StoryReader>;
  if (typeof reader.allStories !== 'function' || typeof reader.getStory !== 'function') return {};
  const { allStories, getStory } = reader;
  return { allStories: () => allStories.call(store), getStory: (id) => getStory.call(store, id) };
}

/**
 * A store editors can write to. Kept apart from `NodeStore` so that a read-only source still
 * serves the list (the nodes-service then answers writes with 405).
 */
export interface EditableNodeStore extends NodeStore {
  /** The node with this id (the first, when an archive holds duplicates), deleted or not. */
  getNode(id: string): Promise<StoredNode | null>;
  /**
   * Adds a node (its `video_id` is its id) at version 1.
   *
   * @throws NodeExists when a node (even a deleted one) has that id.
   */
  createNode(
    node: Record<string, unknown> & { video_id: string },
    who: string,
  ): Promise<StoredNode>;
  /**
   * Replaces a node's content.
   *
   * @throws NodeNotFound when there is no such node.
   * @throws VersionConflict when `expectedVersion` is not the current version, or it is deleted.
   */
  updateNode(
    id: string,
    node: Record<string, unknown>,
    expectedVersion: number,
    who: string,
  ): Promise<StoredNode>;
  /**
   * Hides a node from the list, keeping it for `restoreNode`.
   *
   * @throws NodeNotFound when there is no such node.
   * @throws VersionConflict when `expectedVersion` is not the current version, or it is deleted.
   */
  deleteNode(id: string, expectedVersion: number, who: string): Promise<StoredNode>;
  /**
   * Lists a deleted node again.
   *
   * @throws NodeNotFound when there is no such node.
   * @throws VersionConflict when it is not deleted.
   */
  restoreNode(id: string, who: string): Promise<StoredNode>;
  /** Recorded changes, newest first (by id). */
  journal(query: JournalQuery): Promise<JournalEntry[]>;
  /**
   * Every node, deleted or not, with its version, in archive order: what an import is planned
   * against and what the editors' export reads.
   */
  allNodes(): Promise<DatedNode[]>;
  /**
   * An editor's import (issue 32), all in one step: adds `creates` and replaces `updates`, each
   * journaled with `reason`; nothing at all if any fails.
   *
   * @throws ImportConflict, changing nothing, when an item to add has an id taken meanwhile or
   *   one to replace is no longer at the version the import was planned against (or deleted).
   */
  importNodes(
    changes: ImportChanges,
    who: string,
    reason: string,
  ): Promise<{ created: number; updated: number }>;
}

/** A node with the time it last changed (created, edited, deleted or restored). */
export interface DatedNode extends StoredNode {
  /** ISO 8601, UTC. */
  changedAt: string;
}

/** What an import writes: new items, and items replaced at the version each was read at. */
export interface ImportChanges {
  creates: readonly (Record<string, unknown> & { video_id: string })[];
  updates: readonly { node: Record<string, unknown> & { video_id: string }; version: number }[];
}

/**
 * The ids of an import's items that moved since it was planned: one to add whose id is taken,
 * one to replace that is gone, deleted or at another version. `current` reads a stored node's
 * state by id (the first of duplicates). Shared by every store, so all refuse alike.
 */
export function importConflicts(
  { creates, updates }: ImportChanges,
  current: (id: string) => { version: number; deleted: boolean } | undefined,
): string[] {
  return [
    ...creates.filter((node) => current(node.video_id) !== undefined).map((node) => node.video_id),
    ...updates
      .filter(({ node, version }) => {
        const found = current(node.video_id);
        return !found || found.deleted || found.version !== version;
      })
      .map(({ node }) => node.video_id),
  ];
}

/** Items an import would add or change were added or changed by someone else since it was planned. */
export class ImportConflict extends Error {
  override name = 'ImportConflict';
  constructor(readonly nodeIds: readonly string[]) {
    super(
      `${nodeIds.length === 1 ? '1 item was' : `${nodeIds.length} items were`} added or changed since the dry run (${nodeIds.slice(0, 5).join(', ')}${nodeIds.length > 5 ? ', …' : ''}): nothing was imported. Run the dry run again.`,
    );
  }
}

/** Whether `store` takes writes. */
export function isEditable(store: NodeStore): store is EditableNodeStore {
  return typeof (store as Partial<EditableNodeStore>).createNode === 'function';
}

/** Thrown when a store cannot be opened; the message is meant for the person running the server. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

/** No node has this id (or, for an update or delete, it is deleted). */
export class NodeNotFound extends Error {
  override name = 'NodeNotFound';
  constructor(readonly nodeId: string) {
    super(`No item has the id "${nodeId}".`);
  }
}

/** A node with this id exists already (perhaps deleted: then it can be restored). */
export class NodeExists extends Error {
  override name = 'NodeExists';
  constructor(
    readonly nodeId: string,
    readonly deleted: boolean,
  ) {
    super(
      deleted
        ? `A deleted item has the id "${nodeId}"; restore it, or choose another id.`
        : `An item with the id "${nodeId}" exists already; choose another id.`,
    );
  }
}

/** The write was made against a version that is no longer current; carries what is current. */
export class VersionConflict extends Error {
  override name = 'VersionConflict';
  constructor(readonly current: StoredNode) {
    super(
      current.deleted
        ? 'This item was deleted since you opened it.'
        : `This item was changed since you opened it (it is now at version ${current.version}).`,
    );
  }
}

/** The inbox's lists that visitors add to, each numbered by its own sequence. */
export type InboxList = 'submissions' | 'messages' | 'removalRequests';

/**
 * The community's inbox, kept beside the nodes (same database, same transactions), so approving a
 * submission creates its node, records its photos published and marks it approved in one step.
 */
export interface InboxStore extends UploadLedger, OnceLedger {
  /**
   * Takes the next id of `list`'s own sequence and keeps nothing under it: the honeypot's answer
   * to a bot (see server/inbox/honeypot.ts) carries an id a real entry would have had, and no
   * later entry is ever given it.
   */
  decoyId(list: InboxList): Promise<string>;
  /**
   * Keeps a submission; with `claim`, its photos become its own in the same step.
   *
   * @throws UploadsUnavailable when a claimed photo is unknown, expired, published or another
   *   submission's (nothing is kept then).
   */
  addSubmission(submission: SubmissionInput, claim?: UploadClaim): Promise<StoredSubmission>;
  /** Newest first (by id); only `status` when given. */
  listSubmissions(query: PageQuery & { status?: SubmissionStatus }): Promise<StoredSubmission[]>;
  getSubmission(id: string): Promise<StoredSubmission | null>;
  /**
   * Creates `node` (journaled as a create by `who`), records the submission's photos it shows
   * published (with `photos`) and marks the submission approved with its id, atomically; then has
   * `photos` copy them to their public keys (what it could not copy stays owed, for the
   * recovery: see `PhotoPublisher`).
   *
   * @throws SubmissionNotFound; SubmissionDecided when it is not pending; NodeExists;
   *   PhotosOfAnotherSubmission when the node shows a waiting photo this submission did not send.
   */
  approveSubmission(
    id: string,
    node: Record<string, unknown> & { video_id: string },
    who: string,
    photos?: PhotoPublisher,
  ): Promise<{ submission: StoredSubmission; node: StoredNode }>;
  /** @throws SubmissionNotFound; SubmissionDecided when it is not pending. */
  rejectSubmission(id: string, who: string, reason: string): Promise<StoredSubmission>;
  addMessage(message: ContactInput): Promise<StoredMessage>;
  /** Newest first (by id). */
  listMessages(query: PageQuery): Promise<StoredMessage[]>;
  /**
   * Keeps a removal or correction request about a listed node, with the node's title.
   *
   * @throws NodeNotFound when no listed node has its `node_id` (a hidden one included).
   */
  addRemovalRequest(request: RemovalRequestInput): Promise<StoredRemovalRequest>;
  /**
   * Newest first (by id); only those that show under `status` when given: `open` holds the
   * waiting ones, hidden ones whose item is listed again among them (`removalWaits`).
   */
  listRemovalRequests(
    query: PageQuery & { status?: RemovalStatus },
  ): Promise<StoredRemovalRequest[]>;
  getRemovalRequest(id: string): Promise<StoredRemovalRequest | null>;
  /**
   * Hides the request's node from the public list at once (a delete journaled with the request's
   * reason, `journalReasonOfRemoval`, to restore like any other) and marks the request `hidden` by `who` with `note`, atomically. A
   * node hidden already stays so.
   *
   * @throws RemovalRequestNotFound; RemovalRequestDecided when it does not wait (open, or hidden
   * with its item listed again).
   */
  hideForRemovalRequest(
    id: string,
    who: string,
    note: string,
  ): Promise<{ request: StoredRemovalRequest; node: StoredNode | null }>;
  /**
   * Marks an open or hidden request `corrected` (the editor changed the item) or `declined`, with
   * `note`: it is closed.
   *
   * @throws RemovalRequestNotFound; RemovalRequestDecided when it is closed already.
   */
  decideRemovalRequest(
    id: string,
    status: 'corrected' | 'declined',
    who: string,
    note: string,
  ): Promise<StoredRemovalRequest>;
}

/** The removal requests' part of the inbox (the memory and SQL stores each make one). */
export type RemovalRequestStore = Pick<
  InboxStore,
  | 'addRemovalRequest'
  | 'listRemovalRequests'
  | 'getRemovalRequest'
  | 'hideForRemovalRequest'
  | 'decideRemovalRequest'
>;

/** Whether `store` keeps the community's inbox. */
export function hasInbox(store: NodeStore): store is EditableNodeStore & InboxStore {
  return isEditable(store) && typeof (store as Partial<InboxStore>).addSubmission === 'function';
}

/** No submission has this id. */
export class SubmissionNotFound extends Error {
  override name = 'SubmissionNotFound';
  constructor(readonly submissionId: string) {
    super(`No submission has the id "${submissionId}".`);
  }
}

/** The submission was approved or rejected already. */
export class SubmissionDecided extends Error {
  override name = 'SubmissionDecided';
  constructor(readonly current: StoredSubmission) {
    super(
      `This submission was ${current.status} already` +
        (current.decidedBy ? ` by ${current.decidedBy}.` : '.'),
    );
  }
}

/** No removal request has this id. */
export class RemovalRequestNotFound extends Error {
  override name = 'RemovalRequestNotFound';
  constructor(readonly requestId: string) {
    super(`No removal request has the id "${requestId}".`);
  }
}

/** The removal request was decided already. */
export class RemovalRequestDecided extends Error {
  override name = 'RemovalRequestDecided';
  constructor(readonly current: StoredRemovalRequest) {
    super(
      `This request was ${current.status === 'hidden' ? 'answered by hiding the item' : current.status} already` +
        (current.decidedBy ? ` by ${current.decidedBy}.` : '.'),
    );
  }
}
