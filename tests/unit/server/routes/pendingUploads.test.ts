/**
 * Visitors' photos are private until an editor approves the submission that uses them: served
 * only to editors, published by the approval, deleted when nobody claims them, and limited per
 * client and in all. The clock is moved, never waited for.
 */
import { existsSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveUpload } from '../../../../server/app/uploadFiles';
import {
  accessToken,
  makeKeys,
  setup,
  submitOne,
  VIDEO_SUBMISSION,
  type SetupOptions,
  type TestKeys,
} from '../support/communityHarness';
import {
  cameraJpeg,
  fileOf,
  storedFileOf,
  uploaded,
  type Uploaded,
} from '../support/photoFixtures';

let keys: TestKeys;
let photo: Buffer;
beforeAll(async () => {
  keys = await makeKeys();
  photo = await cameraJpeg();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

/** A handler whose clock the test moves (it starts at the real time: SQL stores stamp decisions so). */
function withClock(options: Omit<SetupOptions, 'keys' | 'now'> = {}) {
  let at = Date.now();
  const community = setup({ keys, now: () => new Date(at), ...options });
  return { ...community, later: (ms: number) => (at += ms) };
}

type Community = ReturnType<typeof withClock>;

async function upload(community: Community, clientAddress?: string): Promise<Uploaded> {
  return uploaded(
    await community.call('POST', '/uploads', {
      body: photo,
      ...(clientAddress ? { clientAddress } : {}),
    }),
  );
}

/** What anyone gets at a photo's URL from the local server (the folder it serves). */
async function publicStatus(community: Community, url: string): Promise<number> {
  return (await serveUpload(community.folder, 'GET', url)).status;
}

/** The editor's look at a waiting photo: `GET /uploads/{key}` of the service with a token. */
async function editorView(community: Community, url: string, token?: string) {
  return community.call('GET', url, token ? { token } : {});
}

/** The bytes one upload of `photo` stores (photo and thumbnail): re-encoding is deterministic. */
async function storedBytesOfOneUpload(): Promise<number> {
  const probe = withClock();
  try {
    const sent = await upload(probe);
    const record = await probe.store.findUpload(sent.image.fullUrl.replace('/uploads/', ''));
    expect(record?.bytes).toBeGreaterThan(sent.bytes);
    return record?.bytes ?? 0;
  } finally {
    probe.cleanup();
  }
}

function photosOf(...uploads: Uploaded[]) {
  return {
    ...VIDEO_SUBMISSION,
    kind: 'photos',
    youtube_url: null,
    images: uploads.map((u) => u.image),
  };
}

function galleryOf(videoId: string, ...uploads: Uploaded[]) {
  return {
    video_id: videoId,
    type: 'gallery',
    title: 'Fallen oak',
    images: uploads.map((u) => u.image),
    lat: 38.66,
    lng: -90.25,
  };
}

describe("a visitor's upload", () => {
  it('is 404 at its URL, and served only to editors, until an approval publishes it', async () => {
    const community = withClock();
    try {
      const sent = await upload(community);
      expect(sent.pending).toBe(true);
      const urls = [sent.image.fullUrl, sent.image.thumbUrl, sent.image.cardUrl];
      for (const url of urls) {
        expect(await publicStatus(community, url), url).toBe(404);
      }
      const token = await accessToken(keys);
      const full = await editorView(community, sent.image.fullUrl, token);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      expect(full.headers.get('cache-control')).toBe('private, no-store');
      expect(full.headers.get('content-security-policy')).toContain("default-src 'none'");
      const thumb = await editorView(community, sent.image.thumbUrl, token);
      const [fullMeta, thumbMeta] = await Promise.all([
        sharp(full.body).metadata(),
        sharp(thumb.body).metadata(),
      ]);
      expect([fullMeta.width, fullMeta.height]).toEqual([300, 400]);
      expect(thumbMeta.format).toBe('jpeg');
      const card = await editorView(community, sent.image.cardUrl, token);
      expect([card.status, card.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
      const cardMeta = await sharp(card.body).metadata();
      expect([cardMeta.format, cardMeta.width, cardMeta.height]).toEqual(['jpeg', 240, 320]);

      // Not to visitors, nor to a signed-in non-editor.
      expect((await editorView(community, sent.image.fullUrl)).status).toBe(401);
      const viewer = await accessToken(keys, { 'cognito:groups': ['viewers'] });
      expect((await editorView(community, sent.image.fullUrl, viewer)).status).toBe(403);

      const id = await submitOne(community.call, photosOf(sent));
      expect(await publicStatus(community, sent.image.fullUrl)).toBe(404);
      const privateFile = await storedFileOf(community.folder, community.store, sent.image.fullUrl);
      expect(privateFile).toMatch(/[/\\]pending[/\\][0-9a-f-]{36}\.jpg$/);
      // The private file's name is not the public one's: the URL never leads to it.
      expect(privateFile).not.toContain(sent.image.fullUrl.split('/').pop()?.slice(0, 36));
      const approved = await community.call('POST', `/submissions/${id}/approve`, {
        token,
        body: galleryOf('fallen-oak', sent),
      });
      expect(approved.status, JSON.stringify(approved.json)).toBe(201);
      const node = (approved.json as { node: { images: Uploaded['image'][] } }).node;
      expect(node.images).toEqual([sent.image]);
      // All three files are published: the photo, its thumbnail and its card copy.
      for (const url of urls) {
        expect(await publicStatus(community, url), url).toBe(200);
      }
      // The private copies are gone; the editor route knows only waiting photos.
      expect(existsSync(privateFile)).toBe(false);
      expect(existsSync(privateFile.replace(/\.jpg$/, '-card.jpg'))).toBe(false);
      expect((await editorView(community, sent.image.fullUrl, token)).json).toMatchObject({
        error: expect.stringMatching(/^No photo waits for review/),
      });
      const published = await sharp(fileOf(community.folder, sent.image.fullUrl)).metadata();
      expect([published.width, published.height]).toEqual([300, 400]);
    } finally {
      community.cleanup();
    }
  });

  it("an editor's upload is public at once", async () => {
    const community = withClock();
    try {
      const token = await accessToken(keys);
      const sent = uploaded(await community.call('POST', '/uploads', { body: photo, token }));
      expect(sent.pending).toBe(false);
      expect(await publicStatus(community, sent.image.fullUrl)).toBe(200);
      expect((await editorView(community, sent.image.fullUrl, token)).status).toBe(404);
    } finally {
      community.cleanup();
    }
  });

  it('publishes only the photos the item shows, never another submission’s', async () => {
    const community = withClock();
    try {
      const token = await accessToken(keys);
      const [kept, dropped, other] = [
        await upload(community),
        await upload(community),
        await upload(community),
      ];
      const id = await submitOne(community.call, photosOf(kept, dropped));
      const otherId = await submitOne(community.call, photosOf(other));
      const stolen = await community.call('POST', `/submissions/${id}/approve`, {
        token,
        body: galleryOf('fallen-oak', kept, other),
      });
      expect(stolen.status).toBe(400);
      expect(stolen.json).toMatchObject({ errors: [{ path: 'images' }] });
      // Nor by its card copy alone.
      const stolenCard = await community.call('POST', `/submissions/${id}/approve`, {
        token,
        body: galleryOf('fallen-oak', {
          ...kept,
          image: { ...kept.image, cardUrl: other.image.cardUrl },
        }),
      });
      expect(stolenCard.status).toBe(400);
      expect(stolenCard.json).toMatchObject({ errors: [{ path: 'images' }] });
      expect(await publicStatus(community, other.image.cardUrl)).toBe(404);
      expect(await publicStatus(community, kept.image.fullUrl)).toBe(404);
      expect((await community.store.getSubmission(id))?.status).toBe('pending');

      const approved = await community.call('POST', `/submissions/${id}/approve`, {
        token,
        body: galleryOf('fallen-oak', kept),
      });
      expect(approved.status).toBe(201);
      expect(await publicStatus(community, kept.image.fullUrl)).toBe(200);
      // Left out of the item by the editor: still private, for the record.
      expect(await publicStatus(community, dropped.image.fullUrl)).toBe(404);
      expect((await editorView(community, dropped.image.thumbUrl, token)).status).toBe(200);
      // Rejected: stays private.
      const rejected = await community.call('POST', `/submissions/${otherId}/reject`, { token });
      expect(rejected.status).toBe(200);
      expect(await publicStatus(community, other.image.fullUrl)).toBe(404);
    } finally {
      community.cleanup();
    }
  });

  it('is gone a day later when no submission uses it; a claimed one stays', async () => {
    const community = withClock();
    try {
      const token = await accessToken(keys);
      const unused = await upload(community);
      const claimed = await upload(community);
      const rejected = await upload(community);
      await submitOne(community.call, photosOf(claimed));
      const rejectedId = await submitOne(community.call, photosOf(rejected));
      await community.call('POST', `/submissions/${rejectedId}/reject`, { token });
      const files = await Promise.all(
        [unused, claimed, rejected].map((u) =>
          storedFileOf(community.folder, community.store, u.image.fullUrl),
        ),
      );
      const [unusedFile, claimedFile, rejectedFile] = files;

      community.later(23 * HOUR);
      expect(await community.handler.sweepUploads()).toEqual({ deleted: 0, failed: 0 });
      expect(files.every((file) => existsSync(file))).toBe(true);

      community.later(2 * HOUR);
      expect(await community.handler.sweepUploads()).toEqual({ deleted: 1, failed: 0 });
      expect(existsSync(unusedFile as string)).toBe(false);
      expect(existsSync((unusedFile as string).replace('.jpg', '-thumb.jpg'))).toBe(false);
      expect(existsSync((unusedFile as string).replace('.jpg', '-card.jpg'))).toBe(false);
      expect(await community.store.findUpload(unused.image.fullUrl.slice(9))).toBeNull();
      expect((await editorView(community, unused.image.fullUrl, token)).status).toBe(404);
      // Too late to send it now.
      const late = await community.call('POST', '/submissions', {
        body: photosOf(unused),
        clientAddress: 'late',
      });
      expect(late.status).toBe(400);
      expect(existsSync(claimedFile as string)).toBe(true);
      expect(existsSync(rejectedFile as string)).toBe(true);
      expect((await editorView(community, claimed.image.fullUrl, token)).status).toBe(200);

      // A rejected submission's photos go 30 days after the decision; a waiting one's never.
      community.later(30 * DAY);
      expect(await community.handler.sweepUploads()).toEqual({ deleted: 1, failed: 0 });
      expect(existsSync(rejectedFile as string)).toBe(false);
      expect(existsSync(claimedFile as string)).toBe(true);
    } finally {
      community.cleanup();
    }
  });

  it('made before card copies existed (no card file, no cardUrl) is still published and swept', async () => {
    const community = withClock();
    try {
      const token = await accessToken(keys);
      const [kept, unused] = [await upload(community), await upload(community)];
      // As such an upload was stored and answered: no card file, no cardUrl.
      const oldStyle = (sent: Uploaded) => {
        const { thumbUrl, fullUrl } = sent.image;
        return { ...sent, image: { thumbUrl, fullUrl } } as unknown as Uploaded;
      };
      for (const sent of [kept, unused]) {
        const cardFile = await storedFileOf(community.folder, community.store, sent.image.cardUrl);
        expect(cardFile).toMatch(/[/\\]pending[/\\][0-9a-f-]{36}-card\.jpg$/);
        rmSync(cardFile);
      }
      expect((await editorView(community, kept.image.cardUrl, token)).status).toBe(404);
      const id = await submitOne(community.call, photosOf(oldStyle(kept)));
      const approved = await community.call('POST', `/submissions/${id}/approve`, {
        token,
        body: galleryOf('old-oak', oldStyle(kept)),
      });
      expect(approved.status, JSON.stringify(approved.json)).toBe(201);
      const node = (approved.json as { node: { images: unknown[] } }).node;
      expect(node.images).toEqual([oldStyle(kept).image]);
      expect(await publicStatus(community, kept.image.fullUrl)).toBe(200);
      expect(await publicStatus(community, kept.image.thumbUrl)).toBe(200);
      expect(await publicStatus(community, kept.image.cardUrl)).toBe(404);

      const unusedFile = await storedFileOf(
        community.folder,
        community.store,
        unused.image.fullUrl,
      );
      community.later(DAY + HOUR);
      // The unused upload, and the published one's record (its day of quota is over): neither
      // has a card file, and deleting one that is not there is no failure.
      expect(await community.handler.sweepUploads()).toEqual({ deleted: 2, failed: 0 });
      expect(existsSync(unusedFile)).toBe(false);
      expect(await publicStatus(community, kept.image.fullUrl)).toBe(200);
    } finally {
      community.cleanup();
    }
  });

  it('cannot be sent a day later than it was uploaded', async () => {
    const community = withClock();
    try {
      const sent = await upload(community);
      community.later(DAY + 1000);
      const response = await community.call('POST', '/submissions', { body: photosOf(sent) });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({
        errors: [{ path: 'images', message: 'Upload the photos again.' }],
      });
    } finally {
      community.cleanup();
    }
  });
});

describe('quotas', () => {
  it('refuses a client past its bytes of the day with 429 and Retry-After, until the day is over', async () => {
    // Room for two photos a day.
    const bytes = await storedBytesOfOneUpload();
    const community = withClock({
      uploadQuotas: { clientDailyBytes: 2 * bytes, pendingBytes: 100 * MB },
    });
    try {
      await upload(community);
      community.later(HOUR);
      await upload(community);
      // Refused when recording the third (it no longer fits), then before reading the fourth.
      for (const attempt of ['third', 'fourth']) {
        const refused = await community.call('POST', '/uploads', { body: photo });
        expect(refused.status, attempt).toBe(429);
        // The first upload of the day leaves the window 23 hours from now.
        expect(Number(refused.headers.get('retry-after'))).toBe(23 * 60 * 60);
        expect((refused.json as { error: string }).error).toMatch(
          /^Your connection has uploaded \d+ MB of photos today, as much as one may in a day; try again in 23 hours\.$/,
        );
        expect(refused.json).toMatchObject({ quota: 'daily' });
      }
      // Other clients and editors are not held back by this one.
      await upload(community, '203.0.113.50');
      const token = await accessToken(keys);
      uploaded(await community.call('POST', '/uploads', { body: photo, token }));

      community.later(23 * HOUR + 1000);
      await upload(community);
    } finally {
      community.cleanup();
    }
  });

  it('refuses every visitor with 507 while the waiting photos fill the archive’s room', async () => {
    // Room for one waiting photo in all.
    const bytes = await storedBytesOfOneUpload();
    const community = withClock({
      uploadQuotas: { clientDailyBytes: 100 * MB, pendingBytes: bytes },
    });
    try {
      const first = await upload(community, 'one');
      const refused = await community.call('POST', '/uploads', {
        body: photo,
        clientAddress: 'two',
      });
      expect(refused.status).toBe(507);
      expect(refused.json).toEqual({
        error:
          'The archive cannot take more photos until its editors have reviewed those waiting; try again later.',
        quota: 'pending',
      });
      expect(refused.headers.get('retry-after')).toBe('3600');
      // Editors' photos are not waiting for anyone: they are taken.
      const token = await accessToken(keys);
      uploaded(await community.call('POST', '/uploads', { body: photo, token }));
      // Publishing makes room.
      const id = await submitOne(community.call, photosOf(first));
      await community.call('POST', `/submissions/${id}/approve`, {
        token,
        body: galleryOf('room-again', first),
      });
      await upload(community, 'four');
    } finally {
      community.cleanup();
    }
  });
});

describe('the content type of an upload', () => {
  it('must be an image type or application/octet-stream (415), so no other site can post one', async () => {
    const community = withClock();
    try {
      for (const type of [
        'text/plain',
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json',
        'image/',
        '',
      ]) {
        const response = await community.call('POST', '/uploads', {
          body: photo,
          headers: { 'Content-Type': type },
        });
        expect(response.status, type).toBe(415);
        expect((response.json as { error: string }).error).toMatch(/^Send the photo's bytes/);
      }
      for (const type of ['image/jpeg', 'IMAGE/PNG', 'image/heic', 'application/octet-stream']) {
        const response = await community.call('POST', '/uploads', {
          body: photo,
          headers: { 'Content-Type': type },
        });
        expect(response.status, type).toBe(201);
      }
    } finally {
      community.cleanup();
    }
  });
});

describe('sweeping on a serverless function', () => {
  it('runs after a visitor’s upload at most once an hour', async () => {
    const community = withClock({ sweepOnUploads: true });
    const fileOfUpload = (sent: Uploaded) =>
      storedFileOf(community.folder, community.store, sent.image.fullUrl);
    try {
      const old = await upload(community, 'a');
      const oldFile = await fileOfUpload(old);
      community.later(DAY + HOUR);
      // Its sweep deletes the upload a day old, not the one just made.
      const fresh = await upload(community, 'b');
      const freshFile = await fileOfUpload(fresh);
      expect([existsSync(oldFile), existsSync(freshFile)]).toEqual([false, true]);

      community.later(DAY - 30 * 60 * 1000);
      await upload(community, 'c'); // sweeps: nothing is a day old yet
      community.later(40 * 60 * 1000);
      await upload(community, 'd'); // the last sweep was 40 minutes ago: none now
      expect(existsSync(freshFile)).toBe(true);
      community.later(30 * 60 * 1000);
      await upload(community, 'e'); // 70 minutes: due
      expect(existsSync(freshFile)).toBe(false);
    } finally {
      community.cleanup();
    }
  });
});
