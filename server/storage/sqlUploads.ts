/**
 * Visitors' uploads in SQL (the `uploads` table of migrations 4 and 6), over the same
 * `SqlDatabase` as the inbox: a submission claims its photos, and an approval records them
 * published, in the transactions that keep and decide it.
 */
import type { SqlDatabase, SqlSession } from './migrations';
import { isoTime, isRowId, rowLimit } from './postgresValues';
import {
  admissionOf,
  UploadsUnavailable,
  type UploadLedger,
  type UploadRecord,
  type UploadUsage,
} from './uploadLedger';

interface UploadRow {
  public_key: string;
  pending_key: string;
  bytes: number;
  created_at: Date | string;
  submission_id: string | null;
  published_at: Date | string | null;
}

const UPLOAD_COLUMNS = `public_key, pending_key, bytes, created_at, submission_id::text as submission_id,
  published_at`;

/** One lock for every quota check, so two uploads cannot both take the last room. */
const QUOTA_LOCK = 7_210_531;

/** Keys as one parameter: a JSON array read back with `jsonb_array_elements_text`. */
const KEYS_IN = 'in (select jsonb_array_elements_text($1::jsonb))';

function recordOf(row: UploadRow): UploadRecord {
  return {
    publicKey: row.public_key,
    pendingKey: row.pending_key,
    bytes: Number(row.bytes),
    createdAt: isoTime(row.created_at),
    submissionId: row.submission_id,
    publishedAt: row.published_at === null ? null : isoTime(row.published_at),
  };
}

async function usage(session: SqlSession, client: string, since: Date): Promise<UploadUsage> {
  const { rows } = await session.query<{
    client_bytes: number;
    client_oldest: Date | string | null;
    pending_bytes: number;
  }>(
    `select coalesce(sum(bytes) filter (where client = $1 and created_at > $2), 0)::float8
              as client_bytes,
            min(created_at) filter (where client = $1 and created_at > $2) as client_oldest,
            coalesce(sum(bytes) filter (where published_at is null), 0)::float8 as pending_bytes
       from uploads`,
    [client, since.toISOString()],
  );
  const row = rows[0];
  return {
    clientBytes: Number(row?.client_bytes ?? 0),
    clientOldest: row?.client_oldest ? new Date(row.client_oldest) : null,
    pendingBytes: Number(row?.pending_bytes ?? 0),
  };
}

/**
 * Makes the uploads `publicKeys` the submission `submissionId`'s, inside the transaction `tx`
 * that inserted it.
 *
 * @throws UploadsUnavailable when one is unknown, expired, published or claimed already.
 */
export async function claimUploads(
  tx: SqlSession,
  submissionId: string,
  publicKeys: readonly string[],
  claimableSince: Date,
): Promise<void> {
  const wanted = [...new Set(publicKeys)];
  if (wanted.length === 0) return;
  const { rows } = await tx.query<{ public_key: string }>(
    `update uploads set submission_id = $2::bigint
      where public_key ${KEYS_IN} and submission_id is null and published_at is null
        and stored and created_at > $3
      returning public_key`,
    [JSON.stringify(wanted), submissionId, claimableSince.toISOString()],
  );
  if (rows.length !== wanted.length) {
    const claimed = new Set(rows.map((row) => row.public_key));
    throw new UploadsUnavailable(wanted.filter((key) => !claimed.has(key)));
  }
}

/** The unpublished uploads among `publicKeys`, locked for the rest of the transaction `tx`. */
export async function lockUnpublished(
  tx: SqlSession,
  publicKeys: readonly string[],
): Promise<UploadRecord[]> {
  if (publicKeys.length === 0) return [];
  const { rows } = await tx.query<UploadRow>(
    `select ${UPLOAD_COLUMNS} from uploads
      where public_key ${KEYS_IN} and published_at is null
      order by public_key for update`,
    [JSON.stringify([...new Set(publicKeys)])],
  );
  return rows.map(recordOf);
}

/**
 * Marks uploads published at `at`, inside the transaction `tx` that approves their submission,
 * with their public copies owed (`settling`) until `markSettled`: the copies are made after the
 * commit, and the recovery makes any that a crash or a storage failure left undone.
 */
export async function markPublished(
  tx: SqlSession,
  records: readonly UploadRecord[],
  at: Date,
): Promise<void> {
  if (records.length === 0) return;
  await tx.query(
    `update uploads set published_at = $2, settling = true where public_key ${KEYS_IN}`,
    [JSON.stringify(records.map((record) => record.publicKey)), at.toISOString()],
  );
}

/** Marks uploads' storage as in line with their records (see `UploadLedger.settleUploads`). */
export async function markSettled(db: SqlSession, publicKeys: readonly string[]): Promise<void> {
  if (publicKeys.length === 0) return;
  await db.query(`update uploads set settling = false where public_key ${KEYS_IN}`, [
    JSON.stringify(publicKeys),
  ]);
}

/** The upload ledger over `db`. */
export function sqlUploadOperations(db: SqlDatabase): UploadLedger {
  return {
    async uploadAdmission(upload, limits) {
      const since = new Date(upload.at.getTime() - limits.windowMs);
      return admissionOf(await usage(db, upload.client, since), upload, limits);
    },
    recordUpload(upload, limits) {
      return db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [QUOTA_LOCK]);
        const since = new Date(upload.at.getTime() - limits.windowMs);
        const admission = admissionOf(await usage(tx, upload.client, since), upload, limits);
        if (!admission.ok) return admission;
        await tx.query(
          `insert into uploads (public_key, pending_key, client, bytes, created_at, stored)
           values ($1, $2, $3, $4, $5, $6)`,
          [
            upload.publicKey,
            upload.pendingKey,
            upload.client,
            upload.bytes,
            upload.at.toISOString(),
            upload.storing !== true,
          ],
        );
        return admission;
      });
    },
    async findUpload(publicKey) {
      const { rows } = await db.query<UploadRow>(
        `select ${UPLOAD_COLUMNS} from uploads where public_key = $1`,
        [publicKey],
      );
      return rows[0] ? recordOf(rows[0]) : null;
    },
    async expiredUploads({ unclaimedBefore, decidedBefore, publishedBefore }, limit) {
      const { rows } = await db.query<UploadRow>(
        `select u.public_key, u.pending_key, u.bytes, u.created_at,
                u.submission_id::text as submission_id, u.published_at
           from uploads u left join submissions s on s.id = u.submission_id
          where not u.settling
            and ((u.published_at is null and u.submission_id is null and u.created_at < $1)
              or (u.published_at is null and s.status <> 'pending' and s.decided_at < $2)
              or (u.published_at is not null and u.created_at < $3))
          order by u.created_at
          limit $4`,
        [
          unclaimedBefore.toISOString(),
          decidedBefore.toISOString(),
          publishedBefore.toISOString(),
          rowLimit(limit),
        ],
      );
      return rows.map(recordOf);
    },
    async forgetUploads(publicKeys) {
      if (publicKeys.length === 0) return;
      await db.query(`delete from uploads where public_key ${KEYS_IN}`, [
        JSON.stringify(publicKeys),
      ]);
    },
    async forgetClients(before) {
      await db.query(`update uploads set client = '' where client <> '' and created_at < $1`, [
        before.toISOString(),
      ]);
    },
    async claimForPending(submissionId, publicKey) {
      if (!isRowId(submissionId)) return false;
      const { rows } = await db.query<{ public_key: string }>(
        `update uploads set submission_id = $2::bigint
          where public_key = $1 and submission_id is null and published_at is null and stored
            and exists (select 1 from submissions where id = $2::bigint and status = 'pending')
          returning public_key`,
        [publicKey, submissionId],
      );
      return rows.length === 1;
    },
    async uploadStored(publicKey) {
      await db.query('update uploads set stored = true where public_key = $1', [publicKey]);
    },
    async unfinishedUploads(before, limit) {
      const { rows } = await db.query<UploadRow>(
        `select ${UPLOAD_COLUMNS} from uploads
          where not stored and created_at < $1
          order by created_at limit $2`,
        [before.toISOString(), rowLimit(limit)],
      );
      return rows.map(recordOf);
    },
    settleUploads(limit, settle) {
      // Locked while storage is worked on: an approval locks the records it publishes (see
      // lockUnpublished), so it waits rather than publish a photo whose stray copies are being
      // deleted. Skipping locked rows lets a second instance's recovery take other work.
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<UploadRow>(
          `select ${UPLOAD_COLUMNS} from uploads where settling
            order by public_key limit $1 for update skip locked`,
          [rowLimit(limit)],
        );
        const records = rows.map(recordOf);
        if (records.length === 0) return { found: 0, settled: [] };
        const done = new Set(await settle(records));
        const settled = records.filter((record) => done.has(record.publicKey));
        await markSettled(
          tx,
          settled.map((record) => record.publicKey),
        );
        return { found: records.length, settled };
      });
    },
  };
}
