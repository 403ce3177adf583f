import type { JournalAction } from '@/lib/archiveRecords';
/**
 * A story's shape (issue 51), its limits, and the reader of a story list as the service answers it.
 * No schema library here: the player reads stories with this module alone, and the strict checks
 * of an editor's save are `@/lib/storySchema`'s.
 */
import { readLicenseId, type LicenseId } from '@/lib/license';
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

/** One change of a story, as the service's journal keeps it. */
export interface StoryJournalEntry {
  id: number;
  storyId: string;
  action: JournalAction;
  who: string;
  at: string;
  /** The story before the change (null for a create or a restore). */
  before: unknown;
  /** The story after it (null for a delete). */
  after: unknown;
  reason: string;
}

/**
 * A story's page name, in the tab and in shared links' previews: its title at the first stop,
 * the stop's heading and the title at any other.
 */
export function storyPageName(story: Pick<StoryInput, 'title' | 'stops'>, stop: number): string {
  const shown = stop > 1 ? story.stops[stop - 1] : undefined;
  return shown ? `${shown.heading} · ${story.title}` : story.title;
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

const isText = (value: unknown): value is string => typeof value === 'string';
const textOrNull = (value: unknown): string | null => (isText(value) ? value : null);

function readView(value: unknown): StoryView | null {
  if (typeof value !== 'object' || value === null) return null;
  const { lat, lng, distance } = value as Record<string, unknown>;
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  return finite(lat) && finite(lng) && finite(distance) ? { lat, lng, distance } : null;
}

function readStop(value: unknown): StoryStop | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (!isText(raw.heading) || !isText(raw.narration)) return null;
  const item = textOrNull(raw.item);
  const view = readView(raw.view);
  if (item === null && view === null) return null;
  return {
    heading: raw.heading,
    narration: raw.narration,
    item,
    show: item === null ? null : raw.show === 'point' ? 'point' : 'open',
    view,
    from: textOrNull(raw.from),
    to: textOrNull(raw.to),
    category: textOrNull(raw.category),
    type: raw.type === 'video' || raw.type === 'gallery' ? raw.type : null,
  };
}

/**
 * One story as the service answers it (the public list's, or an editor's read of a draft), or null
 * where its shape is not a story's: the player shows only what it can show whole. The service
 * checked it with the schema already; this reads it without a schema library, field by field.
 */
export function readStory(value: unknown, changedAt?: unknown): ListedStory | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (!isText(raw.story_id) || !isText(raw.title) || !Array.isArray(raw.stops)) return null;
  const stops = raw.stops.map(readStop);
  if (stops.length === 0 || stops.some((stop) => stop === null)) return null;
  return {
    story_id: raw.story_id,
    title: raw.title,
    intro: isText(raw.intro) ? raw.intro : '',
    cover: textOrNull(raw.cover),
    credit: textOrNull(raw.credit),
    license: readLicenseId(raw.license),
    ...(isText(raw.language) ? { language: raw.language } : {}),
    state: raw.state === 'draft' ? 'draft' : 'published',
    stops: stops as StoryStop[],
    changedAt: isText(changedAt) ? changedAt : isText(raw.changedAt) ? raw.changedAt : '',
  };
}

/** The public list's answer (`{ stories: [...] }`): its stories that read whole, in order. */
export function readStoryList(body: unknown): ListedStory[] {
  if (typeof body !== 'object' || body === null) return [];
  const { stories } = body as { stories?: unknown };
  if (!Array.isArray(stories)) return [];
  return stories.flatMap((story) => {
    const read = readStory(story);
    return read === null ? [] : [read];
  });
}
