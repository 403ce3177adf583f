/**
 * The stories visitors may read (issue 51), as every reader of them takes them: the stories'
 * endpoints, the open data, the sitemap, OAI-PMH and the preservation package.
 */
import { isPublished, type ListedStory } from '@/lib/storyModel';
import { validateStory } from '@/lib/storySchema';
import type { NodeStore } from './nodeStore';
import { hasStories, type StoredStory } from './storyStore';

/**
 * The stories visitors may read, oldest first: published, not deleted, and still as the schema
 * takes them (a story stored by hand in the database that no longer passes is left out).
 */
export async function publishedStories(store: NodeStore): Promise<ListedStory[]> {
  if (!hasStories(store)) return [];
  return (await store.allStories()).flatMap((stored) => {
    const listed = listedStory(stored);
    return listed === null ? [] : [listed];
  });
}

/** The story as visitors read it, or null where they may not (deleted, a draft, no longer valid). */
export function listedStory({ story, deleted, changedAt }: StoredStory): ListedStory | null {
  if (deleted || !isPublished(story)) return null;
  const checked = validateStory(story);
  return checked.ok ? { ...checked.story, changedAt } : null;
}
