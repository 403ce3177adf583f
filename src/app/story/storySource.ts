import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAppSelector, useServiceAccess } from '@/app/hooks';
import { selectIsEditor } from '@/features/auth/authSlice';
import { callService, ServiceError } from '@/lib/serviceApi';
import { readStory, readStoryList, type ListedStory } from '@/lib/storyModel';

/** The published stories as the player knows them. */
export type StoriesState =
  | { status: 'loading' }
  | { status: 'loaded'; stories: readonly ListedStory[] }
  | { status: 'failed'; message: string };

interface Source {
  state: StoriesState;
  listeners: Set<() => void>;
}

/**
 * The public list, read once per service (`GET {base}/stories`) and kept for the visit: the list
 * page, the player and the home screen share one answer. A failure is kept until `reload`.
 */
const sources = new Map<string, Source>();

function sourceOf(baseUrl: string): Source {
  let source = sources.get(baseUrl);
  if (!source) {
    source = { state: { status: 'loading' }, listeners: new Set() };
    sources.set(baseUrl, source);
    void fetchInto(baseUrl, source);
  }
  return source;
}

function set(source: Source, state: StoriesState): void {
  source.state = state;
  for (const listener of source.listeners) listener();
}

async function fetchInto(baseUrl: string, source: Source): Promise<void> {
  try {
    const { data } = await callService<unknown>(`${baseUrl}/stories`);
    set(source, { status: 'loaded', stories: readStoryList(data) });
  } catch (error) {
    set(source, {
      status: 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Asks the service again: after a failure (the list shows as loading), or after an editor saved
 * a story (the list read stays in use until the new one comes, so nothing that shows a story is
 * taken down and put up again meanwhile).
 */
export function reloadStories(baseUrl: string): void {
  const source = sourceOf(baseUrl);
  if (source.state.status !== 'loaded') set(source, { status: 'loading' });
  void fetchInto(baseUrl, source);
}

/** Forgets every list read (tests start afresh). */
export function forgetStories(): void {
  sources.clear();
}

/** The published stories, loaded on first use. */
export function usePublishedStories(): StoriesState {
  const { baseUrl } = useServiceAccess();
  const source = sourceOf(baseUrl);
  return useSyncExternalStore(
    (listener) => {
      source.listeners.add(listener);
      return () => source.listeners.delete(listener);
    },
    () => source.state,
  );
}

/** One story for the player: published, or a draft an editor previews. */
export type StoryLookup =
  | { status: 'loading' }
  | { status: 'found'; story: ListedStory }
  | { status: 'missing' }
  | { status: 'failed'; message: string };

/**
 * The story `id`: from the public list, or, for a signed-in editor, from the editors' read of it
 * (a draft, or one saved since the list was read). Visitors never see a draft: the service gives
 * the editors' read to editors only.
 */
export function useStory(id: string | null): StoryLookup {
  const list = usePublishedStories();
  const editor = useAppSelector(selectIsEditor);
  const service = useServiceAccess();
  const listed = list.status === 'loaded' ? list.stories.find((s) => s.story_id === id) : undefined;
  const [draft, setDraft] = useState<{ id: string; lookup: StoryLookup } | null>(null);
  const wantDraft = id !== null && editor && list.status !== 'loading' && listed === undefined;
  // Read again each time the list is (an editor's save reloads it), the last read shown meanwhile.
  useEffect(() => {
    if (!wantDraft || id === null) return;
    let current = true;
    void (async () => {
      let lookup: StoryLookup;
      try {
        const { data } = await callService<{
          story?: unknown;
          changedAt?: unknown;
          deleted?: unknown;
        }>(`${service.baseUrl}/stories/${encodeURIComponent(id)}`, {
          token: await service.accessToken(),
        });
        const story = data.deleted === true ? null : readStory(data.story, data.changedAt);
        lookup = story ? { status: 'found', story } : { status: 'missing' };
      } catch (error) {
        lookup =
          error instanceof ServiceError && error.status === 404
            ? { status: 'missing' }
            : { status: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
      if (current) setDraft({ id, lookup });
    })();
    return () => {
      current = false;
    };
  }, [wantDraft, id, service, list]);

  if (id === null) return { status: 'missing' };
  if (listed) return { status: 'found', story: listed };
  if (list.status === 'loading') return { status: 'loading' };
  if (wantDraft) return draft?.id === id ? draft.lookup : { status: 'loading' };
  return list.status === 'failed' ? list : { status: 'missing' };
}
