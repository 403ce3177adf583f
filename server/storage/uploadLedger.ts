/**
 * What the store keeps about visitors' photos: each waits private until an editor approves the
 * submission that uses it, so the store records where it waits, who sent it (for the daily quota)
 * and which submission claimed it. Kept in the store, not in memory, so the record survives a
 * restart and every serverless instance sees the same one.
 *
 * Storage is never written inside a transaction, where a crash could leave a file that no committed
 * record accounts for: a record first says what storage must come to hold (an upload being
 * stored, an approval's copies owed), the files follow, and a last step says they are done. The
 * recovery (`recoverUploads`, at start and in every sweep) finishes or undoes what a crash left
 * between the two.
 */

/** A visitor's upload, as the store keeps it until it is published and its quota day is over. */
export interface UploadRecord {
  /**
   * The full-size photo's public key (`2026/11/<uuid>.jpg`), which its URL names; its thumbnail's
   * and card-sized copy's are `keysOf(publicKey)`'s (an upload made before card-sized copies
   * existed has no card stored). Nothing is stored under it until the photo is published.
   */
  publicKey: string;
  /** Where the photo waits, private (`pending/<uuid>.jpg`); known only to the service. */
  pendingKey: string;
  /** Bytes stored, the photo, its thumbnail and its card-sized copy together. */
  bytes: number;
  /** ISO 8601 time of the upload. */
  createdAt: string;
  /** The submission that uses it; null until one does. */
  submissionId: string | null;
  /** ISO 8601 time an approval published it; null while it is private. */
  publishedAt: string | null;
}

/** An upload to record. */
export interface NewUpload {
  publicKey: string;
  pendingKey: string;
  /** The client as rate limits count it (`c.var.client` of the request). */
  client: string;
  bytes: number;
  at: Date;
  /**
   * Recorded before its files are stored (a visitor's upload): it counts against the limits at
   * once, but no submission may claim it until `uploadStored`, and the recovery deletes what it
   * stored and forgets it if that never comes (the process died). Absent: its files are stored.
   */
  storing?: boolean;
}

/** How much visitors may store. */
export interface UploadLimits {
  /** Bytes one client may upload within `windowMs` (a day). */
  clientBytes: number;
  windowMs: number;
  /** Bytes every photo that is not published yet may hold together. */
  pendingBytes: number;
}

/** Whether an upload fits the limits, and if not which one it is over. */
export type UploadAdmission =
  | { ok: true }
  /** The client's daily bytes: room comes back at `retryAt`, when its oldest upload of the day ages out. */
  | { ok: false; over: 'client'; retryAt: Date }
  /** Every waiting photo together: room comes back as editors decide and the sweep deletes. */
  | { ok: false; over: 'pending' };

/** What the store knows of the uploads that limits count. */
export interface UploadUsage {
  /** Bytes the client uploaded within the window. */
  clientBytes: number;
  /** The time of the client's oldest upload within the window; null when it has none. */
  clientOldest: Date | null;
  /** Bytes of every upload not published yet. */
  pendingBytes: number;
}

/**
 * Decides an upload against the limits. Shared by every store, so the memory store and SQL answer
 * alike.
 */
export function admissionOf(
  usage: UploadUsage,
  upload: { bytes: number; at: Date },
  limits: UploadLimits,
): UploadAdmission {
  if (usage.clientBytes + upload.bytes > limits.clientBytes) {
    const since = usage.clientOldest ?? upload.at;
    return { ok: false, over: 'client', retryAt: new Date(since.getTime() + limits.windowMs) };
  }
  if (usage.pendingBytes + upload.bytes > limits.pendingBytes)
    return { ok: false, over: 'pending' };
  return { ok: true };
}

/** When records and their photos are past keeping. */
export interface UploadCutoffs {
  /** A photo no submission claimed, uploaded before this, is deleted. */
  unclaimedBefore: Date;
  /** A photo a decided submission did not publish, decided before this, is deleted. */
  decidedBefore: Date;
  /** The record of a published photo uploaded before this is forgotten: its quota day is over. */
  publishedBefore: Date;
}

/** The store's record of visitors' uploads. */
export interface UploadLedger {
  /** Whether `upload` would fit the limits now; records nothing (a check before the work). */
  uploadAdmission(
    upload: { client: string; bytes: number; at: Date },
    limits: UploadLimits,
  ): Promise<UploadAdmission>;
  /** Records `upload` if it fits the limits, in one step with the check (two uploads cannot both take the last room). */
  recordUpload(upload: NewUpload, limits: UploadLimits): Promise<UploadAdmission>;
  /** The record of the upload whose full-size public key this is, or null. */
  findUpload(publicKey: string): Promise<UploadRecord | null>;
  /**
   * At most `limit` records past keeping (see `UploadCutoffs`), oldest first; never one whose
   * storage is not settled (see `settleUploads`): its private files may still be needed.
   */
  expiredUploads(cutoffs: UploadCutoffs, limit: number): Promise<UploadRecord[]>;
  /** Forgets these records (their private files are deleted already). */
  forgetUploads(publicKeys: readonly string[]): Promise<void>;
  /** Forgets who sent the uploads made before `before`: the quota needs a day, no more. */
  forgetClients(before: Date): Promise<void>;
  /**
   * Makes a stored upload that no submission claimed the submission `submissionId`'s, while that
   * submission still waits: an editor's blurred copy of one of its photos, published only if its
   * approval shows it and otherwise deleted with its other private files. Answers false, changing
   * nothing, when the submission is decided or unknown, or the upload is not stored, claimed
   * already or published.
   */
  claimForPending(submissionId: string, publicKey: string): Promise<boolean>;
  /** Marks an upload recorded `storing` as stored: its files are all there. */
  uploadStored(publicKey: string): Promise<void>;
  /**
   * At most `limit` uploads recorded `storing` before `before` and never stored, oldest first:
   * their upload died (the recovery deletes their files and forgets them).
   */
  unfinishedUploads(before: Date, limit: number): Promise<UploadRecord[]>;
  /**
   * Brings storage in line with at most `limit` records it may disagree with: a published one
   * whose public copies are owed (the process died after its approval's commit, or storage
   * failed), or an unpublished one that may have public copies (made by an older version before
   * its approval committed). `settle` does the storage work and answers the public keys it
   * settled, which are marked so; the rest stay for the next run. The records stay locked
   * meanwhile, so no approval publishes a photo while its stray copies are being deleted.
   *
   * @returns how many records there were to settle, and the ones settled.
   */
  settleUploads(
    limit: number,
    settle: (records: readonly UploadRecord[]) => Promise<readonly string[]>,
  ): Promise<{ found: number; settled: UploadRecord[] }>;
}

/** The photos a new submission uses, claimed in the same step that keeps it. */
export interface UploadClaim {
  /** Full-size public keys of the uploads. */
  publicKeys: readonly string[];
  /** Uploads made before this have expired and cannot be claimed (the sweep may be deleting them). */
  claimableSince: Date;
}

/**
 * How an approval publishes its photos. Nothing may become public before the approval commits (a
 * crash there would leave a photo public that nobody approved), so the store calls `publish`
 * inside the step that creates the node, once it knows the node can be created, to make sure
 * every file can be published; `unpublish` if that step then fails; and, once it committed (with
 * the copies recorded as owed), `afterCommit`, which makes them. Copies it could not make stay
 * owed, and the recovery makes them (at start and in every sweep): a photo is public only once
 * the approval that shows it happened, and then for good.
 */
export interface PhotoPublisher {
  /** Full-size public keys of the uploads the node shows (other images are left alone). */
  publicKeys: readonly string[];
  /** When the photos are published. */
  at: Date;
  /**
   * Inside the approval's step: checks that storage holds every file to publish, so an approval
   * that cannot publish its photos fails whole. It must make nothing public: the step may still
   * fail, or the process die, before it commits.
   */
  publish(records: readonly UploadRecord[]): Promise<void>;
  /** The approval's step failed after `publish`: takes back whatever `publish` did. */
  unpublish(records: readonly UploadRecord[]): Promise<void>;
  /**
   * After the commit: copies the files to their public keys and answers the full-size public
   * keys of the uploads now wholly public; it never throws (a copy that failed stays owed). A
   * publisher without it has nothing to copy after the commit: nothing is left owed.
   */
  afterCommit?(records: readonly UploadRecord[]): Promise<readonly string[]>;
}

/** A submission names photos that are not waiting, unclaimed, as uploads of this archive. */
export class UploadsUnavailable extends Error {
  override name = 'UploadsUnavailable';
  constructor(readonly publicKeys: readonly string[]) {
    super('Upload the photos again.');
  }
}

/** An approved node shows a visitor's photo that another submission sent (or none did). */
export class PhotosOfAnotherSubmission extends Error {
  override name = 'PhotosOfAnotherSubmission';
  constructor(readonly publicKeys: readonly string[]) {
    super('A photo of another submission cannot be published with this one; remove it.');
  }
}

/** The keys an approval may publish: unpublished uploads of `submissionId`, or throws. */
export function publishableOf(
  records: readonly UploadRecord[],
  submissionId: string,
): UploadRecord[] {
  const foreign = records.filter((record) => record.submissionId !== submissionId);
  if (foreign.length > 0) throw new PhotosOfAnotherSubmission(foreign.map((r) => r.publicKey));
  return [...records];
}
