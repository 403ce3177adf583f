/**
 * The pictures drawn in the page: the fallback video thumbnail (public/default-thumb.jpg) and
 * every local image URL of the sample archive under public/sample/ (a gallery image's full size
 * and thumbnail, a 3D capture's captioned poster, a video's thumbnail).
 */
import fs from 'node:fs';
import path from 'node:path';
import { debrisSplat, houseModel, SAMPLE_CAPTURES } from '../sample-captures.mjs';
import { publicDir, publicFile, sampleDir, writeDataUrl } from './files.mjs';

const JPEG_QUALITY = 0.8;
const FULL_SIZE = { width: 1280, height: 853 };
const THUMB_SIZE = { width: 320, height: 213 };
const VIDEO_THUMB_SIZE = { width: 640, height: 360 };

/** The sample's 3D captures by the URL the archive names them with. */
const SAMPLE_CAPTURE_BYTES = new Map([
  [`/${SAMPLE_CAPTURES.house}`, () => houseModel()],
  [`/${SAMPLE_CAPTURES.debris}`, () => debrisSplat()],
]);

/** Draws public/default-thumb.jpg in `page`. */
export async function writeDefaultThumb(page) {
  writeDataUrl(
    path.join(publicDir, 'default-thumb.jpg'),
    await page.evaluate((args) => window.artwork.drawDefaultThumb(args), {
      ...VIDEO_THUMB_SIZE,
      quality: JPEG_QUALITY,
    }),
  );
}

/** A gallery image's full size and thumbnail: a drawn scene, or a capture's captioned poster. */
async function galleryPicture({ page, posterPage }, picture, capture) {
  const captureBytes = capture && SAMPLE_CAPTURE_BYTES.get(capture.url);
  if (!captureBytes) {
    return page.evaluate((args) => window.artwork.drawGalleryImage(args), picture);
  }
  return page.evaluate((args) => window.artwork.captionCapturePoster(args), {
    ...picture,
    poster: await posterPage.evaluate((args) => window.capturePoster(args), {
      base64: captureBytes().toString('base64'),
      format: capture.format,
      ...FULL_SIZE,
    }),
  });
}

/**
 * Rebuilds public/sample/ from scratch (it is ours alone, so removed nodes leave nothing behind):
 * every node's pictures, drawn with `pages` (chromium.mjs withArtworkPages).
 */
export async function writeSamplePictures(pages, nodes) {
  fs.rmSync(sampleDir, { recursive: true, force: true });
  for (const node of nodes) {
    const slim = { video_id: node.video_id, title: node.title, categories: node.categories };
    if (node.type === 'gallery') {
      const images = node.images ?? [];
      for (let i = 0; i < images.length; i++) {
        const fullFile = publicFile(images[i].fullUrl ?? images[i].full);
        const thumbFile = publicFile(images[i].thumbUrl ?? images[i].thumb);
        const picture = {
          node: slim,
          n: i + 1,
          count: images.length,
          full: FULL_SIZE,
          thumb: THUMB_SIZE,
          quality: JPEG_QUALITY,
        };
        const out = await galleryPicture(pages, picture, images[i].capture);
        if (fullFile) writeDataUrl(fullFile, out.full);
        if (thumbFile) writeDataUrl(thumbFile, out.thumb);
      }
    } else if (publicFile(node.thumbUrl)) {
      const out = await pages.page.evaluate((args) => window.artwork.drawVideoThumb(args), {
        node: slim,
        size: VIDEO_THUMB_SIZE,
        quality: JPEG_QUALITY,
      });
      writeDataUrl(publicFile(node.thumbUrl), out);
    }
  }
}

/** The local URLs the archive names that have no file under public/. */
export function missingSampleFiles(nodes) {
  const missing = [];
  for (const node of nodes) {
    const urls = [
      node.thumbUrl,
      ...(node.images ?? []).flatMap((im) => [
        im.thumbUrl ?? im.thumb,
        im.fullUrl ?? im.full,
        im.cardUrl,
      ]),
    ];
    for (const url of urls) {
      const file = publicFile(url);
      if (file && !fs.existsSync(file)) missing.push(url);
    }
  }
  return missing;
}
