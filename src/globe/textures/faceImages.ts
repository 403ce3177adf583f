import { galleryGrid } from '@/lib/cardGrid';
import { DEFAULT_THUMBNAIL_URL, MAX_CARD_PREVIEW_IMAGES } from '@/lib/constants';
import type { MediaNode, NodeImage } from '@/lib/nodeModel';
import { YOUTUBE_THUMBNAILS, youtubeThumbnailSizeFor, youtubeThumbnailUrl } from '@/lib/youtube';

/** One image a card face needs: where to fetch it and which part of it is picture. */
export interface FaceImage {
  url: string;
  /**
   * The picture's share of the file's height, centred (1: all of it). The provider's 4:3
   * thumbnails letterbox a widescreen video; cropping to this keeps the black bars off the card.
   */
  pictureHeight: number;
  /**
   * Where to try next if `url` fails: a gallery photo's thumbnail behind its card copy (a record
   * may name a card copy that was never stored).
   */
  alternative?: string;
}

/** Widest stored card-sized photo (the upload's card variant): a cell wider than this wants more. */
export const CARD_IMAGE_MAX_WIDTH = 320;

/** The smallest stored image of a gallery photo that fills a card's cell. */
function galleryImage(image: NodeImage, cellWidth: number): FaceImage {
  const card = image.cardUrl;
  return card !== undefined && cellWidth <= CARD_IMAGE_MAX_WIDTH
    ? { url: card, pictureHeight: 1, alternative: image.thumbUrl }
    : { url: image.thumbUrl, pictureHeight: 1 };
}

/**
 * The images a card face of `tileWidth` pixels draws, smallest first that fill their place: the
 * provider's small thumbnails for small tiles, its high-quality one (SPEC §3) for large or sharp
 * tiles; a gallery's card-sized photos where they fill a cell, else its thumbnails. A video's own
 * `thumbUrl` (an upload, a custom picture) and the default thumbnail are used as they are.
 */
export function faceImages(
  node: Pick<MediaNode, 'type' | 'youtube_id' | 'thumbUrl' | 'images'>,
  tileWidth: number,
): FaceImage[] {
  if (node.type === 'video') {
    if (node.thumbUrl !== null) return [{ url: node.thumbUrl, pictureHeight: 1 }];
    if (node.youtube_id === null) return [{ url: DEFAULT_THUMBNAIL_URL, pictureHeight: 1 }];
    const size = youtubeThumbnailSizeFor(tileWidth);
    const { height, pictureHeight } = YOUTUBE_THUMBNAILS[size];
    return [
      { url: youtubeThumbnailUrl(node.youtube_id, size), pictureHeight: pictureHeight / height },
    ];
  }
  const shown = node.images.slice(0, MAX_CARD_PREVIEW_IMAGES);
  const cellWidth = tileWidth / galleryGrid(shown.length).columns;
  return shown.map((image) => galleryImage(image, cellWidth));
}

/** What a card face depends on besides its images' tile size: when it changes, it is drawn again. */
export function faceKey(
  node: Pick<MediaNode, 'type' | 'title' | 'youtube_id' | 'thumbUrl' | 'images'>,
  colour: string,
): string {
  const images = node.images
    .slice(0, MAX_CARD_PREVIEW_IMAGES)
    .map((i) => `${i.thumbUrl} ${i.cardUrl ?? ''}`)
    .join('|');
  return [
    node.type,
    node.title,
    colour,
    node.youtube_id ?? '',
    node.thumbUrl ?? '',
    images,
    node.images.length,
  ].join('\u0000');
}
