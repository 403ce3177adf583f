// @vitest-environment jsdom
/**
 * The home route around a running globe (a stand-in engine that lets the test "click" a card; the
 * real one is driven by the browser tests): an item opened from a filtered globe keeps the filter
 * (issue 18, point 7), and Replay intro plays the intro over a globe already shown (point 5).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetIntroSeen } from '@/features/intro/introStorage';
import type { GlobeInput } from '@/globe/types';
import { renderApp } from '../../support/renderWithProviders';

const engine = vi.hoisted(() => ({
  listeners: new Map<string, (event: unknown) => void>(),
  inputs: [] as GlobeInput[],
}));
vi.mock('@/globe/createGlobe', async () =>
  (await import('../globeStandIn')).standInGlobe(engine, 2),
);

const archive = [
  {
    video_id: 'cleanup',
    title: 'Clean-up on Page Avenue',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Volunteers'],
    lat: 38.66,
    lng: -90.25,
  },
  {
    video_id: 'sky',
    title: 'The sky that evening',
    youtube_id: 'ScMzIvxBSi4',
    lat: 38.6,
    lng: -90.3,
  },
];

// Every wait is on the page's state and ends as soon as it comes; a busy machine (the whole suite,
// browsers beside it) takes seconds where an idle one takes a moment, so none gives up before 10 s.

afterEach(() => {
  engine.listeners.clear();
  engine.inputs.length = 0;
  window.localStorage.clear();
});

describe('an item opened from a filtered globe', () => {
  it('carries the filter in its address, and closing it returns to the filtered globe', async () => {
    const { router, store } = renderApp('/category/volunteers?type=video', {
      fetchArchive: async () => archive,
    });
    await waitFor(() => expect(engine.listeners.has('cardPicked')).toBe(true));
    act(() => engine.listeners.get('cardPicked')?.({ id: 'cleanup' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/video/cleanup?category=volunteers&type=video',
      ),
    );
    // The filter slice reads it there: the globe stays filtered behind the item.
    expect(store.getState().filter).toMatchObject({
      category: 'volunteers',
      type: 'video',
      q: null,
    });
    const back = await screen.findByRole('button', { name: 'Back' }, { timeout: 10_000 });
    await userEvent.click(back);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/category/volunteers?type=video',
      ),
    );
  });

  it('opens a plain item link on the unfiltered globe, and closes to home', async () => {
    const { router, store } = renderApp('/video/cleanup', { fetchArchive: async () => archive });
    await waitFor(() => expect(store.getState().nodes.items.length).toBe(2));
    expect(store.getState().filter).toMatchObject({ category: null, type: null, q: null });
    const back = await screen.findByRole('button', { name: 'Back' }, { timeout: 10_000 });
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('Replay intro over a globe already shown', () => {
  it('plays the intro at once, and Skip brings the same globe back', async () => {
    renderApp('/', { fetchArchive: async () => archive });
    await screen.findByRole('button', { name: 'Filters' }, { timeout: 10_000 });
    const canvas = document.querySelector('.globe-canvas');
    expect(screen.queryByRole('region', { name: 'Introduction' })).toBeNull();
    act(() => forgetIntroSeen());
    expect(window.localStorage.getItem('hasSeenIntro')).toBeNull();
    const intro = await screen.findByRole('region', { name: 'Introduction' });
    expect(intro.getAttribute('data-stage')).toBe('splash');
    // The globe waits behind it, hidden, and the filter tray is gone meanwhile.
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    await screen.findByRole('button', { name: 'Filters' });
    expect(document.querySelector('.globe-canvas')).toBe(canvas);
    expect(window.localStorage.getItem('hasSeenIntro')).toBe('true');
  });
});
