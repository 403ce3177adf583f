/**
 * An archive with stories (issue 51), for the tests of where stories travel: the sitemap, a shared
 * link's document, OAI-PMH, the exports and the offline copy. Three items, a published story of
 * three stops (two of them items, one a place) with a title and narration that try to break out
 * of what holds them, and a draft that must never be seen.
 */
import type { StoryInput } from '@/lib/storyModel';
import { validateStory } from '@/lib/storySchema';
import type { ArchiveSeed } from '../../../../server/storage/archiveFile';

export const STORY_NODES = [
  {
    video_id: 'porch',
    title: 'On the porch',
    youtube_id: 'ScMzIvxBSi4',
    lat: 38.6,
    lng: -90.3,
    categories: ['Stories'],
  },
  {
    video_id: 'roofs',
    type: 'gallery',
    title: 'Roofs',
    images: [{ thumbUrl: '/uploads/r-thumb.jpg', fullUrl: '/uploads/r.jpg' }],
    lat: 38.66,
    lng: -90.22,
    categories: ['Volunteers'],
  },
  {
    video_id: 'street',
    title: 'Page Avenue',
    youtube_id: 'dQw4w9WgXcQ',
    lat: 38.7,
    lng: -90.2,
    categories: ['Stories'],
  },
];

/** Text that ends every element it could be put in, if it were not escaped. */
export const HOSTILE = '</script><script>window.__pwned=1</script> "q" & \'s\' <b>';

/** A story as the archive stores it: checked by the archive's own rules, its defaults filled. */
export function story(raw: Record<string, unknown>): StoryInput {
  const checked = validateStory(raw);
  if (!checked.ok) throw new Error(`fixture story: ${JSON.stringify(checked.errors)}`);
  return checked.story;
}

/** Published: the porch (opened), a place over the city, the roofs (pointed at). */
export const WALK = story({
  story_id: 'the-walk',
  title: `The walk ${HOSTILE}`,
  intro: 'From Clayton to the Ville, in the order it happened.',
  cover: '/sample/porch/thumb.jpg',
  credit: 'Jo Kowalski',
  license: 'CC-BY-4.0',
  language: 'en',
  state: 'published',
  stops: [
    { heading: 'The porch', narration: 'It **starts** here.', item: 'porch' },
    {
      heading: 'Over the city',
      narration: 'From above: [the map](/resources) shows _where_ it went.\n\n> Quiet now.',
      view: { lat: 38.63, lng: -90.25, distance: 20 },
    },
    { heading: `Roofs ${HOSTILE}`, narration: HOSTILE, item: 'roofs', show: 'point' },
  ],
});

/** A draft: editors only, never in anything the public or a crawler reads. */
export const DRAFT = story({
  story_id: 'unfinished',
  title: 'Unfinished draft',
  intro: 'Not ready.',
  state: 'draft',
  stops: [{ heading: 'Street', narration: '', item: 'street' }],
});

/** The archive: the three items and both stories. */
export function storySeed(stories: readonly StoryInput[] = [WALK, DRAFT]): ArchiveSeed {
  return { nodes: structuredClone(STORY_NODES), stories: structuredClone([...stories]) };
}
