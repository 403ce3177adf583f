import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';

/** What the home routes read from the URL. */
export interface HomeParams {
  category: string | null;
  id: string | null;
  type: string | null;
  /** `?q=`: the search's words. */
  q: string | null;
  /** `?from=` and `?to=`: the timeline's range, as written. */
  from: string | null;
  to: string | null;
  /** `/story/{story}/{stop}`: the story being played (issue 51) and its stop, as written. */
  story: string | null;
  stop: string | null;
  /** `?skipIntro=true`: the intro does not play. */
  skipIntro: boolean;
}

/**
 * The home routes' parameters. While `active` is false (another page of the main layout shows,
 * with the home element kept mounted) they stay as they were when the visitor left: the globe,
 * its filter and any open item wait there unchanged for the way back.
 */
export function useHomeParams(active: boolean): HomeParams {
  const params = useParams();
  const [search] = useSearchParams();
  // An item opened from a filtered globe carries the filter in its query (`?category=`), so
  // that closing it returns there; a plain item link opens on the unfiltered globe.
  const live: HomeParams = {
    category: params.category ?? (params.id ? search.get('category') : null),
    id: params.id ?? null,
    type: search.get('type'),
    q: search.get('q'),
    from: search.get('from'),
    to: search.get('to'),
    story: params.story ?? null,
    stop: params.stop ?? null,
    skipIntro: search.get('skipIntro') === 'true',
  };
  const [kept, setKept] = useState(live);
  if (
    active &&
    (kept.category !== live.category ||
      kept.id !== live.id ||
      kept.type !== live.type ||
      kept.q !== live.q ||
      kept.from !== live.from ||
      kept.to !== live.to ||
      kept.story !== live.story ||
      kept.stop !== live.stop)
  ) {
    setKept(live);
  }
  return active ? live : kept;
}
