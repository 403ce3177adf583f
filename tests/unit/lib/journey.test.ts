import { describe, expect, it } from 'vitest';
import { filterRoute, isHomePath } from '@/lib/routes';
import { charactersShown, INTRO_TEXT, typingSchedule } from '@/lib/typingSchedule';

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

  it('covers the intro text: Clayton, North City, and a growing library', () => {
    expect(INTRO_TEXT).toMatch(/mile wide tornado devastated St\. Louis/);
    expect(INTRO_TEXT).toMatch(/Clayton/);
    expect(INTRO_TEXT).toMatch(/North City/);
    expect(INTRO_TEXT).toMatch(/growing library of videos and media/);
    const times = typingSchedule(INTRO_TEXT);
    expect(times).toHaveLength(INTRO_TEXT.length);
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
