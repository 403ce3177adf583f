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

/**
 * An upload ledger in memory; `decisionOf` reads the inbox's submissions for the sweep, and
 * `inTurn` keeps settling storage apart from decisions, as SQL's row locks do.
 */
export function createMemoryUploads(decisionOf: DecisionOf, inTurn: InTurn): MemoryUploads {
  const rows = new Map<string, Row>();

  function usage(client: string, since: Date): UploadUsage {
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

  function expired(row: Row, cutoffs: Parameters<UploadLedger['expiredUploads']>[0]): boolean {
    const created = new Date(row.createdAt);
    if (row.settling) return false;
    if (row.publishedAt !== null) return created < cutoffs.publishedBefore;
    if (row.submissionId === null) return created < cutoffs.unclaimedBefore;
    const decidedAt = decisionOf(row.submissionId)?.decidedAt ?? null;
    return decidedAt !== null && new Date(decidedAt) < cutoffs.decidedBefore;
  }

  const ledger: UploadLedger = {
    async uploadAdmission(upload, limits) {
      return admissionOf(
        usage(upload.client, new Date(upload.at.getTime() - limits.windowMs)),
        upload,
        limits,
      );
    },
    async recordUpload(upload, limits) {
      const admission = admissionOf(
        usage(upload.client, new Date(upload.at.getTime() - limits.windowMs)),
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
    },
    async findUpload(publicKey) {
      const row = rows.get(publicKey);
      return row ? recordOf(row) : null;
    },
    async expiredUploads(cutoffs, limit) {
      return [...rows.values()]
        .filter((row) => expired(row, cutoffs))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map(recordOf);
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
        const decision = decisionOf(submissionId);
        if (
          !row ||
          !row.stored ||
          row.submissionId !== null ||
          row.publishedAt !== null ||
          decision === null ||
          decision.decidedAt !== null
        ) {
          return false;
        }
        row.submissionId = submissionId;
        return true;
      });
    },
    async uploadStored(publicKey) {
      const row = rows.get(publicKey);
      if (row) row.stored = true;
    },
    async unfinishedUploads(before, limit) {
      return [...rows.values()]
        .filter((row) => !row.stored && new Date(row.createdAt) < before)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .slice(0, Math.max(0, Math.floor(limit)))
        .map(recordOf);
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
        markSettled(settled.map((record) => record.publicKey));
        return { found: records.length, settled };
      });
    },
  };

  function markSettled(publicKeys: readonly string[]): void {
    for (const key of publicKeys) {
      const row = rows.get(key);
      if (row) row.settling = false;
    }
  }

  return {
    ledger,
    claim(submissionId, { publicKeys, claimableSince }) {
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
    },
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
    markSettled,
  };
}
