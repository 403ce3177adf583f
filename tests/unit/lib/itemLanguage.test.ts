import { describe, expect, it } from 'vitest';
import { archiveToCsv, csvEntryOf } from '@/lib/archiveCsv';
import { archiveInputs, changesBetween } from '@/lib/archiveImport';
import { canonicalLanguageTag, languageName } from '@/lib/language';
import { normalizeArchive } from '@/lib/nodeModel';
import { validateNode, type NodeInput } from '@/lib/nodeSchema';
import { openDataJson } from '@/lib/openData';
import { itemJsonLd } from '@/lib/structuredData';
import { dublinCoreOf } from '../../../server/oai/oaiPmh';

const video = {
  video_id: 'porch-video',
  title: 'On the porch',
  youtube_id: 'dQw4w9WgXcQ',
  lat: 38.65,
  lng: -90.3,
};

function saved(input: Record<string, unknown>): NodeInput {
  const result = validateNode(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.node;
}

describe('an item’s language', () => {
  it('is a BCP 47 tag in its canonical spelling, named in English', () => {
    expect(canonicalLanguageTag(' ES ')).toBe('es');
    expect(canonicalLanguageTag('sr-latn')).toBe('sr-Latn');
    expect(canonicalLanguageTag('bs-BA')).toBe('bs-BA');
    for (const bad of ['', 'x-private', 'i-klingon', 'english', 'e', 'en_US', 'en-', '<b>'])
      expect(canonicalLanguageTag(bad), bad).toBeNull();
    expect(languageName('bs')).toBe('Bosnian');
    expect(languageName('es')).toBe('Spanish');
  });

  it('is read from an archive when it is one, dropped with a note when not, absent when unsaid', () => {
    const { nodes, problems } = normalizeArchive([
      { ...video, language: 'ES' },
      { ...video, video_id: 'b', language: 'Spanish' },
      { ...video, video_id: 'c', language: 7 },
      { ...video, video_id: 'd' },
    ]);
    expect(nodes.map((node) => node.language)).toEqual(['es', undefined, undefined, undefined]);
    expect(nodes.map((node) => 'language' in node)).toEqual([true, false, false, false]);
    expect(problems.map((p) => p.reasons)).toEqual([
      ['language "Spanish" is not a language tag, dropped'],
      ['language a number is not a language tag, dropped'],
    ]);
  });

  it('is checked by the shared schema, and an item without one is stored as before', () => {
    expect(saved({ ...video, language: 'BS' }).language).toBe('bs');
    expect('language' in saved({ ...video, language: '' })).toBe(false);
    expect(JSON.stringify(saved(video))).not.toContain('language');
    expect(validateNode({ ...video, language: 'Bosnian' })).toEqual({
      ok: false,
      errors: [{ path: 'language', message: 'Give the language as a tag such as en, es or bs.' }],
    });
  });

  it('travels through the CSV export and import, and an import sees it change', () => {
    const node = saved({ ...video, language: 'es' });
    const csv = archiveToCsv([node, saved({ ...video, video_id: 'plain' })]);
    const [header, first, second] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header?.split(',').at(-1)).toBe('language');
    expect(first?.endsWith(',es')).toBe(true);
    expect(second?.endsWith(',')).toBe(true);
    const cells = Object.fromEntries(
      (header ?? '').split(',').map((column, i) => [column, first?.split(',')[i] ?? '']),
    );
    const [read] = archiveInputs([csvEntryOf(cells)]);
    expect(read?.language).toBe('es');
    const before = saved({ ...video, language: 'en' });
    expect(changesBetween(before, node)).toEqual([
      { field: 'language', before: 'en', after: 'es' },
    ]);
  });

  it('is dc:language in OAI-PMH, inLanguage in JSON-LD, and in the open data', () => {
    const node = saved({ ...video, language: 'bs' });
    const dc = dublinCoreOf(node, 'https://archive.example');
    expect(dc).toContain('<dc:language>bs</dc:language>');
    // Dublin Core's order: identifier, language, relation.
    expect(dc.indexOf('<dc:identifier>')).toBeLessThan(dc.indexOf('<dc:language>'));
    expect(dc.indexOf('<dc:language>')).toBeLessThan(dc.indexOf('<dc:relation>'));
    expect(dublinCoreOf(saved(video), 'https://archive.example')).not.toContain('dc:language');
    const [model] = normalizeArchive([node]).nodes;
    if (!model) throw new Error('fixture');
    expect(itemJsonLd(model, 'https://archive.example').inLanguage).toBe('bs');
    expect(openDataJson([node], new Date(0)).items[0]).toMatchObject({ language: 'bs' });
  });
});
