import { callService } from '@/lib/serviceApi';
import type { ServiceAccess } from '@/lib/serviceApi';
import type { StoredStory, StoryView } from '@/lib/storyModel';

/**
 * An editor's "Use this view" (issue 51): the story as stored now, its stop `n` (1-based) given
 * `view`, saved with `If-Match` on the version just read, so that an edit made meanwhile in the
 * story's form is not overwritten (the service answers 409 and nothing is saved).
 */
export async function saveStopView(
  service: ServiceAccess,
  storyId: string,
  n: number,
  view: StoryView,
): Promise<StoredStory> {
  const url = `${service.baseUrl}/stories/${encodeURIComponent(storyId)}`;
  const token = await service.accessToken();
  const { data: stored } = await callService<StoredStory>(url, { token });
  const stops = stored.story.stops.map((stop, index) =>
    index === n - 1 ? { ...stop, view } : stop,
  );
  const { data } = await callService<StoredStory>(url, {
    method: 'PUT',
    token,
    headers: { 'If-Match': `"${stored.version}"` },
    body: { ...stored.story, stops },
  });
  return data;
}
