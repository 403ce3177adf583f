import { expect, it, vi } from 'vitest';
import type { StoryInput } from '@/lib/storyModel';
import {
  StoryExists,
  StoryNotFound,
  StoryVersionConflict,
} from '../../../../server/storage/storyStore';
import { describeEachStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const NODES = [
  { video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 },
  { video_id: 'ville', title: 'The Ville', lat: 38.66, lng: -90.22 },
];

function story(id: string, items: (string | null)[], state: StoryInput['state'] = 'published') {
  return {
    story_id: id,
    title: `Story ${id}`,
    intro: '',
    cover: null,
    credit: null,
    license: null,
    state,
    stops: items.map((item, n) => ({
      heading: `Stop ${n + 1}`,
      narration: '',
      item,
      show: item === null ? null : 'open',
      view: item === null ? { lat: 1, lng: 2, distance: 20 } : null,
      from: null,
      to: null,
      category: null,
      type: null,
    })),
  } satisfies StoryInput;
}

describeEachStore('stories', (open) => {
  it('seeds the stories whose items the archive lists, once, at version 1', async () => {
    const day = story('day', ['clayton', null]);
    const elsewhere = story('elsewhere', ['penrose']);
    const store = await open({ nodes: NODES, stories: [day, elsewhere] });
    const all = await store.allStories();
    expect(all.map((s) => [s.story.story_id, s.version, s.deleted])).toEqual([['day', 1, false]]);
    expect(all[0]?.story).toEqual(day);
    expect(await store.getStory('elsewhere')).toBeNull();
  });

  it('creates, edits, deletes and restores, each journaled, the revision moving', async () => {
    const store = await open(NODES);
    const first = await store.revision();
    const created = await store.createStory(story('walk', ['clayton']), 'alice');
    expect(created).toMatchObject({ version: 1, deleted: false, story: { story_id: 'walk' } });
    expect(await store.revision()).not.toBe(first);
    const edited = await store.updateStory(
      'walk',
      { ...story('other-id', ['ville']), title: 'The walk' },
      1,
      'bob',
    );
    // The path's id wins over the body's.
    expect(edited.story).toMatchObject({ story_id: 'walk', title: 'The walk' });
    expect(edited.version).toBe(2);
    const deleted = await store.deleteStory('walk', 2, 'alice');
    expect(deleted).toMatchObject({ version: 3, deleted: true });
    const restored = await store.restoreStory('walk', 'bob');
    expect(restored).toMatchObject({ version: 4, deleted: false, story: { title: 'The walk' } });
    const journal = await store.storyJournal({ limit: 10, storyId: 'walk' });
    expect(journal.map((e) => [e.action, e.who])).toEqual([
      ['restore', 'bob'],
      ['delete', 'alice'],
      ['update', 'bob'],
      ['create', 'alice'],
    ]);
    expect(journal[2]).toMatchObject({
      before: { title: 'Story walk' },
      after: { title: 'The walk' },
    });
    expect(journal[1]).toMatchObject({ after: null });
    const older = await store.storyJournal({ limit: 2, before: journal[1]?.id ?? 0 });
    expect(older.map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('refuses a taken id, a stale version, a deleted story and an unknown one', async () => {
    const store = await open(NODES);
    await store.createStory(story('walk', ['clayton']), 'alice');
    await expect(store.createStory(story('walk', ['ville']), 'bob')).rejects.toThrow(StoryExists);
    await expect(store.updateStory('walk', story('walk', []), 7, 'bob')).rejects.toMatchObject({
      name: 'StoryVersionConflict',
      current: { version: 1, deleted: false },
    });
    await store.deleteStory('walk', 1, 'alice');
    await expect(store.updateStory('walk', story('walk', []), 2, 'bob')).rejects.toThrow(
      StoryVersionConflict,
    );
    await expect(store.createStory(story('walk', ['ville']), 'bob')).rejects.toMatchObject({
      deleted: true,
    });
    await expect(store.restoreStory('nowhere', 'bob')).rejects.toThrow(StoryNotFound);
    await expect(store.deleteStory('nowhere', 1, 'bob')).rejects.toThrow(StoryNotFound);
    await store.restoreStory('walk', 'bob');
    await expect(store.restoreStory('walk', 'bob')).rejects.toThrow(StoryVersionConflict);
  });
});
