/**
 * Photos for the upload tests, made with sharp (a camera-like JPEG with EXIF, a pixel bomb), and
 * helpers to read an upload's answer and find its files.
 */
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { UploadLedger } from '../../../../server/storage/uploadLedger';
import { fullKeyOf, keysOf } from '../../../../server/uploads/mediaStorage';
import type { JsonResponse } from './communityHarness';

/** What `POST /uploads` answers. */
export interface Uploaded {
  image: { thumbUrl: string; fullUrl: string; cardUrl: string };
  width: number;
  height: number;
  bytes: number;
  /** A visitor's photo, private until an editor publishes it. */
  pending: boolean;
}

/**
 * A 400 × 300 JPEG, red on its left half and blue on its right, whose EXIF says "rotate 90°
 * clockwise to show" (orientation 6) and where it was taken (GPS).
 */
export function cameraJpeg(): Promise<Buffer> {
  const red = { create: { width: 200, height: 300, channels: 3 as const, background: 'red' } };
  return sharp({ create: { width: 400, height: 300, channels: 3, background: 'blue' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'PhoneCo', Model: 'Phone 9', Copyright: 'Sam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '38/1 39/1 4271/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '90/1 14/1 3000/100',
        },
      },
    })
    .toBuffer();
}

/** A PNG that declares 100,000 × 100,000 pixels in a few bytes: a decompression bomb. */
export function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(100_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The file of a local photo URL in the upload folder. */
export function fileOf(folder: string, url: string): string {
  return join(folder, ...url.replace(/^\/uploads\//, '').split('/'));
}

/**
 * The file holding a local photo URL's bytes: while the photo waits for review, its private file
 * (which the store alone links to the URL), else its public one.
 */
export async function storedFileOf(
  folder: string,
  ledger: UploadLedger,
  url: string,
): Promise<string> {
  const key = url.replace(/^\/uploads\//, '');
  const record = await ledger.findUpload(fullKeyOf(key));
  if (record === null || record.publishedAt !== null) return fileOf(folder, url);
  const [publicKeys, pendingKeys] = [keysOf(record.publicKey), keysOf(record.pendingKey)];
  const which = (['full', 'thumb', 'card'] as const).find((file) => publicKeys[file] === key);
  return join(folder, ...pendingKeys[which ?? 'full'].split('/'));
}

/** The answer of an upload that must succeed (201). */
export function uploaded(response: JsonResponse): Uploaded {
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json as Uploaded;
}
