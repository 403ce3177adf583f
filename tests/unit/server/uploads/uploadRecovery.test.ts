/**
 * What is left between a record and its files when a process dies or storage fails, and how the
 * recovery finishes it: an approval's public copies are made after its commit and stay owed until
 * made; an upload counts from its record but is claimable only once stored, and one cut short is
 * undone; stray public copies an older version made before an approval's commit are taken out of
 * public; a folder's half-written files never lie under a key and are removed once their writer
 * is gone. The process-level proof (a real SIGKILL) is crashRecovery.test.ts.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionInput } from '@/lib/submissionSchema';
import { migrate, MIGRATIONS } from '../../../../server/storage/migrations';
import { createSqlStore } from '../../../../server/storage/sqlStore';
import {
  UploadsUnavailable,
  type UploadLimits,
  type UploadRecord,
} from '../../../../server/storage/uploadLedger';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import {
  filesOf,
  keysOf,
  newPendingKeys,
  newUploadKeys,
  type MediaStorage,
} from '../../../../server/uploads/mediaStorage';
import { photoPublisher } from '../../../../server/uploads/photoPublishing';
import { createS3Storage, type S3Command } from '../../../../server/uploads/s3Storage';
import { recoverUploads } from '../../../../server/uploads/uploadRecovery';
import { cutoffsAt } from '../../../../server/uploads/uploadSweep';
import { describeEachStore, type TestStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const LIMITS: UploadLimits = { clientBytes: 10_000, pendingBytes: 10_000, windowMs: DAY };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder storage of its own, removed after the test. */
function folderStorage(): { media: MediaStorage; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'globe-recovery-'));
  folders.push(dir);
  return { media: createFolderStorage({ dir }), dir };
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

/** A visitor's photo, its three files stored under its private keys and its record kept. */
async function storedUpload(store: TestStore, media: MediaStorage, at = new Date()) {
  const keys = newUploadKeys(at);
  const pending = newPendingKeys();
  for (const key of filesOf(pending.full)) await media.put(key, JPEG, 'image/jpeg');
  const upload = {
    publicKey: keys.full,
    pendingKey: pending.full,
    client: 'a',
    bytes: 3 * JPEG.length,
    at,
  };
  expect(await store.recordUpload(upload, LIMITS)).toEqual({ ok: true });
  const image = {
    fullUrl: media.urlOf(keys.full),
    thumbUrl: media.urlOf(keys.thumb),
    cardUrl: media.urlOf(keys.card),
  };
  return { upload, image };
}

/** Which of these keys storage holds. */
async function held(media: MediaStorage, keys: readonly string[]): Promise<boolean[]> {
  return Promise.all(keys.map((key) => media.has(key)));
}

/** Every record the sweep could ever take (a cutoff far ahead), by public key. */
async function sweepable(store: TestStore): Promise<string[]> {
  const records = await store.expiredUploads(cutoffsAt(new Date(Date.now() + 60 * DAY)), 100);
  return records.map((record: UploadRecord) => record.publicKey);
}

describeEachStore('upload recovery', (open) => {
  it('makes public after the commit, keeps a copy that failed owed, and the recovery makes it', async () => {
    const store = await open([]);
    const { media } = folderStorage();
    const { upload, image } = await storedUpload(store, media);
    const { id } = await store.addSubmission(PHOTOS, {
      publicKeys: [upload.publicKey],
      claimableSince: new Date(Date.now() - DAY),
    });
    const node = { video_id: 'fallen-oak', title: 'Fallen oak', lat: 1, lng: 2, images: [image] };

    // Storage fails once the approval committed: the approval stands, its copies stay owed.
    const log: string[] = [];
    const failing: MediaStorage = {
      ...media,
      publish: () => Promise.reject(new Error('bucket unreachable')),
    };
    const publishing = photoPublisher(failing, [image], new Date(), (line) => log.push(line));
    const done = await store.approveSubmission(id, node, 'alice', publishing.photos);
    await publishing.afterApproval();
    expect(done.submission.status).toBe('approved');
    expect(log.join('\n')).toContain('bucket unreachable');
    const publicKeys = filesOf(upload.publicKey);
    const privateKeys = filesOf(upload.pendingKey);
    expect(await held(media, publicKeys)).toEqual([false, false, false]);
    expect(await held(media, privateKeys)).toEqual([true, true, true]);
    // Owed copies are never swept: their private files are what they are made from.
    expect(await sweepable(store)).toEqual([]);

    const report = await recoverUploads(store, media, { now: () => new Date(), log: () => {} });
    expect(report).toEqual({ published: 1, withdrawn: 0, abandoned: 0, leftovers: 0, failed: 0 });
    expect(await held(media, publicKeys)).toEqual([true, true, true]);
    expect(await held(media, privateKeys)).toEqual([false, false, false]);
    expect(await sweepable(store)).toEqual([upload.publicKey]);
    // Settled: the next run has nothing to do.
    expect(await recoverUploads(store, media, { now: () => new Date(), log: () => {} })).toEqual({
      published: 0,
      withdrawn: 0,
      abandoned: 0,
      leftovers: 0,
      failed: 0,
    });
  });

  it('checks inside the approval that every file is there, and fails whole when one is not', async () => {
    const store = await open([]);
    const { media } = folderStorage();
    const { upload, image } = await storedUpload(store, media);
    const { id } = await store.addSubmission(PHOTOS, {
      publicKeys: [upload.publicKey],
      claimableSince: new Date(Date.now() - DAY),
    });
    await media.delete(keysOf(upload.pendingKey).thumb);
    const node = { video_id: 'fallen-oak', title: 'Fallen oak', lat: 1, lng: 2, images: [image] };
    const publishing = photoPublisher(media, [image], new Date(), () => {});
    await expect(store.approveSubmission(id, node, 'alice', publishing.photos)).rejects.toThrow(
      'could not be published',
    );
    expect((await store.getSubmission(id))?.status).toBe('pending');
    expect(await held(media, filesOf(upload.publicKey))).toEqual([false, false, false]);
  });

  it('counts an upload from its record, lets it be claimed once stored, and undoes one cut short', async () => {
    const store = await open([]);
    const { media } = folderStorage();
    const at = new Date();
    const claim = (publicKey: string) =>
      store.addSubmission(PHOTOS, {
        publicKeys: [publicKey],
        claimableSince: new Date(at.getTime() - DAY),
      });
    const storing = (pending: string) => ({
      publicKey: newUploadKeys(at).full,
      pendingKey: pending,
      client: 'a',
      bytes: 600,
      at,
      storing: true,
    });
    const finished = storing(newPendingKeys().full);
    const cut = storing(newPendingKeys().full);
    for (const upload of [finished, cut]) {
      expect(await store.recordUpload(upload, LIMITS)).toEqual({ ok: true });
    }
    // Counted at once: two uploads cannot both take the last room.
    expect(
      await store.uploadAdmission({ client: 'b', bytes: 1, at }, { ...LIMITS, pendingBytes: 1200 }),
    ).toEqual({ ok: false, over: 'pending' });
    await expect(claim(finished.publicKey)).rejects.toBeInstanceOf(UploadsUnavailable);

    for (const key of filesOf(finished.pendingKey)) await media.put(key, JPEG, 'image/jpeg');
    await store.uploadStored(finished.publicKey);
    // The other one's process died after its first file.
    await media.put(cut.pendingKey, JPEG, 'image/jpeg');

    // Not yet taken for cut short: another instance may still be storing it.
    const quiet = { now: () => at, log: () => {}, unfinishedBefore: at };
    expect((await recoverUploads(store, media, quiet)).abandoned).toBe(0);
    expect((await store.unfinishedUploads(new Date(at.getTime() + 1), 10)).length).toBe(1);

    const later = { now: () => new Date(at.getTime() + HOUR), log: () => {} };
    expect((await recoverUploads(store, media, later)).abandoned).toBe(1);
    expect(await store.findUpload(cut.publicKey)).toBeNull();
    expect(await held(media, filesOf(cut.pendingKey))).toEqual([false, false, false]);
    expect(await store.findUpload(finished.publicKey)).not.toBeNull();
    expect(await held(media, filesOf(finished.pendingKey))).toEqual([true, true, true]);
    await claim(finished.publicKey);
  });
});

describe('after an upgrade from a version that published before the commit', () => {
  it("takes a waiting or rejected photo's stray public copies out, and its approval publishes it", async () => {
    const { media } = folderStorage();
    const db = await PGlite.create();
    await migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 5),
    );
    const submission = async (status: 'pending' | 'rejected') => {
      const { rows } = await db.query<{ id: string }>(
        `insert into submissions (data) values ($1::jsonb) returning id::text as id`,
        [JSON.stringify(PHOTOS)],
      );
      const id = rows[0]?.id ?? '';
      if (status === 'rejected') {
        await db.query(
          `update submissions set status = 'rejected', decided_at = now(), decided_by = 'alice'
            where id = $1::bigint`,
          [id],
        );
      }
      return id;
    };
    // Each claimed, its files stored, and copied to its public keys by an approval that died
    // before its commit (as the older version did).
    const strays = await Promise.all(
      (['pending', 'rejected'] as const).map(async (status) => {
        const id = await submission(status);
        const keys = newUploadKeys();
        const pending = newPendingKeys();
        for (const key of filesOf(pending.full)) await media.put(key, JPEG, 'image/jpeg');
        await db.query(
          `insert into uploads (public_key, pending_key, client, bytes, created_at, submission_id)
           values ($1, $2, 'a', 12, now(), $3::bigint)`,
          [keys.full, pending.full, id],
        );
        for (const [from, to] of filesOf(pending.full).map((key, i) => [
          key,
          filesOf(keys.full)[i] ?? '',
        ]))
          await media.publish(from ?? '', to ?? '');
        return { id, publicKey: keys.full, pendingKey: pending.full, keys };
      }),
    );
    await migrate(db);
    const store = createSqlStore(db, { seededCount: 0, close: () => db.close() });
    try {
      const report = await recoverUploads(store, media, { now: () => new Date(), log: () => {} });
      expect(report).toMatchObject({ published: 0, withdrawn: 2, failed: 0 });
      for (const stray of strays) {
        expect(await held(media, filesOf(stray.publicKey))).toEqual([false, false, false]);
        // Their private copies stay: one may yet be approved, the other is swept in a month.
        expect(await held(media, filesOf(stray.pendingKey))).toEqual([true, true, true]);
      }

      const [waiting] = strays;
      if (!waiting) throw new Error('no waiting submission');
      const image = {
        fullUrl: media.urlOf(waiting.keys.full),
        thumbUrl: media.urlOf(waiting.keys.thumb),
        cardUrl: media.urlOf(waiting.keys.card),
      };
      const publishing = photoPublisher(media, [image], new Date(), () => {});
      const node = { video_id: 'oak', title: 'Oak', lat: 1, lng: 2, images: [image] };
      await store.approveSubmission(waiting.id, node, 'alice', publishing.photos);
      await publishing.afterApproval();
      expect(await held(media, filesOf(waiting.publicKey))).toEqual([true, true, true]);
    } finally {
      await store.close();
    }
  });
});

describe("a folder storage's half-written files", () => {
  /** The id of a process that has ended. */
  function deadPid(): number {
    const ended = spawnSync(process.execPath, ['-e', '']);
    if (ended.pid === undefined) throw new Error('no process was started');
    return ended.pid;
  }

  it('never lie under a key, nor in a public folder for a photo being published', async () => {
    const { media, dir } = folderStorage();
    const pending = newPendingKeys();
    const keys = newUploadKeys();
    await media.put(pending.full, JPEG, 'image/jpeg');
    await media.publish(pending.full, keys.full);
    // A copy that cannot be put in place (a folder holds its name) leaves nothing behind.
    mkdirSync(join(dir, ...keys.thumb.split('/')));
    await media.put(pending.thumb, JPEG, 'image/jpeg');
    await expect(media.publish(pending.thumb, keys.thumb)).rejects.toThrow();
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.endsWith('.partial'))).toEqual([]);
    expect(await media.get(keys.full)).toEqual(JPEG);
  });

  it('are removed once their writer is gone (or an hour old), never while it may write, IIIF tiles too', async () => {
    const { media, dir } = folderStorage();
    const month = join(dir, '2026', '11');
    const pendingDir = join(dir, 'pending');
    mkdirSync(month, { recursive: true });
    mkdirSync(pendingDir, { recursive: true });
    const dead = deadPid();
    const alive = process.ppid;
    const file = (folder: string, name: string) => {
      writeFileSync(join(folder, name), 'half');
      return join(folder, name);
    };
    const gone = [
      // A copy cut short beside its private source, and an upload cut short.
      file(pendingDir, `1c1e0f3a-0000-4000-8000-000000000001.${dead}.partial`),
      // An older version's copy, beside its public key.
      file(month, `1c1e0f3a-0000-4000-8000-000000000002.jpg.${dead}.partial`),
      // This process's id, but not a file it writes: an earlier process had the same id.
      file(pendingDir, `1c1e0f3a-0000-4000-8000-000000000003.${process.pid}.partial`),
      // A live process's, but hours old: its id may be a later process's.
      file(month, `1c1e0f3a-0000-4000-8000-000000000004.${alive}.partial`),
    ];
    // A photo's tiling cut short: a tile half-written deep in its IIIF folder, and its info.json.
    const tiling = join(dir, 'iiif', '2026', '11', '1c1e0f3a-0000-4000-8000-000000000007');
    const tileDir = join(tiling, '0,0,512,512', '512,', '0');
    mkdirSync(tileDir, { recursive: true });
    gone.push(
      file(tileDir, `1c1e0f3a-0000-4000-8000-000000000008.${dead}.partial`),
      file(tiling, `1c1e0f3a-0000-4000-8000-000000000009.${dead}.partial`),
    );
    const old = new Date(Date.now() - 2 * HOUR);
    utimesSync(gone[3] ?? '', old, old);
    const kept = [
      file(pendingDir, `1c1e0f3a-0000-4000-8000-000000000005.${alive}.partial`),
      file(month, '1c1e0f3a-0000-4000-8000-000000000006.jpg'),
      file(tileDir, 'default.jpg'),
      // A live writer's tile, still being written.
      file(tileDir, `1c1e0f3a-0000-4000-8000-00000000000a.${alive}.partial`),
    ];

    expect(await media.removeLeftovers()).toBe(gone.length);
    expect(gone.filter((path) => existsSync(path))).toEqual([]);
    expect(kept.filter((path) => existsSync(path))).toEqual(kept);
  });
});

describe('an S3 storage', () => {
  it('asks whether an object is there without reading it, and leaves nothing half-written', async () => {
    const sent: S3Command[] = [];
    const storage = createS3Storage({
      bucket: 'archive-photos',
      publicUrl: 'https://photos.example.org',
      prefix: 'community/',
      send: (command) => {
        sent.push(command);
        if ('Key' in command.input && command.input.Key?.endsWith('-thumb.jpg')) {
          return Promise.reject(
            Object.assign(new Error('NotFound'), {
              name: 'NotFound',
              $metadata: { httpStatusCode: 404 },
            }),
          );
        }
        return Promise.resolve({});
      },
    });
    const pending = newPendingKeys();
    expect(await storage.has(pending.full)).toBe(true);
    expect(await storage.has(pending.thumb)).toBe(false);
    expect(
      sent.map((command) => [
        command.constructor.name,
        'Key' in command.input ? command.input.Key : null,
      ]),
    ).toEqual([
      ['HeadObjectCommand', `community/${pending.full}`],
      ['HeadObjectCommand', `community/${pending.thumb}`],
    ]);
    expect(await storage.removeLeftovers()).toBe(0);
  });
});
