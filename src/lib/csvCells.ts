/**
 * The cells of the archive's CSV (issue 32), each as written and as read back, so that a round
 * trip changes nothing and a volunteer's spreadsheet can be read as it is. The columns are the
 * item's fields (`@/lib/itemFields`); the file is `@/lib/archiveCsv`.
 *
 * - `categories` and `links` hold names or ids separated by `;`.
 * - `images` holds a gallery's photos separated by `;`, each `full` or `full|thumb` or
 *   `full|thumb|card` (links); a list that cannot be written so (a 3D capture, a link with `;` or
 *   `|` in it) is written as JSON, which is read back as such.
 * - A text cell that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a
 *   tab or a return) is written with a `'` before it, which spreadsheets show as text and the
 *   import takes off again: an archive's export must not run a visitor's `=HYPERLINK(…)`.
 */
import type { NodeImage } from '@/lib/itemReaders';

/** What separates names, ids and photos within a cell. */
const LIST_SEPARATOR = ';';
/** What separates a photo's links (full, thumbnail, card) within one entry. */
const LINK_SEPARATOR = '|';

/** A cell a spreadsheet would read as a formula, with any `'` already put before it. */
const FORMULA = /^'*[=+\-@\t\r]/;

/** A text cell as written: a formula-like one behind a `'`. */
export function escapeCell(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

/** A text cell as read: the `'` an export put before a formula-like one taken off. */
export function unescapeCell(text: string): string {
  return FORMULA.test(text) && text.startsWith("'") ? text.slice(1) : text;
}

/** Names or ids as one cell. */
export function listCell(items: readonly string[]): string {
  return items.join(`${LIST_SEPARATOR} `);
}

/** A cell of names or ids as a list. */
export function listOfCell(cell: string): string[] {
  return cell
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A number cell: a number when it reads as one in plain decimals, else the text (refused later). */
export function numberOfCell(cell: string): number | string {
  const text = cell.trim();
  return /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : text;
}

/** A gallery's photos as one cell (links as written above, else JSON). */
export function imagesCell(images: readonly NodeImage[]): string {
  const plain = images.every(
    (image) =>
      image.capture === undefined &&
      [image.fullUrl, image.thumbUrl, image.cardUrl ?? ''].every(
        (url) =>
          !url.includes(LIST_SEPARATOR) && !url.includes(LINK_SEPARATOR) && url.trim() === url,
      ),
  );
  if (!plain) return JSON.stringify(images);
  return listCell(
    images.map((image) => {
      const links = [image.fullUrl];
      if (image.thumbUrl !== image.fullUrl || image.cardUrl !== undefined)
        links.push(image.thumbUrl);
      if (image.cardUrl !== undefined) links.push(image.cardUrl);
      return links.join(LINK_SEPARATOR);
    }),
  );
}

/** A cell of `images` as the schema's image objects (JSON as such; links as written above). */
export function imagesOfCell(cell: string): unknown {
  const text = cell.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all: the schema says what is wrong with it as text.
      return text;
    }
  }
  return listOfCell(text).map((entry) => {
    const [fullUrl = '', thumbUrl, cardUrl] = entry.split(LINK_SEPARATOR).map((url) => url.trim());
    return {
      fullUrl,
      thumbUrl: thumbUrl || fullUrl,
      ...(cardUrl ? { cardUrl } : {}),
    };
  });
}
