import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateStory } from '@/lib/storySchema';
import { stopNumberOf, storyItemIds } from '@/lib/storyModel';

const STOP = { heading: 'Clouds', narration: 'The sky **darkens**.', item: 'clouds' };
const STORY = { story_id: 'afternoon', title: 'The afternoon', stops: [STOP] };

function errorsOf(input: unknown): Record<string, string> {
  const result = validateStory(input);
  if (result.ok) throw new Error('expected errors');
  return Object.fromEntries(result.errors.map((e) => [e.path, e.message]));
}

describe('validateStory', () => {
  it('fills in what was left out: a draft, no cover, an item opened, an open time range', () => {
    expect(validateStory(STORY)).toEqual({
      ok: true,
      story: {
        story_id: 'afternoon',
        title: 'The afternoon',
        intro: '',
        cover: null,
        credit: null,
        license: null,
        state: 'draft',
        stops: [
          {
            heading: 'Clouds',
            narration: 'The sky **darkens**.',
            item: 'clouds',
            show: 'open',
            view: null,
            from: null,
            to: null,
            category: null,
            type: null,
          },
        ],
      },
    });
  });

  it('keeps a place stop with its view, range and filter (category by its slug)', () => {
    const place = {
      heading: '  The   whole day ',
      view: { lat: 38.6, lng: -90.3, distance: 20 },
      from: '2025-05-16',
      to: ' 2025-05-16T18:00-05:00 ',
      category: 'Response Efforts',
      type: 'gallery',
      show: 'point',
    };
    const result = validateStory({ ...STORY, state: 'published', stops: [STOP, place] });
    expect(result.ok && result.story.stops[1]).toEqual({
      heading: 'The whole day',
      narration: '',
      item: null,
      // A stop without an item has nothing to open or point at.
      show: null,
      view: { lat: 38.6, lng: -90.3, distance: 20 },
      from: '2025-05-16',
      to: '2025-05-16T18:00-05:00',
      category: 'response-efforts',
      type: 'gallery',
    });
    expect(result.ok && result.story.state).toBe('published');
  });

  it('refuses each bad field in words, at its path', () => {
    expect(
      errorsOf({
        story_id: 'journal',
        title: ' ',
        cover: 'javascript:alert(1)',
        license: 'mine',
        state: 'live',
        stops: [
          { heading: '', item: 'no spaces allowed' },
          { heading: 'Nowhere' },
          { heading: 'Backwards', item: 'a', from: '2025-05-17', to: '2025-05-16' },
          { heading: 'Far', view: { lat: 91, lng: 0, distance: 5 } },
          { heading: 'When', item: 'a', from: 'yesterday' },
        ],
      }),
    ).toEqual({
      story_id: 'This id is reserved; choose another.',
      title: 'The title is required.',
      cover: 'An image link must be an http(s) address or a path on this site.',
      license: 'Choose a licence from the list.',
      state: 'A story is a draft or published.',
      'stops.0.heading': 'Give the stop a heading.',
      'stops.0.item': 'This is not the id of an item.',
      'stops.1.view': 'Choose an item for this stop, or use a view of the globe.',
      'stops.2.to': 'The end of the time range comes before its start.',
      'stops.3.view.lat': 'Latitude must be between -90 and 90.',
      'stops.3.view.distance': "The view's distance must be between 10 and 50.",
      'stops.4.from':
        'Write a day (2025-05-16) or a time with its offset (2025-05-16T14:40-05:00).',
    });
  });

  it('holds a story to its limits: a stop at least, 50 at most, no NUL or lone surrogate', () => {
    expect(errorsOf({ ...STORY, stops: [] })).toEqual({
      stops: 'A story needs at least one stop.',
    });
    expect(errorsOf({ ...STORY, stops: Array.from({ length: 51 }, () => STOP) })).toEqual({
      stops: 'A story has at most 50 stops.',
    });
    expect(errorsOf({ ...STORY, stops: [{ ...STOP, narration: 'x'.repeat(4001) }] })).toEqual({
      'stops.0.narration': 'A narration must be at most 4,000 characters.',
    });
    expect(Object.keys(errorsOf({ ...STORY, title: 'bad \ud800' }))).toEqual(['title']);
    expect(errorsOf([])).toEqual({ '': 'The story must be a JSON object.' });
  });
});

describe('the sample stories', () => {
  const sample = JSON.parse(readFileSync('server/data/sample-archive.json', 'utf8')) as {
    nodes: { video_id: string }[];
    stories: unknown[];
  };

  it('pass the schema, are published and show only items the sample holds', () => {
    const ids = new Set(sample.nodes.map((node) => node.video_id));
    const titles = sample.stories.map((raw) => {
      const result = validateStory(raw);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      expect(result.story.state).toBe('published');
      expect(result.story.intro).toMatch(/^Sample story\./);
      for (const id of storyItemIds(result.story)) expect(ids.has(id), id).toBe(true);
      // Each tells its story with at least one place seen from a view.
      expect(result.story.stops.some((stop) => stop.item === null && stop.view)).toBe(true);
      return result.story.title;
    });
    expect(titles).toEqual(['The afternoon of 16 May', 'The months after']);
  });
});

describe('stopNumberOf', () => {
  it('reads the numbers a link carries, 1 to the story length, and nothing else', () => {
    expect(stopNumberOf(undefined, 3)).toBe(1);
    expect(stopNumberOf('3', 3)).toBe(3);
    for (const text of ['0', '4', '01', '1.0', '-1', ' 2', '1e1', '9999']) {
      expect(stopNumberOf(text, 3), text).toBeNull();
    }
  });
});
