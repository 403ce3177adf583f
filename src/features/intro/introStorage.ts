import { HAS_SEEN_INTRO_KEY } from '@/lib/constants';

/** Whether this browser has continued past the intro (SPEC §3: hasSeenIntro = 'true'). */
export function hasSeenIntro(): boolean {
  try {
    return window.localStorage.getItem(HAS_SEEN_INTRO_KEY) === 'true';
  } catch {
    // Storage blocked (private mode, a policy): the intro shows, nothing breaks.
    return false;
  }
}

/** Records that the intro was continued. */
export function rememberIntroSeen(): void {
  try {
    window.localStorage.setItem(HAS_SEEN_INTRO_KEY, 'true');
  } catch {
    // Storage blocked: the intro shows again next time, which is all that is lost.
  }
}

const forgotten = new Set<() => void>();

/**
 * SPEC §4 "Clearing resets to not seen": forgets that the intro was continued, so that it plays
 * again, and tells whoever listens (the home route, which plays it at once if it is mounted).
 */
export function forgetIntroSeen(): void {
  try {
    window.localStorage.removeItem(HAS_SEEN_INTRO_KEY);
  } catch {
    // Storage blocked: it was never remembered either.
  }
  for (const listener of forgotten) listener();
}

/** Calls `listener` whenever the intro is forgotten; returns the way to stop. */
export function onIntroForgotten(listener: () => void): () => void {
  forgotten.add(listener);
  return () => forgotten.delete(listener);
}
