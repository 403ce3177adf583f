/**
 * The SPEC §3 slug rule: lowercase, runs of characters other than letters and digits become one
 * hyphen, leading and trailing hyphens removed. "Letters and digits" are taken in the Unicode
 * sense, so "Río Café" → "río-café" rather than losing its accented letters.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
