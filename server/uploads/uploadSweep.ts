/**
 * Deleting visitors' photos nobody will publish: an upload no submission claimed within a day,
 * and the photos a decided submission left unpublished once its record has been kept a while.
 * Each run first finishes what an interrupted run left (`recoverUploads`), and does a bounded
 * amount of work, so it fits in a request on a serverless function as well as in the local
 * server's hourly timer.
 */
import type { UploadCutoffs, UploadLedger } from '../storage/uploadLedger';
import { filesOf, type MediaStorage } from './mediaStorage';
import { recoverUploads } from './uploadRecovery';

/** An upload no submission uses is deleted this long after it arrived (a day). */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** The window of the per-client daily quota (a day). */
export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A photo a decided submission did not publish (a rejected one's, or one the editor left out of
 * the item) is deleted this long after the decision (30 days): the Rejected and Approved lists show
 * it meanwhile, should an editor want to look again.
 */
export const DECIDED_UPLOAD_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** How often the local server sweeps (hourly), and how long a serverless instance waits between opportunistic sweeps. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** What one run did. */
export interface SweepReport {
  /** Uploads whose private files were deleted and whose records were forgotten. */
  deleted: number;
  /** Uploads whose files could not be deleted (kept for the next run; the log says why). */
  failed: number;
}

/** How much one run does. */
export interface SweepOptions {
  now: () => Date;
  log: (line: string) => void;
  /**
   * Uploads read and deleted per batch (each is three storage deletes: the photo, its thumbnail
   * and its card-sized copy, which an upload made before those existed lacks, harmlessly).
   */
  batchSize?: number;
  /** Batches per run at most. */
  batches?: number;
  /** Passed on to `recoverUploads` (a server's first sweep after its start). */
  unfinishedBefore?: Date;
}

/** Deletes at most this many storage objects at once, so a bucket is not flooded. */
const PARALLEL_DELETES = 8;

/** The cutoffs of a sweep at `at`. */
export function cutoffsAt(at: Date): UploadCutoffs {
  const ago = (ms: number) => new Date(at.getTime() - ms);
  return {
    unclaimedBefore: ago(UNCLAIMED_UPLOAD_TTL_MS),
    decidedBefore: ago(DECIDED_UPLOAD_TTL_MS),
    publishedBefore: ago(UPLOAD_QUOTA_WINDOW_MS),
  };
}

/**
 * One sweep: finishes what an interrupted run left (see `recoverUploads`; it logs what it did),
 * deletes the private files of expired uploads (a published one's were deleted when it was
 * published; deleting again is harmless), then forgets their records, and forgets who sent
 * uploads older than the quota's day. Files go before records: a record whose files could not be
 * deleted stays, so the next run tries again instead of leaving a file nobody knows of.
 */
export async function sweepUploads(
  ledger: UploadLedger,
  media: MediaStorage,
  { now, log, batchSize = 100, batches = 1, unfinishedBefore }: SweepOptions,
): Promise<SweepReport> {
  // Before expiring: a record whose storage is not settled never expires, and this settles it.
  await recoverUploads(ledger, media, {
    now,
    log,
    batchSize,
    batches,
    ...(unfinishedBefore ? { unfinishedBefore } : {}),
  });
  const at = now();
  const cutoffs = cutoffsAt(at);
  const report: SweepReport = { deleted: 0, failed: 0 };
  for (let batch = 0; batch < batches; batch++) {
    const expired = await ledger.expiredUploads(cutoffs, batchSize);
    const gone: string[] = [];
    for (let start = 0; start < expired.length; start += PARALLEL_DELETES) {
      const slice = expired.slice(start, start + PARALLEL_DELETES);
      const outcomes = await Promise.allSettled(
        slice.map(async (record) => {
          // Deleting a missing object is not an error: an older upload has no card-sized copy.
          for (const key of filesOf(record.pendingKey)) await media.delete(key);
          return record.publicKey;
        }),
      );
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') gone.push(outcome.value);
        else {
          report.failed++;
          log(`nodes-service: deleting an expired photo failed: ${String(outcome.reason)}`);
        }
      }
    }
    await ledger.forgetUploads(gone);
    report.deleted += gone.length;
    // A short batch was the last; a failing one would only fail again in this run.
    if (expired.length < batchSize || gone.length < expired.length) break;
  }
  await ledger.forgetClients(new Date(at.getTime() - UPLOAD_QUOTA_WINDOW_MS));
  return report;
}
