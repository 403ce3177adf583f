import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/i18n/catalogs';
import { normalizeArchive } from '@/lib/nodeModel';
import {
  centralOffsetMinutes,
  dateFormatMessage,
  intlOffsetMinutes,
  dateOfInputs,
  describeItemDate,
  inputsOfDate,
  itemDateOf,
  readItemDate,
  zoneOffsetMinutes,
  zoneTimeToUtc,
} from '@/lib/itemDate';

const NOW = Date.UTC(2026, 10, 26, 12, 0);
const read = (text: string) => readItemDate(text, NOW);
const message = (text: string) => {
  const reading = read(text);
  return reading.ok ? null : reading.message;
};

describe('reading an item date', () => {
  it('reads a day as the whole day in St. Louis (CDT in May: UTC-5)', () => {
    const reading = read('2025-05-16');
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.date.text).toBe('2025-05-16');
    expect(new Date(reading.date.from).toISOString()).toBe('2025-05-16T05:00:00.000Z');
    expect(new Date(reading.date.to).toISOString()).toBe('2025-05-17T04:59:59.999Z');
    expect(reading.date.end).toBeNull();
  });

  it('reads a day in winter at UTC-6, and the day clocks spring forward as 23 hours', () => {
    const winter = itemDateOf('2025-01-10');
    expect(winter && new Date(winter.from).toISOString()).toBe('2025-01-10T06:00:00.000Z');
    const spring = itemDateOf('2025-03-09');
    expect(spring && (spring.to + 1 - spring.from) / 3_600_000).toBe(23);
  });

  it('reads a time with its offset, with or without seconds, and Z for UTC', () => {
    const time = read('2025-05-16T14:52-05:00');
    expect(time.ok && new Date(time.date.from).toISOString()).toBe('2025-05-16T19:52:00.000Z');
    expect(time.ok && time.date.to).toBe(time.ok && time.date.from);
    const seconds = read('2025-05-16T14:52:30-05:00');
    expect(seconds.ok && new Date(seconds.date.from).toISOString()).toBe(
      '2025-05-16T19:52:30.000Z',
    );
    const utc = read('2025-05-16t19:52z');
    expect(utc.ok && utc.date.text).toBe('2025-05-16T19:52Z');
    expect(utc.ok && new Date(utc.date.from).toISOString()).toBe('2025-05-16T19:52:00.000Z');
  });

  it('reads a space for the T, and trims', () => {
    const reading = read('  2025-05-16 14:52-05:00 ');
    expect(reading.ok && reading.date.text).toBe('2025-05-16T14:52-05:00');
  });

  it('reads a range of days, of times, and of a time to a day', () => {
    const days = read('2025-05-17/2025-05-30');
    expect(days.ok && new Date(days.date.from).toISOString()).toBe('2025-05-17T05:00:00.000Z');
    expect(days.ok && new Date(days.date.to).toISOString()).toBe('2025-05-31T04:59:59.999Z');
    expect(read('2025-05-16T14:40-05:00/2025-05-16T15:10-05:00').ok).toBe(true);
    expect(read('2025-05-16T14:40-05:00/2025-05-20').ok).toBe(true);
    expect(read('2025-05-16/2025-05-16').ok).toBe(true);
  });

  it('refuses what is not a date, in plain words', () => {
    expect(message('')).toBe(dateFormatMessage());
    expect(message('16 May 2025')).toBe(dateFormatMessage());
    expect(message('2025-5-16')).toBe(dateFormatMessage());
    expect(message('2025-05-16T14:52:30.5-05:00')).toBe(dateFormatMessage());
    expect(message('2025-05-16/2025-05-17/2025-05-18')).toBe(dateFormatMessage());
    expect(message('<script>alert(1)</script>')).toBe(dateFormatMessage());
    expect(message('2025-05-16'.repeat(7))).toBe(dateFormatMessage());
    expect(message('2025-02-29')).toBe('2025-02-29 is not a day of the calendar.');
    expect(message('2024-02-29')).toBeNull();
    expect(message('2025-13-01')).toBe('2025-13-01 is not a day of the calendar.');
    expect(message('2025-05-16T24:00-05:00')).toBe('24:00 is not a time of day.');
    expect(message('2025-05-16T14:60-05:00')).toBe('14:60 is not a time of day.');
    expect(message('2025-05-16T14:52')).toBe(
      'Give the time with its offset from UTC, as in 2025-05-16T14:52-05:00.',
    );
    expect(message('2025-05-16T14:52+15:00')).toBe('+15:00 is not an offset from UTC.');
    expect(message('T14:52')).toBe('Give the day as well as the time.');
    expect(message('2025-05-30/2025-05-17')).toBe('The range ends before it starts.');
    expect(message('1799-12-31')).toBe('Give a year from 1800 on.');
    expect(message('2027-01-01')).toBe('The date is in the future.');
    expect(message('2026-11-27')).toBeNull();
  });
});

describe('the date in words', () => {
  it('says a day and a time as a person would', () => {
    expect(describeItemDate('2025-05-16T14:52-05:00')).toBe('Friday 16 May 2025, 2:52 pm');
    expect(describeItemDate('2025-05-16')).toBe('Friday 16 May 2025');
    expect(describeItemDate('2025-05-16', { short: true })).toBe('16 May 2025');
    expect(describeItemDate('2025-05-17T00:05-05:00')).toBe('Saturday 17 May 2025, 12:05 am');
    expect(describeItemDate('2025-05-17T12:00-05:00')).toBe('Saturday 17 May 2025, 12:00 pm');
  });

  it('names the offset where it is not St. Louis time', () => {
    expect(describeItemDate('2025-05-16T19:52Z')).toBe('Friday 16 May 2025, 7:52 pm UTC');
    expect(describeItemDate('2025-05-16T15:52-04:00')).toBe(
      'Friday 16 May 2025, 3:52 pm (UTC-04:00)',
    );
  });

  it('says a range as briefly as it can', () => {
    expect(describeItemDate('2025-05-17/2025-05-30')).toBe('17–30 May 2025');
    expect(describeItemDate('2025-05-17/2025-06-02')).toBe('17 May – 2 June 2025');
    expect(describeItemDate('2024-12-30/2025-01-02')).toBe('30 December 2024 – 2 January 2025');
    expect(describeItemDate('2025-05-16T14:40-05:00/2025-05-16T15:10-05:00')).toBe(
      'Friday 16 May 2025, 2:40 pm – 3:10 pm',
    );
    expect(describeItemDate('2025-05-16T14:40-05:00/2025-05-20')).toBe(
      '16 May 2025, 2:40 pm – 20 May 2025',
    );
  });

  it('says a range within one day once, with the hours it covers (issue 47)', () => {
    // From a time to the end of the day: was "16 May 2025, 1:00 pm – 16 May 2025".
    expect(describeItemDate('2025-05-16T13:00-05:00/2025-05-16', { short: true })).toBe(
      '16 May 2025, 1:00–11:59 pm',
    );
    expect(describeItemDate('2025-05-16T09:30-05:00/2025-05-16')).toBe(
      'Friday 16 May 2025, 9:30 am–11:59 pm',
    );
    // From the day's start to a time.
    expect(describeItemDate('2025-05-16/2025-05-16T15:10-05:00', { short: true })).toBe(
      '16 May 2025, 12:00 am–3:10 pm',
    );
  });

  it('gives back text that is not a date as it is', () => {
    expect(describeItemDate('soon')).toBe('soon');
  });

  it('says it in Spanish and Bosnian by their own forms, on St. Louis’s clock (issue 49)', async () => {
    const words = (text: string, short = false) =>
      describeItemDate(text, { short }).replace(/\s/g, ' ');
    try {
      await activateLanguage('es');
      expect(words('2025-05-16T14:52-05:00')).toBe('viernes, 16 de mayo de 2025, 14:52');
      expect(words('2025-05-16', true)).toBe('16 de mayo de 2025');
      expect(words('2025-05-17/2025-05-30')).toBe('17–30 de mayo de 2025');
      expect(words('2025-05-16T15:52-04:00')).toBe(
        'viernes, 16 de mayo de 2025, 15:52 (UTC-04:00)',
      );
      expect(words('2025-05-16T13:00-05:00/2025-05-16', true)).toMatch(
        /^16 de mayo de 2025.*13:00.*23:59$/,
      );
      await activateLanguage('bs');
      expect(words('2025-05-16', true)).toBe('16. maj 2025.');
      expect(words('2025-05-16T14:52-05:00')).toMatch(/^petak, 16\. maj 2025\..*14:52$/);
    } finally {
      await activateLanguage('en');
    }
    expect(describeItemDate('2025-05-16')).toBe('Friday 16 May 2025');
  });
});

describe('the form’s inputs', () => {
  it('writes a time with St. Louis’s offset of that day', () => {
    expect(dateOfInputs({ day: '2025-05-16', time: '14:52', until: '' })).toBe(
      '2025-05-16T14:52-05:00',
    );
    expect(dateOfInputs({ day: '2025-01-10', time: '09:00', until: '' })).toBe(
      '2025-01-10T09:00-06:00',
    );
    expect(dateOfInputs({ day: '2025-05-17', time: '', until: '2025-05-30' })).toBe(
      '2025-05-17/2025-05-30',
    );
    expect(dateOfInputs({ day: '', time: '', until: '' })).toBe('');
  });

  it('writes what the reader refuses, with its message, when the inputs are not a date', () => {
    expect(message(dateOfInputs({ day: '', time: '14:52', until: '' }))).toBe(
      'Give the day as well as the time.',
    );
    expect(message(dateOfInputs({ day: '2025-05-30', time: '', until: '2025-05-17' }))).toBe(
      'The range ends before it starts.',
    );
  });

  it('reads a stored date back into the inputs, or says it cannot', () => {
    for (const inputs of [
      { day: '2025-05-16', time: '14:52', until: '' },
      { day: '2025-05-16', time: '', until: '' },
      { day: '2025-05-17', time: '', until: '2025-05-30' },
      { day: '2025-05-16', time: '14:40', until: '2025-05-20' },
    ])
      expect(inputsOfDate(dateOfInputs(inputs))).toEqual(inputs);
    expect(inputsOfDate('')).toEqual({ day: '', time: '', until: '' });
    expect(inputsOfDate('2025-05-16T14:52:00-05:00')).toEqual({
      day: '2025-05-16',
      time: '14:52',
      until: '',
    });
    expect(inputsOfDate('2025-05-16T19:52Z')).toBeNull();
    expect(inputsOfDate('2025-05-16T14:52:30-05:00')).toBeNull();
    expect(inputsOfDate('2025-05-16T14:40-05:00/2025-05-16T15:10-05:00')).toBeNull();
    expect(inputsOfDate('not a date')).toBeNull();
  });
});

describe('St. Louis time', () => {
  it('knows the offsets either side of the change of clocks', () => {
    expect(zoneOffsetMinutes(Date.UTC(2025, 4, 16, 19))).toBe(-300);
    expect(zoneOffsetMinutes(Date.UTC(2025, 0, 10, 19))).toBe(-360);
    // 1:30 am on 2 November 2025 happens twice; the earlier (CDT) is taken.
    expect(new Date(zoneTimeToUtc(2025, 11, 2, 1, 30)).toISOString()).toBe(
      '2025-11-02T06:30:00.000Z',
    );
  });
});

describe('St. Louis time without Intl', () => {
  it('agrees with the time-zone data at every hour from 2007 to 2030, and each change of clocks to the minute', () => {
    const HOUR = 3_600_000;
    const disagree: string[] = [];
    for (let t = Date.UTC(2007, 0, 1); t < Date.UTC(2031, 0, 1); t += HOUR) {
      if (centralOffsetMinutes(t) !== intlOffsetMinutes(t, 'America/Chicago'))
        disagree.push(new Date(t).toISOString());
    }
    for (const year of [2007, 2025, 2026, 2030])
      for (const [month, day] of [
        [2, 8],
        [10, 1],
      ] as const)
        for (let d = 0; d < 7; d++)
          for (let m = -90; m <= 90; m += 1) {
            const t = Date.UTC(year, month, day + d, 7, m);
            if (centralOffsetMinutes(t) !== intlOffsetMinutes(t, 'America/Chicago'))
              disagree.push(new Date(t).toISOString());
          }
    expect(disagree).toEqual([]);
    expect(centralOffsetMinutes(Date.UTC(2006, 5, 1))).toBeNull();
    expect(zoneOffsetMinutes(Date.UTC(1927, 8, 29, 19))).toBe(
      intlOffsetMinutes(Date.UTC(1927, 8, 29, 19), 'America/Chicago'),
    );
  });

  it('reads the sample archive’s dates without building a time-zone format', () => {
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const { nodes } = normalizeArchive(
        JSON.parse(
          readFileSync(
            new URL('../../../server/data/sample-archive.json', import.meta.url),
            'utf8',
          ),
        ),
      );
      expect(nodes.filter((n) => n.date !== null).length).toBeGreaterThan(30);
      for (const node of nodes) describeItemDate(node.date ?? '');
      expect(format).not.toHaveBeenCalled();
    } finally {
      format.mockRestore();
    }
  });
});
