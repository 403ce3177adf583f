/**
 * The published stories through OAI-PMH (issue 51): records of `dc:type` Collection in a set of
 * their own ("Stories", `archive_stories`), their items as `dc:relation` in the stops' order,
 * identifiers that can never be an item's, in one list with the items that resumption tokens page
 * through alike; a draft never seen, a story deleted or taken back to a draft after it was
 * published a deleted record, as a hidden item is. Every answer is validated against the official
 * OAI-PMH 2.0 and oai_dc schemas.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETED_RECORD_DAYS, OAI_PAGE_SIZE, STORIES_SET } from '../../../../server/oai/oaiPmh';
import { readOnlyView } from '../../../../server/storage/nodeStore';
import { generateArchive } from '../../../fixtures/generateArchive';
import {
  ID_PREFIX,
  oaiService,
  received,
  resumeQuery,
  schemaErrors,
  SITE,
  type OaiAnswer,
} from '../support/oaiHarness';
import { DRAFT, storySeed, STORY_NODES, WALK } from '../support/storyFixtures';

afterEach(async () => {
  vi.useRealTimers();
  expect(await schemaErrors(received.splice(0))).toEqual([]);
});

const STORY_ID = `${ID_PREFIX}story:the-walk`;
const getRecord = (identifier: string) =>
  `verb=GetRecord&identifier=${encodeURIComponent(identifier)}&metadataPrefix=oai_dc`;

/** Each header of a list: its identifier, whether deleted, and its sets. */
function headersOf(answer: OaiAnswer) {
  return answer.all('header').map((header) => ({
    id: header.getElementsByTagNameNS('*', 'identifier')[0]?.textContent ?? '',
    deleted: header.getAttribute('status') === 'deleted',
    sets: [...header.getElementsByTagNameNS('*', 'setSpec')].map((s) => s.textContent ?? ''),
  }));
}

describe('stories in OAI-PMH', () => {
  it('lists the stories’ set, apart from every category’s (a category named "Stories" too)', async () => {
    const { oai } = oaiService(storySeed());
    const sets = await oai('verb=ListSets');
    const named = sets
      .all('set')
      .map((set) => [
        set.getElementsByTagNameNS('*', 'setSpec')[0]?.textContent,
        set.getElementsByTagNameNS('*', 'setName')[0]?.textContent,
      ]);
    expect(named).toEqual([
      ['archive_stories', 'Stories'],
      ['stories', 'Stories'],
      ['volunteers', 'Volunteers'],
    ]);
    const stories = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=${STORIES_SET.spec}`);
    expect(headersOf(stories)).toEqual([
      { id: STORY_ID, deleted: false, sets: ['archive_stories'] },
    ]);
    // The category "Stories" is its items, and no story.
    const category = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=stories');
    expect(headersOf(category).map((h) => h.id)).toEqual(
      expect.arrayContaining([`${ID_PREFIX}porch`, `${ID_PREFIX}street`]),
    );
    expect(headersOf(category)).toHaveLength(2);
  });

  it('gives a story’s Dublin Core: title, credit, introduction, day, Collection, page, language, its items in order, rights', async () => {
    const { oai, store } = oaiService(storySeed());
    const record = await oai(getRecord(STORY_ID));
    expect(record.code).toBeNull();
    expect(record.text('title')).toEqual([WALK.title]);
    expect(record.xml).not.toContain('<script>');
    expect(record.text('creator')).toEqual(['Jo Kowalski']);
    expect(record.text('description')).toEqual([WALK.intro]);
    expect(record.text('publisher')).toEqual(['Globe Archive']);
    const changed = (await store.getStory('the-walk'))?.changedAt ?? '';
    expect(record.text('date')).toEqual([changed.slice(0, 10)]);
    expect(record.text('type')).toEqual(['Collection']);
    expect(record.text('identifier')).toEqual([STORY_ID, `${SITE}/story/the-walk`]);
    expect(record.text('language')).toEqual(['en']);
    expect(record.text('relation')).toEqual([`${SITE}/video/porch`, `${SITE}/gallery/roofs`]);
    expect(record.text('rights')).toEqual([
      'Creative Commons Attribution 4.0 International: https://creativecommons.org/licenses/by/4.0/',
    ]);
    expect(record.text('datestamp')[0]).toBe(`${changed.slice(0, 19)}Z`);
    const formats = await oai(`verb=ListMetadataFormats&identifier=${STORY_ID}`);
    expect(formats.text('metadataPrefix')).toEqual(['oai_dc']);
  });

  it('never shows a draft, and an item keeps its own identifier beside the stories’', async () => {
    const { oai } = oaiService(storySeed());
    expect((await oai(getRecord(`${ID_PREFIX}story:unfinished`))).code).toBe('idDoesNotExist');
    const all = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    expect(all.xml).not.toContain('unfinished');
    expect(all.xml).not.toContain(DRAFT.title);
    expect(
      headersOf(all)
        .map((h) => h.id)
        .sort(),
    ).toEqual([...STORY_NODES.map((node) => `${ID_PREFIX}${node.video_id}`), STORY_ID].sort());
    expect((await oai(getRecord(`${ID_PREFIX}porch`))).text('type')).toEqual(['MovingImage']);
    expect((await oai(getRecord(`${ID_PREFIX}the-walk`))).code).toBe('idDoesNotExist');
  });

  it('reports a story deleted or taken back to a draft as a deleted record, in every list, for a while', async () => {
    const start = Date.parse('2026-03-02T10:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const seed = storySeed([
      WALK,
      { ...WALK, story_id: 'second', title: 'Second' },
      { ...DRAFT, story_id: 'never' },
    ]);
    const { oai, store } = oaiService(seed);
    vi.setSystemTime(start + 60_000);
    await store.updateStory('the-walk', { ...WALK, state: 'draft' }, 1, 'alice');
    await store.deleteStory('second', 1, 'alice');
    await store.deleteStory('never', 1, 'alice');
    // In the lists' order: the same second, then by identifier.
    const gone = [`${ID_PREFIX}story:second`, STORY_ID];
    for (const id of gone) {
      const record = await oai(getRecord(id));
      expect(record.code, id).toBeNull();
      expect(headersOf(record), id).toEqual([{ id, deleted: true, sets: [] }]);
      expect(record.all('metadata'), id).toHaveLength(0);
      expect(record.text('datestamp')[0], id).toBe('2026-03-02T10:01:00Z');
    }
    // A story never published was never the public's: it is not in the repository at all.
    expect((await oai(getRecord(`${ID_PREFIX}story:never`))).code).toBe('idDoesNotExist');
    const list = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=volunteers');
    expect(
      headersOf(list)
        .filter((h) => h.deleted)
        .map((h) => h.id),
    ).toEqual(gone);
    // No story is published now: the stories' set is listed again once one is.
    expect((await oai('verb=ListSets')).text('setSpec')).not.toContain(STORIES_SET.spec);

    vi.setSystemTime(start + (DELETED_RECORD_DAYS + 1) * 86_400_000);
    expect((await oai(getRecord(STORY_ID))).code).toBe('idDoesNotExist');
    await store.updateStory('the-walk', WALK, 2, 'alice');
    expect(headersOf(await oai(getRecord(STORY_ID)))[0]?.deleted).toBe(false);
    expect((await oai('verb=ListSets')).text('setSpec')).toContain(STORIES_SET.spec);
  });

  it('reports, where no journal can be read, a deleted story as deleted only if it was published', async () => {
    // A read-only view keeps no journal to read: the story's state when it was deleted says.
    const { oai, store } = oaiService(storySeed(), {
      view: (memory) => readOnlyView(memory, 'Read-only.'),
    });
    await store.deleteStory('the-walk', 1, 'alice');
    await store.deleteStory('unfinished', 1, 'alice');
    expect(headersOf(await oai(getRecord(STORY_ID)))[0]?.deleted).toBe(true);
    expect((await oai(getRecord(`${ID_PREFIX}story:unfinished`))).code).toBe('idDoesNotExist');
  });

  it('pages items and stories through one list, tokens and all, each record once (set or no set)', async () => {
    const start = Date.parse('2026-03-02T10:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const nodes = generateArchive(2 * OAI_PAGE_SIZE + 30);
    const stories = Array.from({ length: 3 }, (_, i) => ({
      ...WALK,
      story_id: `story-${i}`,
      stops: [{ ...WALK.stops[0], item: String(nodes[i]?.video_id) }] as typeof WALK.stops,
    }));
    const { oai, store } = oaiService({ nodes, stories });
    // Two stories changed later than every item: they are the last page's.
    vi.setSystemTime(start + 5000);
    await store.updateStory('story-1', { ...stories[1], title: 'Changed' } as typeof WALK, 1, 'a');
    const seen: string[] = [];
    let answer = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc');
    for (;;) {
      expect(answer.code, answer.xml.slice(0, 300)).toBeNull();
      seen.push(...headersOf(answer).map((h) => h.id));
      if (!answer.token) break;
      answer = await oai(resumeQuery('ListIdentifiers', answer.token));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(nodes.length + 3);
    expect(seen.at(-1)).toBe(`${ID_PREFIX}story:story-1`);
    expect(seen.filter((id) => id.includes(':story:'))).toHaveLength(3);

    const set = await oai(`verb=ListRecords&metadataPrefix=oai_dc&set=${STORIES_SET.spec}`);
    expect(headersOf(set).map((h) => h.id)).toEqual([
      `${ID_PREFIX}story:story-0`,
      `${ID_PREFIX}story:story-2`,
      `${ID_PREFIX}story:story-1`,
    ]);
    expect(set.text('type')).toEqual(['Collection', 'Collection', 'Collection']);
    expect(set.token).toBeNull();
  });
});
