/** The sample gallery images' card-sized copies (`cardUrl`), made from their full-size files. */
import sharp from 'sharp';
import { publicFile } from './files.mjs';

/**
 * A gallery image's card-sized copy (`cardUrl`), made from its full-size file by sharp exactly as
 * the nodes-service makes an upload's (server/uploads/imageProcessing.ts CARD_MAX_EDGE and
 * CARD_JPEG_QUALITY): within 320 × 320, mozjpeg quality 78. Same bytes for the same input and
 * library version, like the WebP maps.
 */
const SAMPLE_CARD = { maxEdge: 320, quality: 78 };

/** Writes each sample gallery image's card-sized copy from its full-size file (drawn already). */
export async function writeSampleCards(nodes) {
  let count = 0;
  for (const node of nodes) {
    for (const image of node.type === 'gallery' ? (node.images ?? []) : []) {
      const fullFile = publicFile(image.fullUrl ?? image.full);
      const cardFile = publicFile(image.cardUrl);
      if (!fullFile || !cardFile) continue;
      await sharp(fullFile)
        .resize(SAMPLE_CARD.maxEdge, SAMPLE_CARD.maxEdge, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: SAMPLE_CARD.quality, mozjpeg: true })
        .toFile(cardFile);
      count++;
    }
  }
  return count;
}
