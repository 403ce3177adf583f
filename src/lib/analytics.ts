/**
 * What the app reports to its analytics service (SPEC §7): a page view on each route change, click
 * events with a category and a label, and the video player's play, pause and complete. Components
 * talk to this interface only; whether anything is sent, and where, is decided once at start-up.
 */
export interface Analytics {
  /** Whether reports go anywhere (a measurement id is configured and the visitor allows it). */
  readonly enabled: boolean;
  /** A page view: the path with its query (`/category/rescue?type=video`) and the tab's title. */
  pageView(path: string, title: string): void;
  /** A click on something worth counting: what kind of thing (`CLICK`) and which one. */
  click(category: ClickCategory, label: string): void;
  /** What the embedded player did with a video (label: the item's video_id). */
  video(action: VideoAction, label: string): void;
  /** Words searched for (GA4's recommended `search` event, its `search_term`). */
  search(term: string): void;
  /**
   * A story (issue 51): started (label: the story's id), a stop reached (label: `{id}/{n}`), or
   * finished (its last stop reached; label: the story's id).
   */
  story(action: StoryAction, label: string): void;
}

export type StoryAction = 'start' | 'stop' | 'finish';

/** The kinds of click the archive counts; the label names the item, category or action. */
export const CLICK = {
  /** A card picked on the globe (label: video_id). */
  card: 'Globe card',
  /** An item opened from the Archive items list (label: video_id). */
  list: 'Archive list',
  /** A category chip on an item (label: the category slug). */
  categoryChip: 'Category chip',
  /**
   * A chip of the filter tray (label: `category:{slug}`, `type:{video|gallery}`, `all`, `clear`),
   * or a filter taken off from the list of those on (`remove`).
   */
  filterChip: 'Filter chip',
  /** A Related Media thumbnail (label: the related item's video_id). */
  related: 'Related media',
  /**
   * The timeline (label: `range` for a range chosen with the handles, `bar` for a bar clicked,
   * `play`, `zoom-in`, `zoom-out`, `whole-span`, `storm-day` for The day of the storm).
   */
  timeline: 'Timeline',
  /** Copy link on an item (label: the item's path, `/video/{id}`). */
  share: 'Share',
} as const;

export type ClickCategory = (typeof CLICK)[keyof typeof CLICK];

export type VideoAction = 'play' | 'pause' | 'complete';

/** Analytics that report nothing: no measurement id, or the visitor asked not to be tracked. */
export const noAnalytics: Analytics = {
  enabled: false,
  pageView: () => {},
  click: () => {},
  video: () => {},
  search: () => {},
  story: () => {},
};

/**
 * Whether the browser asks not to be tracked (Global Privacy Control, or the older Do Not Track).
 * The archive honours it: no analytics script is loaded at all.
 */
export function visitorOptedOut(
  nav: Pick<Navigator, 'doNotTrack'> & { globalPrivacyControl?: boolean },
): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || nav.doNotTrack === 'yes';
}
