/** Shapes the Node side (scripts/make-artwork.mjs) sends to the page's drawings. */

export interface Size {
  width: number;
  height: number;
}

/** What a picture knows of its sample node: the slice of it make-artwork.mjs sends. */
export interface SampleNode {
  video_id: string;
  title: string;
  categories?: string[];
}

/** A gallery picture's sizes: the full picture, its thumbnail and their JPEG quality. */
export interface PictureSizes {
  full: Size;
  thumb: Size;
  quality: number;
}

/** A gallery picture as JPEG data URLs: the full size and the thumbnail. */
export interface CaptionedPicture {
  full: string;
  thumb: string;
}
