import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THUMBNAIL_URL } from '@/lib/constants';
import {
  ArchiveFormatError,
  cardImageUrl,
  cardPreviewImages,
  describeProblem,
  MAX_TITLE_LENGTH,
  nodeRoute,
  nodeThumbnailUrl,
  normalizeArchive,
  videoThumbnailUrl,
  type MediaNode,
} from '@/lib/nodeModel';
import { generateArchive } from '../../fixtures/generateArchive';

const base = { video_id: 'n1', title: 'Title', lat: 38.6, lng: -90.2 };

/** Normalises one raw node and returns it, failing the test if it was dropped. */
function one(raw: Record<string, unknown>): MediaNode {
  const { nodes } = normalizeArchive([{ ...base, ...raw }]);
  expect(nodes).toHaveLength(1);
  return nodes[0] as MediaNode;
}

function problemsOf(raw: unknown[]) {
  return normalizeArchive(raw).problems;
}

describe('type', () => {
  it('defaults to video when absent', () => {
    expect(one({}).type).toBe('video');
    expect(problemsOf([base])).toEqual([]);
  });

  it('keeps video and gallery', () => {
    expect(one({ type: 'video' }).type).toBe('video');
    expect(one({ type: 'gallery' }).type).toBe('gallery');
  });

  it('reports any other value, and keeps the node', () => {
    const { nodes, problems } = normalizeArchive([{ ...base, type: 'podcast' }]);
    expect(nodes[0]?.type).toBe('video');
    expect(problems).toHaveLength(1);
    expect(problems[0]?.reasons.join()).toMatch(/unknown type "podcast"/);
  });

  it('shows an unknown type with images and no video as a gallery', () => {
    expect(one({ type: 'album', images: [{ thumb: '/a.jpg', full: '/b.jpg' }] }).type).toBe(
      'gallery',
    );
  });
});

describe('youtube_id and youtube_url stay in sync (SPEC §3)', () => {
  it('derives the url from the id', () => {
    const node = one({ youtube_id: 'dQw4w9WgXcQ' });
    expect(node.youtube_url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('derives the id from a watch link or a short link', () => {
    expect(one({ youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }).youtube_id).toBe(
      'dQw4w9WgXcQ',
    );
    const short = one({ youtube_url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(short.youtube_id).toBe('dQw4w9WgXcQ');
    expect(short.youtube_url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('accepts a link given in youtube_id', () => {
    expect(one({ youtube_id: 'https://youtu.be/dQw4w9WgXcQ' }).youtube_id).toBe('dQw4w9WgXcQ');
  });

  it('has no id and no url when both are empty, which is allowed', () => {
    const { nodes, problems } = normalizeArchive([{ ...base, youtube_id: '', youtube_url: '  ' }]);
    expect(nodes[0]).toMatchObject({ youtube_id: null, youtube_url: null });
    expect(problems).toEqual([]);
  });

  it('lets the id win when the two disagree', () => {
    const node = one({ youtube_id: 'dQw4w9WgXcQ', youtube_url: 'https://youtu.be/aaaaaaaaaaa' });
    expect(node.youtube_url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('gives galleries no video', () => {
    expect(one({ type: 'gallery', youtube_id: 'dQw4w9WgXcQ' })).toMatchObject({
      youtube_id: null,
      youtube_url: null,
    });
  });
});

describe('images', () => {
  it('defaults to an empty list', () => {
    expect(one({ type: 'gallery' }).images).toEqual([]);
  });

  it('reads thumbUrl/fullUrl and thumb/full', () => {
    const node = one({
      type: 'gallery',
      images: [
        { thumbUrl: '/t1.jpg', fullUrl: '/f1.jpg' },
        { thumb: '/t2.jpg', full: '/f2.jpg' },
      ],
    });
    expect(node.images).toEqual([
      { thumbUrl: '/t1.jpg', fullUrl: '/f1.jpg' },
      { thumbUrl: '/t2.jpg', fullUrl: '/f2.jpg' },
    ]);
  });

  it('lets one URL stand in for a missing other', () => {
    expect(one({ type: 'gallery', images: [{ full: '/f.jpg' }] }).images).toEqual([
      { thumbUrl: '/f.jpg', fullUrl: '/f.jpg' },
    ]);
  });

  it('skips images whose URLs are refused', () => {
    const node = one({
      type: 'gallery',
      images: [
        { thumbUrl: 'javascript:alert(1)', fullUrl: 'data:text/html,x' },
        { thumb: '/ok.jpg' },
      ],
    });
    expect(node.images).toEqual([{ thumbUrl: '/ok.jpg', fullUrl: '/ok.jpg' }]);
  });

  it('keeps a card copy when its URL is usable, and drops a refused one, noting it', () => {
    const { nodes, problems } = normalizeArchive([
      {
        ...base,
        type: 'gallery',
        images: [
          { thumbUrl: '/t1.jpg', fullUrl: '/f1.jpg', cardUrl: '/c1.jpg' },
          { thumb: '/t2.jpg', full: '/f2.jpg', cardUrl: 'https://cdn.example/c2.jpg' },
          { thumbUrl: '/t3.jpg', fullUrl: '/f3.jpg', cardUrl: 'javascript:alert(1)' },
          { thumbUrl: '/t4.jpg', fullUrl: '/f4.jpg', cardUrl: 'data:image/jpeg;base64,AAAA' },
          { thumbUrl: '/t5.jpg', fullUrl: '/f5.jpg', cardUrl: null },
          // A card copy alone shows nothing on a detail page: not an image.
          { cardUrl: '/c6.jpg' },
        ],
      },
    ]);
    expect(nodes[0]?.images).toEqual([
      { thumbUrl: '/t1.jpg', fullUrl: '/f1.jpg', cardUrl: '/c1.jpg' },
      { thumbUrl: '/t2.jpg', fullUrl: '/f2.jpg', cardUrl: 'https://cdn.example/c2.jpg' },
      { thumbUrl: '/t3.jpg', fullUrl: '/f3.jpg' },
      { thumbUrl: '/t4.jpg', fullUrl: '/f4.jpg' },
      { thumbUrl: '/t5.jpg', fullUrl: '/f5.jpg' },
    ]);
    expect(problems).toEqual([
      {
        index: 0,
        id: 'n1',
        action: 'repaired',
        reasons: [
          '1 image without a usable URL skipped',
          '2 image cardUrls refused (not an http(s) or relative URL)',
        ],
      },
    ]);
  });

  it('draws a card from the card copy, else from the thumbnail', () => {
    expect(cardImageUrl({ thumbUrl: '/t.jpg', fullUrl: '/f.jpg', cardUrl: '/c.jpg' })).toBe(
      '/c.jpg',
    );
    expect(cardImageUrl({ thumbUrl: '/t.jpg', fullUrl: '/f.jpg' })).toBe('/t.jpg');
  });

  it('previews the first 8 on the card', () => {
    const images = Array.from({ length: 12 }, (_, i) => ({
      thumb: `/t${i}.jpg`,
      full: `/f${i}.jpg`,
    }));
    const preview = cardPreviewImages(one({ type: 'gallery', images }));
    expect(preview).toHaveLength(8);
    expect(preview[7]?.thumbUrl).toBe('/t7.jpg');
  });
});

describe('categories', () => {
  it('carries names with their slugs', () => {
    expect(one({ categories: ['Cleanup & Recovery', 'Storm Footage'] }).categories).toEqual([
      { name: 'Cleanup & Recovery', slug: 'cleanup-recovery' },
      { name: 'Storm Footage', slug: 'storm-footage' },
    ]);
  });

  it('drops empty, non-text and same-slug duplicates', () => {
    expect(
      one({ categories: ['Storm Footage', 'storm  footage', '', '!!', 7, null] }).categories,
    ).toEqual([{ name: 'Storm Footage', slug: 'storm-footage' }]);
  });
});

describe('links', () => {
  it('keeps links to known ids and ignores unknown ones and self-links', () => {
    const { nodes } = normalizeArchive([
      { ...base, video_id: 'a', links: ['b', 'zzz', 'a', 'b'] },
      { ...base, video_id: 'b', links: [] },
    ]);
    expect(nodes[0]?.links).toEqual(['b']);
  });
});

describe('position', () => {
  it('keeps lat/lng numbers', () => {
    expect(one({ lat: -33.9, lng: 151.2 })).toMatchObject({ lat: -33.9, lng: 151.2 });
    expect(one({ lat: 90, lng: -180 })).toMatchObject({ lat: 90, lng: -180 });
  });

  it('repairs numbers written as text', () => {
    expect(one({ lat: '40.7', lng: ' -74 ' })).toMatchObject({ lat: 40.7, lng: -74 });
  });

  it.each([
    [{ lat: 95 }, /lat 95 is outside ±90/],
    [{ lng: -180.5 }, /lng -180.5 is outside ±180/],
    [{ lat: Number.NaN }, /lat is not a finite number/],
    [{ lat: 'Infinity' }, /lat was "Infinity"/],
    [{ lng: Number.POSITIVE_INFINITY }, /lng is not a finite number/],
    [{ lat: undefined }, /no lat/],
    [{ lng: null }, /lng was null/],
    [{ lat: true }, /lat was a boolean/],
  ])('drops a node with %j', (patch, reason) => {
    const { nodes, problems } = normalizeArchive([{ ...base, ...patch }]);
    expect(nodes).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.action).toBe('dropped');
    expect(problems[0]?.reasons.join()).toMatch(reason);
  });
});

describe('video thumbnail (SPEC §3)', () => {
  it('is the provider high-quality thumbnail for an id', () => {
    expect(videoThumbnailUrl(one({ youtube_id: 'dQw4w9WgXcQ' }))).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
  });

  it('is the local default with no id', () => {
    expect(videoThumbnailUrl(one({}))).toBe(DEFAULT_THUMBNAIL_URL);
  });

  it('is a checked local override when the node has one', () => {
    expect(videoThumbnailUrl(one({ youtube_id: 'dQw4w9WgXcQ', thumbUrl: '/sample/t.jpg' }))).toBe(
      '/sample/t.jpg',
    );
    expect(videoThumbnailUrl(one({ thumbUrl: 'javascript:alert(1)' }))).toBe(DEFAULT_THUMBNAIL_URL);
  });
});

describe('who made an item and how it may be reused', () => {
  it('keeps a credit as one line of text and a licence the archive knows, in its spelling', () => {
    const node = one({ credit: '  Dana\tWhitfield <b>', license: ' cc-by-4.0 ' });
    expect(node.credit).toBe('Dana Whitfield <b>');
    expect(node.license).toBe('CC-BY-4.0');
    expect(one({}).credit).toBeNull();
    expect(one({}).license).toBeNull();
    expect(one({ credit: '' }).credit).toBeNull();
  });

  it('drops a licence it does not know, keeps the item, and says why', () => {
    const { nodes, problems } = normalizeArchive([{ ...base, license: 'All rights reserved' }]);
    expect(nodes[0]?.license).toBeNull();
    expect(problems[0]?.reasons).toContain(
      'license "All rights reserved" is not one this archive knows, dropped',
    );
  });

  it('finds them on the sample archive’s items, anonymous ones and some without', () => {
    const sample = normalizeArchive(
      JSON.parse(
        readFileSync(new URL('../../../server/data/sample-archive.json', import.meta.url), 'utf8'),
      ),
    );
    expect(sample.problems).toEqual([]);
    const credits = sample.nodes.map((node) => node.credit);
    expect(credits).toContain('Anonymous');
    expect(credits).toContain(null);
    expect(new Set(sample.nodes.map((node) => node.license))).toEqual(
      new Set(['CC-BY-4.0', 'CC-BY-NC-4.0', 'archive-only', null]),
    );
  });
});

describe('the date an item was recorded', () => {
  it('keeps a day, a time with its offset and a range, as written', () => {
    expect(one({ date: '2025-05-16' }).date).toBe('2025-05-16');
    expect(one({ date: ' 2025-05-16t14:52-05:00 ' }).date).toBe('2025-05-16T14:52-05:00');
    expect(one({ date: '2025-05-17/2025-05-30' }).date).toBe('2025-05-17/2025-05-30');
    expect(one({}).date).toBeNull();
    expect(one({ date: '' }).date).toBeNull();
  });

  it('drops a date that is not one, keeps the item, and says why', () => {
    for (const [date, reason] of [
      ['16 May 2025', 'date "16 May 2025" dropped: Write the date as a day'],
      ['2025-02-30', 'date "2025-02-30" dropped: 2025-02-30 is not a day of the calendar.'],
      ['2025-05-16T14:52', 'date "2025-05-16T14:52" dropped: Give the time with its offset'],
      ['2025-05-30/2025-05-17', 'dropped: The range ends before it starts.'],
      [20250516, 'date was a number, dropped'],
      [['2025-05-16'], 'date was a list, dropped'],
    ] as const) {
      const { nodes, problems } = normalizeArchive([{ ...base, date }]);
      expect(nodes[0]?.date).toBeNull();
      expect(problems).toHaveLength(1);
      expect(problems[0]?.action).toBe('repaired');
      expect(problems[0]?.reasons.join('; ')).toContain(reason);
    }
  });
});

describe('the picture of any item', () => {
  it("is a video's thumbnail, a gallery's first image, or the default", () => {
    expect(nodeThumbnailUrl(one({ youtube_id: 'dQw4w9WgXcQ' }))).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(
      nodeThumbnailUrl(
        one({
          type: 'gallery',
          images: [{ thumb: '/t1.jpg', full: '/f1.jpg' }, { thumb: '/t2.jpg' }],
        }),
      ),
    ).toBe('/t1.jpg');
    expect(nodeThumbnailUrl(one({ type: 'gallery' }))).toBe(DEFAULT_THUMBNAIL_URL);
  });
});

describe('routes', () => {
  it('opens videos and galleries at their own route, encoding the id', () => {
    expect(nodeRoute({ type: 'video', video_id: 'abc' })).toBe('/video/abc');
    expect(nodeRoute({ type: 'gallery', video_id: 'a/b c' })).toBe('/gallery/a%2Fb%20c');
  });
});

describe('the archive envelope', () => {
  it('accepts a list or { nodes: [...] }', () => {
    expect(normalizeArchive([base]).nodes).toHaveLength(1);
    expect(normalizeArchive({ sample: true, nodes: [base] }).nodes).toHaveLength(1);
  });

  it.each([null, 'text', 42, {}, { nodes: 'x' }])('refuses %j as not an archive', (raw) => {
    expect(() => normalizeArchive(raw)).toThrow(ArchiveFormatError);
  });
});

describe('the malformed-node corpus', () => {
  const corpus = JSON.parse(
    readFileSync(new URL('../../fixtures/malformed-archive.json', import.meta.url), 'utf8'),
  );
  const { nodes, problems } = normalizeArchive(corpus);
  const ids = nodes.map((n) => n.video_id);

  it('loads the good nodes untouched', () => {
    const good = nodes.find((n) => n.video_id === 'good-video');
    expect(good).toEqual({
      video_id: 'good-video',
      type: 'video',
      title: 'A good video',
      description: 'Loads untouched.',
      youtube_id: 'dQw4w9WgXcQ',
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbUrl: null,
      images: [],
      categories: [{ name: 'Storm Footage', slug: 'storm-footage' }],
      links: ['good-gallery'],
      lat: 38.63,
      lng: -90.2,
      date: null,
      credit: null,
      license: null,
    });
    expect(problems.find((p) => p.id === 'good-video' && p.index === 0)).toBeUndefined();
    expect(problems.find((p) => p.id === 'good-gallery')).toBeUndefined();
  });

  it('drops the nodes that cannot be shown', () => {
    for (const id of [
      'lat-out-of-range',
      'lng-out-of-range',
      'lat-missing',
      'lat-not-number',
      'infinite',
    ]) {
      expect(ids).not.toContain(id);
    }
    expect(nodes.filter((n) => n.video_id === 'good-video')).toHaveLength(1);
    expect(nodes.find((n) => n.title === 'No id at all')).toBeUndefined();
  });

  it('repairs the rest', () => {
    expect(ids).toEqual([
      'good-video',
      'good-gallery',
      '12345',
      'hostile-text',
      'hostile-urls',
      'wrong-types',
      'unknown-links',
      'very-long-title',
    ]);
    const numeric = nodes.find((n) => n.video_id === '12345');
    expect(numeric).toMatchObject({
      title: '67890',
      description: '',
      lat: 40.7,
      lng: -74,
      youtube_id: 'abcdefghijk',
    });
    const wrong = nodes.find((n) => n.video_id === 'wrong-types');
    expect(wrong).toMatchObject({
      type: 'video',
      images: [],
      links: [],
      categories: [{ name: 'Single Category', slug: 'single-category' }],
    });
    expect(nodes.find((n) => n.video_id === 'unknown-links')?.links).toEqual(['good-video']);
    expect(nodes.find((n) => n.video_id === 'very-long-title')?.title.length).toBeLessThanOrEqual(
      MAX_TITLE_LENGTH,
    );
  });

  it('keeps hostile text as inert text and refuses hostile URLs', () => {
    const hostile = nodes.find((n) => n.video_id === 'hostile-text');
    expect(hostile?.title).toContain('<script>');
    // eslint-disable-next-line no-control-regex
    expect(hostile?.description).not.toMatch(/[\u0000-\u0008]/);
    expect(hostile?.youtube_url).toBe('https://www.youtube.com/watch?v=javascript%3Aalert(1)');
    expect(hostile?.categories.map((c) => c.slug)).toEqual([
      'script-alert-1-script',
      'storm-footage',
    ]);
    const urls = nodes.find((n) => n.video_id === 'hostile-urls');
    expect(urls?.images).toEqual([{ thumbUrl: '/sample/ok-thumb.jpg', fullUrl: '/sample/ok.jpg' }]);
    expect(urls?.thumbUrl).toBeNull();
  });

  it('reports each bad node exactly once, naming it', () => {
    const indexes = problems.map((p) => p.index);
    expect(new Set(indexes).size).toBe(indexes.length);
    expect(problems.length).toBe(corpus.nodes.length - 2);
    const lines = problems.map(describeProblem);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Archive node "good-video" \(#4\) dropped: duplicate video_id\.$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^Archive node #3 dropped: no video_id\.$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^Archive node #9 dropped: not a node object/),
    );
  });
});

describe('10,000 generated nodes', () => {
  it('all load, in well under a frame budget per thousand', () => {
    const raw = generateArchive(10_000);
    const started = performance.now();
    const { nodes, problems } = normalizeArchive(raw);
    const elapsed = performance.now() - started;
    expect(nodes).toHaveLength(10_000);
    expect(problems).toEqual([]);
    expect(new Set(nodes.map((n) => n.video_id)).size).toBe(10_000);
    expect(nodes.every((n) => n.links.every((l) => l !== n.video_id))).toBe(true);
    // Linear work: 10,000 nodes normalise in a few tens of ms; a quadratic step would take seconds.
    expect(elapsed).toBeLessThan(1500);
  });
});
