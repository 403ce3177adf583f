/**
 * Helpers every layer of the server may use: they import nothing of it.
 */
import { relative } from 'node:path';

/** A path as short as a person would write it: relative to the working directory when inside it. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}
