/**
 * `list[index]` for an index the drawing code knows is in range (TypeScript's
 * noUncheckedIndexedAccess cannot): throws rather than draw with `undefined`.
 */
export function itemAt<T>(list: readonly T[], index: number): T {
  if (!(index >= 0 && index < list.length)) {
    throw new RangeError(`index ${index} is outside a list of ${list.length}`);
  }
  return list[index] as T;
}
