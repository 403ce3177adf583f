import { describe, expect, it } from 'vitest';
import { parseMediaType } from '@/lib/mediaType';
import { CATEGORY_PALETTE, assignCategoryColours, hexToRgb } from '@/lib/palette';
import { makeStore } from '@/app/store';
import { routeChanged } from '@/features/filter/filterSlice';
import { selectFilter } from '@/features/nodes/nodesSelectors';
import {
  filterRoute,
  isAppPath,
  itemInFilterRoute,
  searchWithSpan,
  searchWithWords,
  spanOfRange,
} from '@/lib/routes';
import { rangeOfTexts } from '@/lib/timeRange';
import { sameIds } from '@/lib/filter';
import { slugify } from '@/lib/slug';
import { safeUrl } from '@/lib/url';
import {
  extractYouTubeId,
  isYouTubeId,
  playerStateAction,
  youtubeEmbedUrl,
  youtubeThumbnailUrl,
  youtubeWatchUrl,
} from '@/lib/youtube';

describe('extractYouTubeId (SPEC §5)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=a_b-c1234XY', 'a_b-c1234XY'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  https://youtu.be/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('finds the id in %s', (input, id) => {
    expect(extractYouTubeId(input)).toBe(id);
  });

  it('takes input without a match as the id itself', () => {
    expect(extractYouTubeId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(extractYouTubeId('not-a-link')).toBe('not-a-link');
  });

  it('does not cut a 12-character run down to an id', () => {
    expect(extractYouTubeId('https://youtu.be/abcdefghijkl')).toBe('https://youtu.be/abcdefghijkl');
  });

  it('gives no id for empty input', () => {
    expect(extractYouTubeId('')).toBeNull();
    expect(extractYouTubeId('   ')).toBeNull();
    expect(extractYouTubeId(null)).toBeNull();
    expect(extractYouTubeId(undefined)).toBeNull();
  });

  it('builds the standard watch URL and the high-quality thumbnail', () => {
    expect(youtubeWatchUrl('dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(youtubeThumbnailUrl('dQw4w9WgXcQ')).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(youtubeWatchUrl('a&b=c')).toBe('https://www.youtube.com/watch?v=a%26b%3Dc');
    expect(isYouTubeId('dQw4w9WgXcQ')).toBe(true);
    expect(isYouTubeId('short')).toBe(false);
  });
});

describe('slugify (SPEC §3)', () => {
  it.each([
    ['Response Efforts', 'response-efforts'],
    ['Cleanup & Recovery', 'cleanup-recovery'],
    ['  --Storm  Footage!!  ', 'storm-footage'],
    ['North City 2025', 'north-city-2025'],
    ['Río Café', 'río-café'],
    ['!!!', ''],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('safeUrl (SPEC §5 URL helper)', () => {
  it('keeps relative URLs as they are', () => {
    expect(safeUrl('/sample/a.jpg')).toBe('/sample/a.jpg');
    expect(safeUrl('sample/a.jpg')).toBe('sample/a.jpg');
    expect(safeUrl('../a.jpg?x=1#y')).toBe('../a.jpg?x=1#y');
  });

  it('keeps absolute http and https URLs unchanged', () => {
    expect(safeUrl('https://i.ytimg.com/vi/x/hqdefault.jpg')).toBe(
      'https://i.ytimg.com/vi/x/hqdefault.jpg',
    );
    expect(safeUrl('http://example.org/a b.jpg')).toBe('http://example.org/a b.jpg');
    expect(safeUrl('HTTPS://EXAMPLE.ORG/A.JPG')).toBe('HTTPS://EXAMPLE.ORG/A.JPG');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.org/x',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it('refuses values that are not text', () => {
    expect(safeUrl(undefined)).toBeNull();
    expect(safeUrl(42)).toBeNull();
    expect(safeUrl({ href: '/a' })).toBeNull();
  });
});

describe('parseMediaType (SPEC §5)', () => {
  it('accepts only video or gallery', () => {
    expect(parseMediaType('video')).toBe('video');
    expect(parseMediaType('gallery')).toBe('gallery');
    for (const other of ['Video', 'photos', '', null, undefined, 1])
      expect(parseMediaType(other)).toBeNull();
  });
});

describe('assignCategoryColours', () => {
  const slugs = [
    'response-efforts',
    'community-stories',
    'cleanup-recovery',
    'shelter-aid',
    'storm-footage',
    'rebuilding',
    'volunteers',
  ];

  it('gives up to 10 categories distinct palette colours', () => {
    const colours = assignCategoryColours(slugs);
    expect(new Set(colours.values()).size).toBe(slugs.length);
    for (const colour of colours.values()) expect(CATEGORY_PALETTE).toContain(colour);
  });

  it('does not depend on the order categories are met in', () => {
    const a = assignCategoryColours(slugs);
    const b = assignCategoryColours([...slugs].reverse());
    expect([...b.entries()].sort()).toEqual([...a.entries()].sort());
  });

  it('keeps a category its colour when an unrelated one is added, unless they collide', () => {
    const before = assignCategoryColours(['storm-footage']);
    const after = assignCategoryColours(['storm-footage', 'rebuilding']);
    expect(after.get('storm-footage')).toBe(before.get('storm-footage'));
  });

  it('reuses colours only beyond 10 categories', () => {
    const many = Array.from({ length: 14 }, (_, i) => `category-${i}`);
    const colours = assignCategoryColours(many);
    expect(colours.size).toBe(14);
    expect(new Set(colours.values()).size).toBe(10);
  });
});

describe('isAppPath', () => {
  it.each([
    '/',
    '/video/abc',
    '/gallery/abc',
    '/category/storm-footage',
    '/statement',
    '/editor',
    '/editor/items/1',
    '/signin',
    '/env',
  ])('knows %s', (path) => expect(isAppPath(path)).toBe(true));
  it.each(['/nope', '/video', '/video/a/b', '/statements', '/api'])('does not know %s', (path) => {
    expect(isAppPath(path)).toBe(false);
  });
});

describe('the routes of a filtered globe', () => {
  it('opens an item with its filter as a query, and closes back to the filter', () => {
    expect(itemInFilterRoute('/video/a', { category: 'clean-up', type: 'video' })).toBe(
      '/video/a?category=clean-up&type=video',
    );
    expect(itemInFilterRoute('/gallery/b', { category: null, type: 'gallery' })).toBe(
      '/gallery/b?type=gallery',
    );
    expect(itemInFilterRoute('/video/a', { category: null, type: null })).toBe('/video/a');
    // A slug is a query value, escaped as one.
    expect(itemInFilterRoute('/video/a', { category: 'a&b=c', type: null })).toBe(
      '/video/a?category=a%26b%3Dc',
    );
    expect(filterRoute('clean-up', 'video')).toBe('/category/clean-up?type=video');
    expect(filterRoute(null, null)).toBe('/');
    // The search's words go along, encoded, with a category and a type or alone.
    expect(filterRoute('clean-up', 'video', 'tarps & roofs')).toBe(
      '/category/clean-up?type=video&q=tarps+%26+roofs',
    );
    expect(filterRoute(null, null, 'église')).toBe('/?q=%C3%A9glise');
    expect(itemInFilterRoute('/video/a', { category: null, type: null, q: 'page blvd' })).toBe(
      '/video/a?q=page+blvd',
    );
  });

  it('carries the timeline’s range, times with their colons, and reads every filter back', () => {
    const span = { from: '2025-05-16T14:40-05:00', to: '2025-05-16T15:10-05:00' };
    const route = filterRoute('clean-up', 'video', 'tarps', span);
    expect(route).toBe(
      '/category/clean-up?type=video&q=tarps&from=2025-05-16T14:40-05:00&to=2025-05-16T15:10-05:00',
    );
    expect(filterRoute(null, null, null, { from: '2025-05-17' })).toBe('/?from=2025-05-17');
    // The URL round trip: what the route says is what the filter reads.
    const url = new URL(route, 'https://archive.example');
    const store = makeStore({ fetchArchive: () => new Promise(() => {}) });
    store.dispatch(
      routeChanged({
        category: url.pathname.split('/')[2],
        type: url.searchParams.get('type'),
        q: url.searchParams.get('q'),
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
      }),
    );
    const filter = selectFilter(store.getState());
    expect(filter).toMatchObject({ category: 'clean-up', type: 'video', q: 'tarps' });
    expect(filter.range).toEqual(rangeOfTexts(span.from, span.to));
    expect(itemInFilterRoute('/video/a', filter)).toBe(
      '/video/a?category=clean-up&type=video&q=tarps&from=2025-05-16T14:40-05:00&to=2025-05-16T15:10-05:00',
    );
    // The timeline writes its range into the address it finds, keeping the rest.
    expect(
      searchWithSpan('?type=video&to=2025-05-30&q=roof', { from: '2025-05-16T14:40-05:00' }),
    ).toBe('type=video&q=roof&from=2025-05-16T14:40-05:00');
    expect(searchWithSpan('?from=2025-05-17', {})).toBe('');
    // The search writes its words alike, the range's colons left as they are.
    expect(searchWithWords('?from=2025-05-16T14:40-05:00&type=video', 'roof & tarps')).toBe(
      'from=2025-05-16T14:40-05:00&type=video&q=roof+%26+tarps',
    );
    expect(searchWithWords('?q=roof&type=video', null)).toBe('type=video');
    // With the range it is given (a timeline move not yet in the address), or none.
    expect(searchWithWords('?from=2025-05-17&type=video', 'roof', { to: '2025-05-30' })).toBe(
      'type=video&q=roof&to=2025-05-30',
    );
    // Days stay days.
    expect(spanOfRange(rangeOfTexts('2025-05-17', '2025-05-30'))).toEqual({
      from: '2025-05-17',
      to: '2025-05-30',
    });
  });
});

describe('hexToRgb', () => {
  it('reads #rrggbb as 0-1 channels', () => {
    expect(hexToRgb('#ff8000')).toEqual([1, 128 / 255, 0]);
    expect(hexToRgb('4E79A7')).toEqual([0x4e / 255, 0x79 / 255, 0xa7 / 255]);
  });

  it('falls back to a soft blue for anything else', () => {
    expect(hexToRgb('red')).toEqual([0.5, 0.6, 0.75]);
  });
});

describe('youtubeEmbedUrl (SPEC §7 player)', () => {
  it('embeds the id with every player parameter', () => {
    const url = new URL(youtubeEmbedUrl('dQw4w9WgXcQ'));
    expect(url.origin + url.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      rel: '0',
      controls: '1',
      modestbranding: '1',
      fs: '0',
      iv_load_policy: '3',
      disablekb: '1',
      playsinline: '1',
      autoplay: '1',
      mute: '0',
    });
  });

  it('keeps a hostile id inside the path', () => {
    expect(new URL(youtubeEmbedUrl('a/../../x?y=1')).pathname).toBe(
      '/embed/a%2F..%2F..%2Fx%3Fy%3D1',
    );
  });

  it('asks the player to talk to the page only when analytics needs it', () => {
    const url = new URL(
      youtubeEmbedUrl('dQw4w9WgXcQ', { jsApiOrigin: 'https://archive.example.org' }),
    );
    expect(url.searchParams.get('enablejsapi')).toBe('1');
    expect(url.searchParams.get('origin')).toBe('https://archive.example.org');
    expect(url.searchParams.get('autoplay')).toBe('1');
    expect(url.searchParams.get('rel')).toBe('0');
    expect(new URL(youtubeEmbedUrl('dQw4w9WgXcQ', {})).searchParams.has('enablejsapi')).toBe(false);
  });
});

describe('playerStateAction (IFrame Player API states)', () => {
  it.each([
    [-1, null],
    [0, 'complete'],
    [1, 'play'],
    [2, 'pause'],
    [3, null],
    [5, null],
  ])('state %i reports %s', (state, action) => {
    expect(playerStateAction(state)).toBe(action);
  });
});

describe('sameIds', () => {
  it('compares the search’s answers by their ids, not by the object', () => {
    expect(sameIds(null, undefined)).toBe(true);
    expect(sameIds(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(true);
    expect(sameIds(new Set(['a']), new Set(['a', 'b']))).toBe(false);
    expect(sameIds(new Set(['a']), new Set(['b']))).toBe(false);
    expect(sameIds(new Set(), null)).toBe(false);
  });
});
