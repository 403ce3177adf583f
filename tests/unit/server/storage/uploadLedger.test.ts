/**
 * The record of visitors' uploads, the same in every store: quotas checked with the record,
 * claims all or nothing, approvals that publish only their own photos, and what the sweep may
 * delete. Times are passed in, so nothing waits.
 */
import { expect, it, vi } from 'vitest';
import type { SubmissionInput } from '@/lib/submissionSchema';
import { NodeExists, SubmissionDecided } from '../../../../server/storage/nodeStore';
import {
  PhotosOfAnotherSubmission,
  UploadsUnavailable,
  type NewUpload,
  type PhotoPublisher,
  type UploadLimits,
  type UploadRecord,
} from '../../../../server/storage/uploadLedger';
import { cutoffsAt } from '../../../../server/uploads/uploadSweep';
import { describeEachStore, type TestStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const LIMITS: UploadLimits = { clientBytes: 1000, pendingBytes: 1500, windowMs: DAY };
const T0 = new Date('2026-11-03T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

let serial = 0;
function newUpload(client: string, bytes: number, when: Date): NewUpload {
  const n = String(++serial).padStart(12, '0');
  return {
    publicKey: `2026/11/00000000-0000-4000-8000-${n}.jpg`,
    pendingKey: `pending/11111111-0000-4000-8000-${n}.jpg`,
    client,
    bytes,
    at: when,
  };
}

const PHOTOS: SubmissionInput = {
  kind: 'photos',
  youtube_url: null,
  youtube_id: null,
  images: [],
  title: 'Fallen oak',
  description: '',
  categories: [],
  place: null,
  place_text: '',
  name: '',
  email: '',
};

const NODE = {
  video_id: 'fallen-oak',
  type: 'gallery',
  title: 'Fallen oak',
  lat: 38.6,
  lng: -90.3,
};

/** A publisher that records what it was asked to do. */
function recordingPublisher(publicKeys: string[], { fail = false } = {}) {
  const calls: { publish: string[][]; unpublish: string[][] } = { publish: [], unpublish: [] };
  const keysOf = (records: readonly UploadRecord[]) => records.map((r) => r.publicKey);
  const photos: PhotoPublisher = {
    publicKeys,
    at: at(2 * HOUR),
    async publish(records) {
      calls.publish.push(keysOf(records));
      if (fail) throw new Error('bucket unreachable');
    },
    async unpublish(records) {
      calls.unpublish.push(keysOf(records));
    },
  };
  return { photos, calls };
}

async function record(store: TestStore, upload: NewUpload): Promise<NewUpload> {
  expect(await store.recordUpload(upload, LIMITS)).toEqual({ ok: true });
  return upload;
}

describeEachStore('upload ledger', (open) => {
  it('records uploads within the client’s day and the waiting total, and says when room returns', async () => {
    const store = await open([]);
    const first = await record(store, newUpload('a', 600, T0));
    expect(await store.findUpload(first.publicKey)).toEqual({
      publicKey: first.publicKey,
      pendingKey: first.pendingKey,
      bytes: 600,
      createdAt: T0.toISOString(),
      submissionId: null,
      publishedAt: null,
    });
    const over = newUpload('a', 500, at(HOUR));
    expect(await store.uploadAdmission(over, LIMITS)).toEqual({
      ok: false,
      over: 'client',
      retryAt: at(DAY),
    });
    expect(await store.recordUpload(over, LIMITS)).toEqual({
      ok: false,
      over: 'client',
      retryAt: at(DAY),
    });
    expect(await store.findUpload(over.publicKey)).toBeNull();
    await record(store, newUpload('b', 800, at(HOUR)));
    expect(await store.recordUpload(newUpload('c', 200, at(HOUR)), LIMITS)).toEqual({
      ok: false,
      over: 'pending',
    });
    // A day later the client's first upload no longer counts for it (it still waits, in all).
    expect(await store.uploadAdmission(newUpload('a', 900, at(DAY + 1)), LIMITS)).toEqual({
      ok: false,
      over: 'pending',
    });
    await store.forgetUploads([first.publicKey]);
    expect(await store.findUpload(first.publicKey)).toBeNull();
    await record(store, newUpload('a', 600, at(DAY + 1)));
  });

  it('claims a submission’s photos with it, all or none, once, and not once they expire', async () => {
    const store = await open([]);
    const [one, two] = [
      await record(store, newUpload('a', 10, T0)),
      await record(store, newUpload('a', 10, T0)),
    ];
    const claimableSince = at(HOUR - DAY);
    const missing = newUpload('a', 10, T0).publicKey;
    await expect(
      store.addSubmission(PHOTOS, { publicKeys: [one.publicKey, missing], claimableSince }),
    ).rejects.toBeInstanceOf(UploadsUnavailable);
    expect(await store.listSubmissions({ limit: 10 })).toEqual([]);
    expect((await store.findUpload(one.publicKey))?.submissionId).toBeNull();

    const kept = await store.addSubmission(PHOTOS, {
      publicKeys: [one.publicKey, one.publicKey],
      claimableSince,
    });
    expect((await store.findUpload(one.publicKey))?.submissionId).toBe(kept.id);
    await expect(
      store.addSubmission(PHOTOS, { publicKeys: [one.publicKey], claimableSince }),
    ).rejects.toBeInstanceOf(UploadsUnavailable);
    // Expired: uploaded before the claimable window.
    await expect(
      store.addSubmission(PHOTOS, { publicKeys: [two.publicKey], claimableSince: at(DAY) }),
    ).rejects.toBeInstanceOf(UploadsUnavailable);
    expect(await store.listSubmissions({ limit: 10 })).toHaveLength(1);
  });

  it('publishes in the approval only its own waiting photos, and takes them back if it fails', async () => {
    const store = await open([{ video_id: 'taken', title: 'Taken', lat: 1, lng: 1 }]);
    const [mine, other, editors] = [
      await record(store, newUpload('a', 10, T0)),
      await record(store, newUpload('b', 10, T0)),
      newUpload('editor', 10, T0),
    ];
    const claimableSince = at(-DAY);
    const { id } = await store.addSubmission(PHOTOS, {
      publicKeys: [mine.publicKey],
      claimableSince,
    });
    await store.addSubmission(PHOTOS, { publicKeys: [other.publicKey], claimableSince });

    const stealing = recordingPublisher([mine.publicKey, other.publicKey]);
    await expect(
      store.approveSubmission(id, NODE, 'alice', stealing.photos),
    ).rejects.toBeInstanceOf(PhotosOfAnotherSubmission);
    expect(stealing.calls.publish).toEqual([]);

    const taken = recordingPublisher([mine.publicKey]);
    await expect(
      store.approveSubmission(id, { ...NODE, video_id: 'taken' }, 'alice', taken.photos),
    ).rejects.toBeInstanceOf(NodeExists);
    expect(taken.calls.publish.flat()).toEqual(taken.calls.unpublish.flat());

    const failing = recordingPublisher([mine.publicKey], { fail: true });
    await expect(store.approveSubmission(id, NODE, 'alice', failing.photos)).rejects.toThrow(
      'bucket unreachable',
    );
    expect((await store.getSubmission(id))?.status).toBe('pending');
    expect(await store.getNode(NODE.video_id)).toBeNull();

    // An editor's own photo (no record) is left alone; the submission's is published.
    const approving = recordingPublisher([mine.publicKey, editors.publicKey]);
    const done = await store.approveSubmission(id, NODE, 'alice', approving.photos);
    expect(done.submission.status).toBe('approved');
    expect(approving.calls).toEqual({ publish: [[mine.publicKey]], unpublish: [] });
    expect((await store.findUpload(mine.publicKey))?.publishedAt).toBe(at(2 * HOUR).toISOString());
    const again = recordingPublisher([mine.publicKey]);
    await expect(
      store.approveSubmission(id, { ...NODE, video_id: 'again' }, 'alice', again.photos),
    ).rejects.toBeInstanceOf(SubmissionDecided);
  });

  it('claims an editor’s blurred copy for a waiting submission only, once, and publishes it in its approval', async () => {
    const store = await open([]);
    const claimableSince = at(-DAY);
    const sent = await record(store, newUpload('a', 10, T0));
    const { id } = await store.addSubmission(PHOTOS, {
      publicKeys: [sent.publicKey],
      claimableSince,
    });
    const copy = newUpload('editor:alice', 10, at(HOUR));
    expect(await store.recordUpload({ ...copy, storing: true }, LIMITS)).toEqual({ ok: true });
    // Not stored yet: nothing may claim it.
    expect(await store.claimForPending(id, copy.publicKey)).toBe(false);
    await store.uploadStored(copy.publicKey);
    // Not for a submission that is unknown, or named by no row id at all.
    expect(await store.claimForPending('9999', copy.publicKey)).toBe(false);
    expect(await store.claimForPending('1; drop table uploads', copy.publicKey)).toBe(false);
    expect(await store.claimForPending(id, copy.publicKey)).toBe(true);
    expect((await store.findUpload(copy.publicKey))?.submissionId).toBe(id);
    // Claimed already: not again, and the visitor's own upload is not anyone else's.
    expect(await store.claimForPending(id, copy.publicKey)).toBe(false);
    expect(await store.claimForPending(id, sent.publicKey)).toBe(false);

    // Once the submission is decided, no copy joins it.
    const late = await record(store, newUpload('editor:alice', 10, at(HOUR)));
    const approving = recordingPublisher([copy.publicKey]);
    await store.approveSubmission(id, NODE, 'alice', approving.photos);
    expect(approving.calls.publish).toEqual([[copy.publicKey]]);
    expect(await store.claimForPending(id, late.publicKey)).toBe(false);
    expect((await store.findUpload(late.publicKey))?.submissionId).toBeNull();
    // The photo as sent was not published: it is swept with the decided submission's files.
    expect((await store.findUpload(sent.publicKey))?.publishedAt).toBeNull();
    const swept = await store.expiredUploads(cutoffsAt(at(400 * DAY)), 10);
    expect(swept.map((r) => r.publicKey)).toContain(sent.publicKey);
  });

  it('names for the sweep what is past keeping, oldest first, within a limit', async () => {
    const store = await open([]);
    const unclaimed = await record(store, newUpload('a', 10, T0));
    const waiting = await record(store, newUpload('a', 10, at(1000)));
    const rejected = await record(store, newUpload('a', 10, at(2000)));
    const published = await record(store, newUpload('a', 10, at(3000)));
    const claimableSince = at(-DAY);
    await store.addSubmission(PHOTOS, { publicKeys: [waiting.publicKey], claimableSince });
    const no = await store.addSubmission(PHOTOS, {
      publicKeys: [rejected.publicKey],
      claimableSince,
    });
    await store.rejectSubmission(no.id, 'alice', '');
    const yes = await store.addSubmission(PHOTOS, {
      publicKeys: [published.publicKey],
      claimableSince,
    });
    await store.approveSubmission(
      yes.id,
      NODE,
      'alice',
      recordingPublisher([published.publicKey]).photos,
    );

    const keysAt = async (when: Date, limit = 10) =>
      (await store.expiredUploads(cutoffsAt(when), limit)).map((r) => r.publicKey);
    expect(await keysAt(at(DAY - 1))).toEqual([]);
    expect(await keysAt(at(DAY + 5000))).toEqual([unclaimed.publicKey, published.publicKey]);
    expect(await keysAt(at(DAY + 5000), 1)).toEqual([unclaimed.publicKey]);
    // Decisions are stamped by the store's own clock (now), so the month counts from there.
    expect(await keysAt(new Date(Date.now() + 31 * DAY))).toEqual([
      unclaimed.publicKey,
      rejected.publicKey,
      published.publicKey,
    ]);
  });

  it('forgets who uploaded once the quota’s day is over', async () => {
    const store = await open([]);
    await record(store, newUpload('a', 900, T0));
    const big: UploadLimits = { ...LIMITS, windowMs: 365 * DAY };
    expect((await store.uploadAdmission(newUpload('a', 200, at(2 * DAY)), big)).ok).toBe(false);
    await store.forgetClients(at(DAY));
    expect(await store.uploadAdmission(newUpload('a', 200, at(2 * DAY)), big)).toEqual({
      ok: true,
    });
  });
});
