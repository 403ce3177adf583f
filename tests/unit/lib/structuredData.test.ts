/**
 * An item's schema.org description (issue 32), checked against schema.org's own vocabulary
 * (release 30.0, the properties each type may have and the values each property takes: see
 * tests/fixtures/schemaorg), for a video and a gallery.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeArchive, type MediaNode } from '@/lib/nodeModel';
import { itemJsonLd, jsonLdText } from '@/lib/structuredData';

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
