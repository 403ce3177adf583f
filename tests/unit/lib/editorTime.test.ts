import { describe, expect, it } from 'vitest';
import { editorTimeText } from '@/lib/editorTime';

describe('editorTimeText', () => {
  it('writes an instant as the archive writes dates, on St. Louis time', () => {
    // Winter: UTC−6.
    expect(editorTimeText('2026-11-27T13:14:00Z')).toBe('27 Nov 2026, 7:14 am');
    // Summer: UTC−5, the afternoon of the tornado.
    expect(editorTimeText('2025-05-16T19:00:00.000Z')).toBe('16 May 2025, 2:00 pm');
    expect(editorTimeText('2025-05-17T05:05:00Z')).toBe('17 May 2025, 12:05 am');
  });

  it('gives back what is no instant as it was', () => {
    expect(editorTimeText('not a date')).toBe('not a date');
  });
});
