/**
 * Blurring part of a visitor's photo before it is published (issue 31): the regions an editor
 * draws on the review's preview, as fractions of the photo's width and height, so the preview's
 * size on screen does not matter. One schema for the editor's dialog and the nodes-service.
 */
import { z } from 'zod';

/** A rectangle of the photo, each number a fraction of its width or height (0 to 1). */
export interface BlurRegion {
  /** Left edge, from the photo's left. */
  x: number;
  /** Top edge, from the photo's top. */
  y: number;
  width: number;
  height: number;
}

/** Regions one blur may name (faces in a crowd, plates, house numbers). */
export const BLUR_REGIONS_MAX = 20;

/** The smallest side a region may have, a fraction of the photo's side (1 %). */
export const BLUR_REGION_MIN = 0.01;

/** What `POST /api/submissions/:id/blur` takes. */
export interface BlurRequest {
  /** The full-size URL of a photo the submission sent (one of its `images[].fullUrl`). */
  photo: string;
  regions: BlurRegion[];
}

const fraction = z
  .number({ error: 'Must be a number from 0 to 1.' })
  .finite({ error: 'Must be a number from 0 to 1.' })
  .min(0, { error: 'Must be a number from 0 to 1.' })
  .max(1, { error: 'Must be a number from 0 to 1.' });

const side = fraction.min(BLUR_REGION_MIN, {
  error: `A region must be at least ${BLUR_REGION_MIN * 100} % of the photo's width and height.`,
});

const regionSchema = z
  .object(
    { x: fraction, y: fraction, width: side, height: side },
    { error: 'A region must be an object with x, y, width and height.' },
  )
  .strict()
  .refine((r) => r.x + r.width <= 1 + 1e-9 && r.y + r.height <= 1 + 1e-9, {
    error: 'A region must lie within the photo.',
  });

export const blurRequestSchema = z
  .object(
    {
      photo: z
        .string({ error: 'Name the photo to blur by its full-size URL.' })
        .min(1, { error: 'Name the photo to blur by its full-size URL.' })
        .max(2048, { error: 'Name the photo to blur by its full-size URL.' }),
      regions: z
        .array(regionSchema, { error: 'regions must be a list of rectangles.' })
        .min(1, { error: 'Draw at least one region to blur.' })
        .max(BLUR_REGIONS_MAX, { error: `At most ${BLUR_REGIONS_MAX} regions at once.` }),
    },
    { error: 'The blur must be a JSON object.' },
  )
  .strict();

/** A region kept within the photo and at least `BLUR_REGION_MIN` on each side. */
export function clampRegion(region: BlurRegion): BlurRegion {
  const width = Math.min(1, Math.max(BLUR_REGION_MIN, region.width));
  const height = Math.min(1, Math.max(BLUR_REGION_MIN, region.height));
  return {
    x: Math.min(1 - width, Math.max(0, region.x)),
    y: Math.min(1 - height, Math.max(0, region.y)),
    width,
    height,
  };
}

/**
 * The rectangle of `region` in a photo of `width` × `height` pixels: whole pixels, covering every
 * pixel the fractions touch, at least one pixel on each side, inside the photo.
 */
export function regionInPixels(
  region: BlurRegion,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } {
  const left = Math.min(width - 1, Math.max(0, Math.floor(region.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.floor(region.y * height)));
  const right = Math.min(width, Math.max(left + 1, Math.ceil((region.x + region.width) * width)));
  const bottom = Math.min(
    height,
    Math.max(top + 1, Math.ceil((region.y + region.height) * height)),
  );
  return { left, top, width: right - left, height: bottom - top };
}
