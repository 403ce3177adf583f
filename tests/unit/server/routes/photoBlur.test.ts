/**
 * An editor's blur of a region of a visitor's photo before approving it (issue 31): on real image
 * bytes, the region's pixels are gone from every published copy (full, thumbnail, card) while the
 * rest is kept; the photo as sent stays private and unchanged; and the route takes only an
 * editor's blur of a waiting submission's own photo, with regions inside the photo.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLUR_REGIONS_MAX, regionInPixels, type BlurRegion } from '@/lib/blurRegions';
import { blurImage, NotAPhoto, processImage } from '../../../../server/uploads/imageProcessing';
import { NOT_THIS_SUBMISSIONS_PHOTO } from '../../../../server/routes/photoBlur';
import {
  accessToken,
  APP,
  badTokens,
  makeKeys,
  setup,
  submitOne,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';
import { fileOf, storedFileOf, uploaded } from '../support/photoFixtures';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

/**
 * A 640 × 480 photo of 8-pixel black and white squares: every pixel differs from its neighbour, so
 * any region left sharp has the largest spread of values there is, and a blurred one almost none.
 */
function checkerboard(width = 640, height = 480): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 === 0 ? 0 : 255;
      pixels.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

async function grey(bytes: Buffer): Promise<Grey> {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The standard deviation of the pixels inside `area` (fractions), shrunk by `inset` of its size. */
function spreadIn(image: Grey, area: BlurRegion, inset = 0.1): number {
  const box = regionInPixels(
    {
      x: area.x + area.width * inset,
      y: area.y + area.height * inset,
      width: area.width * (1 - 2 * inset),
      height: area.height * (1 - 2 * inset),
    },
    image.width,
    image.height,
  );
  const values: number[] = [];
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++)
      values.push(image.data[y * image.width + x] ?? 0);
  }
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

/** The mean difference of two same-sized images over the pixels outside `area` grown by `margin`. */
function differenceOutside(a: Grey, b: Grey, area: BlurRegion, margin = 0.05): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const box = regionInPixels(
    {
      x: Math.max(0, area.x - margin),
      y: Math.max(0, area.y - margin),
      width: Math.min(1, area.width + 2 * margin),
      height: Math.min(1, area.height + 2 * margin),
    },
    a.width,
    a.height,
  );
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const inside =
        x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
      if (inside) continue;
      const i = y * a.width + x;
      sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
      count++;
    }
  }
  return sum / count;
}

const FACE: BlurRegion = { x: 0.25, y: 0.2, width: 0.5, height: 0.5 };

describe('blurImage', () => {
  it('blurs the regions beyond recognition in the full photo, thumbnail and card, and keeps the rest', async () => {
    const stored = await processImage(await checkerboard());
    const before = await grey(stored.full);
    expect(spreadIn(before, FACE)).toBeGreaterThan(100);

    const plate: BlurRegion = { x: 0.05, y: 0.8, width: 0.2, height: 0.1 };
    const blurred = await blurImage(stored.full, [FACE, plate]);
    expect([blurred.width, blurred.height]).toEqual([640, 480]);
    const after = await grey(blurred.full);
    for (const region of [FACE, plate]) expect(spreadIn(after, region)).toBeLessThan(6);
    // Everything else is the photo as it was (JPEG's re-encoding aside).
    expect(differenceOutside(before, after, FACE)).toBeLessThan(4);
    // Squares of the same colour in the sharp part stay black and white.
    expect(spreadIn(after, { x: 0.8, y: 0.05, width: 0.15, height: 0.1 })).toBeGreaterThan(100);
    // The small copies are made from the blurred photo, not the one sent.
    for (const copy of [blurred.thumb, blurred.card]) {
      expect(spreadIn(await grey(copy), FACE)).toBeLessThan(6);
    }
    const meta = await sharp(blurred.full).metadata();
    expect([meta.format, meta.exif, meta.icc]).toEqual(['jpeg', undefined, undefined]);
  });

  it('blurs a region on the photo’s edge and one of a single pixel without failing', async () => {
    const stored = await processImage(await checkerboard(200, 100));
    const blurred = await blurImage(stored.full, [
      { x: 0.9, y: 0.9, width: 0.1, height: 0.1 },
      { x: 0, y: 0, width: 0.01, height: 0.01 },
    ]);
    expect([blurred.width, blurred.height]).toEqual([200, 100]);
  });

  it('refuses bytes that are not a photo', async () => {
    await expect(blurImage(Buffer.from('not a photo'), [FACE])).rejects.toBeInstanceOf(NotAPhoto);
  });
});

describe('POST /submissions/:id/blur', () => {
  async function photoSubmission(ctx: ReturnType<typeof setup>, photo: Buffer) {
    const sent = uploaded(
      await ctx.call('POST', '/uploads', { body: photo, headers: { Origin: APP } }),
    );
    const id = await submitOne(ctx.call, {
      ...VIDEO_SUBMISSION,
      kind: 'photos',
      youtube_url: null,
      images: [sent.image],
    });
    return { sent, id };
  }

  it('makes a blurred copy of the submission’s photo that its approval publishes, and never the photo sent', async () => {
    const ctx = setup({ keys });
    try {
      const { call, folder, store } = ctx;
      const { sent, id } = await photoSubmission(ctx, await checkerboard());
      const originalFile = await storedFileOf(folder, store, sent.image.fullUrl);
      const original = readFileSync(originalFile);
      const token = await accessToken(keys);

      const response = await call('POST', `/submissions/${id}/blur`, {
        token,
        body: { photo: sent.image.fullUrl, regions: [FACE] },
      });
      const copy = uploaded(response);
      expect(copy.pending).toBe(true);
      expect([copy.width, copy.height]).toEqual([640, 480]);
      expect(copy.image.fullUrl).not.toBe(sent.image.fullUrl);
      // The copy waits as the photo does: not at its public URL, but to editors.
      expect(existsSync(fileOf(folder, copy.image.fullUrl))).toBe(false);
      const shown = await call('GET', copy.image.fullUrl, { token });
      expect(shown.status).toBe(200);
      expect(spreadIn(await grey(Buffer.from(shown.body)), FACE)).toBeLessThan(6);
      expect(
        (await store.findUpload(copy.image.fullUrl.slice('/uploads/'.length)))?.submissionId,
      ).toBe(id);

      const approved = await call('POST', `/submissions/${id}/approve`, {
        token,
        body: {
          video_id: 'blurred-porch',
          type: 'gallery',
          title: 'Porch on Page Avenue',
          images: [copy.image],
          lat: 38.66,
          lng: -90.25,
        },
      });
      expect(approved.status, JSON.stringify(approved.json)).toBe(201);
      for (const url of Object.values(copy.image)) {
        const published = await grey(readFileSync(fileOf(folder, url)));
        expect(spreadIn(published, FACE), url).toBeLessThan(6);
      }
      // The photo as sent: never public, still private and unchanged, swept with the submission.
      for (const url of Object.values(sent.image)) {
        expect(existsSync(fileOf(folder, url)), url).toBe(false);
      }
      expect(readFileSync(originalFile).equals(original)).toBe(true);
      const record = await store.findUpload(sent.image.fullUrl.slice('/uploads/'.length));
      expect([record?.submissionId, record?.publishedAt]).toEqual([id, null]);
      // Decided: no further copies.
      const late = await call('POST', `/submissions/${id}/blur`, {
        token,
        body: { photo: sent.image.fullUrl, regions: [FACE] },
      });
      expect(late.status).toBe(409);
    } finally {
      ctx.cleanup();
    }
  });

  it('takes only an editor’s blur of a waiting submission’s own photo, with regions inside it', async () => {
    const ctx = setup({ keys });
    try {
      const { call } = ctx;
      const { sent, id } = await photoSubmission(ctx, await checkerboard(160, 120));
      const other = await photoSubmission(ctx, await checkerboard(160, 120));
      const unclaimed = uploaded(
        await call('POST', '/uploads', {
          body: await checkerboard(80, 60),
          headers: { Origin: APP },
        }),
      );
      const token = await accessToken(keys);
      const stored = readdirSync(join(ctx.folder, 'pending')).length;
      const blur = (
        body: unknown,
        as: string | undefined = token,
        path = `/submissions/${id}/blur`,
      ) => call('POST', path, { ...(as ? { token: as } : {}), body });
      const good = { photo: sent.image.fullUrl, regions: [FACE] };

      for (const [name, bad, status] of badTokens(keys)) {
        const response = await call('POST', `/submissions/${id}/blur`, {
          token: await bad(),
          body: good,
        });
        expect(response.status, name).toBe(status);
      }
      expect((await blur(good, token, '/submissions/9999/blur')).status).toBe(404);
      expect((await blur(good, token, '/submissions/abc/blur')).status).toBe(404);

      const notItsOwn = [
        other.sent.image.fullUrl,
        unclaimed.image.fullUrl,
        sent.image.thumbUrl,
        'https://elsewhere.example/photo.jpg',
        '/uploads/pending/00000000-0000-4000-8000-000000000000.jpg',
        '/uploads/../archive.json',
      ];
      for (const photo of notItsOwn) {
        const response = await blur({ photo, regions: [FACE] });
        expect(response.status, photo).toBe(400);
        expect(response.json, photo).toMatchObject({
          errors: [{ path: 'photo', message: NOT_THIS_SUBMISSIONS_PHOTO }],
        });
      }
      const badRegions: unknown[] = [
        [],
        [{ x: -0.1, y: 0, width: 0.5, height: 0.5 }],
        [{ x: 0.8, y: 0, width: 0.5, height: 0.5 }],
        [{ x: 0, y: 0, width: 0.001, height: 0.5 }],
        [{ x: '0', y: 0, width: 0.5, height: 0.5 }],
        [{ x: 0, y: 0, width: 0.5, height: 0.5, blur: 0 }],
        [{ x: Number.NaN, y: 0, width: 0.5, height: 0.5 }],
        Array.from({ length: BLUR_REGIONS_MAX + 1 }, () => FACE),
        'everything',
      ];
      for (const regions of badRegions) {
        const response = await blur({ photo: sent.image.fullUrl, regions });
        expect(response.status, JSON.stringify(regions)).toBe(400);
      }
      expect((await blur('not json')).status).toBe(400);
      expect((await blur({ ...good, extra: true })).status).toBe(400);
      // None of these stored a copy.
      expect(readdirSync(join(ctx.folder, 'pending'))).toHaveLength(stored);

      await call('POST', `/submissions/${id}/reject`, { token });
      expect((await blur(good)).status).toBe(409);
    } finally {
      ctx.cleanup();
    }
  });
});
