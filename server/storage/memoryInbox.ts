/**
 * The community's inbox in memory, beside the memory store's nodes: the reference the SQL inbox is
 * tested against.
 */
import {
  SubmissionDecided,
  SubmissionNotFound,
  type InboxStore,
  type StoredMessage,
  type StoredNode,
  type StoredSubmission,
} from './nodeStore';

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

/** Newest first, at most `limit` (none for 0 or less). */
function newest<T>(items: readonly T[], limit: number): T[] {
  return limit >= 1 ? items.slice(-Math.floor(limit)).reverse() : [];
}

/** An inbox whose approvals create nodes with `createNode`. */
export function createMemoryInbox(createNode: CreateNodeNow): InboxStore {
  const submissions: StoredSubmission[] = [];
  const messages: StoredMessage[] = [];
  // Separate counters, like the SQL tables' own sequences.
  let lastSubmissionId = 0;
  let lastMessageId = 0;

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

  return {
    async addSubmission(submission) {
      const stored: StoredSubmission = {
        id: String(++lastSubmissionId),
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
    async listSubmissions({ status, limit }) {
      const chosen = submissions.filter((s) => status === undefined || s.status === status);
      return structuredClone(newest(chosen, limit));
    },
    async getSubmission(id) {
      const found = submissions.find((submission) => submission.id === id);
      return found ? structuredClone(found) : null;
    },
    async approveSubmission(id, node, who) {
      const submission = pending(id);
      // Throws NodeExists before anything changed: the submission stays pending.
      const created = createNode(node, who);
      const decided = decide(submission, {
        status: 'approved',
        decidedBy: who,
        nodeId: node.video_id,
        reason: '',
      });
      return { submission: decided, node: created };
    },
    async rejectSubmission(id, who, reason) {
      return decide(pending(id), { status: 'rejected', decidedBy: who, nodeId: null, reason });
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
    async listMessages({ limit }) {
      return structuredClone(newest(messages, limit));
    },
  };
}
