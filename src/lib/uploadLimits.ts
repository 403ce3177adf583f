/**
 * What a photo upload may be, in one zod-free module: the app's first paint reads it (through the
 * service helper) without pulling in the validation library.
 */

/** Largest photo accepted, bytes. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Image kinds accepted, checked by content on the server. */
export const UPLOAD_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF, AVIF or TIFF';

/** Largest 3D capture accepted, bytes: a walk-around of a house, small enough for a phone. */
export const CAPTURE_MAX_BYTES = 50 * 1024 * 1024;
/** 3D captures accepted, for people; checked by content on the server. */
export const CAPTURE_FORMATS_TEXT = 'a .glb model or a .ply, .splat or .spz splat';
/** The file picker's `accept` for a 3D capture (the browser knows no types for most of them). */
export const CAPTURE_FILE_ACCEPT = '.glb,.ply,.splat,.spz';
