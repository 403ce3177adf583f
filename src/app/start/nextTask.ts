/**
 * Resolves in a task of its own, after the browser has had the chance to run what waits (a tap,
 * a frame): `scheduler.yield()` where the browser has it (the continuation goes ahead of other
 * scripts' tasks), else a zero timeout.
 *
 * The start chunk evaluated in one go held a phone's main thread (CPU ÷4) for 186-206 ms
 * (issue 48); the pauses that await this cut it into tasks of their own.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
