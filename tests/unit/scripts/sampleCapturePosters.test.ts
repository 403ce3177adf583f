import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/*
 * The sample archive's 3D captures show posters rendered from the captures themselves by the app's
 * viewer (scripts/make-artwork.mjs with scripts/capturePosterRuntime.ts), so a visitor who opens
 * one sees what its poster promised, not a drawn street scene.
 */

const ROOT = join(import.meta.dirname, '../../..');
/** The capture viewer's background (`scene.clearColor` in createCaptureViewer.ts), 0-255. */
const VIEWER_BACKGROUND: Colour = [11, 20, 38];

type Colour = [number, number, number];

const distance = (a: Colour, b: Colour) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

interface Entry {
  thumbUrl: string;
  fullUrl: string;
  capture?: { url: string; format: string };
}

const archive = JSON.parse(readFileSync(join(ROOT, 'server/data/sample-archive.json'), 'utf8')) as {
  nodes: { video_id: string; images?: Entry[] }[];
};
const captures = archive.nodes.flatMap((node) =>
  (node.images ?? [])
    .filter((entry) => entry.capture)
    .map((entry) => ({ id: node.video_id, entry })),
);

/** The mean colour of a square of `file`'s pixels at (left, top). */
async function meanColour(file: string, left: number, top: number, size = 40): Promise<Colour> {
  const { data, info } = await sharp(join(ROOT, 'public', file))
    .extract({ left, top, width: size, height: size })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums: Colour = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) {
    sums[0] += data.readUInt8(i);
    sums[1] += data.readUInt8(i + 1);
    sums[2] += data.readUInt8(i + 2);
  }
  const pixels = data.length / info.channels;
  return [sums[0] / pixels, sums[1] / pixels, sums[2] / pixels];
}

describe('the sample archive’s 3D capture posters', () => {
  it('has a model and a splat', () => {
    expect(captures.map(({ entry }) => entry.capture?.format).sort()).toEqual(['glb', 'splat']);
  });

  it.each(captures)(
    '$id: the poster is a render of the capture on the viewer’s background',
    async ({ entry }) => {
      const { width, height } = await sharp(join(ROOT, 'public', entry.fullUrl)).metadata();
      expect({ width, height }).toEqual({ width: 1280, height: 853 });
      // The top corners are the viewer's empty background (a drawn scene has sky there)…
      for (const left of [0, 1240]) {
        const corner = await meanColour(entry.fullUrl, left, 0);
        expect(distance(corner, VIEWER_BACKGROUND)).toBeLessThan(8);
      }
      // …and the middle is the capture, far from it.
      const middle = await meanColour(entry.fullUrl, 620, 440);
      expect(distance(middle, VIEWER_BACKGROUND)).toBeGreaterThan(40);
      const thumb = await sharp(join(ROOT, 'public', entry.thumbUrl)).metadata();
      expect({ width: thumb.width, height: thumb.height }).toEqual({ width: 320, height: 213 });
    },
  );
});
