/**
 * Visitors' uploads in memory, beside the memory inbox: the reference the SQL ledger is tested
 * against. Every change happens synchronously, so a claim or a check is never half done.
 */
import {
  admissionOf,
  UploadsUnavailable,
  type UploadClaim,
  type UploadLedger,
  type UploadRecord,
  type UploadUsage,
} from './uploadLedger';

interface Row extends UploadRecord {
  client: string;
  /** False while a visitor's upload is recorded but its files not all stored yet. */
  stored: boolean;
  /** Whether storage may disagree with the record (see `UploadLedger.settleUploads`). */
  settling: boolean;
}

/** The ledger, and what the memory inbox needs beyond it: claiming and publishing, synchronously. */
export interface MemoryUploads {
  ledger: UploadLedger;
  /**
   * Makes the uploads of `claim` the submission `submissionId`'s, all or none.
   *
   * @throws UploadsUnavailable before changing anything.
   */
  claim(submissionId: string, claim: UploadClaim): void;
  /** The unpublished uploads among `publicKeys`. */
  unpublished(publicKeys: readonly string[]): UploadRecord[];
  /** Marks uploads published at `at`, their public copies owed until `markSettled`. */
  markPublished(records: readonly UploadRecord[], at: Date): void;
  /** Marks uploads' storage as in line with their records. */
  markSettled(publicKeys: readonly string[]): void;
}

/** When a submission was decided (null: pending), or null for no such submission. */
export type DecisionOf = (submissionId: string) => { decidedAt: string | null } | null;

/** Runs `work` when no decision is under way, as the inbox's decisions take turns. */
export type InTurn = <T>(work: () => Promise<T>) => Promise<T>;

function recordOf({
  client: _client,
  stored: _stored,
  settling: _settling,
  ...record
}: Row): UploadRecord {
  return { ...record };
}

/** The uploads by public key. */
type Rows = Map<string, Row>;

/** A client's bytes within the window from `since`, and every upload's not yet published. */
function usage(rows: Rows, client: string, since: Date): UploadUsage {
  let clientBytes = 0;
  let clientOldest: Date | null = null;
  let pendingBytes = 0;
  for (const row of rows.values()) {
    const created = new Date(row.createdAt);
    if (row.client === client && created > since) {
      clientBytes += row.bytes;
      if (clientOldest === null || created < clientOldest) clientOldest = created;
    }
    if (row.publishedAt === null) pendingBytes += row.bytes;
  }
  return { clientBytes, clientOldest, pendingBytes };
}

/** Whether the sweep may delete the upload: past the cutoff its state has. */
function expired(
  row: Row,
  cutoffs: Parameters<UploadLedger['expiredUploads']>[0],
  decisionOf: DecisionOf,
): boolean {
  const created = new Date(row.createdAt);
  if (row.settling) return false;
  if (row.publishedAt !== null) return created < cutoffs.publishedBefore;
  if (row.submissionId === null) return created < cutoffs.unclaimedBefore;
  const decidedAt = decisionOf(row.submissionId)?.decidedAt ?? null;
  return decidedAt !== null && new Date(decidedAt) < cutoffs.decidedBefore;
}

/** The first `limit` uploads that `keep` keeps, oldest first, as records. */
function oldestFirst(rows: Rows, keep: (row: Row) => boolean, limit: number): UploadRecord[] {
  return [...rows.values()]
    .filter(keep)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .slice(0, Math.max(0, Math.floor(limit)))
    .map(recordOf);
}

/** Marks uploads' storage as in line with their records. */
function markSettled(rows: Rows, publicKeys: readonly string[]): void {
  for (const key of publicKeys) {
    const row = rows.get(key);
    if (row) row.settling = false;
  }
}

/** Records a visitor's upload when the limits admit it, and says whether they did. */
function recordUpload(
  rows: Rows,
  upload: Parameters<UploadLedger['recordUpload']>[0],
  limits: Parameters<UploadLedger['recordUpload']>[1],
) {
  const admission = admissionOf(
    usage(rows, upload.client, new Date(upload.at.getTime() - limits.windowMs)),
    upload,
    limits,
  );
  if (admission.ok) {
    rows.set(upload.publicKey, {
      publicKey: upload.publicKey,
      pendingKey: upload.pendingKey,
      client: upload.client,
      bytes: upload.bytes,
      createdAt: upload.at.toISOString(),
      submissionId: null,
      publishedAt: null,
      stored: upload.storing !== true,
      settling: false,
    });
  }
  return admission;
}

/** Whether a pending submission may claim the upload: stored, and nobody's yet. */
function isClaimable(row: Row, decision: ReturnType<DecisionOf>): boolean {
  return (
    row.stored &&
    row.submissionId === null &&
    row.publishedAt === null &&
    decision !== null &&
    decision.decidedAt === null
  );
}

/** The ledger over `rows`; `decisionOf` and `inTurn` as `createMemoryUploads` takes them. */
function memoryLedger(rows: Rows, decisionOf: DecisionOf, inTurn: InTurn): UploadLedger {
  return {
    async uploadAdmission(upload, limits) {
      return admissionOf(
        usage(rows, upload.client, new Date(upload.at.getTime() - limits.windowMs)),
        upload,
        limits,
      );
    },
    async recordUpload(upload, limits) {
      return recordUpload(rows, upload, limits);
    },
    async findUpload(publicKey) {
      const row = rows.get(publicKey);
      return row ? recordOf(row) : null;
    },
    async expiredUploads(cutoffs, limit) {
      return oldestFirst(rows, (row) => expired(row, cutoffs, decisionOf), limit);
    },
    async forgetUploads(publicKeys) {
      for (const key of publicKeys) rows.delete(key);
    },
    async forgetClients(before) {
      for (const row of rows.values()) {
        if (new Date(row.createdAt) < before) row.client = '';
      }
    },
    claimForPending(submissionId, publicKey) {
      // In turn with decisions, as SQL's update waits for an approval's locks.
      return inTurn(async () => {
        const row = rows.get(publicKey);
        if (!row || !isClaimable(row, decisionOf(submissionId))) return false;
        row.submissionId = submissionId;
        return true;
      });
    },
    async uploadStored(publicKey) {
      const row = rows.get(publicKey);
      if (row) row.stored = true;
    },
    async unfinishedUploads(before, limit) {
      return oldestFirst(rows, (row) => !row.stored && new Date(row.createdAt) < before, limit);
    },
    settleUploads(limit, settle) {
      return inTurn(async () => {
        const records = [...rows.values()]
          .filter((row) => row.settling)
          .sort((a, b) => a.publicKey.localeCompare(b.publicKey))
          .slice(0, Math.max(0, Math.floor(limit)))
          .map(recordOf);
        if (records.length === 0) return { found: 0, settled: [] };
        const done = new Set(await settle(records));
        const settled = records.filter((record) => done.has(record.publicKey));
        markSettled(
          rows,
          settled.map((record) => record.publicKey),
        );
        return { found: records.length, settled };
      });
    },
  };
}

/** Makes the uploads of `claim` the submission's, all or none (see `MemoryUploads.claim`). */
function claimUploads(
  rows: Rows,
  submissionId: string,
  { publicKeys, claimableSince }: UploadClaim,
): void {
  const wanted = [...new Set(publicKeys)];
  const unavailable = wanted.filter((key) => {
    const row = rows.get(key);
    return (
      !row ||
      !row.stored ||
      row.submissionId !== null ||
      row.publishedAt !== null ||
      new Date(row.createdAt) <= claimableSince
    );
  });
  if (unavailable.length > 0) throw new UploadsUnavailable(unavailable);
  for (const key of wanted) {
    const row = rows.get(key);
    if (row) row.submissionId = submissionId;
  }
}

/**
 * An upload ledger in memory; `decisionOf` reads the inbox's submissions for the sweep, and
 * `inTurn` keeps settling storage apart from decisions, as SQL's row locks do.
 */
export function createMemoryUploads(decisionOf: DecisionOf, inTurn: InTurn): MemoryUploads {
  const rows: Rows = new Map();
  return {
    ledger: memoryLedger(rows, decisionOf, inTurn),
    claim: (submissionId, claim) => claimUploads(rows, submissionId, claim),
    unpublished(publicKeys) {
      return [...new Set(publicKeys)].sort().flatMap((key) => {
        const row = rows.get(key);
        return row && row.publishedAt === null ? [recordOf(row)] : [];
      });
    },
    markPublished(records, at) {
      for (const record of records) {
        const row = rows.get(record.publicKey);
        if (row) {
          row.publishedAt = at.toISOString();
          row.settling = true;
        }
      }
    },
    markSettled: (publicKeys) => markSettled(rows, publicKeys),
  };
}
