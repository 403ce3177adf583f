/**
 * The start's pauses (issue 48): `yieldToBrowser` resolves in a task of its own, after the browser
 * has had the chance to run what waits (a tap, a frame). The start chunk evaluated in one go held a
 * phone's main thread (CPU ÷4) for 186-206 ms; the pauses that await this cut it into tasks of
 * their own.
 */
export { yieldToBrowser as nextTask } from '@/lib/steps';
