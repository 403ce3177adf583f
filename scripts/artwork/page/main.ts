/**
 * The artwork script's page-side drawings (scripts/make-artwork.mjs bundles this module and its
 * imports into one classic script for its headless Chromium page). Everything is drawn on a 2D
 * canvas from a seeded PRNG, so every run gives the same pixels; each drawing returns data URLs.
 *
 *   drawMap                public/map.png, the globe's world texture
 *   drawDefaultThumb       public/default-thumb.jpg, a video's fallback thumbnail
 *   drawGalleryImage       a sample gallery image, full size and thumbnail
 *   captionCapturePoster   a sample 3D capture's poster (rendered elsewhere), captioned
 *   drawVideoThumb         a sample video's thumbnail
 */
import { captionCapturePoster } from './capturePosters';
import { drawGalleryImage } from './galleryImages';
import { drawDefaultThumb, drawVideoThumb } from './videoThumbs';
import { drawMap } from './worldMap';

const artwork = {
  drawMap,
  drawDefaultThumb,
  drawGalleryImage,
  captionCapturePoster,
  drawVideoThumb,
};

(window as unknown as { artwork: typeof artwork }).artwork = artwork;
