import { useEffect, type RefObject } from 'react';
import { useAnalytics } from '@/app/hooks';
import { playerStateAction } from '@/lib/youtube';

/** The provider's IFrame Player API (loaded only when analytics is on). */
const IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

interface PlayerStateEvent {
  data: number;
}
interface YouTubeApi {
  Player: new (
    iframe: HTMLIFrameElement,
    options: { events: { onStateChange: (event: PlayerStateEvent) => void } },
  ) => unknown;
}
type ApiWindow = Window & { YT?: Partial<YouTubeApi>; onYouTubeIframeAPIReady?: () => void };

let loading: Promise<YouTubeApi> | null = null;
let loader: HTMLScriptElement | null = null;

/**
 * Loads the IFrame Player API once per page. A load that failed, or whose script was taken out of
 * the page before it ran, is tried again on the next call.
 */
export function loadIframeApi(win: ApiWindow = window): Promise<YouTubeApi> {
  if (win.YT?.Player) return Promise.resolve(win.YT as YouTubeApi);
  if (loading && loader?.isConnected) return loading;
  const script = win.document.createElement('script');
  loader = script;
  loading = new Promise<YouTubeApi>((resolve, reject) => {
    const before = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      before?.();
      if (win.YT?.Player) resolve(win.YT as YouTubeApi);
    };
    script.src = IFRAME_API_URL;
    script.async = true;
    script.onerror = () => {
      script.remove();
      reject(new Error('The video player API could not be loaded.'));
    };
    win.document.head.append(script);
  });
  return loading;
}

/**
 * SPEC §7: reports the video's play, pause and complete, read from the player through the IFrame
 * Player API. Only with analytics on (the iframe then carries `enablejsapi`); off, nothing loads.
 */
export function useVideoReports(
  iframeRef: RefObject<HTMLIFrameElement | null>,
  videoId: string,
  /** Whether the player's frame is in the page yet (it comes after the item's first paint). */
  playerThere = true,
): void {
  const analytics = useAnalytics();
  useEffect(() => {
    const iframe = iframeRef.current;
    if (!analytics.enabled || !iframe) return;
    let active = true;
    loadIframeApi()
      .then((api) => {
        if (!active) return;
        // The player is not destroyed on cleanup: that would remove the iframe React owns. The
        // iframe goes with the detail view; until then, `active` silences a stale listener.
        new api.Player(iframe, {
          events: {
            onStateChange: ({ data }) => {
              const action = playerStateAction(data);
              if (active && action) analytics.video(action, videoId);
            },
          },
        });
      })
      .catch((error: unknown) => console.warn('Video events are not reported:', error));
    return () => {
      active = false;
    };
  }, [analytics, iframeRef, videoId, playerThere]);
}
