import { TYPING_LETTER_MS, TYPING_PERIOD_EXTRA_MS, TYPING_SPACE_EXTRA_MS } from '@/lib/constants';

/** The intro text of SPEC §1. */
export const INTRO_TEXT =
  'On May 16, 2025, a mile wide tornado devastated St. Louis, starting in Clayton and continuing into North City. ' +
  'This archive is a growing library of videos and media covering the response efforts and the stories of our community.';

/** Whether the period at `index` ends the abbreviation "St." (no pause there). */
function endsSaint(text: string, index: number): boolean {
  return (
    index >= 2 &&
    text.slice(index - 2, index + 1) === 'St.' &&
    (index < 3 || !/[A-Za-z]/.test(text[index - 3] as string))
  );
}

/**
 * SPEC §2 typing: when each character of `text` appears, in ms from the start of typing. Every
 * character takes 60 ms; a space adds 15 ms and a period 200 ms (not the period of "St.") to the
 * wait before the next one. Pure, so the intro and its tests share it.
 */
export function typingSchedule(text: string): number[] {
  const times: number[] = [];
  let t = 0;
  for (let i = 0; i < text.length; i++) {
    t += TYPING_LETTER_MS;
    times.push(t);
    const char = text[i];
    if (char === ' ') t += TYPING_SPACE_EXTRA_MS;
    else if (char === '.' && !endsSaint(text, i)) t += TYPING_PERIOD_EXTRA_MS;
  }
  return times;
}

/** How many characters are shown `elapsed` ms after typing began. */
export function charactersShown(times: readonly number[], elapsed: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) <= elapsed) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
