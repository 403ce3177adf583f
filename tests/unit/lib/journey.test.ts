import { describe, expect, it } from 'vitest';
import { filterRoute, isHomePath } from '@/lib/routes';
import { charactersShown, introText, typingSchedule } from '@/lib/typingSchedule';

describe('intro typing schedule (SPEC §2)', () => {
  it('types a letter every 60 ms', () => {
    expect(typingSchedule('abc')).toEqual([60, 120, 180]);
  });

  it('waits 15 ms more after a space', () => {
    expect(typingSchedule('a b')).toEqual([60, 120, 195]);
  });

  it('waits 200 ms more after a period', () => {
    expect(typingSchedule('a. b')).toEqual([60, 120, 380, 455]);
  });

  it('does not pause after "St."', () => {
    const times = typingSchedule('St. Louis');
    // S t . ␣ : 60, 120, 180, then the space after the period comes 60 ms later, not 260.
    expect(times.slice(0, 5)).toEqual([60, 120, 180, 240, 315]);
  });

  it('pauses after a sentence ending in a word like "First." but not after "St."', () => {
    const times = typingSchedule('West. St. x');
    // "West." is a word ending in "st.": a real sentence end.
    expect((times[5] as number) - (times[4] as number)).toBe(260);
    expect((times[9] as number) - (times[8] as number)).toBe(60);
  });

  it('does not pause after an ordinal’s period inside a sentence, as Bosnian writes a date', () => {
    const times = typingSchedule('16. maja 2025. godine. Ovo');
    // "16." and "2025." go on with a small letter: no pause; "godine." ends the sentence.
    expect((times[3] as number) - (times[2] as number)).toBe(60);
    expect((times[14] as number) - (times[13] as number)).toBe(60);
    expect((times[22] as number) - (times[21] as number)).toBe(260);
    const sentence = typingSchedule('in 2025. Then');
    expect((sentence[8] as number) - (sentence[7] as number)).toBe(260);
  });

  it('covers the intro text: Clayton, North City, and a growing library', () => {
    expect(introText()).toMatch(/mile wide tornado devastated St\. Louis/);
    expect(introText()).toMatch(/Clayton/);
    expect(introText()).toMatch(/North City/);
    expect(introText()).toMatch(/growing library of videos and media/);
    const times = typingSchedule(introText());
    expect(times).toHaveLength(introText().length);
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) > (times[i - 1] as number)).toBe(true);
  });

  it('tells how many characters show at a moment', () => {
    const times = typingSchedule('abc');
    expect(charactersShown(times, 0)).toBe(0);
    expect(charactersShown(times, 59)).toBe(0);
    expect(charactersShown(times, 60)).toBe(1);
    expect(charactersShown(times, 179)).toBe(2);
    expect(charactersShown(times, 10_000)).toBe(3);
  });
});

describe('filter routes', () => {
  it.each([
    [null, null, '/'],
    ['volunteers', null, '/category/volunteers'],
    [null, 'video', '/?type=video'],
    ['storm-footage', 'gallery', '/category/storm-footage?type=gallery'],
    ['río-café', null, '/category/r%C3%ADo-caf%C3%A9'],
  ] as const)('%s + %s → %s', (category, type, url) => {
    expect(filterRoute(category, type)).toBe(url);
  });

  it('knows which paths show the globe', () => {
    for (const path of ['/', '/video/a', '/gallery/b', '/category/c'])
      expect(isHomePath(path)).toBe(true);
    for (const path of ['/statement', '/editor', '/video', '/nope/x'])
      expect(isHomePath(path)).toBe(false);
  });
});
