/**
 * The records the nodes-service keeps and answers with: an item with its version, a journal entry,
 * a community submission and a contact message. Plain types shared by the service's stores and
 * the editor's client, so both read the same shapes.
 */
import type { RemovalRequestInput } from '@/lib/removalSchema';
import type { ContactInput, SubmissionInput } from '@/lib/submissionSchema';

/** What every write records about itself. */
export type JournalAction = 'create' | 'update' | 'delete' | 'restore';

/** One node with what optimistic concurrency needs. */
export interface StoredNode {
  /** The node as stored (raw JSON: a seeded node is kept exactly as its archive gave it). */
  node: Record<string, unknown>;
  /** Starts at 1 and grows by one on every update, delete and restore. */
  version: number;
  /** Soft-deleted: kept for restoring, never listed. */
  deleted: boolean;
}

/** One change, as the journal keeps it. */
export interface JournalEntry {
  /** Grows with every entry (the journal's order). */
  id: number;
  nodeId: string;
  action: JournalAction;
  /** The editor's username. */
  who: string;
  /** ISO 8601 time of the change. */
  at: string;
  /** The listed node before the change (`null` for a create or a restore). */
  before: unknown;
  /** The listed node after it (`null` for a delete). */
  after: unknown;
  /** Why, where the editor said (an item hidden for a removal request); '' otherwise. */
  reason: string;
}

/** Where a community submission stands. */
export type SubmissionStatus = 'pending' | 'approved' | 'rejected';

/** A community submission as the inbox keeps it. */
export interface StoredSubmission {
  /** Opaque id (text), unique in the inbox. */
  id: string;
  status: SubmissionStatus;
  /** What the visitor sent, validated by `validateSubmission` (`@/lib/submissionSchema`). */
  submission: SubmissionInput;
  /** ISO 8601 time it arrived. */
  receivedAt: string;
  /** ISO 8601 time an editor approved or rejected it; null while pending. */
  decidedAt: string | null;
  /** The editor who decided; null while pending. */
  decidedBy: string | null;
  /** The node an approval created; null otherwise. */
  nodeId: string | null;
  /** The editor's reason for a rejection ('' when none given). */
  reason: string;
}

/** A contact-form message as the inbox keeps it. */
export interface StoredMessage {
  id: string;
  message: ContactInput;
  receivedAt: string;
}

/**
 * Where a removal or correction request stands: waiting (`open`), or decided: its item hidden,
 * corrected, or the request declined. A `hidden` request follows its item (issue 47): once the
 * item is public again (restored from the journal or the item's page), it is waiting again (it
 * is listed as `open`, `itemListed` true) until an editor hides the item again, marks it
 * corrected or declines it. `corrected` and `declined` close it.
 */
export type RemovalStatus = 'open' | 'hidden' | 'corrected' | 'declined';

/** Whether a request with this stored status, its item listed or not, waits for an editor. */
export function removalWaits(status: RemovalStatus, itemListed: boolean): boolean {
  return status === 'open' || (status === 'hidden' && itemListed);
}

/** Whether a request may be decided now: hidden (again) while it waits, closed while not closed. */
export function removalDecidable(
  status: RemovalStatus,
  itemListed: boolean,
  decision: 'hidden' | 'corrected' | 'declined',
): boolean {
  if (decision === 'hidden') return removalWaits(status, itemListed);
  return status === 'open' || status === 'hidden';
}

/** A removal or correction request as the inbox keeps it. */
export interface StoredRemovalRequest {
  id: string;
  status: RemovalStatus;
  /** What was sent, validated by `validateRemovalRequest` (`@/lib/removalSchema`). */
  request: RemovalRequestInput;
  /** The item's title when it arrived, so the queue names it even once it is hidden. */
  title: string;
  receivedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  /** The editor's note on the decision ('' when none). */
  note: string;
  /** Whether the request's item is on the public list now (read with the request). */
  itemListed: boolean;
}
