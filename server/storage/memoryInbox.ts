/**
 * The community's inbox in memory, beside the memory store's nodes: the reference the SQL inbox is
 * tested against.
 */
import { newestPage } from './memoryPages';
import { createMemoryOnceLedger } from './onceAnswers';
import { createMemoryRemovals, type RemovalNodes } from './memoryRemovals';
import { createMemoryUploads } from './memoryUploads';
import {
  SubmissionDecided,
  SubmissionNotFound,
  type InboxStore,
  type StoredMessage,
  type StoredNode,
  type StoredSubmission,
} from './nodeStore';
import { publishableOf } from './uploadLedger';

/**
 * Creates a node the way the store's `createNode` does, synchronously, so an approval either
 * happens whole or not at all.
 *
 * @throws NodeExists before changing anything.
 */
export type CreateNodeNow = (
  node: Record<string, unknown> & { video_id: string },
  who: string,
) => StoredNode;

/**
 * An inbox whose approvals create nodes with `createNode`, and whose removal requests read and
 * hide them through `nodes`.
 */
export function createMemoryInbox(createNode: CreateNodeNow, nodes: RemovalNodes): InboxStore {
  const submissions: StoredSubmission[] = [];
  const messages: StoredMessage[] = [];
  // Separate counters, like the SQL tables' own sequences.
  let lastSubmissionId = 0;
  let lastMessageId = 0;
  // Publishing photos awaits storage: decisions take turns, as SQL's row lock makes them.
  let deciding: Promise<unknown> = Promise.resolve();
  function inTurn<T>(decision: () => Promise<T>): Promise<T> {
    const turn = deciding.then(decision);
    deciding = turn.catch(() => undefined);
    return turn;
  }
  const uploads = createMemoryUploads((id) => {
    const found = submissions.find((submission) => submission.id === id);
    return found ? { decidedAt: found.decidedAt } : null;
  }, inTurn);

  /** The pending submission with this id, or throws why it cannot be decided. */
  function pending(id: string): StoredSubmission {
    const found = submissions.find((submission) => submission.id === id);
    if (!found) throw new SubmissionNotFound(id);
    if (found.status !== 'pending') throw new SubmissionDecided(structuredClone(found));
    return found;
  }

  function decide(
    submission: StoredSubmission,
    decision: Pick<StoredSubmission, 'status' | 'decidedBy' | 'nodeId' | 'reason'>,
  ): StoredSubmission {
    Object.assign(submission, decision, { decidedAt: new Date().toISOString() });
    return structuredClone(submission);
  }

  const { skipId: skipRemovalId, ...removals } = createMemoryRemovals(nodes);

  return {
    ...uploads.ledger,
    ...removals,
    ...createMemoryOnceLedger(),
    async decoyId(list) {
      if (list === 'submissions') return String(++lastSubmissionId);
      if (list === 'messages') return String(++lastMessageId);
      return skipRemovalId();
    },
    async addSubmission(submission, claim) {
      const id = String(lastSubmissionId + 1);
      // Throws before anything changed: no submission without its photos.
      if (claim) uploads.claim(id, claim);
      lastSubmissionId++;
      const stored: StoredSubmission = {
        id,
        status: 'pending',
        submission: structuredClone(submission),
        receivedAt: new Date().toISOString(),
        decidedAt: null,
        decidedBy: null,
        nodeId: null,
        reason: '',
      };
      submissions.push(stored);
      return structuredClone(stored);
    },
    async listSubmissions({ status, ...page }) {
      const chosen = submissions.filter((s) => status === undefined || s.status === status);
      return structuredClone(newestPage(chosen, page));
    },
    async getSubmission(id) {
      const found = submissions.find((submission) => submission.id === id);
      return found ? structuredClone(found) : null;
    },
    approveSubmission(id, node, who, photos) {
      return inTurn(async () => {
        const submission = pending(id);
        const records = photos ? publishableOf(uploads.unpublished(photos.publicKeys), id) : [];
        if (photos) await photos.publish(records);
        let created: StoredNode;
        try {
          // Throws NodeExists before anything changed: the submission stays pending.
          created = createNode(node, who);
        } catch (error) {
          if (photos) await photos.unpublish(records);
          throw error;
        }
        // Published with the copies owed, as the SQL stores commit it; then the copies follow.
        if (photos) uploads.markPublished(records, photos.at);
        const decided = decide(submission, {
          status: 'approved',
          decidedBy: who,
          nodeId: node.video_id,
          reason: '',
        });
        if (photos && records.length > 0) {
          const made = photos.afterCommit
            ? await photos.afterCommit(records).catch(() => [])
            : records.map((record) => record.publicKey);
          uploads.markSettled(made);
        }
        return { submission: decided, node: created };
      });
    },
    rejectSubmission(id, who, reason) {
      return inTurn(async () =>
        decide(pending(id), { status: 'rejected', decidedBy: who, nodeId: null, reason }),
      );
    },
    async addMessage(message) {
      const stored: StoredMessage = {
        id: String(++lastMessageId),
        message: structuredClone(message),
        receivedAt: new Date().toISOString(),
      };
      messages.push(stored);
      return structuredClone(stored);
    },
    async listMessages(page) {
      return structuredClone(newestPage(messages, page));
    },
  };
}
