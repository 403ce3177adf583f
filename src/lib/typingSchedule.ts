import { msg } from '@lingui/core/macro';
import { i18n } from '@/i18n/i18n';
import { TYPING_LETTER_MS, TYPING_PERIOD_EXTRA_MS, TYPING_SPACE_EXTRA_MS } from '@/lib/constants';

/** The intro text of SPEC §1, read in the active language by `introText()`. */
export const INTRO_TEXT = msg({
  message:
    'On May 16, 2025, a mile wide tornado devastated St. Louis, starting in Clayton and continuing into North City. This archive is a growing library of videos and media covering the response efforts and the stories of our community.',
  comment:
    'The intro typed letter by letter on a first visit. Keep "St. Louis" as it is written here (the typing does not pause after its period); Clayton and North City are places in St. Louis.',
});

/** The intro text in the active language (read while rendering, so a switch changes it). */
export function introText(): string {
  return i18n._(INTRO_TEXT);
}

/** Whether the period at `index` ends the abbreviation "St." (no pause there). */
function endsSaint(text: string, index: number): boolean {
  return (
    index >= 2 &&
    text.slice(index - 2, index + 1) === 'St.' &&
    (index < 3 || !/[A-Za-z]/.test(text[index - 3] as string))
  );
}

/**
 * Whether the period at `index` follows a number and goes on with a word in small letters: an
 * ordinal's period inside a sentence, as Bosnian writes a date ("16. maja 2025. godine"), not a
 * sentence's end (no pause there either).
 */
function endsOrdinal(text: string, index: number): boolean {
  return (
    index >= 1 &&
    /\d/.test(text[index - 1] as string) &&
    /^ \p{Ll}/u.test(text.slice(index + 1, index + 3))
  );
}

/**
 * SPEC §2 typing: when each character of `text` appears, in ms from the start of typing. Every
 * character takes 60 ms; a space adds 15 ms and a period 200 ms (not the period of "St.", nor an
 * ordinal's inside a sentence) to the wait before the next one. Pure, so the intro and its tests
 * share it.
 */
export function typingSchedule(text: string): number[] {
  const times: number[] = [];
  let t = 0;
  for (let i = 0; i < text.length; i++) {
    t += TYPING_LETTER_MS;
    times.push(t);
    const char = text[i];
    if (char === ' ') t += TYPING_SPACE_EXTRA_MS;
    else if (char === '.' && !endsSaint(text, i) && !endsOrdinal(text, i))
      t += TYPING_PERIOD_EXTRA_MS;
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
