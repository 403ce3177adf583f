/**
 * A published photo's IIIF Image API 3.0 level-0 service (issue 52): made when it is published,
 * within the budget for a 24-megapixel photo, whole or not at all, and served by `/uploads/`
 * with the headers IIIF clients need.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { serveUpload } from '../../../../server/app/uploadFiles';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import { processImage } from '../../../../server/uploads/imageProcessing';
import {
  makeImageTiles,
  readImageService,
  tileMissing,
} from '../../../../server/uploads/imageTiles';
import {
  IIIF_IMAGE_INFO_TYPE,
  iiifBaseOf,
  isIiifKey,
  isStoredKey,
  keysOf,
  newUploadKeys,
  UPLOAD_CONTENT_TYPE,
} from '../../../../server/uploads/mediaStorage';
import type { MediaStorage } from '../../../../server/uploads/mediaStorage';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function storage(): { media: MediaStorage; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'globe-iiif-test-'));
  temps.push(dir);
  return { media: createFolderStorage({ dir }), dir };
}

/** A photo with detail everywhere (noise), as a camera's JPEG is: `width` × `height` pixels. */
async function cameraPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#557',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function publishPhoto(media: MediaStorage, bytes: Buffer) {
  const photo = await processImage(bytes);
  const keys = newUploadKeys(new Date('2026-12-01T00:00:00Z'));
  await media.put(keys.full, photo.full, UPLOAD_CONTENT_TYPE);
  await media.put(keys.thumb, photo.thumb, UPLOAD_CONTENT_TYPE);
  return { keys, photo };
}

describe('IIIF image tiles', () => {
  it('publishes a 24-megapixel photo with its tiles within 3 s, every tile a named key', async () => {
    const { media, dir } = storage();
    const camera = await cameraPhoto(6000, 4000);
    const started = performance.now();
    const { keys, photo } = await publishPhoto(media, camera);
    const service = await makeImageTiles(media, keys.full, photo.full);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(3000);
    const base = iiifBaseOf(keys.full);
    expect(service).toEqual({ id: `/uploads/${base}`, width: 2560, height: 1707 });

    const stored: string[] = [];
    for await (const key of media.keys()) if (isIiifKey(key)) stored.push(key);
    // Every scale down to one tile: 5 × 4, 3 × 2, 2 × 1 and 1 at 512 pixels, and the smallest size.
    expect(stored).toContain(`${base}/info.json`);
    expect(stored).toContain(`${base}/0,0,512,512/512,512/0/default.jpg`);
    expect(stored).toContain(`${base}/2048,1536,512,171/512,171/0/default.jpg`);
    expect(stored).toContain(`${base}/0,0,2048,1707/512,427/0/default.jpg`);
    expect(stored.length).toBe(30);
    expect(stored.every(isStoredKey)).toBe(true);
    const tile = await media.get(`${base}/1024,1024,512,512/512,512/0/default.jpg`);
    expect(await sharp(tile as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 512 });

    // Served as IIIF clients need it: absolute id on SITE_URL, its type, CORS.
    const info = await serveUpload(
      dir,
      'GET',
      `/uploads/${base}/info.json`,
      'https://archive.example',
    );
    expect(info.status).toBe(200);
    expect(info.headers['Content-Type']).toBe(IIIF_IMAGE_INFO_TYPE);
    expect(info.headers['Access-Control-Allow-Origin']).toBe('*');
    const body = JSON.parse(String(info.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      '@context': 'http://iiif.io/api/image/3/context.json',
      id: `https://archive.example/uploads/${base}`,
      type: 'ImageService3',
      profile: 'level0',
      width: 2560,
      height: 1707,
      tiles: [{ width: 512, scaleFactors: [1, 2, 4, 8] }],
    });
    const tileAnswer = await serveUpload(
      dir,
      'GET',
      `/uploads/${base}/0,0,512,512/512,512/0/default.jpg`,
    );
    expect(tileAnswer.status).toBe(200);
    expect(tileAnswer.headers['Content-Type']).toBe('image/jpeg');
    expect(tileAnswer.headers['Cache-Control']).toContain('immutable');
  });

  it('makes nothing twice, and a cut-off run is finished by the next', async () => {
    const { media } = storage();
    const { keys } = await publishPhoto(media, await cameraPhoto(1200, 800));
    const base = iiifBaseOf(keys.full) as string;
    const first = await makeImageTiles(media, keys.full);
    expect(first).toMatchObject({ width: 1200, height: 800 });
    // Cut off before its info.json: the tiles stay, and the next run finishes it.
    await media.delete(`${base}/info.json`);
    expect(await readImageService(media, keys.full)).toBeNull();
    expect(await makeImageTiles(media, keys.full)).toEqual(first);
    expect(await makeImageTiles(media, keys.full)).toEqual(first);
  });

  it('makes none for a capture, a copy, a pending photo or a photo not stored', async () => {
    const { media } = storage();
    const keys = newUploadKeys();
    expect(await makeImageTiles(media, keys.full)).toBeNull();
    expect(await makeImageTiles(media, keysOf(keys.full).thumb)).toBeNull();
    expect(await makeImageTiles(media, keys.full.replace(/\.jpg$/, '.glb'))).toBeNull();
    expect(
      await makeImageTiles(media, 'pending/0b0c7e7e-1111-4222-8333-444455556666.jpg'),
    ).toBeNull();
  });

  it('serves nothing but a well-formed IIIF name from the folder', async () => {
    const { media, dir } = storage();
    const { keys } = await publishPhoto(media, await cameraPhoto(800, 600));
    await makeImageTiles(media, keys.full);
    const base = iiifBaseOf(keys.full) as string;
    for (const path of [
      `/uploads/${base}/../../../${keys.full}`,
      `/uploads/${base}/%2e%2e/info.json`,
      `/uploads/${base}/0,0,512,512/512,512/90/default.jpg`,
      `/uploads/${base}/0,0,512,512/512,512/0/default.png`,
      `/uploads/${base}/info.json.partial`,
      `/uploads/iiif/${keys.full}`,
    ]) {
      expect((await serveUpload(dir, 'GET', path)).status, path).toBe(404);
    }
  });
});

describe('npm run iiif:tiles', () => {
  it('tiles every stored photo that lacks tiles, leaves the rest, and names what it could not', async () => {
    const { media } = storage();
    const one = await publishPhoto(media, await cameraPhoto(900, 700));
    const two = await publishPhoto(media, await cameraPhoto(700, 900));
    await makeImageTiles(media, two.keys.full);
    const lines: string[] = [];
    const gone = newUploadKeys().full;
    const report = await tileMissing(
      media,
      [
        media.urlOf(one.keys.full),
        media.urlOf(two.keys.full),
        media.urlOf(one.keys.full),
        media.urlOf(gone),
        '/sample/porch/1.jpg',
        'https://elsewhere.example/photo.jpg',
      ],
      (line) => lines.push(line),
    );
    expect(report).toEqual({ made: 1, had: 1, failed: 1 });
    expect(lines).toEqual([`${gone}: the photo is not in storage.`]);
    expect(await readImageService(media, one.keys.full)).toMatchObject({ width: 900, height: 700 });
  });
});
