/**
 * Finishing what a killed process (or storage that failed) left between a record and its files.
 * Storage is written only after the commit that decides what it must hold, and the record says
 * what is still to do (see `UploadLedger`), so nothing here has to guess from what storage holds,
 * which a bucket could only answer by listing it:
 *
 * - an approval committed, its public copies owed: they are made, then the private ones deleted;
 * - an upload that is not published with public copies (an older version made them before its
 *   approval committed): they are deleted, so only an approved photo is ever public;
 * - a visitor's upload recorded but never stored whole: what it stored is deleted and its record
 *   forgotten, so nothing counts against the quotas for it;
 * - half-written temporary files of a folder: deleted.
 *
 * It runs at start and before every sweep (so also on Lambda, whose sweeps follow uploads or a
 * schedule), a bounded amount of work each time.
 */
import { filesOf, type MediaStorage } from './mediaStorage';
import type { UploadLedger, UploadRecord } from '../storage/uploadLedger';
import { copyToPublic, deletePrivate, withdrawPublic } from './photoPublishing';

/**
 * A visitor's upload recorded this long ago (30 minutes) and never stored whole was cut short:
 * longer than any upload takes to store (a Lambda function is stopped after 15 minutes), so an
 * instance still storing one on the same database is never undone under it.
 */
export const UNFINISHED_UPLOAD_TTL_MS = 30 * 60 * 1000;

/** What one recovery did. */
export interface RecoveryReport {
  /** Approved uploads whose owed public copies were made. */
  published: number;
  /** Unpublished uploads whose public copies were deleted. */
  withdrawn: number;
  /** Uploads never stored whole: their files deleted, their records forgotten. */
  abandoned: number;
  /** Half-written temporary files deleted. */
  leftovers: number;
  /** Uploads whose storage failed (left for the next run; the log says why). */
  failed: number;
}

/** How much one recovery does, and from when. */
export interface RecoveryOptions {
  now: () => Date;
  log: (line: string) => void;
  /**
   * Uploads recorded before this and never stored are abandoned; by default those older than
   * `UNFINISHED_UPLOAD_TTL_MS`. A server whose database no other process writes passes its start:
   * every unfinished upload then was cut short by an earlier process.
   */
  unfinishedBefore?: Date;
  /** Records read and worked on per batch. */
  batchSize?: number;
  /** Batches per run at most, of each kind. */
  batches?: number;
}

/** Works on at most this many uploads at once, so a bucket is not flooded. */
const PARALLEL_UPLOADS = 8;

/** Runs `work` on every record, a few at a time; answers those it succeeded for. */
async function eachRecord(
  records: readonly UploadRecord[],
  work: (record: UploadRecord) => Promise<void>,
  failed: (record: UploadRecord, reason: unknown) => void,
): Promise<UploadRecord[]> {
  const done: UploadRecord[] = [];
  for (let start = 0; start < records.length; start += PARALLEL_UPLOADS) {
    const slice = records.slice(start, start + PARALLEL_UPLOADS);
    const outcomes = await Promise.allSettled(slice.map(work));
    outcomes.forEach((outcome, i) => {
      const record = slice[i];
      if (record === undefined) return;
      if (outcome.status === 'fulfilled') done.push(record);
      else failed(record, outcome.reason);
    });
  }
  return done;
}

/**
 * One recovery (see above). Storage failures are counted and logged, and left for the next run.
 *
 * @throws when the store cannot be read or written.
 */
export async function recoverUploads(
  ledger: UploadLedger,
  media: MediaStorage,
  { now, log, unfinishedBefore, batchSize = 100, batches = 20 }: RecoveryOptions,
): Promise<RecoveryReport> {
  const report: RecoveryReport = {
    published: 0,
    withdrawn: 0,
    abandoned: 0,
    leftovers: 0,
    failed: 0,
  };
  const failed = (what: string) => (record: UploadRecord, reason: unknown) => {
    report.failed++;
    log(`nodes-service: ${what} ${record.publicKey} failed: ${String(reason)}`);
  };
  try {
    report.leftovers = await media.removeLeftovers();
  } catch (error) {
    report.failed++;
    log(`nodes-service: removing half-written files failed: ${String(error)}`);
  }

  for (let batch = 0; batch < batches; batch++) {
    const { found, settled } = await ledger.settleUploads(batchSize, async (records) => {
      const done = await eachRecord(
        records,
        (record) =>
          record.publishedAt !== null
            ? copyToPublic(media, record, log)
            : withdrawPublic(media, record),
        failed('settling the storage of'),
      );
      return done.map((record) => record.publicKey);
    });
    const published = settled.filter((record) => record.publishedAt !== null);
    // Only once the records say the copies are made: a crash before this leaves them owed.
    await deletePrivate(media, published);
    report.published += published.length;
    report.withdrawn += settled.length - published.length;
    // A short batch was the last; a failing one would only fail again in this run.
    if (found < batchSize || settled.length < found) break;
  }

  const before = unfinishedBefore ?? new Date(now().getTime() - UNFINISHED_UPLOAD_TTL_MS);
  for (let batch = 0; batch < batches; batch++) {
    const unfinished = await ledger.unfinishedUploads(before, batchSize);
    const gone = await eachRecord(
      unfinished,
      async (record) => {
        for (const key of filesOf(record.pendingKey)) await media.delete(key);
      },
      failed('deleting the unfinished upload'),
    );
    // Files before records: a record whose files could not be deleted stays, for the next run.
    await ledger.forgetUploads(gone.map((record) => record.publicKey));
    report.abandoned += gone.length;
    if (unfinished.length < batchSize || gone.length < unfinished.length) break;
  }

  const { published, withdrawn, abandoned, leftovers } = report;
  if (published + withdrawn + abandoned + leftovers > 0) {
    log(
      `nodes-service: finished what an interrupted run left: ${published} approved upload(s) ` +
        `made public, ${withdrawn} unapproved upload(s) taken out of public, ${abandoned} ` +
        `unfinished upload(s) deleted, ${leftovers} half-written file(s) removed.`,
    );
  }
  return report;
}
