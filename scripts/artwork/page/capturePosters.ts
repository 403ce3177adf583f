/**
 * A sample 3D capture's gallery picture: its poster (rendered by the app's own viewer on a page of
 * its own, scripts/capturePosterRuntime.ts) with the caption strip the drawn pictures carry.
 */
import { captioned } from './captions';
import { canvasOf, context2d } from './drawing';
import type { GalleryImageRequest } from './galleryImages';
import type { CaptionedPicture } from './types';

export interface CapturePosterRequest extends GalleryImageRequest {
  /** The capture's render, a JPEG data URL at the full size. */
  poster: string;
}

/**
 * A 3D capture's poster: the render of the capture (a JPEG data URL at the full size) with the
 * same caption strip as the drawn pictures, and its thumbnail.
 */
export async function captionCapturePoster({
  node,
  n,
  count,
  poster,
  ...sizes
}: CapturePosterRequest): Promise<CaptionedPicture> {
  const { full } = sizes;
  const image = new Image();
  image.src = poster;
  await image.decode();
  const scene = canvasOf(full.width, full.height);
  context2d(scene).drawImage(image, 0, 0, full.width, full.height);
  return captioned(scene, sizes, `Sample 3D capture — ${node.title} (${n}/${count})`);
}
