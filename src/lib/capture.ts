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

/** What a format is called for people. */
export const CAPTURE_FORMAT_NAMES: Record<CaptureFormat, string> = {
  glb: '3D model',
  ply: '3D splat',
  splat: '3D splat',
  spz: '3D splat',
};

/** A gallery's entries counted for people: "1 photo", "6 photos and 1 3D capture". */
export function mediaCount(images: readonly { capture?: unknown }[]): string {
  const captures = images.filter((image) => image.capture !== undefined).length;
  const photos = images.length - captures;
  const parts = [
    photos > 0 || captures === 0 ? `${photos} ${photos === 1 ? 'photo' : 'photos'}` : '',
    captures > 0 ? `${captures} ${captures === 1 ? '3D capture' : '3D captures'}` : '',
  ];
  return parts.filter(Boolean).join(' and ');
}
