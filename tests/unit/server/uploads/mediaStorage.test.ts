import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { serveUpload } from '../../../../server/app/uploadFiles';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import {
  captureFormatOfKey,
  cardKeyOf,
  contentTypeOfKey,
  filesOf,
  fullKeyOf,
  isPendingKey,
  isUploadKey,
  keysOf,
  newCaptureKey,
  newPendingCaptureKey,
  newPendingKeys,
  newUploadKeys,
  publishIfStored,
  thumbKeyOf,
} from '../../../../server/uploads/mediaStorage';
import { createS3Storage, type S3Command } from '../../../../server/uploads/s3Storage';

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'globe-media-'));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

describe('upload keys', () => {
  it('are month folders with a random UUID, the thumbnail and card copy beside the photo', () => {
    const keys = newUploadKeys(new Date(Date.UTC(2026, 10, 3)));
    expect(keys.full).toMatch(/^2026\/11\/[0-9a-f-]{36}\.jpg$/);
    expect(keys.thumb).toBe(keys.full.replace('.jpg', '-thumb.jpg'));
    expect(keys.card).toBe(keys.full.replace('.jpg', '-card.jpg'));
    expect([keys.full, keys.thumb, keys.card].every(isUploadKey)).toBe(true);
    expect(keysOf(keys.full)).toEqual(keys);
    expect([fullKeyOf(keys.thumb), fullKeyOf(keys.card), cardKeyOf(keys.full)]).toEqual([
      keys.full,
      keys.full,
      keys.card,
    ]);
    expect(newUploadKeys().full).not.toBe(newUploadKeys().full);
  });

  it("name a 3D capture's one file by its format, stored and published alone", () => {
    const key = newCaptureKey('glb', new Date(Date.UTC(2026, 10, 3)));
    expect(key).toMatch(/^2026\/11\/[0-9a-f-]{36}\.glb$/);
    expect(isUploadKey(key)).toBe(true);
    expect(filesOf(key)).toEqual([key]);
    expect(captureFormatOfKey(key)).toBe('glb');
    expect(contentTypeOfKey(key)).toBe('model/gltf-binary');
    const pending = newPendingCaptureKey('spz');
    expect(pending).toMatch(/^pending\/[0-9a-f-]{36}\.spz$/);
    expect([isPendingKey(pending), isUploadKey(pending)]).toEqual([true, false]);
    expect([filesOf(pending), contentTypeOfKey(pending)]).toEqual([
      [pending],
      'application/octet-stream',
    ]);
    // A photo's files are its three; its type is JPEG.
    const photo = newUploadKeys();
    expect(filesOf(photo.full)).toEqual([photo.full, photo.thumb, photo.card]);
    expect([captureFormatOfKey(photo.full), contentTypeOfKey(photo.thumb)]).toEqual([
      null,
      'image/jpeg',
    ]);
    for (const bad of [
      key.replace('.glb', '-thumb.glb'),
      key.replace('.glb', '.gltf'),
      key.replace('.glb', '.glb.html'),
      key.replace('.glb', '.obj'),
    ]) {
      expect(isUploadKey(bad), bad).toBe(false);
    }
  });

  it('refuse anything else', () => {
    const { full } = newUploadKeys();
    for (const key of [
      '../secret.txt',
      `../${full}`,
      `${full}/..`,
      full.replace('/', '\\'),
      full.replace('.jpg', '.svg'),
      full.replace('.jpg', '.jpg.html'),
      full.replace('.jpg', '-small.jpg'),
      full.replace('.jpg', '-card-thumb.jpg'),
      `2026/13/${full.slice(8)}`,
      `/${full}`,
      `${full}\0`,
      '',
    ]) {
      expect(isUploadKey(key), key).toBe(false);
    }
  });
});

describe('folder storage', () => {
  it('stores under the key, serves the URL it gives, and owns only such URLs', async () => {
    const dir = tempDir();
    const storage = createFolderStorage({ dir: join(dir, 'uploads') });
    const { full } = newUploadKeys();
    await storage.put(full, JPEG, 'image/jpeg');
    expect(readFileSync(join(dir, 'uploads', ...full.split('/')))).toEqual(JPEG);
    await expect(storage.put(full, JPEG, 'image/jpeg')).rejects.toThrow();
    expect(storage.urlOf(full)).toBe(`/uploads/${full}`);
    expect(storage.owns(`/uploads/${full}`)).toBe(true);
    for (const url of [
      `https://elsewhere.example/uploads/${full}`,
      `/uploads/../${full}`,
      `/uploads/${full}?x=1`,
      '/uploads/2026/11/photo.jpg',
      'javascript:alert(1)',
      `//evil.example/uploads/${full}`,
    ]) {
      expect(storage.owns(url), url).toBe(false);
    }
    await storage.delete(full);
    await storage.delete(full);
    expect(existsSync(join(dir, 'uploads', ...full.split('/')))).toBe(false);
    await expect(storage.put('../escape.jpg', JPEG, 'image/jpeg')).rejects.toThrow();
  });

  it('with no folder named uses a temporary one and removes it on close', async () => {
    const storage = createFolderStorage({ dir: null });
    const folder = storage.folder;
    expect(folder).not.toBeNull();
    await storage.put(newUploadKeys().full, JPEG, 'image/jpeg');
    expect(existsSync(folder ?? '')).toBe(true);
    await storage.close();
    expect(existsSync(folder ?? '')).toBe(false);
  });
});

describe('serveUpload', () => {
  it('serves a stored photo as image/jpeg, cacheable for a year', async () => {
    const dir = tempDir();
    const storage = createFolderStorage({ dir });
    const { full } = newUploadKeys();
    await storage.put(full, JPEG, 'image/jpeg');
    const response = await serveUpload(dir, 'GET', `/uploads/${full}`);
    expect(response.status).toBe(200);
    expect(response.file).toBe(join(dir, ...full.split('/')));
    expect(response.headers['Content-Type']).toBe('image/jpeg');
    expect(response.headers['Content-Length']).toBe(String(JPEG.length));
    expect(response.headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['Content-Security-Policy']).toContain("default-src 'none'");
    const head = await serveUpload(dir, 'HEAD', `/uploads/${full}`);
    expect([head.status, head.body]).toEqual([200, '']);
    expect((await serveUpload(dir, 'POST', `/uploads/${full}`)).status).toBe(405);
  });

  it('answers 404 for a missing photo and for anything that is not a key', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    const { full } = newUploadKeys();
    for (const path of [
      `/uploads/${full}`,
      '/uploads/secret.txt',
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/2026/11/..%2f..%2fsecret.txt',
      `/uploads/${full.replace(/\//g, '%2f')}`,
      '/uploads/',
      `/elsewhere/${full}`,
    ]) {
      expect((await serveUpload(dir, 'GET', path)).status, path).toBe(404);
    }
  });
});

describe('S3 storage', () => {
  /** A bucket that records each command and answers it with `answer` (by default, `{}`). */
  function fakeS3(answer: (command: S3Command) => Promise<unknown> = () => Promise.resolve({})) {
    const sent: S3Command[] = [];
    const storage = createS3Storage({
      bucket: 'archive-photos',
      publicUrl: 'https://photos.example.org',
      prefix: 'community/',
      send: (command) => {
        sent.push(command);
        return answer(command);
      },
    });
    return { sent, storage };
  }

  it('lists every stored key across pages, without the prefix, and nothing that is no key', async () => {
    const a = newUploadKeys();
    const b = newPendingKeys();
    const pages: Record<string, unknown> = {
      first: {
        Contents: [
          { Key: `community/${a.full}` },
          { Key: `community/${a.thumb}` },
          { Key: 'community/notes.txt' },
        ],
        IsTruncated: true,
        NextContinuationToken: 'page-2',
      },
      'page-2': {
        Contents: [{ Key: `community/${b.full}` }, { Key: `elsewhere/${a.card}` }, {}],
        IsTruncated: false,
      },
    };
    const { sent, storage } = fakeS3((command) =>
      Promise.resolve(
        pages[(command.input as { ContinuationToken?: string }).ContinuationToken ?? 'first'],
      ),
    );
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    expect(keys).toEqual([a.full, a.thumb, b.full]);
    expect(sent.map((command) => command.input)).toEqual([
      { Bucket: 'archive-photos', Prefix: 'community/' },
      { Bucket: 'archive-photos', Prefix: 'community/', ContinuationToken: 'page-2' },
    ]);
  });

  it('puts each photo under the prefix with its type and a year of caching', async () => {
    const { sent, storage } = fakeS3();
    const { full } = newUploadKeys();
    await storage.put(full, JPEG, 'image/jpeg');
    await storage.delete(full);
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect(sent[0]?.input).toMatchObject({
      Bucket: 'archive-photos',
      Key: `community/${full}`,
      Body: JPEG,
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(sent[1]).toBeInstanceOf(DeleteObjectCommand);
    expect(sent[1]?.input).toEqual({ Bucket: 'archive-photos', Key: `community/${full}` });
    expect(storage.folder).toBeNull();
    // The card copy is stored as the photo is.
    const { card } = newUploadKeys();
    await storage.put(card, JPEG, 'image/jpeg');
    expect(sent[2]?.input).toMatchObject({
      Key: `community/${card}`,
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('gives public URLs and owns only those', async () => {
    const { sent, storage } = fakeS3();
    const { full } = newUploadKeys();
    const url = storage.urlOf(full);
    expect(url).toBe(`https://photos.example.org/community/${full}`);
    expect(storage.owns(url)).toBe(true);
    expect(storage.owns(`https://photos.example.org/${full}`)).toBe(false);
    expect(storage.owns(`https://photos.example.org.evil.example/community/${full}`)).toBe(false);
    expect(storage.owns(`/uploads/${full}`)).toBe(false);
    await expect(storage.put('../x.jpg', JPEG, 'image/jpeg')).rejects.toThrow();
    expect(sent).toEqual([]);
  });

  it('keeps a pending photo uncached under pending/ and publishes it by a copy with public headers', async () => {
    const { sent, storage } = fakeS3();
    const pending = newPendingKeys();
    const { full } = newUploadKeys();
    await storage.put(pending.full, JPEG, 'image/jpeg');
    expect(sent[0]?.input).toMatchObject({
      Key: `community/${pending.full}`,
      CacheControl: 'private, no-store',
    });
    await storage.publish(pending.full, full);
    expect(sent[1]).toBeInstanceOf(CopyObjectCommand);
    expect(sent[1]?.input).toEqual({
      Bucket: 'archive-photos',
      Key: `community/${full}`,
      CopySource: `archive-photos/community/${pending.full}`,
      MetadataDirective: 'REPLACE',
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    await expect(storage.publish(full, pending.full)).rejects.toThrow();
    expect(storage.keyOf(storage.urlOf(full))).toBe(full);
    expect(storage.keyOf(`https://photos.example.org/community/${pending.full}`)).toBeNull();
  });

  it('publishes a pending 3D capture with its own type, not a photo’s', async () => {
    const { sent, storage } = fakeS3();
    const [pending, key] = [newPendingCaptureKey('glb'), newCaptureKey('glb')];
    await storage.publish(pending, key);
    expect(sent[0]?.input).toMatchObject({
      Key: `community/${key}`,
      ContentType: 'model/gltf-binary',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(storage.owns(storage.urlOf(key))).toBe(true);
  });

  it('skips publishing a card copy that is not stored, and fails on any other copy failure', async () => {
    const missing = Object.assign(new Error('The specified key does not exist.'), {
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
    const denied = Object.assign(new Error('Access Denied'), { name: 'AccessDenied' });
    const pending = newPendingKeys();
    const { card } = newUploadKeys();
    let copyFails: Error = missing;
    const { sent, storage } = fakeS3((command) => {
      if (command instanceof CopyObjectCommand) return Promise.reject(copyFails);
      if (command instanceof GetObjectCommand) {
        return copyFails === missing
          ? Promise.reject(missing)
          : Promise.resolve({ Body: { transformToByteArray: () => Promise.resolve(JPEG) } });
      }
      return Promise.resolve({});
    });
    expect(await publishIfStored(storage, pending.card, card)).toBe(false);
    expect(sent.map((command) => command.constructor)).toEqual([
      CopyObjectCommand,
      GetObjectCommand,
    ]);
    expect(sent[0]?.input).toMatchObject({
      Key: `community/${card}`,
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    copyFails = denied;
    await expect(publishIfStored(storage, pending.card, card)).rejects.toThrow('Access Denied');
  });

  it('reads an object, and answers null for a missing one', async () => {
    const missing = Object.assign(new Error('The specified key does not exist.'), {
      name: 'NoSuchKey',
    });
    const storage = createS3Storage({
      bucket: 'archive-photos',
      publicUrl: 'https://photos.example.org',
      prefix: '',
      send: (command) => {
        if (!(command instanceof GetObjectCommand)) return Promise.resolve({});
        // The thumbnail is missing; the photo is there.
        return command.input.Key?.endsWith('-thumb.jpg')
          ? Promise.reject(missing)
          : Promise.resolve({ Body: { transformToByteArray: () => Promise.resolve(JPEG) } });
      },
    });
    const pending = newPendingKeys();
    expect(await storage.get(pending.full)).toEqual(JPEG);
    expect(await storage.get(pending.thumb)).toBeNull();
    // A name storage never makes is a bug, not a missing photo.
    await expect(storage.get('pending/gone.jpg')).rejects.toThrow(/Not an upload key/);
  });
});

describe('pending keys', () => {
  it('are random names under pending/, never public keys, beside their thumbnail', () => {
    const keys = newPendingKeys();
    expect(keys.full).toMatch(/^pending\/[0-9a-f-]{36}\.jpg$/);
    expect(keys.thumb).toBe(thumbKeyOf(keys.full));
    expect(keys.card).toBe(cardKeyOf(keys.full));
    expect(fullKeyOf(keys.thumb)).toBe(keys.full);
    expect(fullKeyOf(keys.card)).toBe(keys.full);
    expect([keys.full, keys.thumb, keys.card].every(isPendingKey)).toBe(true);
    expect(isUploadKey(keys.full)).toBe(false);
    expect(newPendingKeys().full).not.toBe(keys.full);
    for (const key of [
      'pending/../x.jpg',
      `pending/${keys.full}`,
      keys.full.replace('.jpg', '.png'),
    ]) {
      expect(isPendingKey(key), key).toBe(false);
    }
  });

  it('in a folder: stored beside the public photos, never served, published by a copy', async () => {
    const dir = tempDir();
    const storage = createFolderStorage({ dir });
    const pending = newPendingKeys();
    const { full } = newUploadKeys();
    await storage.put(pending.full, JPEG, 'image/jpeg');
    expect(await storage.get(pending.full)).toEqual(JPEG);
    expect(await storage.get(full)).toBeNull();
    expect((await serveUpload(dir, 'GET', `/uploads/${pending.full}`)).status).toBe(404);
    await storage.publish(pending.full, full);
    // Publishing twice (an approval retried) is harmless.
    await storage.publish(pending.full, full);
    expect((await serveUpload(dir, 'GET', `/uploads/${full}`)).status).toBe(200);
    expect(readFileSync(join(dir, ...full.split('/')))).toEqual(JPEG);
    await expect(storage.publish(full, pending.full)).rejects.toThrow();
    await storage.delete(pending.full);
    expect(await storage.get(pending.full)).toBeNull();
  });

  it('publishes a card copy when one is stored, and skips one an older upload lacks', async () => {
    const dir = tempDir();
    const storage = createFolderStorage({ dir });
    const [pending, older] = [newPendingKeys(), newPendingKeys()];
    const [target, olderTarget] = [newUploadKeys(), newUploadKeys()];
    await storage.put(pending.card, JPEG, 'image/jpeg');
    expect(await publishIfStored(storage, pending.card, target.card)).toBe(true);
    expect(readFileSync(join(dir, ...target.card.split('/')))).toEqual(JPEG);
    const served = await serveUpload(dir, 'GET', `/uploads/${target.card}`);
    expect([served.status, served.headers['Cache-Control']]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
    expect(await publishIfStored(storage, older.card, olderTarget.card)).toBe(false);
    expect((await serveUpload(dir, 'GET', `/uploads/${olderTarget.card}`)).status).toBe(404);
    // Deleting the card an older upload lacks is no error either (the sweep does so).
    await storage.delete(older.card);
  });
});
