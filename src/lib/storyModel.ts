/**
 * A story's shape (issue 51), its limits, and the reader of a story list as the service answers it.
 * No schema library and no words here: the player reads stories with this module alone, and the
 * strict checks of an editor's save are `@/lib/storySchema`'s.
 */
import type { LicenseId } from '@/lib/license';
import type { MediaType } from '@/lib/mediaType';

/** A draft is seen by editors only; a published story by everyone. */
export const STORY_STATES = ['draft', 'published'] as const;
export type StoryState = (typeof STORY_STATES)[number];

/** A story has at most this many stops. */
export const STORY_STOPS_MAX = 50;
/** The introduction's most characters. */
export const STORY_INTRO_MAX = 1000;
/** A stop's narration's most characters (Markdown). */
export const STORY_NARRATION_MAX = 4000;

/**
 * Where a stop's camera is: the point of the globe at the centre of the view, and the camera's
 * distance from the globe's centre (the zoom, `ZOOM_MIN` to `ZOOM_MAX`). The globe's camera always
 * looks at the centre with north up, so a place and a distance are the whole view.
 */
export interface StoryView {
  lat: number;
  lng: number;
  distance: number;
}

/** One stop of a story. */
export interface StoryStop {
  heading: string;
  /** Markdown, rendered by the archive's safe renderer; may be empty. */
  narration: string;
  /** The item the stop shows, or null for a place alone. */
  item: string | null;
  /** What the globe does with the item: open it, or only point at it; null without an item. */
  show: 'open' | 'point' | null;
  /** Where the camera goes; null: to the item, at the zoom the visitor has. */
  view: StoryView | null;
  /** The timeline's range at this stop (`?from=`/`?to=` texts); null for open ends. */
  from: string | null;
  to: string | null;
  /** A category slug the stop filters by, or null. */
  category: string | null;
  /** A media type the stop filters by, or null. */
  type: MediaType | null;
}

/** A story as stored and served, every field present (but `language`, absent when not stated). */
export interface StoryInput {
  story_id: string;
  title: string;
  /** A few sentences of plain text (several lines). */
  intro: string;
  /** The cover picture's link (through `safeUrl`), or null. */
  cover: string | null;
  credit: string | null;
  license: LicenseId | null;
  language?: string;
  state: StoryState;
  stops: StoryStop[];
}

/** A published story as visitors read it, with when it last changed. */
export interface ListedStory extends StoryInput {
  /** ISO 8601: when it was last saved (the sitemap's `lastmod`). */
  changedAt: string;
}

/** A story with what optimistic concurrency needs, as editors read it. */
export interface StoredStory {
  story: StoryInput;
  version: number;
  deleted: boolean;
  changedAt: string;
}

/** Whether a story may be shown to visitors. */
export function isPublished(story: { state?: unknown }): boolean {
  return story.state === 'published';
}

/** The stop numbers people read and links carry: 1 to the story's length. */
export function stopNumberOf(text: string | undefined, stops: number): number | null {
  if (text === undefined) return 1;
  if (!/^[1-9]\d{0,2}$/.test(text)) return null;
  const n = Number(text);
  return n <= stops ? n : null;
}

/** The items a story's stops show, each once, in order. */
export function storyItemIds(story: Pick<StoryInput, 'stops'>): string[] {
  return [...new Set(story.stops.flatMap((stop) => (stop.item === null ? [] : [stop.item])))];
}
