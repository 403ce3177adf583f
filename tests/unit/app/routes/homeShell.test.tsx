// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../support/renderWithProviders';

const archive = [{ video_id: 'a', title: 'First', youtube_id: 'dQw4w9WgXcQ', lat: 1, lng: 1 }];

// Every wait is on the page's state and ends as soon as it comes; a busy machine (the whole suite,
// browsers beside it) takes seconds where an idle one takes a moment, so none gives up before 10 s.

afterEach(() => window.localStorage.clear());

describe('the globe across the main layout', () => {
  it('does not start for a visitor who only reads another page', async () => {
    renderApp('/resources', { fetchArchive: async () => archive });
    await screen.findByRole('heading', { level: 1, name: 'Resources' });
    expect(document.querySelector('.globe-canvas')).toBeNull();
  });

  it('stays alive, hidden and inert, while another page shows, and comes back as it was', async () => {
    const { router } = renderApp('/category/volunteers', { fetchArchive: async () => archive });
    await screen.findByRole('heading', { name: 'Archive items' });
    const canvas = document.querySelector('.globe-canvas');
    expect(canvas).not.toBeNull();

    await act(() => router.navigate('/env'));
    await screen.findByRole('heading', { level: 1, name: 'Environment' });
    const home = document.querySelector('.home');
    expect(home?.classList.contains('home--away')).toBe(true);
    expect(home?.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.globe-canvas')).toBe(canvas);

    await act(() => router.navigate('/'));
    await waitFor(() =>
      expect(document.querySelector('.home')?.classList.contains('home--away')).toBe(false),
    );
    expect(document.querySelector('.globe-canvas')).toBe(canvas);
    expect(screen.queryByRole('heading', { level: 1, name: 'Environment' })).toBeNull();
  });

  it('keeps the filter of the globe while away', async () => {
    const { router, store } = renderApp('/category/volunteers?type=video', {
      fetchArchive: async () => archive,
    });
    await screen.findByRole('heading', { name: 'Archive items' });
    await act(() => router.navigate('/statement'));
    await screen.findByRole('heading', { level: 1, name: 'About this archive' });
    expect(store.getState().filter).toMatchObject({
      category: 'volunteers',
      type: 'video',
      q: null,
    });
  });
});

describe('the Archive items list of a large archive', () => {
  it('renders a first batch at once, then the first 200 in idle moments', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      video_id: `item-${i}`,
      title: `Item ${i}`,
      youtube_id: 'dQw4w9WgXcQ',
      lat: (i % 170) - 85,
      lng: (i % 360) - 180,
    }));
    renderApp('/?skipIntro=true', { fetchArchive: async () => many });
    // Idle moments are few while other tests run beside this one: it may take seconds.
    const list = await screen.findByRole('list', { name: 'Archive items' }, { timeout: 10_000 });
    expect(screen.getByText('1000 items')).toBeTruthy();
    // The first commit holds a batch, not 200 links (that would freeze a phone's page).
    expect(list.querySelectorAll('li').length).toBeLessThan(200);
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(200), {
      timeout: 10_000,
    });
    expect(list.querySelectorAll('li a')[199]?.getAttribute('href')).toBe('/video/item-199');
    expect(screen.getByRole('button', { name: 'Show 200 more' })).toBeTruthy();
  });
});
