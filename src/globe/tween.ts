/**
 * The one easing used by the card shader and by the CPU when it needs a card's current value
 * (picking, re-basing a tween that is interrupted): ease-out cubic.
 */
export function ease(k: number): number {
  const c = Math.min(1, Math.max(0, k));
  return 1 - (1 - c) ** 3;
}

/** A tweened value at `now` (seconds): `from` before `start`, `to` after `start + duration`. */
export function tweenAt(
  start: number,
  duration: number,
  from: number,
  to: number,
  now: number,
): number {
  const k = duration > 0 ? (now - start) / duration : 1;
  return from + (to - from) * ease(k);
}
