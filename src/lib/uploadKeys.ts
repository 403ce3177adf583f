/**
 * The names uploaded photos are stored under, shared by the nodes-service (which makes them) and
 * the editor's app (which asks the service for a visitor's photo that is not public yet).
 */

/**
 * `2026/11/<uuid>.jpg`, `2026/11/<uuid>-thumb.jpg` or `2026/11/<uuid>-card.jpg` (the card-sized
 * copy, which uploads made before it existed lack): the only public names storage holds.
 */
export const UPLOAD_KEY_PATTERN =
  /^\d{4}\/(?:0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-thumb|-card)?\.jpg$/;

/** The same name at the end of a URL (after its last `/yyyy/mm/`), for `uploadKeyOfUrl`. */
const KEY_AT_END =
  /\/(\d{4}\/(?:0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-thumb|-card)?\.jpg)$/;

/**
 * The upload key a photo URL ends with (`/uploads/2026/11/<uuid>.jpg`, its `-thumb` or `-card`
 * copy, or a bucket's address of one), or null for any other URL. Only a hint for the editor's
 * app, which then asks the service: the service alone decides which URLs are its own.
 */
export function uploadKeyOfUrl(url: string): string | null {
  return KEY_AT_END.exec(url)?.[1] ?? null;
}
