/**
 * Where the nodes-service keeps the editors' stories (issue 51): versioned, journaled and
 * soft-deleted like nodes, in the same stores (memory, PGlite, PostgreSQL). Stories are saved only
 * as `validateStory` leaves them, so what a store holds is a clean `StoryInput`.
 */
import {
  storyItemIds,
  type StoredStory,
  type StoryInput,
  type StoryJournalEntry,
} from '@/lib/storyModel';
import type { PageQuery } from './pageQuery';

export type { StoredStory, StoryInput, StoryJournalEntry };

/** Which part of the stories' journal to read. */
export interface StoryJournalQuery extends PageQuery {
  storyId?: string;
}

/** The stories' reads: all a read-only store keeps of them. */
export interface StoryReader {
  /** Every story, deleted or not, oldest first (the order editors made them in). */
  allStories(): Promise<StoredStory[]>;
  /** The story with this id, deleted or not. */
  getStory(id: string): Promise<StoredStory | null>;
}

/** The stories' reads and writes. */
export interface StoryStore extends StoryReader {
  /** @throws StoryExists when a story (even a deleted one) has that id. */
  createStory(story: StoryInput, who: string): Promise<StoredStory>;
  /**
   * @throws StoryNotFound when there is no such story.
   * @throws StoryVersionConflict when `expectedVersion` is not the current one, or it is deleted.
   */
  updateStory(
    id: string,
    story: StoryInput,
    expectedVersion: number,
    who: string,
  ): Promise<StoredStory>;
  /** Hides a story from visitors, keeping it for `restoreStory` (throws as `updateStory`). */
  deleteStory(id: string, expectedVersion: number, who: string): Promise<StoredStory>;
  /**
   * @throws StoryNotFound when there is no such story.
   * @throws StoryVersionConflict when it is not deleted.
   */
  restoreStory(id: string, who: string): Promise<StoredStory>;
  /** Recorded changes, newest first. */
  storyJournal(query: StoryJournalQuery): Promise<StoryJournalEntry[]>;
}

/**
 * The seed's stories a database takes: those whose every item the archive lists. A story of
 * another archive's items (or of items deleted since) would show stops of nothing. Every store
 * seeds by this rule.
 */
export function seedableStories(
  stories: readonly StoryInput[],
  isListed: (id: string) => boolean,
): StoryInput[] {
  return stories.filter((story) => storyItemIds(story).every(isListed));
}

/** Whether `store` keeps stories. */
export function hasStories<T extends object>(store: T): store is T & StoryReader {
  return typeof (store as Partial<StoryReader>).allStories === 'function';
}

/** Whether `store` takes editors' writes of stories. */
export function writesStories<T extends object>(store: T): store is T & StoryStore {
  return typeof (store as Partial<StoryStore>).createStory === 'function';
}

export class StoryNotFound extends Error {
  override name = 'StoryNotFound';
  constructor(readonly storyId: string) {
    super(`No story has the id "${storyId}".`);
  }
}

export class StoryExists extends Error {
  override name = 'StoryExists';
  constructor(
    readonly storyId: string,
    readonly deleted: boolean,
  ) {
    super(
      deleted
        ? `A deleted story has the id "${storyId}"; restore it, or choose another id.`
        : `A story with the id "${storyId}" exists already; choose another id.`,
    );
  }
}

/** The story is not at the version the edit was made against (or it was deleted). */
export class StoryVersionConflict extends Error {
  override name = 'StoryVersionConflict';
  constructor(readonly current: StoredStory) {
    super(
      current.deleted
        ? 'This story was deleted since you opened it.'
        : `This story was changed since you opened it (it is now at version ${current.version}).`,
    );
  }
}
