import { plural, t } from '@lingui/core/macro';
import { safeUrl } from '@/lib/url';

/**
 * A gallery entry's 3D capture: a glTF binary model, or a Gaussian splat as .ply, .splat or .spz.
 * The entry keeps its thumbnail and full-size image, which are the capture's poster: a client that
 * knows nothing of captures shows the poster as a photo.
 */
export const CAPTURE_FORMATS = ['glb', 'ply', 'splat', 'spz'] as const;
export type CaptureFormat = (typeof CAPTURE_FORMATS)[number];

export interface NodeCapture {
  /** The file, checked by `safeUrl`. */
  url: string;
  format: CaptureFormat;
}

export const isCaptureFormat = (value: unknown): value is CaptureFormat =>
  typeof value === 'string' && (CAPTURE_FORMATS as readonly string[]).includes(value);

/**
 * The format a capture file's first four bytes say, read in the order the service reads them
 * (server/uploads/captureChecks.ts): a glTF binary, a PLY, gzip (an .spz); a .splat has no
 * signature, so its name says it. Null for anything else. Only a hint for a file kept on the
 * device: the service checks the whole file when it is uploaded.
 */
export function captureFormatOf(head: Uint8Array, name: string): CaptureFormat | null {
  const start = String.fromCharCode(...head.subarray(0, 4));
  if (start === 'glTF') return 'glb';
  if (start === 'ply\n') return 'ply';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'spz';
  return /\.splat$/i.test(name) ? 'splat' : null;
}

/**
 * A gallery entry's `capture` as data gives it: the capture, `null` when there is none, or
 * `'refused'` when there is one that cannot be shown (a URL `safeUrl` refuses, an unknown format):
 * the entry then stays a photo.
 */
export function readCapture(raw: unknown): NodeCapture | null | 'refused' {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) return 'refused';
  const { url, format } = raw as Record<string, unknown>;
  const checked = safeUrl(url);
  return checked !== null && isCaptureFormat(format) ? { url: checked, format } : 'refused';
}

/** A gallery's entries counted: its photos, and its 3D captures (their posters among the images). */
export function mediaCounts(images: readonly { capture?: unknown }[]): {
  photos: number;
  captures: number;
} {
  const captures = images.filter((image) => image.capture !== undefined).length;
  return { photos: images.length - captures, captures };
}

/**
 * A gallery's entries counted for people, in their language: "1 photo", "6 photos and 1 3D
 * capture" (the globe's callouts say the same through the engine's words, src/globe/callouts.ts).
 */
export function mediaCount(images: readonly { capture?: unknown }[]): string {
  const { photos, captures } = mediaCounts(images);
  const photoText = plural(photos, { one: '# photo', other: '# photos' });
  if (captures === 0) return photoText;
  const captureText = plural(captures, { one: '# 3D capture', other: '# 3D captures' });
  if (photos === 0) return captureText;
  return t({
    message: `${photoText} and ${captureText}`,
    comment:
      "A gallery's photos ('6 photos') and its 3D captures ('1 3D capture'), counted together",
  });
}
