/** The two kinds of archive item. */
export type MediaType = 'video' | 'gallery';

/** All media types, in the order the filter tray shows them. */
export const MEDIA_TYPES: readonly MediaType[] = ['video', 'gallery'];

/**
 * SPEC §5: the `type` query value is accepted only if it is `video` or `gallery`; any other value
 * (or none) means no type filter.
 */
export function parseMediaType(value: unknown): MediaType | null {
  return value === 'video' || value === 'gallery' ? value : null;
}
