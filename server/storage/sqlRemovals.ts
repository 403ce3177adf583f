/**
 * Removal and correction requests in SQL, over the same `SqlDatabase` as the nodes: hiding an
 * item for one hides it and decides the request in one transaction.
 */
import { removalDecidable } from '@/lib/archiveRecords';
import { journalReasonOfRemoval, type RemovalRequestInput } from '@/lib/removalSchema';
import type { SqlDatabase, SqlSession } from './migrations';
import {
  NodeNotFound,
  RemovalRequestDecided,
  RemovalRequestNotFound,
  type RemovalRequestStore,
  type RemovalStatus,
  type StoredRemovalRequest,
} from './nodeStore';
import { isoTime, isRowId, jsonParam, rowBefore, rowLimit, withoutNul } from './postgresValues';
import { hideNode } from './sqlNodes';

interface RequestRow {
  id: string;
  status: RemovalStatus;
  data: RemovalRequestInput;
  title: string;
  received_at: Date | string;
  decided_at: Date | string | null;
  decided_by: string | null;
  note: string;
  item_listed: boolean;
}

// Ids as text, and lists ordered by the qualified column, as the submissions are (see sqlInbox).
/** Whether the request's item is listed now: read with every request (issue 47). */
const ITEM_LISTED = `exists (select 1 from nodes n
    where n.video_id = removal_requests.node_id and n.deleted_at is null)`;
const COLUMNS = `id::text as id, status, data, title, received_at, decided_at, decided_by, note,
  ${ITEM_LISTED} as item_listed`;
/** The status a request shows under: a hidden one whose item is listed again waits again. */
const SHOWN_STATUS = `case when status = 'hidden' and ${ITEM_LISTED} then 'open' else status end`;

function requestOf(row: RequestRow): StoredRemovalRequest {
  return {
    id: row.id,
    status: row.status,
    request: row.data,
    title: row.title,
    receivedAt: isoTime(row.received_at),
    decidedAt: row.decided_at === null ? null : isoTime(row.decided_at),
    decidedBy: row.decided_by,
    note: row.note,
    itemListed: row.item_listed,
  };
}

function only(rows: RequestRow[]): RequestRow {
  const row = rows[0];
  if (!row) throw new Error('the request vanished during its own transaction');
  return row;
}

/**
 * The request with this id, locked for the rest of the transaction, when `decision` may be made
 * of it now (`removalDecidable`).
 */
async function lockDecidable(
  tx: SqlSession,
  id: string,
  decision: 'hidden' | 'corrected' | 'declined',
): Promise<RequestRow> {
  const { rows } = isRowId(id)
    ? await tx.query<RequestRow>(
        `select ${COLUMNS} from removal_requests where id = $1::bigint for update`,
        [id],
      )
    : { rows: [] };
  const row = rows[0];
  if (!row) throw new RemovalRequestNotFound(id);
  if (!removalDecidable(row.status, row.item_listed, decision))
    throw new RemovalRequestDecided(requestOf(row));
  return row;
}

async function decide(
  tx: SqlSession,
  id: string,
  status: Exclude<RemovalStatus, 'open'>,
  who: string,
  note: string,
): Promise<StoredRemovalRequest> {
  const { rows } = await tx.query<RequestRow>(
    `update removal_requests set status = $2, decided_at = now(), decided_by = $3, note = $4
      where id = $1::bigint returning ${COLUMNS}`,
    [id, status, who, withoutNul(note)],
  );
  return requestOf(only(rows));
}

/** The requests' reads and writes over `db` (the database that holds the nodes). */
export function sqlRemovalOperations(db: SqlDatabase): RemovalRequestStore {
  return {
    async addRemovalRequest(request) {
      // Only about a listed node: the title is read and kept in the same statement.
      const { rows } = await db.query<RequestRow>(
        `insert into removal_requests (node_id, title, data)
           select $1, coalesce(data ->> 'title', ''), $2::jsonb from nodes
            where video_id = $1 and deleted_at is null
            order by seq limit 1
         returning ${COLUMNS}`,
        [request.node_id, jsonParam(request)],
      );
      const row = rows[0];
      if (!row) throw new NodeNotFound(request.node_id);
      return requestOf(row);
    },
    async listRemovalRequests({ status, limit, before }) {
      const { rows } = await db.query<RequestRow>(
        `select ${COLUMNS} from removal_requests
          where ($1::text is null or ${SHOWN_STATUS} = $1)
            and ($3::bigint is null or removal_requests.id < $3)
          order by removal_requests.id desc limit $2`,
        [status ?? null, rowLimit(limit), rowBefore(before)],
      );
      return rows.map(requestOf);
    },
    async getRemovalRequest(id) {
      if (!isRowId(id)) return null;
      const { rows } = await db.query<RequestRow>(
        `select ${COLUMNS} from removal_requests where id = $1::bigint`,
        [id],
      );
      return rows[0] ? requestOf(rows[0]) : null;
    },
    hideForRemovalRequest(id, who, note) {
      return db.transaction(async (tx) => {
        const row = await lockDecidable(tx, id, 'hidden');
        const reason = journalReasonOfRemoval(id, row.data.reason, note);
        const node = await hideNode(tx, row.data.node_id, who, reason);
        return { request: await decide(tx, id, 'hidden', who, note), node };
      });
    },
    decideRemovalRequest(id, status, who, note) {
      return db.transaction(async (tx) => {
        await lockDecidable(tx, id, status);
        return decide(tx, id, status, who, note);
      });
    },
  };
}
