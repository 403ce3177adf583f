/**
 * Stories in the archive's data (issue 51): the editors' JSON export holds every story not
 * deleted (drafts included), a file a server seeds from as it is (`readArchiveSeed`, stories
 * and all) and that the import takes back (its items; the report says its stories are not
 * imported); the public's open data holds the published stories only, with their pages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchiveSeed } from '../../../../server/storage/archiveFile';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { accessToken, makeKeys, setup, type TestKeys } from '../support/communityHarness';
import { DRAFT, storySeed, WALK } from '../support/storyFixtures';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});
const temp = mkdtempSync(join(tmpdir(), 'globe-story-exports-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

interface Report {
  counts: Record<string, number>;
  notes: string[];
}

describe('stories in the exports', () => {
  it('exports every story not deleted, which a server seeds from and the import reads back', async () => {
    const store = createMemoryStore(storySeed([WALK, DRAFT, { ...DRAFT, story_id: 'gone' }]));
    await store.deleteStory('gone', 1, 'alice');
    const { call, cleanup } = setup({ keys, store });
    try {
      const token = await accessToken(keys);
      const exported = await call('GET', '/exports/archive.json', { token });
      expect(exported.status).toBe(200);
      const body = exported.json as { nodes: unknown[]; stories: { story_id: string }[] };
      expect(body.stories.map((s) => s.story_id)).toEqual(['the-walk', 'unfinished']);
      expect(body.stories[0]).toEqual(WALK);
      const text = exported.body.toString();

      // A server started with the file as its archive takes its stories as they were.
      const file = join(temp, 'export.json');
      writeFileSync(file, text);
      const warnings: string[] = [];
      const seed = await readArchiveSeed(file, 'export.json', (line) => warnings.push(line));
      expect(warnings).toEqual([]);
      expect(seed.stories).toEqual([WALK, DRAFT]);
      const seeded = createMemoryStore(seed);
      expect((await seeded.allStories()).map((s) => [s.story.story_id, s.story.state])).toEqual([
        ['the-walk', 'published'],
        ['unfinished', 'draft'],
      ]);

      // The import takes the file's items and says its stories are not imported.
      const dry = await call('POST', '/imports', {
        token,
        body: { name: 'export.json', format: 'json', text, dryRun: true },
      });
      expect(dry.status, JSON.stringify(dry.json)).toBe(200);
      const report = dry.json as Report;
      expect(report.counts).toEqual({
        create: 0,
        update: 0,
        unchanged: body.nodes.length,
        refused: 0,
      });
      expect(report.notes).toEqual([
        'The file holds 2 stories ("stories"): an import takes items only, so they are not imported. Editors add stories under Stories; a server started with this file as its ARCHIVE_FILE takes them in.',
      ]);
    } finally {
      cleanup();
    }
  });

  it('says so of one story, wherever the file puts it, and of none says nothing', async () => {
    const { call, cleanup } = setup({ keys });
    try {
      const token = await accessToken(keys);
      const node = { video_id: 'one', title: 'One', youtube_id: 'ScMzIvxBSi4', lat: 1, lng: 2 };
      const notesOf = async (file: unknown) =>
        (
          (
            await call('POST', '/imports', {
              token,
              body: { name: 'a.json', format: 'json', text: JSON.stringify(file), dryRun: true },
            })
          ).json as Report
        ).notes;
      expect(await notesOf({ stories: [{ title: '[,]' }], nodes: [node] })).toEqual([
        expect.stringMatching(/^The file holds a story \("stories"\): .* so it is not imported\./),
      ]);
      expect(await notesOf({ nodes: [node], stories: [] })).toEqual([]);
      expect(await notesOf({ nodes: [node] })).toEqual([]);
      // A "stories" inside an item is the item's, not the file's.
      expect(await notesOf({ nodes: [{ ...node, stories: [1, 2] }] })).toEqual([]);
    } finally {
      cleanup();
    }
  });

  it('gives anyone the published stories in the open data, with their pages and licences, never a draft', async () => {
    const { call, cleanup } = setup({ keys, store: createMemoryStore(storySeed()) });
    try {
      const json = await call('GET', '/open-data/archive.json');
      expect(json.status).toBe(200);
      const data = json.json as { stories: Record<string, unknown>[] };
      expect(data.stories).toHaveLength(1);
      expect(data.stories[0]).toMatchObject({
        id: 'the-walk',
        page: '/story/the-walk',
        title: WALK.title,
        intro: WALK.intro,
        cover: '/sample/porch/thumb.jpg',
        credit: 'Jo Kowalski',
        license: 'CC-BY-4.0',
        license_url: 'https://creativecommons.org/licenses/by/4.0/',
        language: 'en',
      });
      expect(data.stories[0]?.stops).toEqual([
        expect.objectContaining({
          position: 1,
          page: '/story/the-walk',
          item_page: '/video/porch',
        }),
        expect.objectContaining({ position: 2, page: '/story/the-walk/2', item: null }),
        expect.objectContaining({ position: 3, item: 'roofs', item_page: '/gallery/roofs' }),
      ]);
      expect(json.body.toString()).not.toContain('unfinished');
      // A story's change is a new version of the open data.
      const etag = json.headers.get('etag') ?? '';
      const token = await accessToken(keys);
      await call('DELETE', '/stories/the-walk', { token, headers: { 'If-Match': '"1"' } });
      const after = await call('GET', '/open-data/archive.json', {
        headers: { 'If-None-Match': etag },
      });
      expect(after.status).toBe(200);
      expect((after.json as { stories: unknown[] }).stories).toEqual([]);
    } finally {
      cleanup();
    }
  });
});
