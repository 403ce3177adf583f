/**
 * The artwork script's page-side renderer of the sample captures' posters: the app's own
 * `renderCapturePoster` (the viewer an uploader's poster is drawn with), bundled by
 * `make-artwork.mjs` (`scripts/artwork/pageBundle.mjs`) into one script for its Chromium page. The sample's poster then shows the
 * capture a visitor opens, not a drawn scene.
 */
import { renderCapturePoster } from '@/capture/renderCapturePoster';
import type { CaptureFormat } from '@/lib/capture';

interface PosterRequest {
  /** The capture's bytes, base64. */
  base64: string;
  format: CaptureFormat;
  width: number;
  height: number;
}

async function capturePoster({ base64, format, width, height }: PosterRequest): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const poster = await renderCapturePoster(new File([bytes], `capture.${format}`), format, {
    width,
    height,
  });
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The poster could not be read.'));
    reader.readAsDataURL(poster);
  });
}

(window as unknown as { capturePoster: typeof capturePoster }).capturePoster = capturePoster;
