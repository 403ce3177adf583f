/**
 * A poster for a 3D capture chosen on this device, drawn in the browser for an uploader who gives
 * no poster picture: the file is loaded into a viewer of its own on a canvas that is never shown,
 * framed as the lightbox first shows it, and read as a JPEG. Lives in the viewer's lazy chunk.
 */
import { createCaptureViewer } from '@/capture/createCaptureViewer';
import type { CaptureFormat } from '@/lib/capture';

/** The poster's size in pixels: a 4:3 photo, large enough for the lightbox's poster. */
export const POSTER_SIZE = { width: 1280, height: 960 } as const;

/**
 * Frames drawn after the capture is ready before the poster is read: a splat's draw order is
 * sorted off the main thread, and its first frames may show it half-sorted.
 */
const SETTLE_FRAMES = 8;

/**
 * Closer than the viewer's opening view: its bounding sphere is wider than the capture seen from
 * one side, and a poster (on a card, in a grid) should show the capture, not the space around it.
 */
const POSTER_FRAMING = 0.75;

/**
 * Draws `file` (a capture in `format`) and answers its poster as a JPEG file, `size` pixels
 * (the sample archive's posters match its other gallery pictures).
 *
 * @throws CaptureViewerError when the browser has no WebGL or the file does not load.
 */
export async function renderCapturePoster(
  file: File,
  format: CaptureFormat,
  size: { width: number; height: number } = POSTER_SIZE,
): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const viewer = createCaptureViewer(
    canvas,
    { file, format },
    {
      fixedSize: size,
      framing: POSTER_FRAMING,
    },
  );
  try {
    await viewer.loaded;
    const ready = viewer.stats().frames;
    while (viewer.stats().frames < ready + SETTLE_FRAMES) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    const jpeg = await viewer.snapshot();
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'capture'}-poster.jpg`;
    return new File([jpeg], name, { type: 'image/jpeg' });
  } finally {
    viewer.dispose();
  }
}
