/** A sample gallery image: a drawn scene for its node, captioned, at full size and thumbnail. */
import { captioned } from './captions';
import { canvasOf, context2d } from './drawing';
import { makeRng } from './random';
import { paintScene, vignette } from './scene/paintScene';
import { themeFor } from './scene/themes';
import type { CaptionedPicture, PictureSizes, SampleNode } from './types';

export interface GalleryImageRequest extends PictureSizes {
  node: SampleNode;
  /** The image's place in its gallery, from 1. */
  n: number;
  count: number;
}

/** A gallery image: the full picture and its thumbnail (same scene, caption redrawn to size). */
export function drawGalleryImage({
  node,
  n,
  count,
  ...sizes
}: GalleryImageRequest): CaptionedPicture {
  const { full } = sizes;
  const rng = makeRng(`${node.video_id}#${n}`);
  const scene = canvasOf(full.width, full.height);
  const ctx = context2d(scene);
  paintScene(ctx, full.width, full.height, themeFor(node, n), rng);
  vignette(ctx, full.width, full.height);
  return captioned(scene, sizes, `Sample image — ${node.title} (${n}/${count})`);
}
