/**
 * What a photo upload may be, in one zod-free module: the app's first paint reads it (through the
 * service helper) without pulling in the validation library.
 */

/** Largest photo accepted, bytes. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Image kinds accepted, checked by content on the server. */
export const UPLOAD_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF, AVIF or TIFF';
