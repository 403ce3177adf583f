/**
 * Cards live in slots, and each part of the card layer (placement, picking, the GPU buffers, the
 * card state) keeps its own typed arrays indexed by slot. They grow the same way, so a slot that
 * exists in one exists in all of them.
 */

/** Arrays start at this many slots: enough for a small archive without growing. */
const FIRST_CAPACITY = 64;

/** The capacity for at least `minimum` slots: doubled from `current` (the arrays seldom grow). */
export function slotCapacity(current: number, minimum: number): number {
  let capacity = Math.max(FIRST_CAPACITY, current);
  while (capacity < minimum) capacity *= 2;
  return capacity;
}

type SlotArray = Float32Array | Float64Array | Uint8Array;

/** A copy of `old` at `length` elements: what it held is kept, new elements are zero. */
export function grownArray<T extends SlotArray>(old: T, length: number, make: (n: number) => T): T {
  const next = make(length);
  next.set(old.subarray(0, Math.min(old.length, length)));
  return next;
}
