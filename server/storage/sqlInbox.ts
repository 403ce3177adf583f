/**
 * The community's inbox in SQL, over the same `SqlDatabase` as the nodes: approving a submission
 * creates its node and records its photos published in the same transaction that marks it
 * approved; their public copies follow the commit (see `PhotoPublisher`).
 */
import type { ContactInput, SubmissionInput } from '@/lib/submissionSchema';
import type { SqlDatabase, SqlSession } from './migrations';
import {
  SubmissionDecided,
  SubmissionNotFound,
  type InboxList,
  type InboxStore,
  type StoredMessage,
  type StoredSubmission,
  type SubmissionStatus,
} from './nodeStore';
import { isoTime, isRowId, jsonParam, rowBefore, rowLimit, withoutNul } from './postgresValues';
import { sqlOnceLedger } from './onceAnswers';
import { insertNode } from './sqlNodes';
import { sqlRemovalOperations } from './sqlRemovals';
import {
  claimUploads,
  lockUnpublished,
  markPublished,
  markSettled,
  sqlUploadOperations,
} from './sqlUploads';
import { publishableOf, type PhotoPublisher, type UploadRecord } from './uploadLedger';

interface SubmissionRow {
  id: string;
  status: SubmissionStatus;
  data: SubmissionInput;
  received_at: Date | string;
  decided_at: Date | string | null;
  decided_by: string | null;
  node_id: string | null;
  reason: string;
}

interface MessageRow {
  id: string;
  data: ContactInput;
  received_at: Date | string;
}

// Ids are bigserial, read as text: drivers disagree on bigints, and the contract's ids are opaque.
// Lists therefore order by the qualified column (`submissions.id`): a bare `id` in order by names
// this text alias, which sorts "9" after "10".
const SUBMISSION_COLUMNS = `id::text as id, status, data, received_at, decided_at, decided_by,
  node_id, reason`;
const MESSAGE_COLUMNS = 'id::text as id, data, received_at';

function submissionOf(row: SubmissionRow): StoredSubmission {
  return {
    id: row.id,
    status: row.status,
    submission: row.data,
    receivedAt: isoTime(row.received_at),
    decidedAt: row.decided_at === null ? null : isoTime(row.decided_at),
    decidedBy: row.decided_by,
    nodeId: row.node_id,
    reason: row.reason,
  };
}

function messageOf(row: MessageRow): StoredMessage {
  return { id: row.id, message: row.data, receivedAt: isoTime(row.received_at) };
}

/**
 * After an approval's commit: has `photos` make the public copies it recorded as owed, and marks
 * those made. A failure here is no failure of the approval, which stands: the copies stay owed
 * and the recovery (at start, in every sweep) makes them.
 */
async function copyAfterCommit(
  db: SqlDatabase,
  photos: PhotoPublisher,
  records: readonly UploadRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const made = photos.afterCommit
    ? await photos.afterCommit(records).catch(() => [])
    : records.map((record) => record.publicKey);
  await markSettled(db, made).catch(() => undefined);
}

function firstRow<T>(rows: T[]): T {
  const row = rows[0];
  if (!row) throw new Error('the row vanished during its own statement');
  return row;
}

/** Locks a pending submission for the rest of the transaction, or throws why it cannot be decided. */
async function lockPending(tx: SqlSession, id: string): Promise<void> {
  const { rows } = isRowId(id)
    ? await tx.query<SubmissionRow>(
        `select ${SUBMISSION_COLUMNS} from submissions where id = $1::bigint for update`,
        [id],
      )
    : { rows: [] };
  const row = rows[0];
  if (!row) throw new SubmissionNotFound(id);
  if (row.status !== 'pending') throw new SubmissionDecided(submissionOf(row));
}

async function decide(
  tx: SqlSession,
  id: string,
  status: Exclude<SubmissionStatus, 'pending'>,
  who: string,
  nodeId: string | null,
  reason: string,
): Promise<StoredSubmission> {
  const { rows } = await tx.query<SubmissionRow>(
    `update submissions
        set status = $2, decided_at = now(), decided_by = $3, node_id = $4, reason = $5
      where id = $1::bigint
      returning ${SUBMISSION_COLUMNS}`,
    [id, status, who, nodeId, reason],
  );
  return submissionOf(firstRow(rows));
}

/** Each list's table, whose bigserial sequence numbers its entries. */
const LIST_TABLES: Record<InboxList, string> = {
  submissions: 'submissions',
  messages: 'contact_messages',
  removalRequests: 'removal_requests',
};

/** The inbox's reads and writes over `db` (the database that holds the nodes). */
export function sqlInboxOperations(db: SqlDatabase): InboxStore {
  return {
    ...sqlUploadOperations(db),
    ...sqlRemovalOperations(db),
    ...sqlOnceLedger(db),
    async decoyId(list) {
      // nextval is never rolled back nor handed out twice: no insert can be given this id.
      const { rows } = await db.query<{ id: string }>(
        `select nextval(pg_get_serial_sequence($1, 'id'))::text as id`,
        [LIST_TABLES[list]],
      );
      return firstRow(rows).id;
    },
    addSubmission(submission, claim) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<SubmissionRow>(
          `insert into submissions (data) values ($1::jsonb) returning ${SUBMISSION_COLUMNS}`,
          [jsonParam(submission)],
        );
        const stored = submissionOf(firstRow(rows));
        // An UploadsUnavailable here rolls the insert back: no submission without its photos.
        if (claim) await claimUploads(tx, stored.id, claim.publicKeys, claim.claimableSince);
        return stored;
      });
    },
    async listSubmissions({ status, limit, before }) {
      const { rows } = await db.query<SubmissionRow>(
        `select ${SUBMISSION_COLUMNS} from submissions
          where ($1::text is null or status = $1)
            and ($3::bigint is null or submissions.id < $3)
          order by submissions.id desc limit $2`,
        [status ?? null, rowLimit(limit), rowBefore(before)],
      );
      return rows.map(submissionOf);
    },
    async getSubmission(id) {
      if (!isRowId(id)) return null;
      const { rows } = await db.query<SubmissionRow>(
        `select ${SUBMISSION_COLUMNS} from submissions where id = $1::bigint`,
        [id],
      );
      return rows[0] ? submissionOf(rows[0]) : null;
    },
    async approveSubmission(id, node, who, photos) {
      const { approved, records } = await db.transaction(async (tx) => {
        await lockPending(tx, id);
        // A NodeExists here rolls the whole transaction back: the submission stays pending.
        const created = await insertNode(tx, node, who);
        const locked = photos
          ? publishableOf(await lockUnpublished(tx, photos.publicKeys), id)
          : [];
        // Checked while the submission's row is locked: no other decision on it can run.
        if (photos) await photos.publish(locked);
        try {
          // Recorded published with the copies owed: whatever happens after the commit, the
          // recovery knows what must become public, and nothing is public before it.
          if (photos) await markPublished(tx, locked, photos.at);
          const submission = await decide(tx, id, 'approved', who, node.video_id, '');
          return { approved: { submission, node: created }, records: locked };
        } catch (error) {
          if (photos) await photos.unpublish(locked);
          throw error;
        }
      });
      if (photos) await copyAfterCommit(db, photos, records);
      return approved;
    },
    rejectSubmission(id, who, reason) {
      return db.transaction(async (tx) => {
        await lockPending(tx, id);
        // An editor's reason is free text; a stray NUL must not make the rejection fail.
        return decide(tx, id, 'rejected', who, null, withoutNul(reason) as string);
      });
    },
    async addMessage(message) {
      const { rows } = await db.query<MessageRow>(
        `insert into contact_messages (data) values ($1::jsonb) returning ${MESSAGE_COLUMNS}`,
        [jsonParam(message)],
      );
      return messageOf(firstRow(rows));
    },
    async listMessages({ limit, before }) {
      const { rows } = await db.query<MessageRow>(
        `select ${MESSAGE_COLUMNS} from contact_messages
          where $2::bigint is null or contact_messages.id < $2
          order by contact_messages.id desc limit $1`,
        [rowLimit(limit), rowBefore(before)],
      );
      return rows.map(messageOf);
    },
  };
}
