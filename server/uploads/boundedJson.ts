/**
 * JSON from an upload, parsed only after a scan of its bytes shows it is small enough to build:
 * `JSON.parse` of a few megabytes of `[{},{},…]` makes millions of objects (seconds of a blocked
 * server and a gigabyte of memory), and a document nested thousands deep overflows the stack of
 * any code that walks it. The scan is one pass over the bytes that allocates nothing.
 */

/** How much a document may hold. */
export interface JsonBounds {
  /** Objects and arrays inside each other, the outermost counted. */
  maxDepth: number;
  /** Objects, arrays and commas: at least the values and members a parse would make, less one. */
  maxItems: number;
}

/** Why a document was not parsed. */
export class JsonRefused extends Error {
  override name = 'JsonRefused';
  constructor(
    readonly reason: 'depth' | 'items' | 'syntax',
    message: string,
  ) {
    super(message);
  }
}

/** The characters of JSON's structure, as byte or UTF-16 code (the same below 0x80). */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const OPEN_OBJECT = 0x7b;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_OBJECT = 0x7d;
export const CLOSE_ARRAY = 0x5d;

/**
 * Checks a UTF-8 document's nesting and size without building it: strings are skipped (a bracket
 * or comma in one counts for nothing), and UTF-8 never puts these ASCII bytes inside a multi-byte
 * character, so the bytes need no decoding first.
 *
 * @throws JsonRefused at the first byte past a bound.
 */
export function checkJsonBounds(bytes: Uint8Array, { maxDepth, maxItems }: JsonBounds): void {
  let depth = 0;
  let items = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      items += 1;
      if (depth > maxDepth) {
        throw new JsonRefused('depth', `nests deeper than ${maxDepth} levels`);
      }
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
    } else if (byte === COMMA) {
      items += 1;
    }
    if (items > maxItems) {
      throw new JsonRefused('items', `holds more than ${maxItems.toLocaleString('en')} values`);
    }
  }
}

/**
 * Parses a UTF-8 document that `checkJsonBounds` lets through.
 *
 * @throws JsonRefused past a bound, or where the document is not JSON.
 */
export function parseBoundedJson(bytes: Uint8Array, bounds: JsonBounds): unknown {
  checkJsonBounds(bytes, bounds);
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw new JsonRefused('syntax', 'does not parse');
  }
}
