import { createHash } from 'node:crypto';
import { createMemoryInbox, type CreateNodeNow } from './memoryInbox';
import { newestPage } from './memoryPages';
import { createMemoryStories } from './memoryStories';
import { seedableStories, type StoryStore } from './storyStore';
import type { ArchiveSeed } from './archiveFile';
import {
  ImportConflict,
  importConflicts,
  NodeExists,
  NodeNotFound,
  VersionConflict,
  type EditableNodeStore,
  type InboxStore,
  type JournalAction,
  type JournalEntry,
  type StoredNode,
} from './nodeStore';

interface Row {
  /** `video_id` when it is usable text; archive entries without one are listed but never found. */
  id: string | null;
  data: unknown;
  version: number;
  deleted: boolean;
  /** When it last changed (ISO 8601): the store's start for a seeded entry. */
  changedAt: string;
}

function idOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const id = (data as { video_id?: unknown }).video_id;
  return typeof id === 'string' ? id : null;
}

function stored(row: Row): StoredNode {
  return {
    node: structuredClone(row.data) as Record<string, unknown>,
    version: row.version,
    deleted: row.deleted,
  };
}

/** What a removal request does to the nodes in memory: read a listed title, hide a node. */
function removalNodesOf(
  find: (id: string) => Row | undefined,
  record: (
    row: Row,
    action: JournalAction,
    who: string,
    before: unknown,
    after: unknown,
    reason: string,
  ) => StoredNode,
) {
  return {
    listedTitle(id: string) {
      const row = find(id);
      if (!row || row.deleted) return null;
      const title = (row.data as { title?: unknown }).title;
      return typeof title === 'string' ? title : '';
    },
    hide(id: string, who: string, reason: string) {
      const row = find(id);
      if (!row) return null;
      if (row.deleted) return stored(row);
      row.deleted = true;
      row.version++;
      return record(row, 'delete', who, row.data, null, reason);
    },
  };
}

/**
 * A store over a list in memory. The serverless adapter uses it for an archive file bundled with
 * the function (no database to start, so a cold start stays short); its writes live as long as the
 * process, which makes it the reference the SQL stores are tested against.
 */
export function createMemoryStore(
  seed: readonly unknown[] | ArchiveSeed,
): EditableNodeStore & InboxStore & StoryStore {
  const entries = Array.isArray(seed) ? seed : (seed as ArchiveSeed).nodes;
  const stories = Array.isArray(seed) ? [] : (seed as ArchiveSeed).stories;
  const openedAt = new Date().toISOString();
  const rows: Row[] = entries.map((data) => ({
    id: idOf(data),
    data: structuredClone(data),
    version: 1,
    deleted: false,
    changedAt: openedAt,
  }));
  const log: JournalEntry[] = [];
  // The content fixes the first revision: the same file deployed twice validates the same caches.
  const base = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12);
  let writes = 0;

  function find(id: string): Row | undefined {
    return rows.find((row) => row.id === id);
  }

  function record(
    row: Row,
    action: JournalAction,
    who: string,
    before: unknown,
    after: unknown,
    reason = '',
  ): StoredNode {
    writes++;
    row.changedAt = new Date().toISOString();
    log.push({
      id: log.length + 1,
      nodeId: row.id ?? '',
      action,
      who,
      at: new Date().toISOString(),
      before: structuredClone(before),
      after: structuredClone(after),
      reason,
    });
    return stored(row);
  }

  function current(id: string, expectedVersion: number): Row {
    const row = find(id);
    if (!row || row.deleted) {
      if (row) throw new VersionConflict(stored(row));
      throw new NodeNotFound(id);
    }
    if (row.version !== expectedVersion) throw new VersionConflict(stored(row));
    return row;
  }

  /** A node new at version 1. */
  function newRow(node: Record<string, unknown> & { video_id: string }): Row {
    return {
      id: node.video_id,
      data: structuredClone(node),
      version: 1,
      deleted: false,
      changedAt: openedAt,
    };
  }

  const createNow: CreateNodeNow = (node, who) => {
    const existing = find(node.video_id);
    if (existing) throw new NodeExists(node.video_id, existing.deleted);
    const row = newRow(node);
    rows.push(row);
    return record(row, 'create', who, null, row.data);
  };

  return {
    ...createMemoryInbox(createNow, removalNodesOf(find, record)),
    ...createMemoryStories(
      seedableStories(stories, (id) => find(id)?.deleted === false),
      () => {
        writes++;
      },
    ),
    listNodes: () =>
      Promise.resolve(rows.filter((row) => !row.deleted).map((row) => structuredClone(row.data))),
    revision: () => Promise.resolve(writes === 0 ? base : `${base}.${writes}`),
    knownRevision: () => (writes === 0 ? base : `${base}.${writes}`),
    getNode(id) {
      const row = find(id);
      return Promise.resolve(row ? stored(row) : null);
    },
    async createNode(node, who) {
      return createNow(node, who);
    },
    async updateNode(id, node, expectedVersion, who) {
      const row = current(id, expectedVersion);
      const before = row.data;
      row.data = structuredClone({ ...node, video_id: id });
      row.version++;
      return record(row, 'update', who, before, row.data);
    },
    async deleteNode(id, expectedVersion, who) {
      const row = current(id, expectedVersion);
      row.deleted = true;
      row.version++;
      return record(row, 'delete', who, row.data, null);
    },
    async restoreNode(id, who) {
      const row = find(id);
      if (!row) throw new NodeNotFound(id);
      if (!row.deleted) throw new VersionConflict(stored(row));
      row.deleted = false;
      row.version++;
      return record(row, 'restore', who, null, row.data);
    },
    allNodes() {
      return Promise.resolve(rows.map((row) => ({ ...stored(row), changedAt: row.changedAt })));
    },
    async importNodes(changes, who, reason) {
      const byId = new Map<string, Row>();
      for (const row of rows) if (row.id !== null && !byId.has(row.id)) byId.set(row.id, row);
      const conflicts = importConflicts(changes, (id) => byId.get(id));
      if (conflicts.length > 0) throw new ImportConflict(conflicts);
      for (const node of changes.creates) {
        const row = newRow(node);
        rows.push(row);
        record(row, 'create', who, null, row.data, reason);
      }
      for (const { node } of changes.updates) {
        const row = byId.get(node.video_id) as Row;
        const before = row.data;
        row.data = structuredClone(node);
        row.version++;
        record(row, 'update', who, before, row.data, reason);
      }
      return { created: changes.creates.length, updated: changes.updates.length };
    },
    journal({ nodeId, ...page }) {
      const entries = log.filter((entry) => nodeId === undefined || entry.nodeId === nodeId);
      return Promise.resolve(structuredClone(newestPage(entries, page)));
    },
    close: () => Promise.resolve(),
  };
}
