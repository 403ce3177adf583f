/**
 * The story form's state and its two translations, as `./itemDraft.ts` is for an item: from a
 * stored story to the fields, and from the fields to the JSON `validateStory` checks (in the form
 * and in the service). Numbers stay text while typed; a stop keeps a key of its own, so that a
 * stop moved, removed or put back keeps its fields, its focus and its errors' place.
 */
import { formNumber } from '@/lib/itemReaders';
import type { MediaType } from '@/lib/mediaType';
import type { StoryInput, StoryState, StoryStop } from '@/lib/storyModel';

/** What a stop's globe shows: an item (opened or pointed at), or a place seen from a view. */
export type StopShows = 'item' | 'place';

/** One stop as the form holds it. */
export interface StopDraft {
  /** The form's own name for the stop (never sent): React's key and where focus returns. */
  key: string;
  heading: string;
  narration: string;
  shows: StopShows;
  /** The chosen item's id (with `shows` 'item'). */
  item: string | null;
  show: 'open' | 'point';
  /** Whether an item stop also sets the camera (a place stop always does). */
  withView: boolean;
  lat: string;
  lng: string;
  distance: string;
  from: string;
  to: string;
  /** A category slug, or '' for none. */
  category: string;
  /** A media type, or '' for any. */
  type: '' | MediaType;
}

/** A story as the form holds it. */
export interface StoryDraft {
  story_id: string;
  title: string;
  intro: string;
  cover: string;
  credit: string;
  /** A licence id, or '' for not stated. */
  license: string;
  /** A language tag, or '' for not stated. */
  language: string;
  state: StoryState;
  stops: StopDraft[];
}

/**
 * Where a new view starts: over the city, between Clayton and North City, at a middle distance
 * (10 is the closest the camera goes, 50 the farthest).
 */
export const DEFAULT_VIEW = { lat: '38.63', lng: '-90.2', distance: '22' } as const;

let stopsMade = 0;
/** A key no other stop of this page has. */
export const newStopKey = (): string => `stop-${++stopsMade}`;

/** A new stop's empty fields (an item to choose, opened, no view, no range, no filter). */
export function newStop(): StopDraft {
  return {
    key: newStopKey(),
    heading: '',
    narration: '',
    shows: 'item',
    item: null,
    show: 'open',
    withView: false,
    ...DEFAULT_VIEW,
    from: '',
    to: '',
    category: '',
    type: '',
  };
}

/** A new story's form: a draft with one empty stop. */
export function emptyStoryDraft(): StoryDraft {
  return {
    story_id: '',
    title: '',
    intro: '',
    cover: '',
    credit: '',
    license: '',
    language: '',
    state: 'draft',
    stops: [newStop()],
  };
}

function draftOfStop(stop: StoryStop, key: string): StopDraft {
  const { view } = stop;
  return {
    key,
    heading: stop.heading,
    narration: stop.narration,
    shows: stop.item === null ? 'place' : 'item',
    item: stop.item,
    show: stop.show ?? 'open',
    withView: view !== null,
    lat: view ? String(view.lat) : DEFAULT_VIEW.lat,
    lng: view ? String(view.lng) : DEFAULT_VIEW.lng,
    distance: view ? String(view.distance) : DEFAULT_VIEW.distance,
    from: stop.from ?? '',
    to: stop.to ?? '',
    category: stop.category ?? '',
    type: stop.type ?? '',
  };
}

/**
 * The form of a stored story. `keys` are the stops' keys to keep (a save answers the stops in
 * the order they were sent, so the form's stops stay the same elements).
 */
export function draftOfStory(story: StoryInput, keys: readonly string[] = []): StoryDraft {
  return {
    story_id: story.story_id,
    title: story.title,
    intro: story.intro,
    cover: story.cover ?? '',
    credit: story.credit ?? '',
    license: story.license ?? '',
    language: story.language ?? '',
    state: story.state,
    stops: story.stops.map((stop, index) => draftOfStop(stop, keys[index] ?? newStopKey())),
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text);

function bodyOfStop(stop: StopDraft): Record<string, unknown> {
  const item = stop.shows === 'item' ? stop.item : null;
  const hasView = stop.shows === 'place' || stop.withView;
  return {
    heading: stop.heading,
    narration: stop.narration,
    item,
    show: item === null ? null : stop.show,
    view: hasView
      ? {
          lat: formNumber(stop.lat),
          lng: formNumber(stop.lng),
          distance: formNumber(stop.distance),
        }
      : null,
    from: textOrNull(stop.from),
    to: textOrNull(stop.to),
    category: textOrNull(stop.category),
    type: stop.type === '' ? null : stop.type,
  };
}

/** The JSON the service receives (`validateStory` checks it on both sides). */
export function bodyOfStoryDraft(draft: StoryDraft): Record<string, unknown> {
  return {
    story_id: draft.story_id.trim(),
    title: draft.title,
    intro: draft.intro,
    cover: textOrNull(draft.cover),
    credit: textOrNull(draft.credit),
    license: textOrNull(draft.license),
    language: textOrNull(draft.language),
    state: draft.state,
    stops: draft.stops.map(bodyOfStop),
  };
}

/** The stops with the one at `from` moved to `to` (both 0-based). */
export function movedStops<T>(stops: readonly T[], from: number, to: number): T[] {
  const next = [...stops];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** A draft as compared for unsaved changes: what it would send. */
export const storyDraftText = (draft: StoryDraft): string =>
  JSON.stringify(bodyOfStoryDraft(draft));
