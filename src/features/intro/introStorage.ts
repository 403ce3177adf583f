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
