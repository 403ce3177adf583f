/**
 * Removal and correction requests in memory, beside the memory store's nodes: the reference the
 * SQL stores are tested against.
 */
import { removalDecidable, removalWaits, type RemovalStatus } from '@/lib/archiveRecords';
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

/** A request as kept: `itemListed` is read from the nodes whenever a request is read. */
type KeptRequest = Omit<StoredRemovalRequest, 'itemListed'>;

/** The requests, and `skipId`: the next id of their count, taken for nothing (a decoy's). */
export function createMemoryRemovals(
  nodes: RemovalNodes,
): RemovalRequestStore & { skipId(): string } {
  const requests: KeptRequest[] = [];
  let lastId = 0;

  const listed = (request: KeptRequest) => nodes.listedTitle(request.request.node_id) !== null;
  const read = (request: KeptRequest): StoredRemovalRequest => ({
    ...structuredClone(request),
    itemListed: listed(request),
  });

  function decidable(id: string, decision: 'hidden' | 'corrected' | 'declined'): KeptRequest {
    const found = requests.find((request) => request.id === id);
    if (!found) throw new RemovalRequestNotFound(id);
    if (!removalDecidable(found.status, listed(found), decision))
      throw new RemovalRequestDecided(read(found));
    return found;
  }

  function decide(
    request: KeptRequest,
    status: Exclude<RemovalStatus, 'open'>,
    who: string,
    note: string,
  ): KeptRequest {
    Object.assign(request, { status, decidedBy: who, note, decidedAt: new Date().toISOString() });
    return request;
  }

  /** Whether a request shows under `status`: a hidden one whose item is back waits again. */
  const under = (request: KeptRequest, status: RemovalStatus) => {
    const waits = removalWaits(request.status, listed(request));
    if (status === 'open') return waits;
    if (status === 'hidden') return request.status === 'hidden' && !waits;
    return request.status === status;
  };

  return {
    skipId: () => String(++lastId),
    async addRemovalRequest(request: RemovalRequestInput) {
      const title = nodes.listedTitle(request.node_id);
      if (title === null) throw new NodeNotFound(request.node_id);
      const stored = {
        id: String(++lastId),
        status: 'open' as const,
        request: structuredClone(request),
        title,
        receivedAt: new Date().toISOString(),
        decidedAt: null,
        decidedBy: null,
        note: '',
      };
      requests.push(stored);
      return read(stored);
    },
    async listRemovalRequests({ status, ...page }) {
      const chosen = requests.filter((r) => status === undefined || under(r, status));
      return newestPage(chosen, page).map(read);
    },
    async getRemovalRequest(id) {
      const found = requests.find((request) => request.id === id);
      return found ? read(found) : null;
    },
    async hideForRemovalRequest(id, who, note) {
      const request = decidable(id, 'hidden');
      const reason = journalReasonOfRemoval(id, request.request.reason, note);
      const node = nodes.hide(request.request.node_id, who, reason);
      return { request: read(decide(request, 'hidden', who, note)), node };
    },
    async decideRemovalRequest(id, status, who, note) {
      return read(decide(decidable(id, status), status, who, note));
    },
  };
}
