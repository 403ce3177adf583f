import type { VideoAction } from '@/lib/analytics';
import { VIDEO_ID_LENGTH } from '@/lib/constants';

/**
 * An 11-character provider id found after `v=` or a slash, not followed by another id character
 * (so a 12-character run is not cut down to a plausible-looking id).
 */
const ID_IN_LINK = new RegExp(`(?:v=|/)([A-Za-z0-9_-]{${VIDEO_ID_LENGTH}})(?![A-Za-z0-9_-])`);
const PLAIN_ID = new RegExp(`^[A-Za-z0-9_-]{${VIDEO_ID_LENGTH}}$`);

/**
 * SPEC §5 video-id extraction: the 11-character id found after `v=` or a slash of a watch link or
 * a short link; with no match, the input itself is the id; empty input gives no id.
 */
export function extractYouTubeId(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  if (text === '') return null;
  const match = ID_IN_LINK.exec(text);
  return match?.[1] ?? text;
}

/** Whether `id` has the provider's id shape (11 letters, digits, `_` or `-`). */
export function isYouTubeId(id: string): boolean {
  return PLAIN_ID.test(id);
}

/** The standard watch URL for an id. */
export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
}

/**
 * The provider's thumbnail sizes: pixels of the file and of the 16:9 picture inside it (the 4:3
 * files letterbox a widescreen video between black bars, which a card must crop away).
 */
export const YOUTUBE_THUMBNAILS = {
  default: { file: 'default.jpg', width: 120, height: 90, pictureHeight: 68 },
  medium: { file: 'mqdefault.jpg', width: 320, height: 180, pictureHeight: 180 },
  high: { file: 'hqdefault.jpg', width: 480, height: 360, pictureHeight: 270 },
} as const;

/** A provider thumbnail size (`high` is SPEC §3's high-quality thumbnail). */
export type YouTubeThumbnailSize = keyof typeof YOUTUBE_THUMBNAILS;

/** The provider's thumbnail for an id: the high-quality one (SPEC §3) unless a size is asked for. */
export function youtubeThumbnailUrl(id: string, size: YouTubeThumbnailSize = 'high'): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(id)}/${YOUTUBE_THUMBNAILS[size].file}`;
}

/** The smallest provider thumbnail whose picture is at least `width` pixels wide (else the largest). */
export function youtubeThumbnailSizeFor(width: number): YouTubeThumbnailSize {
  if (width <= YOUTUBE_THUMBNAILS.default.width) return 'default';
  if (width <= YOUTUBE_THUMBNAILS.medium.width) return 'medium';
  return 'high';
}

/** The player parameters of SPEC §7: related videos off, no fullscreen, autoplay, not muted. */
export const EMBED_PARAMETERS = {
  rel: '0',
  controls: '1',
  modestbranding: '1',
  fs: '0',
  iv_load_policy: '3',
  disablekb: '1',
  playsinline: '1',
  autoplay: '1',
  mute: '0',
} as const;

/**
 * The provider's embed of a video (the privacy-enhanced host: no cookies until it plays). With
 * `jsApiOrigin` (the page's origin) the player also talks to the page through the IFrame Player API,
 * which is how play, pause and complete are read for analytics; without it the page never asks.
 */
export function youtubeEmbedUrl(
  id: string,
  { jsApiOrigin }: { jsApiOrigin?: string } = {},
): string {
  const parameters = new URLSearchParams(EMBED_PARAMETERS);
  if (jsApiOrigin) {
    parameters.set('enablejsapi', '1');
    parameters.set('origin', jsApiOrigin);
  }
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?${parameters.toString()}`;
}

/** The IFrame Player API's states that the archive reports (YT.PlayerState). */
const PLAYER_STATE_ACTIONS: Readonly<Record<number, VideoAction>> = {
  0: 'complete', // ENDED
  1: 'play', // PLAYING
  2: 'pause', // PAUSED
};

/** What a player state change means for analytics; buffering, cued and unstarted mean nothing. */
export function playerStateAction(state: number): VideoAction | null {
  return PLAYER_STATE_ACTIONS[state] ?? null;
}
