/**
 * The names uploaded files are stored under, shared by the nodes-service (which makes them) and
 * the editor's app (which asks the service for a visitor's file that is not public yet).
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A photo's files (full size, thumbnail, card-sized copy) or a 3D capture's one file. */
const FILE = `(?:(?:-thumb|-card)?\\.jpg|\\.(?:glb|ply|splat|spz))`;
const MONTH = '\\d{4}\\/(?:0[1-9]|1[0-2])';

/**
 * `2026/11/<uuid>.jpg`, `2026/11/<uuid>-thumb.jpg` or `2026/11/<uuid>-card.jpg` (the card-sized
 * copy, which uploads made before it existed lack), or a 3D capture's `2026/11/<uuid>.glb` (or
 * `.ply`, `.splat`, `.spz`): the only public names storage holds.
 */
export const UPLOAD_KEY_PATTERN = new RegExp(`^${MONTH}\\/${UUID}${FILE}$`);

/** The same name at the end of a URL (after its last `/yyyy/mm/`), for `uploadKeyOfUrl`. */
const KEY_AT_END = new RegExp(`\\/(${MONTH}\\/${UUID}${FILE})$`);

/**
 * `pending/<uuid>.jpg` (and its `-thumb` and `-card` copies) or `pending/<uuid>.glb` (a capture):
 * a visitor's upload before an editor publishes it.
 */
export const PENDING_KEY_PATTERN = new RegExp(`^pending\\/${UUID}${FILE}$`);

/**
 * `iiif/2026/11/<uuid>/info.json` and that folder's tiles (`0,0,512,512/512,512/0/default.jpg`,
 * `full/320,214/0/default.jpg`): a published photo's IIIF Image API 3.0 level-0 service (issue
 * 52), made from its full-size copy `2026/11/<uuid>.jpg` when it is published. Every number is
 * bounded (the largest stored photo is 2,560 pixels across), so no name is longer than it needs.
 */
export const IIIF_KEY_PATTERN = new RegExp(
  `^iiif\\/${MONTH}\\/${UUID}\\/(?:info\\.json|(?:full|\\d{1,5},\\d{1,5},\\d{1,5},\\d{1,5})\\/\\d{1,5},\\d{1,5}\\/0\\/default\\.jpg)$`,
);

/**
 * The upload key a URL ends with (`/uploads/2026/11/<uuid>.jpg`, its `-thumb` or `-card` copy, a
 * capture's `.glb`, or a bucket's address of one), or null for any other URL. Only a hint for the
 * editor's app, which then asks the service: the service alone decides which URLs are its own.
 */
export function uploadKeyOfUrl(url: string): string | null {
  return KEY_AT_END.exec(url)?.[1] ?? null;
}

/** A published photo's full-size key (not its thumbnail's or card's, nor a capture's). */
const FULL_PHOTO_AT_END = new RegExp(`\\/(${MONTH})\\/(${UUID})\\.jpg$`);

/**
 * The `info.json` of the IIIF image service a full-size photo's URL would have (issue 52):
 * `…/uploads/2026/11/<uuid>.jpg` → `…/uploads/iiif/2026/11/<uuid>/info.json`; null for any other
 * URL. A photo published before its tiles existed answers 404 there: the viewer then zooms the
 * photo itself.
 */
export function imageServiceInfoUrl(fullUrl: string): string | null {
  const match = FULL_PHOTO_AT_END.exec(fullUrl);
  if (match === null) return null;
  const [whole, month, id] = match;
  return `${fullUrl.slice(0, fullUrl.length - whole.length)}/iiif/${month}/${id}/info.json`;
}
