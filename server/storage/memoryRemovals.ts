/**
 * Removal and correction requests in memory, beside the memory store's nodes: the reference the
 * SQL stores are tested against.
 */
import { journalReasonOfRemoval, type RemovalRequestInput } from '@/lib/removalSchema';
import { newestPage } from './memoryPages';
import {
  NodeNotFound,
  RemovalRequestDecided,
  RemovalRequestNotFound,
  type RemovalRequestStore,
  type StoredNode,
  type StoredRemovalRequest,
} from './nodeStore';

/** What the requests need of the nodes, synchronously so that a hide happens whole. */
export interface RemovalNodes {
  /** The title of the listed node with this id, or null when none is listed. */
  listedTitle(id: string): string | null;
  /** Hides the node, journaled with `reason`; null when there is none (a hidden one stays so). */
  hide(id: string, who: string, reason: string): StoredNode | null;
}

/** The requests, and `skipId`: the next id of their count, taken for nothing (a decoy's). */
export function createMemoryRemovals(
  nodes: RemovalNodes,
): RemovalRequestStore & { skipId(): string } {
  const requests: StoredRemovalRequest[] = [];
  let lastId = 0;

  function open(id: string): StoredRemovalRequest {
    const found = requests.find((request) => request.id === id);
    if (!found) throw new RemovalRequestNotFound(id);
    if (found.status !== 'open') throw new RemovalRequestDecided(structuredClone(found));
    return found;
  }

  function decide(
    request: StoredRemovalRequest,
    status: StoredRemovalRequest['status'],
    who: string,
    note: string,
  ): StoredRemovalRequest {
    Object.assign(request, { status, decidedBy: who, note, decidedAt: new Date().toISOString() });
    return structuredClone(request);
  }

  return {
    skipId: () => String(++lastId),
    async addRemovalRequest(request: RemovalRequestInput) {
      const title = nodes.listedTitle(request.node_id);
      if (title === null) throw new NodeNotFound(request.node_id);
      const stored: StoredRemovalRequest = {
        id: String(++lastId),
        status: 'open',
        request: structuredClone(request),
        title,
        receivedAt: new Date().toISOString(),
        decidedAt: null,
        decidedBy: null,
        note: '',
      };
      requests.push(stored);
      return structuredClone(stored);
    },
    async listRemovalRequests({ status, ...page }) {
      const chosen = requests.filter((r) => status === undefined || r.status === status);
      return structuredClone(newestPage(chosen, page));
    },
    async getRemovalRequest(id) {
      const found = requests.find((request) => request.id === id);
      return found ? structuredClone(found) : null;
    },
    async hideForRemovalRequest(id, who, note) {
      const request = open(id);
      const reason = journalReasonOfRemoval(id, request.request.reason, note);
      const node = nodes.hide(request.request.node_id, who, reason);
      return { request: decide(request, 'hidden', who, note), node };
    },
    async decideRemovalRequest(id, status, who, note) {
      return decide(open(id), status, who, note);
    },
  };
}
