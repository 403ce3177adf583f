// @vitest-environment jsdom
/**
 * The home route around a running globe (a stand-in engine that lets the test "click" a card; the
 * real one is driven by the browser tests): an item opened from a filtered globe keeps the filter
 * (issue 18, point 7), and Replay intro plays the intro over a globe already shown (point 5).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
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

describe('a first-time visitor who came by a shared link (issue 47)', () => {
  it('sees the shared item at once, the intro offered beside it, and the intro plays when asked', async () => {
    const { router } = renderApp('/video/cleanup', {
      fetchArchive: async () => archive,
      firstVisit: true,
    });
    // The item, not the intro: its Back button (the detail view) and its title.
    await screen.findByRole('button', { name: 'Back' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: 'Clean-up on Page Avenue' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Introduction' })).toBeNull();
    const offer = screen.getByRole('region', { name: 'New here?' });
    // In the item's own panel, where a visitor reading it can reach it.
    expect(screen.getByRole('dialog').contains(offer)).toBe(true);
    // Nothing is recorded until the intro is watched: a first visit to / would still play it.
    expect(window.localStorage.getItem('hasSeenIntro')).toBeNull();
    await userEvent.click(within(offer).getByRole('button', { name: 'Watch the intro' }));
    const intro = await screen.findByRole('region', { name: 'Introduction' });
    expect(intro.getAttribute('data-stage')).toBe('splash');
    await userEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    await screen.findByRole('button', { name: 'Filters' });
    expect(window.localStorage.getItem('hasSeenIntro')).toBe('true');
    // Back where the link led, the offer gone.
    expect(router.state.location.pathname).toBe('/video/cleanup');
    expect(screen.queryByRole('region', { name: 'New here?' })).toBeNull();
  });

  it('opens a shared search at once too, and the offer goes when declined', async () => {
    renderApp('/?q=sky', { fetchArchive: async () => archive, firstVisit: true });
    const offer = await screen.findByRole('region', { name: 'New here?' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Introduction' })).toBeNull();
    await waitFor(() => expect([...(engine.inputs.at(-1)?.filter.ids ?? [])]).toEqual(['sky']));
    await userEvent.click(within(offer).getByRole('button', { name: 'No thanks, hide this' }));
    expect(screen.queryByRole('region', { name: 'New here?' })).toBeNull();
    expect(window.localStorage.getItem('hasSeenIntro')).toBeNull();
  });

  it('still plays the intro first on a first visit to the plain home screen, with no offer', async () => {
    renderApp('/', { fetchArchive: async () => archive, firstVisit: true });
    await screen.findByRole('region', { name: 'Introduction' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'New here?' })).toBeNull();
  });
});

describe('the Archive items panel', () => {
  it('opens from List, which steps aside for the panel’s own Close list, and gives the focus back', async () => {
    renderApp('/?skipIntro=true', { fetchArchive: async () => archive });
    const list = await screen.findByRole('button', { name: 'List' }, { timeout: 10_000 });
    expect(list.getAttribute('aria-expanded')).toBe('false');
    // Closed, the panel has no Close list (only a keyboard passing through it shows it).
    expect(screen.queryByRole('button', { name: 'Close list' })).toBeNull();
    await userEvent.click(list);
    const close = screen.getByRole('button', { name: 'Close list' });
    // In the panel, beside its heading; List is gone, so nothing floats over the items.
    const panel = document.getElementById('archive-panel') as HTMLElement;
    expect(panel.contains(close)).toBe(true);
    expect(close.parentElement?.querySelector('h2')?.textContent).toBe('Archive items');
    expect(panel.className).toContain('archive-panel--open');
    expect(screen.queryByRole('button', { name: 'List' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('archive-items'));
    await userEvent.click(close);
    expect(panel.className).not.toContain('archive-panel--open');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'List' })),
    );
  });
});
