import { describe, expect, it } from 'vitest';
import { validateNode } from '@/lib/nodeSchema';

const VIDEO = { video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 };

function errorsOf(input: unknown): Record<string, string> {
  const result = validateNode(input);
  if (result.ok) throw new Error('expected errors');
  return Object.fromEntries(result.errors.map((e) => [e.path, e.message]));
}

describe('validateNode', () => {
  it('accepts a video by link or id and keeps both in sync (SPEC §3, §5)', () => {
    for (const source of [
      { youtube_url: 'https://youtu.be/dQw4w9WgXcQ' },
      { youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3' },
      { youtube_id: 'dQw4w9WgXcQ' },
    ]) {
      const result = validateNode({ ...VIDEO, ...source });
      expect(result).toMatchObject({
        ok: true,
        node: {
          type: 'video',
          youtube_id: 'dQw4w9WgXcQ',
          youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          images: [],
          categories: [],
          links: [],
          description: '',
        },
      });
    }
  });

  it('keeps an optional recording date as written, and refuses one that is not a date', () => {
    const video = { ...VIDEO, youtube_id: 'dQw4w9WgXcQ' };
    const dateOf = (date: unknown) => {
      const result = validateNode({ ...video, date });
      return result.ok ? result.node.date : undefined;
    };
    expect(dateOf(undefined)).toBeNull();
    expect(dateOf(null)).toBeNull();
    expect(dateOf('  ')).toBeNull();
    expect(dateOf('2025-05-16')).toBe('2025-05-16');
    expect(dateOf('2025-05-16 14:52-05:00')).toBe('2025-05-16T14:52-05:00');
    expect(dateOf('2025-05-17/2025-05-30')).toBe('2025-05-17/2025-05-30');
    expect(errorsOf({ ...video, date: 'yesterday' }).date).toMatch(/^Write the date as a day/);
    expect(errorsOf({ ...video, date: '2025-02-30' }).date).toBe(
      '2025-02-30 is not a day of the calendar.',
    );
    expect(errorsOf({ ...video, date: `${new Date().getFullYear() + 1}-12-31` }).date).toBe(
      'The date is in the future.',
    );
    expect(errorsOf({ ...video, date: 20250516 }).date).toBe('The date must be text.');
    // Together with the other fields' errors, not only after those are fixed.
    expect(Object.keys(errorsOf({ ...VIDEO, date: 'x' })).sort()).toEqual(['date', 'youtube_url']);
  });

  it('keeps a credit on one line and a licence the archive knows, and refuses others', () => {
    const video = { ...VIDEO, youtube_id: 'dQw4w9WgXcQ' };
    const rightsOf = (rights: Record<string, unknown>) => {
      const result = validateNode({ ...video, ...rights });
      return result.ok ? { credit: result.node.credit, license: result.node.license } : undefined;
    };
    expect(rightsOf({})).toEqual({ credit: null, license: null });
    expect(rightsOf({ credit: '  ', license: '' })).toEqual({ credit: null, license: null });
    expect(rightsOf({ credit: ' Dana\n Whitfield ', license: 'cc-by-nc-4.0' })).toEqual({
      credit: 'Dana Whitfield',
      license: 'CC-BY-NC-4.0',
    });
    expect(rightsOf({ credit: 'Anonymous', license: 'archive-only' })).toEqual({
      credit: 'Anonymous',
      license: 'archive-only',
    });
    expect(errorsOf({ ...video, license: 'GPL-3.0' }).license).toBe(
      'Choose a licence from the list.',
    );
    expect(errorsOf({ ...video, license: ['CC-BY-4.0'] }).license).toBe(
      'Choose a licence from the list.',
    );
    expect(errorsOf({ ...video, credit: 'x'.repeat(121) }).credit).toBe(
      'A credit must be at most 120 characters.',
    );
    expect(errorsOf({ ...video, credit: 7 }).credit).toBe('The credit must be text.');
  });

  it('refuses a video without a usable id, or with a link and an id that disagree', () => {
    expect(errorsOf(VIDEO)).toHaveProperty('youtube_url');
    expect(errorsOf({ ...VIDEO, youtube_id: 'short' })).toHaveProperty('youtube_id');
    expect(
      errorsOf({
        ...VIDEO,
        youtube_id: 'dQw4w9WgXcQ',
        youtube_url: 'https://youtu.be/aaaaaaaaaaa',
      }),
    ).toHaveProperty('youtube_url');
  });

  it('keeps script tags as text, trims titles and removes control characters', () => {
    const result = validateNode({
      ...VIDEO,
      youtube_id: 'dQw4w9WgXcQ',
      title: '  <script>alert(1)</script>\u0007 ',
      description: 'line one\nline two\u0000',
    });
    expect(result).toMatchObject({
      ok: true,
      node: { title: '<script>alert(1)</script>', description: 'line one\nline two' },
    });
  });

  it('gives one plain message per field', () => {
    const errors = errorsOf({
      video_id: 'has spaces',
      type: 'podcast',
      title: 'x'.repeat(10_000),
      description: 'y'.repeat(5001),
      categories: ['ok', '---', 'z'.repeat(61)],
      links: ['fine', 'not fine'],
      lat: 91,
      lng: '12',
    });
    expect(Object.keys(errors)).toEqual([
      'video_id',
      'type',
      'title',
      'description',
      'categories.1',
      'categories.2',
      'links.1',
      'lat',
      'lng',
      // The cross-field rules show together with the others, not only once they pass.
      'youtube_url',
    ]);
    expect(errors.youtube_url).toBe('Give the YouTube link of the video.');
    expect(errors.title).toBe('The title must be at most 200 characters.');
    expect(errors.lat).toBe('Latitude must be between -90 and 90.');
    expect(errorsOf(null)).toEqual({ '': 'The item must be a JSON object.' });
    expect(errorsOf({ ...VIDEO, title: '   ' }).title).toBe('The title is required.');
    expect(errorsOf({ ...VIDEO, video_id: 'journal' }).video_id).toMatch(/reserved/);
  });

  it('checks gallery images with the one URL helper', () => {
    const gallery = { ...VIDEO, type: 'gallery' };
    expect(errorsOf({ ...gallery, images: [] }).images).toMatch(/at least one image/);
    const errors = errorsOf({
      ...gallery,
      images: [
        { thumbUrl: 'javascript:alert(1)', fullUrl: '/a.jpg' },
        { thumbUrl: 'data:image/png;base64,AAAA' },
        {},
      ],
    });
    expect(Object.keys(errors)).toEqual(['images.0.thumbUrl', 'images.1.thumbUrl', 'images.2']);
    expect(
      validateNode({ ...gallery, images: [{ fullUrl: 'https://x.example/a.jpg' }] }),
    ).toMatchObject({
      ok: true,
      node: {
        images: [{ thumbUrl: 'https://x.example/a.jpg', fullUrl: 'https://x.example/a.jpg' }],
      },
    });
  });

  it('keeps a card copy checked by the same URL helper, and refuses a hostile one', () => {
    const gallery = { ...VIDEO, type: 'gallery' };
    const image = { thumbUrl: '/uploads/t.jpg', fullUrl: '/uploads/f.jpg' };
    expect(
      validateNode({
        ...gallery,
        images: [
          { ...image, cardUrl: ' /uploads/c.jpg ' },
          { ...image, cardUrl: 'https://cdn.example/c.jpg' },
          // Absent, null or empty: an image without one (records made before card copies).
          image,
          { ...image, cardUrl: null },
          { ...image, cardUrl: '' },
        ],
      }),
    ).toMatchObject({
      ok: true,
      node: {
        images: [
          { ...image, cardUrl: '/uploads/c.jpg' },
          { ...image, cardUrl: 'https://cdn.example/c.jpg' },
          image,
          image,
          image,
        ],
      },
    });
    const ok = validateNode({ ...gallery, images: [image] });
    expect(ok.ok && Object.keys(ok.node.images[0] ?? {})).toEqual(['thumbUrl', 'fullUrl']);
    const errors = errorsOf({
      ...gallery,
      images: [
        { ...image, cardUrl: 'javascript:alert(1)' },
        { ...image, cardUrl: 'data:image/jpeg;base64,AAAA' },
        { ...image, cardUrl: 'vbscript:msgbox(1)' },
        { ...image, cardUrl: 'java\nscript:alert(1)' },
        { ...image, cardUrl: 42 },
      ],
    });
    expect(Object.keys(errors)).toEqual([
      'images.0.cardUrl',
      'images.1.cardUrl',
      'images.2.cardUrl',
      'images.3.cardUrl',
      'images.4.cardUrl',
    ]);
    // The same words as a hostile thumbnail's.
    expect(errors['images.0.cardUrl']).toBe(
      errorsOf({ ...gallery, images: [{ ...image, thumbUrl: 'javascript:alert(1)' }] })[
        'images.0.thumbUrl'
      ],
    );
  });

  it('dedupes categories by slug and links, and refuses a link to itself', () => {
    const result = validateNode({
      ...VIDEO,
      youtube_id: 'dQw4w9WgXcQ',
      categories: ['Recovery', ' recovery ', 'Power  Crews'],
      links: ['ville', 'ville'],
    });
    expect(result).toMatchObject({
      ok: true,
      node: { categories: ['Recovery', 'Power Crews'], links: ['ville'] },
    });
    expect(errorsOf({ ...VIDEO, youtube_id: 'dQw4w9WgXcQ', links: ['clayton'] })).toHaveProperty(
      'links',
    );
    expect(
      errorsOf({ ...VIDEO, youtube_id: 'dQw4w9WgXcQ', categories: Array(21).fill('a') }),
    ).toHaveProperty('categories');
  });
});
