/** The stories kept in memory: the reference the SQL stores' stories are tested against. */
import type { JournalAction } from '@/lib/archiveRecords';
import { newestPage } from './memoryPages';
import {
  StoryExists,
  StoryNotFound,
  StoryVersionConflict,
  type StoredStory,
  type StoryInput,
  type StoryJournalEntry,
  type StoryStore,
} from './storyStore';

interface Row {
  story: StoryInput;
  version: number;
  deleted: boolean;
  changedAt: string;
}

/**
 * Stories over a list in memory, starting with `seed` (stories as `validateStory` leaves them).
 * `changed` is called after every write, so the store's revision moves with its stories.
 */
export function createMemoryStories(seed: readonly StoryInput[], changed: () => void): StoryStore {
  const openedAt = new Date().toISOString();
  const rows: Row[] = seed.map((story) => ({
    story: structuredClone(story),
    version: 1,
    deleted: false,
    changedAt: openedAt,
  }));
  const log: StoryJournalEntry[] = [];
  const find = (id: string) => rows.find((row) => row.story.story_id === id);
  const stored = (row: Row): StoredStory => structuredClone(row);

  function record(row: Row, action: JournalAction, who: string, before: unknown): StoredStory {
    const at = new Date().toISOString();
    row.changedAt = at;
    log.push({
      id: log.length + 1,
      storyId: row.story.story_id,
      action,
      who,
      at,
      before: structuredClone(before),
      after: row.deleted ? null : structuredClone(row.story),
      reason: '',
    });
    changed();
    return stored(row);
  }

  function current(id: string, expectedVersion: number): Row {
    const row = find(id);
    if (!row) throw new StoryNotFound(id);
    if (row.deleted || row.version !== expectedVersion) throw new StoryVersionConflict(stored(row));
    return row;
  }

  return {
    allStories: () => Promise.resolve(rows.map(stored)),
    getStory(id) {
      const row = find(id);
      return Promise.resolve(row ? stored(row) : null);
    },
    async createStory(story, who) {
      const existing = find(story.story_id);
      if (existing) throw new StoryExists(story.story_id, existing.deleted);
      const row: Row = { story: structuredClone(story), version: 1, deleted: false, changedAt: '' };
      rows.push(row);
      return record(row, 'create', who, null);
    },
    async updateStory(id, story, expectedVersion, who) {
      const row = current(id, expectedVersion);
      const before = row.story;
      row.story = structuredClone({ ...story, story_id: id });
      row.version++;
      return record(row, 'update', who, before);
    },
    async deleteStory(id, expectedVersion, who) {
      const row = current(id, expectedVersion);
      row.deleted = true;
      row.version++;
      return record(row, 'delete', who, row.story);
    },
    async restoreStory(id, who) {
      const row = find(id);
      if (!row) throw new StoryNotFound(id);
      if (!row.deleted) throw new StoryVersionConflict(stored(row));
      row.deleted = false;
      row.version++;
      return record(row, 'restore', who, null);
    },
    storyJournal({ storyId, ...page }) {
      const entries = log.filter((entry) => storyId === undefined || entry.storyId === storyId);
      return Promise.resolve(structuredClone(newestPage(entries, page)));
    },
  };
}
