/**
 * What a photo upload may be, in one zod-free module: the app's first paint reads it (through the
 * service helper) without pulling in the validation library.
 */
import { t } from '@lingui/core/macro';

/** Largest photo accepted, bytes. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Image kinds accepted, checked by content on the server (the service's words, in English). */
export const UPLOAD_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF, AVIF or TIFF';

/** `UPLOAD_FORMATS_TEXT` in the active language, for the page to say (call it when said). */
export function uploadFormatsWords(): string {
  return t({
    message: 'JPEG, PNG, WebP, GIF, AVIF or TIFF',
    comment: 'The kinds of photo the archive accepts, said inside a sentence; keep the names',
  });
}

/** Largest 3D capture accepted, bytes: a walk-around of a house, small enough for a phone. */
export const CAPTURE_MAX_BYTES = 50 * 1024 * 1024;
/** 3D captures accepted, for people; checked by content on the server (the service's words). */
export const CAPTURE_FORMATS_TEXT = 'a .glb model or a .ply, .splat or .spz splat';

/** `CAPTURE_FORMATS_TEXT` in the active language, for the page to say (call it when said). */
export function captureFormatsWords(): string {
  return t({
    message: 'a .glb model or a .ply, .splat or .spz splat',
    comment:
      'The kinds of 3D capture file the archive accepts, said inside a sentence ("send …", "a model or splat of a place: …"); a splat is a 3D scan made of points; keep the file extensions',
  });
}
/** The file picker's `accept` for a 3D capture (the browser knows no types for most of them). */
export const CAPTURE_FILE_ACCEPT = '.glb,.ply,.splat,.spz';
