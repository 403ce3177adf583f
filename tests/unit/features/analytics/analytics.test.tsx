// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAnalytics,
  createGa4Analytics,
  type Ga4Client,
} from '@/features/analytics/ga4Analytics';
import { CLICK, noAnalytics, visitorOptedOut } from '@/lib/analytics';
import { recordingAnalytics, renderApp } from '../../support/renderWithProviders';

function fakeGa() {
  return {
    initialize: vi.fn<Ga4Client['initialize']>(),
    send: vi.fn<Ga4Client['send']>(),
    event: vi.fn<Ga4Client['event']>(),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAnalytics', () => {
  const allowing = { doNotTrack: null };

  it('reports nothing, and loads nothing, without a measurement id', () => {
    const load = vi.fn(async () => fakeGa());
    expect(createAnalytics(null, allowing, load)).toBe(noAnalytics);
    expect(load).not.toHaveBeenCalled();
  });

  it('honours Global Privacy Control and Do Not Track', () => {
    const load = vi.fn(async () => fakeGa());
    expect(createAnalytics('G-TEST', { doNotTrack: null, globalPrivacyControl: true }, load)).toBe(
      noAnalytics,
    );
    expect(createAnalytics('G-TEST', { doNotTrack: '1' }, load)).toBe(noAnalytics);
    expect(load).not.toHaveBeenCalled();
    expect(visitorOptedOut({ doNotTrack: '0' })).toBe(false);
    expect(visitorOptedOut({ doNotTrack: 'unspecified' })).toBe(false);
  });

  it('starts GA4 with a measurement id, without its automatic page view or ad features', async () => {
    const ga = fakeGa();
    const analytics = createAnalytics('G-TEST123', allowing, async () => ga);
    expect(analytics.enabled).toBe(true);
    await flush();
    expect(ga.initialize).toHaveBeenCalledWith('G-TEST123', {
      gtagOptions: {
        send_page_view: false,
        allow_google_signals: false,
        allow_ad_personalization_signals: false,
      },
    });
  });
});

describe('the GA4 wrapper', () => {
  it('sends a page view with the path, its full address and the title', async () => {
    const ga = fakeGa();
    const analytics = createGa4Analytics('G-TEST', async () => ga);
    await flush();
    analytics.pageView('/category/volunteers?type=gallery', 'Globe Archive');
    expect(ga.send).toHaveBeenCalledWith({
      hitType: 'pageview',
      page: '/category/volunteers?type=gallery',
      title: 'Globe Archive',
      location: `${window.location.origin}/category/volunteers?type=gallery`,
    });
  });

  it('sends clicks with their category and label, and video events by action', async () => {
    const ga = fakeGa();
    const analytics = createGa4Analytics('G-TEST', async () => ga);
    await flush();
    analytics.click(CLICK.card, 'storm-video-01');
    analytics.video('play', 'storm-video-01');
    analytics.video('complete', 'storm-video-01');
    expect(ga.event.mock.calls).toEqual([
      ['click', { event_category: 'Globe card', event_label: 'storm-video-01' }],
      ['video_play', { event_category: 'Video', event_label: 'storm-video-01' }],
      ['video_complete', { event_category: 'Video', event_label: 'storm-video-01' }],
    ]);
  });

  it('keeps reports made before the library arrives, in order, and sends them once it does', async () => {
    const ga = fakeGa();
    let arrive: (client: Ga4Client) => void = () => {};
    const analytics = createGa4Analytics(
      'G-TEST',
      () => new Promise((resolve) => (arrive = resolve)),
    );
    analytics.pageView('/', 'Home');
    analytics.click(CLICK.list, 'a');
    expect(ga.send).not.toHaveBeenCalled();
    arrive(ga);
    await flush();
    expect(ga.initialize.mock.invocationCallOrder[0]).toBeLessThan(
      ga.send.mock.invocationCallOrder[0] as number,
    );
    expect(ga.send).toHaveBeenCalledTimes(1);
    expect(ga.event).toHaveBeenCalledWith('click', {
      event_category: 'Archive list',
      event_label: 'a',
    });
  });

  it('carries on quietly when the library cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const analytics = createGa4Analytics('G-TEST', () => Promise.reject(new Error('blocked')));
    analytics.click(CLICK.card, 'x');
    await flush();
    expect(() => analytics.pageView('/', 'Home')).not.toThrow();
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/Analytics could not start/),
      expect.any(Error),
    );
    warn.mockRestore();
  });
});

describe('what the app reports', () => {
  afterEach(() => window.localStorage.clear());

  const archive = [
    {
      video_id: 'porch-video',
      title: 'On the porch',
      youtube_id: 'dQw4w9WgXcQ',
      categories: ['Volunteers'],
      links: ['park-photos'],
      lat: 1,
      lng: 1,
    },
    {
      video_id: 'park-photos',
      type: 'gallery',
      title: 'Park photos',
      categories: ['Volunteers'],
      lat: 2,
      lng: 2,
    },
  ];

  it('a page view on each route change, with the path and query, once per path', async () => {
    const analytics = recordingAnalytics();
    const { router } = renderApp('/statement', { fetchArchive: async () => archive, analytics });
    await screen.findByRole('heading', { level: 1, name: 'About this archive' });
    await act(() => router.navigate('/resources'));
    await act(() => router.navigate('/category/volunteers?type=video'));
    await act(() => router.navigate('/category/volunteers?type=video'));
    await waitFor(() =>
      expect(analytics.pageView.mock.calls.map(([path]) => path)).toEqual([
        '/statement',
        '/resources',
        '/category/volunteers?type=video',
      ]),
    );
    expect(analytics.pageView.mock.calls[1]).toEqual(['/resources', 'Resources · Globe Archive']);
  });

  it('a click on an item of the list names the list and the item', async () => {
    const analytics = recordingAnalytics();
    renderApp('/', { fetchArchive: async () => archive, analytics });
    const list = await screen.findByRole('list', { name: 'Archive items' });
    await userEvent.click(within(list).getByRole('link', { name: /Park photos/ }));
    expect(analytics.click).toHaveBeenCalledWith('Archive list', 'park-photos');
  });
});
