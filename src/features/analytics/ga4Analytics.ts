import type ReactGA from 'react-ga4';
import { noAnalytics, visitorOptedOut, type Analytics } from '@/lib/analytics';

/** The part of react-ga4 the archive uses. */
export type Ga4Client = Pick<typeof ReactGA, 'initialize' | 'send' | 'event'>;

/** Reports waiting for the library; past this many, a tag that never loads stops growing memory. */
const MAX_WAITING = 200;

/**
 * Google Analytics 4 through react-ga4. The library (and with it Google's tag) loads only here, so
 * a build without a measurement id never fetches it. Reports made before it arrives wait for it.
 *
 * What is sent, and nothing more: page views (path, title), clicks (category, label), video
 * play/pause/complete (video_id), searches (the words) and stories started, stops reached and
 * stories finished (the story's id and stop). Google signals and ad personalisation
 * are off; the automatic page view of the tag's `config` is off too, since the app sends one per
 * route change itself.
 */
export function createGa4Analytics(
  measurementId: string,
  load: () => Promise<Ga4Client> = async () => (await import('react-ga4')).default,
): Analytics {
  let client: Ga4Client | null = null;
  let failed = false;
  const waiting: ((ga: Ga4Client) => void)[] = [];
  const run = (report: (ga: Ga4Client) => void) => {
    if (client) report(client);
    else if (!failed && waiting.length < MAX_WAITING) waiting.push(report);
  };

  load()
    .then((ga) => {
      ga.initialize(measurementId, {
        gtagOptions: {
          send_page_view: false,
          allow_google_signals: false,
          allow_ad_personalization_signals: false,
        },
      });
      client = ga;
      for (const report of waiting.splice(0)) report(ga);
    })
    .catch((error: unknown) => {
      failed = true;
      waiting.length = 0;
      console.warn('Analytics could not start; the archive works without it.', error);
    });

  return {
    enabled: true,
    pageView: (path, title) =>
      run((ga) =>
        ga.send({
          hitType: 'pageview',
          page: path,
          title,
          location: new URL(path, window.location.origin).href,
        }),
      ),
    click: (category, label) =>
      run((ga) => ga.event('click', { event_category: category, event_label: label })),
    video: (action, label) =>
      run((ga) => ga.event(`video_${action}`, { event_category: 'Video', event_label: label })),
    search: (term) => run((ga) => ga.event('search', { search_term: term })),
    story: (action, label) =>
      run((ga) => ga.event(`story_${action}`, { event_category: 'Story', event_label: label })),
  };
}

/**
 * The analytics this visit gets: none without a measurement id or when the browser asks not to be
 * tracked (Global Privacy Control, Do Not Track); GA4 otherwise.
 */
export function createAnalytics(
  measurementId: string | null,
  nav: Parameters<typeof visitorOptedOut>[0] = navigator,
  load?: () => Promise<Ga4Client>,
): Analytics {
  if (measurementId === null || visitorOptedOut(nav)) return noAnalytics;
  return createGa4Analytics(measurementId, load);
}
