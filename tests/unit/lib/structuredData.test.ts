/**
 * An item's schema.org description (issue 32), checked against schema.org's own vocabulary
 * (release 30.0, the properties each type may have and the values each property takes: see
 * tests/fixtures/schemaorg), for a video and a gallery; and a story's (issue 51), an `ItemList`
 * of its stops.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeArchive, type MediaNode } from '@/lib/nodeModel';
import type { StoryInput } from '@/lib/storyModel';
import { validateStory } from '@/lib/storySchema';
import { itemJsonLd, jsonLdText, storyJsonLd } from '@/lib/structuredData';

interface Vocabulary {
  types: Record<string, { ancestors: string[]; properties: string[] }>;
  ranges: Record<string, string[]>;
  subtypes: Record<string, string[]>;
}

const VOCABULARY = JSON.parse(
  readFileSync(new URL('../../fixtures/schemaorg/vocabulary.json', import.meta.url), 'utf8'),
) as Vocabulary;

/** schema.org's data types a JSON string or number may stand for. */
const TEXT_TYPES = new Set(['Text', 'URL', 'Date', 'DateTime', 'Time']);
const NUMBER_TYPES = new Set(['Number', 'Float', 'Integer', 'Text']);

/** Whether `value` is a node reference: an object with an `@id` and nothing else. */
function isReference(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 1 &&
    keys[0] === '@id' &&
    typeof (value as { '@id': unknown })['@id'] === 'string'
  );
}

/** What is wrong with `value` as schema.org data of `type` (empty: nothing), path by path. */
function problemsOf(value: Record<string, unknown>, path = ''): string[] {
  const type = value['@type'];
  if (typeof type !== 'string') return [`${path || 'the item'} has no @type`];
  const known = VOCABULARY.types[type];
  if (!known) return [`${path}@type ${type} is not one of the checked types`];
  const problems: string[] = [];
  for (const [property, raw] of Object.entries(value)) {
    if (property.startsWith('@')) continue;
    if (!known.properties.includes(property)) {
      problems.push(`${path}${property} is not a property of ${type}`);
      continue;
    }
    const ranges = VOCABULARY.ranges[property] ?? [];
    for (const item of Array.isArray(raw) ? raw : [raw]) {
      if (typeof item === 'string') {
        if (
          !ranges.some(
            (range) => TEXT_TYPES.has(range) || (VOCABULARY.subtypes[range] ?? []).includes('Text'),
          )
        ) {
          problems.push(`${path}${property} takes no text (${ranges.join(', ')})`);
        }
      } else if (typeof item === 'number') {
        if (!ranges.some((range) => NUMBER_TYPES.has(range))) {
          problems.push(`${path}${property} takes no number (${ranges.join(', ')})`);
        }
      } else if (isReference(item)) {
        // A node named by its address alone (`{ "@id": … }`): of whatever type the range takes.
        if (
          !ranges.some(
            (range) => range === 'Thing' || (VOCABULARY.subtypes[range] ?? []).includes('Thing'),
          )
        ) {
          problems.push(`${path}${property} takes no node (${ranges.join(', ')})`);
        }
      } else if (typeof item === 'object' && item !== null) {
        const nested = (item as { '@type'?: unknown })['@type'];
        const lineage =
          typeof nested === 'string' ? [nested, ...(VOCABULARY.subtypes[nested] ?? [])] : [];
        if (!lineage.some((t) => ranges.includes(t))) {
          problems.push(`${path}${property} takes no ${String(nested)} (${ranges.join(', ')})`);
        }
        problems.push(...problemsOf(item as Record<string, unknown>, `${path}${property}.`));
      } else {
        problems.push(`${path}${property} is ${typeof item}`);
      }
    }
  }
  return problems;
}

const [video, gallery] = normalizeArchive([
  {
    video_id: 'hail-page',
    title: 'Hail on Page </script><script>alert(1)</script>',
    description: 'Recorded from a car at 2:40 pm.',
    youtube_id: 'ScMzIvxBSi4',
    categories: ['Storm', 'Damage'],
    lat: 38.66,
    lng: -90.25,
    date: '2025-05-16T14:40-05:00',
    credit: 'Jo Kowalski',
    license: 'CC-BY-4.0',
  },
  {
    video_id: 'porches',
    type: 'gallery',
    title: 'Porches of Fountain Park',
    images: [
      { thumbUrl: '/uploads/2026/11/a-thumb.jpg', fullUrl: '/uploads/2026/11/a.jpg' },
      {
        thumbUrl: 'https://photos.example.org/b-t.jpg',
        fullUrl: 'https://photos.example.org/b.jpg',
      },
    ],
    lat: 38.65,
    lng: -90.26,
    date: '2025-05-17/2025-05-20',
    credit: 'Anonymous',
    license: 'archive-only',
  },
]).nodes as [MediaNode, MediaNode];

const SITE = 'https://archive.example.org';

describe('an item’s schema.org description', () => {
  it('describes a video: its embed, thumbnail, place, date, licence and credit, in schema.org’s terms', () => {
    const data = itemJsonLd(video, SITE);
    expect(problemsOf(data)).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      '@id': `${SITE}/video/hail-page`,
      url: `${SITE}/video/hail-page`,
      name: video.title,
      embedUrl: 'https://www.youtube-nocookie.com/embed/ScMzIvxBSi4',
      thumbnailUrl: 'https://i.ytimg.com/vi/ScMzIvxBSi4/hqdefault.jpg',
      dateCreated: '2025-05-16T14:40-05:00',
      contentLocation: {
        '@type': 'Place',
        geo: { '@type': 'GeoCoordinates', latitude: 38.66, longitude: -90.25 },
      },
      keywords: ['Storm', 'Damage'],
      license: 'https://creativecommons.org/licenses/by/4.0/',
      creditText: 'Jo Kowalski',
    });
  });

  it('describes a gallery: each photo absolute, a range of days as its temporal coverage', () => {
    const data = itemJsonLd(gallery, SITE);
    expect(problemsOf(data)).toEqual([]);
    expect(data).toMatchObject({
      '@type': 'ImageGallery',
      url: `${SITE}/gallery/porches`,
      thumbnailUrl: `${SITE}/uploads/2026/11/a-thumb.jpg`,
      dateCreated: '2025-05-17',
      temporalCoverage: '2025-05-17/2025-05-20',
      license: `${SITE}/terms#archive-only`,
      creditText: 'Anonymous',
    });
    expect(data.associatedMedia).toEqual([
      {
        '@type': 'ImageObject',
        contentUrl: `${SITE}/uploads/2026/11/a.jpg`,
        thumbnailUrl: `${SITE}/uploads/2026/11/a-thumb.jpg`,
        license: `${SITE}/terms#archive-only`,
        creditText: 'Anonymous',
      },
      {
        '@type': 'ImageObject',
        contentUrl: 'https://photos.example.org/b.jpg',
        thumbnailUrl: 'https://photos.example.org/b-t.jpg',
        license: `${SITE}/terms#archive-only`,
        creditText: 'Anonymous',
      },
    ]);
  });

  it('is checked for real: a property a type lacks, or a value of the wrong kind, is found', () => {
    expect(problemsOf({ '@type': 'VideoObject', madeUpProperty: 'x' })).toEqual([
      'madeUpProperty is not a property of VideoObject',
    ]);
    expect(
      problemsOf({ '@type': 'VideoObject', contentLocation: { '@type': 'GeoCoordinates' } }),
    ).toEqual(['contentLocation takes no GeoCoordinates (Place)']);
    expect(problemsOf({ '@type': 'Place', geo: 'near the river' })[0]).toMatch(
      /^geo takes no text/,
    );
  });

  it('is written so that no text of the item can end its script element', () => {
    const text = jsonLdText(itemJsonLd(video, SITE));
    expect(text).not.toContain('</script>');
    expect(text).not.toMatch(/[<>]/);
    expect((JSON.parse(text) as { name: string }).name).toBe(video.title);
  });
});

const checkedStory = validateStory({
  story_id: 'the-walk',
  title: 'The walk </script><script>alert(1)</script>',
  intro: 'From Clayton to the Ville.',
  cover: '/sample/porch/thumb.jpg',
  credit: 'Jo Kowalski',
  license: 'CC-BY-4.0',
  state: 'published',
  stops: [
    { heading: 'The porch', narration: 'It starts here.', item: 'hail-page' },
    { heading: 'Over the city', narration: '', view: { lat: 38.6, lng: -90.2, distance: 20 } },
    { heading: 'Porches', narration: '', item: 'porches', show: 'point' },
    { heading: 'Gone since', narration: '', item: 'deleted-since' },
  ],
});
if (!checkedStory.ok) throw new Error(JSON.stringify(checkedStory.errors));
const STORY: StoryInput = checkedStory.story;
const PAGES = new Map([
  ['hail-page', '/video/hail-page'],
  ['porches', '/gallery/porches'],
]);

describe('a story’s schema.org description (issue 51)', () => {
  it('is an ItemList of its stops in order, each a ListItem with its page and its item’s, in schema.org’s terms', () => {
    const data = storyJsonLd(STORY, SITE, (id) => PAGES.get(id));
    expect(problemsOf(data)).toEqual([]);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      '@id': `${SITE}/story/the-walk`,
      name: STORY.title,
      description: 'From Clayton to the Ville.',
      image: `${SITE}/sample/porch/thumb.jpg`,
      url: `${SITE}/story/the-walk`,
      numberOfItems: 4,
      itemListOrder: 'https://schema.org/ItemListOrderAscending',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: 'The porch',
          url: `${SITE}/story/the-walk`,
          item: { '@id': `${SITE}/video/hail-page` },
        },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Over the city',
          url: `${SITE}/story/the-walk/2`,
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Porches',
          url: `${SITE}/story/the-walk/3`,
          item: { '@id': `${SITE}/gallery/porches` },
        },
        // An item the archive no longer shows is no page to point to.
        { '@type': 'ListItem', position: 4, name: 'Gone since', url: `${SITE}/story/the-walk/4` },
      ],
    });
    // The item a stop shows is a page of its own: an ItemList's ListItem may point to it.
    expect(problemsOf({ '@type': 'ListItem', item: 'a text' })[0]).toMatch(/^item takes no text/);
  });

  it('takes its cover through the checked URL helper, and none it refuses', () => {
    const hostile = { ...STORY, cover: 'javascript:alert(1)', intro: ' ' };
    const data = storyJsonLd(hostile, SITE, () => undefined);
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('description');
    expect(
      storyJsonLd({ ...STORY, cover: 'https://photos.example.org/c.jpg' }, SITE, () => undefined)
        .image,
    ).toBe('https://photos.example.org/c.jpg');
  });

  it('is written so that no text of the story can end its script element', () => {
    const text = jsonLdText(storyJsonLd(STORY, SITE, (id) => PAGES.get(id)));
    expect(text).not.toMatch(/[<>]/);
    expect((JSON.parse(text) as { name: string }).name).toBe(STORY.title);
  });
});
