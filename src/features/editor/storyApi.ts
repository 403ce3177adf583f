/**
 * The editor's calls for stories (issue 51), in the shape of the items' (`./editorApi.ts`): every
 * story with its version, one story, create, edit and delete at a version (`If-Match`; a stale
 * one answers 409 with the story as it is now), restore, and the stories' journal.
 */
import { useMemo } from 'react';
import { useServiceAccess } from '@/app/hooks';
import {
  EDITOR_PAGE_SIZE,
  editorRequest,
  ifMatch,
  pageOf,
  pageParams,
  type Page,
} from '@/features/editor/editorApi';
import type { ServiceAccess } from '@/lib/serviceApi';
import type { StoredStory, StoryJournalEntry } from '@/lib/storyModel';

export type { StoredStory, StoryJournalEntry };

/** Everything the editor asks of the service about stories. */
export interface StoryApi {
  /** Every story, deleted or not, oldest first. */
  allStories(): Promise<StoredStory[]>;
  getStory(id: string): Promise<StoredStory>;
  createStory(body: unknown): Promise<StoredStory>;
  /** @throws ServiceError 409 with the current story in its body when `version` is stale. */
  updateStory(id: string, body: unknown, version: number): Promise<StoredStory>;
  deleteStory(id: string, version: number): Promise<StoredStory>;
  restoreStory(id: string): Promise<StoredStory>;
  /** The stories' journal, newest first (one story's with `storyId`), a page at a time. */
  storyJournal(query?: {
    storyId?: string;
    before?: string | null;
  }): Promise<Page<StoryJournalEntry>>;
}

const path = (id: string) => encodeURIComponent(id);

/** The story API over a service access (the app's, or a test's). */
export function createStoryApi(access: ServiceAccess, fetchImpl: typeof fetch = fetch): StoryApi {
  const { call } = editorRequest(access, fetchImpl);
  return {
    async allStories() {
      const data = await call<{ stories?: StoredStory[] }>('/stories/all');
      return data.stories ?? [];
    },
    getStory: (id) => call(`/stories/${path(id)}`),
    createStory: (body) => call('/stories', { method: 'POST', body }),
    updateStory: (id, body, version) =>
      call(`/stories/${path(id)}`, { method: 'PUT', body, headers: ifMatch(version) }),
    deleteStory: (id, version) =>
      call(`/stories/${path(id)}`, { method: 'DELETE', headers: ifMatch(version) }),
    restoreStory: (id) => call(`/stories/${path(id)}/restore`, { method: 'POST' }),
    async storyJournal(query = {}) {
      const params = pageParams(EDITOR_PAGE_SIZE, query.before);
      if (query.storyId) params.set('storyId', query.storyId);
      const data = await call<{ entries?: StoryJournalEntry[]; older?: unknown }>(
        `/stories/journal?${params}`,
      );
      return pageOf(data.entries, data.older);
    },
  };
}

/** The story API for this app's service. */
export function useStoryApi(): StoryApi {
  const access = useServiceAccess();
  return useMemo(() => createStoryApi(access), [access]);
}
