import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FORMATS_TEXT, UPLOAD_MAX_BYTES } from '@/lib/submissionSchema';
import { CARD_MAX_EDGE, processImage } from '../../../../server/uploads/imageProcessing';
import { APP, makeKeys, setup, type TestKeys } from '../support/communityHarness';
import { cameraJpeg, pixelBomb, storedFileOf, uploaded } from '../support/photoFixtures';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

const NOT_A_PHOTO = `This file is not a photo: send a ${UPLOAD_FORMATS_TEXT} image.`;
const TOO_LARGE = 'The photo is too large: at most 10 MB.';

describe('POST /uploads', () => {
  it('stores an upright JPEG, thumbnail and card copy with every bit of metadata removed', async () => {
    const { call, folder, media, store, cleanup } = setup({ keys });
    try {
      const original = await cameraJpeg();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      expect(original.includes('PhoneCo')).toBe(true);
      const result = uploaded(
        await call('POST', '/uploads', {
          body: original,
          headers: { 'Content-Type': 'application/octet-stream', Origin: APP },
        }),
      );
      // Orientation 6 applied: the 400 × 300 stored pixels show as 300 × 400.
      expect([result.width, result.height]).toEqual([300, 400]);
      const { fullUrl, thumbUrl, cardUrl } = result.image;
      expect([fullUrl, thumbUrl, cardUrl].every((url) => media?.owns(url))).toBe(true);
      // The three files of one upload sit side by side.
      expect(thumbUrl).toBe(fullUrl.replace(/\.jpg$/, '-thumb.jpg'));
      expect(cardUrl).toBe(fullUrl.replace(/\.jpg$/, '-card.jpg'));
      const full = readFileSync(await storedFileOf(folder, store, fullUrl));
      const thumb = readFileSync(await storedFileOf(folder, store, thumbUrl));
      const card = readFileSync(await storedFileOf(folder, store, cardUrl));
      expect(result.bytes).toBe(full.length);
      // Every stored byte counts against the quotas.
      const record = await store.findUpload(fullUrl.replace('/uploads/', ''));
      expect(record?.bytes).toBe(full.length + thumb.length + card.length);
      for (const file of [full, thumb, card]) {
        const metadata = await sharp(file).metadata();
        expect(metadata.format).toBe('jpeg');
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        expect(file.includes('PhoneCo') || file.includes('Exif')).toBe(false);
      }
      // The red (left) half is now on top.
      const { data, info } = await sharp(full).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      expect(pixel(150, 20)[0]).toBeGreaterThan(200);
      expect(pixel(150, 380)[2]).toBeGreaterThan(200);
    } finally {
      cleanup();
    }
  });

  it('fits large photos within 2560 px, thumbnails within 640 px and cards within 320 px, on white', async () => {
    const { call, folder, store, cleanup } = setup({ keys });
    try {
      const transparentPng = await sharp({
        create: {
          width: 3000,
          height: 2000,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .png()
        .toBuffer();
      const result = uploaded(await call('POST', '/uploads', { body: transparentPng }));
      expect([result.width, result.height]).toEqual([2560, 1707]);
      const thumbFile = await storedFileOf(folder, store, result.image.thumbUrl);
      const thumb = await sharp(readFileSync(thumbFile)).metadata();
      expect([thumb.width, thumb.height]).toEqual([640, 427]);
      const cardFile = await storedFileOf(folder, store, result.image.cardUrl);
      const card = await sharp(readFileSync(cardFile)).metadata();
      expect([card.format, card.width, card.height]).toEqual(['jpeg', 320, 213]);
      const fullFile = await storedFileOf(folder, store, result.image.fullUrl);
      const { data } = await sharp(readFileSync(fullFile))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)].every((channel) => channel > 245)).toBe(true);
    } finally {
      cleanup();
    }
  });

  it('never enlarges, and takes WebP, AVIF, TIFF and the first frame of an animated GIF', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const small = sharp({ create: { width: 120, height: 80, channels: 3, background: 'green' } });
      const frame = (colour: string) =>
        sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
          .png()
          .toBuffer();
      const gif = await sharp([await frame('red'), await frame('blue')], {
        join: { animated: true },
      })
        .gif()
        .toBuffer();
      for (const [name, body, size] of [
        ['webp', await small.clone().webp().toBuffer(), [120, 80]],
        ['avif', await small.clone().avif().toBuffer(), [120, 80]],
        ['tiff', await small.clone().tiff().toBuffer(), [120, 80]],
        ['gif', gif, [60, 40]],
      ] as const) {
        const result = uploaded(await call('POST', '/uploads', { body, clientAddress: name }));
        expect([result.width, result.height], name).toEqual(size);
      }
    } finally {
      cleanup();
    }
  });

  it('refuses what is not a photo by its content, whatever it is called (415)', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const jpeg = await cameraJpeg();
      const bodies: [string, Buffer][] = [
        ['a text file named photo.jpg', Buffer.from('Just some notes, not a photo.\n'.repeat(20))],
        ['a truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
        [
          'an SVG',
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
        ],
        ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<<>>\n%%EOF\n')],
        ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ];
      for (const [name, body] of bodies) {
        const response = await call('POST', '/uploads', {
          body,
          headers: {
            'Content-Type': 'image/jpeg',
            'Content-Disposition': 'attachment; filename="photo.jpg"',
          },
        });
        expect(response.status, name).toBe(415);
        expect(response.json, name).toEqual({ error: NOT_A_PHOTO });
      }
      expect((await call('POST', '/uploads')).status).toBe(400);
    } finally {
      cleanup();
    }
  });

  it('refuses more than 10 MB (413), by its declared length or its bytes, and pixel bombs', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const declared = await call('POST', '/uploads', {
        headers: { 'Content-Length': String(50 * 1024 * 1024) },
      });
      expect([declared.status, declared.json]).toEqual([413, { error: TOO_LARGE }]);
      const sent = await call('POST', '/uploads', { body: Buffer.alloc(UPLOAD_MAX_BYTES + 1) });
      expect([sent.status, sent.json]).toEqual([413, { error: TOO_LARGE }]);
      const bomb = await call('POST', '/uploads', { body: pixelBomb() });
      expect(bomb.status).toBe(413);
      expect((bomb.json as { error: string }).error).toBe(
        'The photo is too large: at most 60 megapixels (this one is 100000 × 100000).',
      );
    } finally {
      cleanup();
    }
  });
});

describe('processImage', () => {
  it('makes a card copy within 320 px for the globe, never enlarged, smaller than the thumbnail', async () => {
    const size = async (bytes: Buffer) => {
      const { format, width, height } = await sharp(bytes).metadata();
      return [format, width, height];
    };
    const portrait = await sharp({
      create: { width: 1500, height: 2000, channels: 3, background: 'orange' },
    })
      .jpeg()
      .toBuffer();
    const tall = await processImage(portrait);
    expect(CARD_MAX_EDGE).toBe(320);
    expect(await size(tall.card)).toEqual(['jpeg', 240, 320]);
    expect(tall.card.length).toBeLessThan(tall.thumb.length);
    const small = await processImage(
      await sharp({ create: { width: 120, height: 80, channels: 3, background: 'green' } })
        .png()
        .toBuffer(),
    );
    expect(await size(small.card)).toEqual(['jpeg', 120, 80]);
  });
});
